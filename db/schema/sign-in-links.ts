import { index, pgTable } from "drizzle-orm/pg-core";
import { singleUseLinkColumns } from "./password-resets.ts";

/**
 * E-mailed sign-in links: how a browser the account never signed in from proves itself once the
 * account has had too many failed sign-ins (the password alone is not enough then). Only the SHA-256 of
 * the token is stored; a link works once (used_at) and until expires_at.
 */
export const signInLinks = pgTable("sign_in_links", singleUseLinkColumns(), (table) => [
  index("sign_in_links_user_idx").on(table.userId),
  index("sign_in_links_expires_idx").on(table.expiresAt),
]);
