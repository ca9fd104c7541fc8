import { data, type AppLoadContext } from "react-router";
import { isStaff } from "../../../core/auth/rules.ts";
import type { CurrentUser } from "../../../core/auth/schema.ts";

/** Staff pages refuse on the server: 401 for visitors, 403 for customers (the error boundary explains). */
export function requireStaffPage(context: AppLoadContext): CurrentUser {
  if (!context.user) throw data(null, { status: 401 });
  if (!isStaff(context.user.role)) throw data(null, { status: 403 });
  return context.user;
}
