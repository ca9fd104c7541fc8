import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { users } from "../../db/schema/users.ts";
import type { CurrentUser } from "./schema.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

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

/** The unique column a failed insert or update collided with, or null for any other error. */
export function uniqueViolation(error: unknown): "email" | "username" | "oidcSubject" | "other" | null {
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") {
      if (constraint === "users_email_unique" || constraint === "users_email_lower_idx") return "email";
      if (constraint === "users_username_unique" || constraint === "users_username_lower_idx") return "username";
      if (constraint === "users_oidc_subject_unique") return "oidcSubject";
      return "other";
    }
  }
  return null;
}

/** Database access for users; only the auth module uses it. */
export class UserRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async findById(id: string): Promise<UserRow | null> {
    // Session data is untrusted input as far as the database is concerned: a malformed id is no user.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** E-mail addresses are stored in lower case; the comparison is case-insensitive for older rows too. */
  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row ?? null;
  }

  /** Usernames keep the case they were chosen with but are unique regardless of case. */
  async findByUsername(username: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    return row ?? null;
  }

  async findByOidcSubject(subject: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
    return row ?? null;
  }

  async insert(values: NewUserRow, tx: Database | Transaction = this.db): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row;
  }

  async update(
    id: string,
    values: Partial<Omit<NewUserRow, "id" | "createdAt">>,
    tx: Database | Transaction = this.db,
  ): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }
}
