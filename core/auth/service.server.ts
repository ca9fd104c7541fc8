import type { Database } from "../../db/client.server.ts";
import { toCurrentUser, UserRepo } from "./repo.server.ts";
import type { CurrentUser } from "./schema.ts";

/** Accounts: sign-up, sign-in, roles. */
export class AuthService {
  private readonly users: UserRepo;

  constructor(db: Database) {
    this.users = new UserRepo(db);
  }

  async ensureAdminFromConfig(_config: { ADMIN_EMAIL?: string }, _print: (line: string) => void): Promise<void> {}

  async currentUser(userId: string): Promise<CurrentUser | null> {
    const row = await this.users.findById(userId);
    return row ? toCurrentUser(row) : null;
  }
}
