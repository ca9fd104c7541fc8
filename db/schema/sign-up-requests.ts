import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Sign-ups waiting for their e-mail address to be confirmed. The account is created only when the
 * e-mailed link is used, so that signing up never tells whether an address already has an account.
 * Only the SHA-256 of the token is stored; the password is stored as its argon2 hash, as on an account.
 */
export const signUpRequests = pgTable(
  "sign_up_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sign_up_requests_expires_idx").on(table.expiresAt)],
);
