import type { MiddlewareHandler } from "hono";
import { isStaff } from "../../core/auth/rules.ts";
import type { AppEnv } from "../context.server.ts";
import { errorBody } from "../errors.server.ts";

/** 401 for visitors, 403 for signed-in users without a staff role. */
export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) return c.json(errorBody(c, "unauthenticated", "errors:signInRequired"), 401);
  if (!isStaff(user.role)) return c.json(errorBody(c, "forbidden", "errors:staffOnly"), 403);
  return next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) return c.json(errorBody(c, "unauthenticated", "errors:signInRequired"), 401);
  return next();
};
