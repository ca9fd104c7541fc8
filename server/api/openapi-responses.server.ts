import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  cappedPageInfo,
  COUNT_CAP,
  linkHeader,
  type CappedTotal,
  type PageInfo,
  type PageRequest,
} from "../../core/paging/rules.ts";

/**
 * The pieces every route's description in /api/openapi.json is made of, so that one error body, one
 * staff refusal and one validation answer are written once and read the same on every operation.
 */

/** The JSON error body of every refusal (server/errors.server.ts), one component of the document. */
export const errorSchema = z
  .object({ message: z.string(), code: z.string(), fields: z.record(z.string(), z.string()).optional() })
  .openapi("Error");

/** A JSON answer of the given schema. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** `{ data }`: the envelope of the answers that wrap their value in `data`. */
export const data = <T extends z.ZodType>(schema: T, description: string) =>
  json(z.object({ data: schema }), description);

/**
 * One page of a staff list: its items, how many there are in all, the page (from 1) and its size. The
 * query that asks for a page is the module's own schema (a `page` field, and its filters).
 */
export const paged = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      items: z.array(item),
      total: z.number().int().openapi({ description: "Items matching the filters, on every page" }),
      totalExact: z
        .boolean()
        .optional()
        .openapi({ description: "false when `total` is a lower bound: the count stops past 1,000 items" }),
      page: z.number().int().openapi({ description: "From 1" }),
      pageSize: z.number().int(),
    })
    .openapi(name);

/**
 * A public list's page (docs/decisions/0036-lists-a-page-at-a-time.md): the answer keeps the
 * specification's shape and where the page stands travels in the headers, as /api/posts does.
 */
export const pageOf = <T extends z.ZodType>(schema: T, description: string, counted: string) => ({
  ...json(schema, description),
  headers: {
    Link: {
      description: 'RFC 8288 links to the first, previous, next and last pages (rel="first", "prev", "next", "last")',
      schema: { type: "string" as const },
    },
    "X-Total-Count": { description: counted, schema: { type: "integer" as const } },
  },
});

/** The headers that say where a public list's page stands: Link (filters and limit kept) and X-Total-Count. */
export function setPagingHeaders(c: Context, paging: PageInfo): void {
  c.header("Link", linkHeader(new URL(c.req.url), paging));
  c.header("X-Total-Count", String(paging.total));
}

/**
 * One page of a staff list whose count is capped (docs/decisions/0036-lists-a-page-at-a-time.md): the
 * answer's own shape, and where the page stands in the headers, as the public lists have it.
 */
export const cappedPage = <T extends ReturnType<typeof json>>(answer: T) => ({
  ...answer,
  headers: {
    Link: {
      description:
        'RFC 8288 links to the first, previous, next and last pages (rel="first", "prev", "next", "last"), the limit and filters kept; no "last" while the count is a lower bound',
      schema: { type: "string" as const },
    },
    "X-Total-Count": {
      description: `How many items the filters keep, counted up to ${COUNT_CAP} (or past the page asked for): a lower bound when X-Total-Count-Exact is false`,
      schema: { type: "integer" as const },
    },
    "X-Total-Count-Exact": {
      description: `false when there are more items than X-Total-Count says (shown as "more than ${COUNT_CAP.toLocaleString("en")}")`,
      schema: { type: "boolean" as const },
    },
  },
});

/** What the description of a public list with a search says of its count (cappedPage's headers). */
export const searchCountNote =
  `Without \`q\` the count is exact; a search is counted up to ${COUNT_CAP.toLocaleString("en")} matches (or past the ` +
  "page asked for), beyond which X-Total-Count is a lower bound, X-Total-Count-Exact is false and Link has no last page.";

/** Sets the headers `cappedPage` documents for the page `request` of a list counted as `counted`. */
export function setPageHeaders(c: Context, request: PageRequest, counted: CappedTotal): void {
  c.header("Link", linkHeader(new URL(c.req.url), cappedPageInfo(request, counted), { last: counted.exact }));
  c.header("X-Total-Count", String(counted.total));
  c.header("X-Total-Count-Exact", String(counted.exact));
}

/** setPageHeaders for an answer of the `paged()` shape, which carries its page, size and capped count. */
export function setPagedAnswerHeaders(
  c: Context,
  answer: { page: number; pageSize: number; total: number; totalExact: boolean },
): void {
  setPageHeaders(c, { page: answer.page, limit: answer.pageSize }, { total: answer.total, exact: answer.totalExact });
}

/** A JSON request body, required, validated by the schema it is documented with. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** A JSON request body that may be left out (no body, or none declared as JSON): validated as `{}` then. */
export const optionalJsonBody = <T extends z.ZodType>(schema: T) => ({
  required: false,
  content: { "application/json": { schema } },
});

/**
 * Path parameters, each a string named as in the path: `pathParams({ id: "1" })` for `{id}`, with the
 * example the document shows. A route that reads a number or an id of a given form parses the string
 * itself, so that a malformed one is answered as an unknown one (404), not as invalid input.
 */
export const pathParams = <K extends string>(examples: Record<K, string>) =>
  z.object(
    Object.fromEntries(
      Object.entries(examples).map(([name, example]) => [
        name,
        z.string().openapi({ param: { name, in: "path" }, example: example as string }),
      ]),
    ) as Record<K, z.ZodString>,
  );

/** The `{id}` of the routes whose records are numbered. */
export const idParams = pathParams({ id: "1" });

/** A refusal with the error body. */
export const refusal = (description: string) => json(errorSchema, description);

/** What a staff-only route answers to a visitor (401) and to a signed-in customer (403). */
export const staffErrors = { 401: refusal("Not signed in"), 403: refusal("Signed in without a staff role") };

/** Input that fails its schema: an unknown field, a missing one, a value out of its bounds. */
export const invalid = {
  400: refusal(
    "Invalid input; `message` and `fields` are translated (an unknown field, a missing one, a value out of its bounds)",
  ),
};

/** A rate limit's refusal. */
export const rateLimited = (description: string) => ({
  429: refusal(`${description}; Retry-After says when to try again`),
});

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
const WRITES = new Set(["post", "put", "patch", "delete"]);
const errorRef = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/**
 * The document with what the middleware in front of every route answers (server/app.server.ts), which
 * no route's own description says: a write from another site's page is refused (403, csrfGuard) and a
 * body over BODY_LIMIT_BYTES (413), and a body of another media type than its description's (415, from
 * @hono/zod-openapi's validation). A route's own description of the same status is kept.
 */
export function withCommonAnswers(document: Document): Document {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!WRITES.has(method) || typeof operation !== "object" || !("responses" in operation)) continue;
      const own = operation.responses as Record<string, { description?: string }>;
      const crossSite = "A write sent from another site's page (its Origin or Sec-Fetch-Site says so)";
      operation.responses = {
        ...own,
        403: own[403]
          ? {
              ...own[403],
              description: `${own[403].description}; or ${crossSite[0].toLowerCase()}${crossSite.slice(1)}`,
            }
          : errorRef(crossSite),
        413: own[413] ?? errorRef("The body is over the size limit (BODY_LIMIT_BYTES)"),
        ...("requestBody" in operation && operation.requestBody
          ? { 415: own[415] ?? errorRef("A body sent as another media type than the one described") }
          : {}),
      };
    }
  }
  return document;
}
