import { z } from "@hono/zod-openapi";

/**
 * The pieces every route's description in /api/openapi.json is made of, so that one error body, one
 * staff refusal and one validation answer are written once and read the same on every operation.
 */

/** The JSON error body of every refusal (server/errors.server.ts), one component of the document. */
export const errorSchema = z
  .object({ message: z.string(), code: z.string(), fields: z.record(z.string(), z.string()).optional() })
  .openapi("Error");

/** A JSON answer of the given schema. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

/** A refusal with the error body. */
export const refusal = (description: string) => json(errorSchema, description);

/** What a staff-only route answers to a visitor (401) and to a signed-in customer (403). */
export const staffErrors = { 401: refusal("Not signed in"), 403: refusal("Signed in without a staff role") };

/** Input that fails its schema: an unknown field, a missing one, a value out of its bounds. */
export const invalid = { 400: refusal("Invalid input; `message` and `fields` are translated (an unknown field, a missing one, a value out of its bounds)") };

/** A rate limit's refusal. */
export const rateLimited = (description: string) => ({ 429: refusal(`${description}; Retry-After says when to try again`) });
