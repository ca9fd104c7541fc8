import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { MAX_LIMIT, STAFF_PAGE_SIZE } from "../../core/paging/rules.ts";
import { staffPagingQuerySchema } from "../../core/paging/schema.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import { invalid, pageOf, staffErrors } from "./openapi-responses.server.ts";
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

/**
 * A staff list's route: one page of `item`s (the array itself, the paging in the headers), `page` and
 * `limit` (twenty rows unless asked, at most MAX_LIMIT) beside the list's own filters (`query`), staff only.
 */
export function staffListRoute<Item extends z.ZodType, Query extends z.ZodRawShape = {}>(spec: {
  path: string;
  tags: string[];
  summary: string;
  item: Item;
  /** What X-Total-Count counts. */
  counted: string;
  query?: z.ZodObject<Query>;
}) {
  const filters = spec.query ?? (z.object({}) as z.ZodObject<Query>);
  const query = filters.extend(staffPagingQuerySchema.shape);
  return createRoute({
    method: "get",
    path: spec.path,
    tags: spec.tags,
    summary: spec.summary,
    description: `\`page\` starts at 1; \`limit\` is ${STAFF_PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. A page past the last answers an empty array.`,
    middleware: [requireStaff] as const,
    request: { query },
    responses: {
      200: pageOf(z.array(spec.item), "One page", spec.counted),
      ...invalid,
      ...staffErrors,
    },
  });
}
