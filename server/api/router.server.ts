import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context.server.ts";
import { validationResponse } from "../errors.server.ts";

/** An API router whose validation failures answer our translated error body, not a raw ZodError. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationResponse(c, result.error);
    },
  });
}

export type Router = ReturnType<typeof createRouter>;
