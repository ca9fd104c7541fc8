import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Browsers an account has signed in from: the device cookie carries a random token, this table its
 * hash. A known device's correct password is never held back by failures a stranger caused elsewhere.
 */
export const signInDevices = pgTable(
  "sign_in_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sign_in_devices_user_idx").on(table.userId)],
);
