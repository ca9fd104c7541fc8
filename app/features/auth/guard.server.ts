import type { AppLoadContext } from "react-router";
import { isStaff } from "../../../core/auth/rules.ts";
import type { CurrentUser } from "../../../core/auth/schema.ts";
import { translator } from "../../../server/i18n.server.ts";
import { refusal } from "../../lib/refusal.ts";
import { pageLanguage } from "../../i18n/page-language.server.ts";

/**
 * Staff pages refuse on the server: 401 for visitors, 403 for customers (the error boundary explains),
 * their data requests (`/admin.data`) with the API's error body in the page's language.
 */
export function requireStaffPage(params: { lang?: string }, context: AppLoadContext): CurrentUser {
  const t = translator(pageLanguage(params, context));
  if (!context.user) throw refusal(401, { code: "unauthenticated", message: t("errors:signInRequired") });
  if (!isStaff(context.user.role)) throw refusal(403, { code: "forbidden", message: t("errors:staffOnly") });
  return context.user;
}
