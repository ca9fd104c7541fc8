import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { JsonText } from "../../core/cache/content-cache.ts";

/**
 * A 200 JSON answer from text serialized earlier (a service's cached copy), typed like `c.json(value)`
 * so that the OpenAPI route still checks the shape of what was serialized.
 */
export function jsonText<T>(c: Context, text: JsonText<T>): Response & TypedResponse<JSONParsed<T>, 200, "json"> {
  return c.body(text, 200, { "Content-Type": "application/json" }) as unknown as Response &
    TypedResponse<JSONParsed<T>, 200, "json">;
}
