import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The columns of an e-mailed single-use link: its account, the SHA-256 of its token (never the token),
 * when it stops working, and when it was used. A new set for each table that keeps such links.
 */
export function singleUseLinkColumns() {
  return {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * Password reset requests. Only the SHA-256 of the e-mailed token is stored, so that a copy of the
 * database cannot reset anyone's password; a token works once (used_at) and until expires_at.
 */
export const passwordResetTokens = pgTable("password_reset_tokens", singleUseLinkColumns(), (table) => [
  index("password_reset_tokens_user_idx").on(table.userId),
  index("password_reset_tokens_expires_idx").on(table.expiresAt),
]);
