import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { users } from "../../db/schema/users.ts";
import type { CurrentUser } from "./schema.ts";

export type UserRow = typeof users.$inferSelect;

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    username: row.username,
    role: row.role,
  };
}

/** Database access for users; only the auth module uses it. */
export class UserRepo {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }
}
