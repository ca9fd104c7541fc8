import { type AppLoadContext, redirect } from "react-router";
import { isStaff, safeReturnTo } from "../../core/auth/rules.ts";
import { isLanguage, localizedPath } from "../../core/i18n/language.ts";
import type { CurrentUser } from "../../core/auth/schema.ts";
import { translator } from "../../server/i18n.server.ts";
import { refusal } from "./refusal.ts";
import { pageLanguage } from "../i18n/page-language.server.ts";

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

/**
 * Someone already signed in has nothing to do on the sign-in and sign-up pages: they go on to where they
 * were sent from (`?returnTo=`, kept to our own addresses), else to the home page in the page's language.
 */
export function sendSignedInOn(request: Request, params: { lang?: string }, context: AppLoadContext): void {
  if (!context.user) return;
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  throw redirect(returnTo === "/" ? localizedPath("/", isLanguage(params.lang) ? params.lang : null) : returnTo);
}
