import { createRoute, z } from "@hono/zod-openapi";
import { dealInputSchema, dealListQuerySchema, dealUpdateSchema } from "../../core/deals/schema.ts";
import { MAX_LIMIT, PAGE_SIZE } from "../../core/paging/rules.ts";
import { pagingQuerySchema } from "../../core/paging/schema.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter, staffListRoute } from "./router.server.ts";
import {
  idParams,
  invalid,
  json,
  jsonBody,
  pageOf,
  refusal,
  setPagingHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

const publicDealSchema = z
  .object({
    id: z.number().int(),
    title: z.string().openapi({ description: "In `language`" }),
    description: z.string().openapi({ description: "In `language`" }),
    serviceName: z.string().openapi({ description: "In `language`" }),
    language: z
      .enum(["en", "fr"])
      .openapi({ description: "The language the texts are in: the request's, or the one asked for" }),
    originalPrice: z.number().int().openapi({ description: "Cents" }),
    discountedPrice: z.number().int().openapi({ description: "Cents" }),
    discountPercentage: z.number().int(),
    validFrom: z.string().openapi({ format: "date-time" }),
    validUntil: z.string().openapi({ format: "date-time" }),
    featuredImage: z.string().nullable(),
    claimLimit: z.number().int().nullable(),
    claimCount: z.number().int(),
    claimsReserved: z.number().int().openapi({
      description: "Claims held now by orders being paid (a hold lasts DEAL_RESERVATION_MINUTES and is never renewed)",
    }),
    perPersonLimit: z
      .number()
      .int()
      .openapi({ description: "How many claims one person (e-mail) may hold or buy across their orders" }),
    daysLeft: z.number().int().openapi({ description: "Whole days until validUntil, rounded up, never below 0" }),
    hurry: z.boolean().openapi({ description: "3 days or fewer left" }),
    soldOut: z.boolean().openapi({ description: "claimCount reached claimLimit" }),
    allReserved: z.boolean().openapi({
      description: "Not sold out, but claims held by people paying fill the limit: nobody else can claim it for now",
    }),
    progress: z
      .number()
      .int()
      .openapi({ description: "claimCount over claimLimit, whole percent 0-100 (0 without a limit)" }),
  })
  .openapi("HotDeal");

const adminDealSchema = publicDealSchema
  .extend({
    titleEn: z.string(),
    titleFr: z.string(),
    descriptionEn: z.string(),
    descriptionFr: z.string(),
    serviceNameEn: z.string(),
    serviceNameFr: z.string(),
    active: z.boolean(),
    visible: z.boolean().openapi({ description: "Active and within its window now" }),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminHotDeal");

const notFound = { 404: refusal("Deal not found") };

const listDeals = createRoute({
  method: "get",
  path: "/hot-deals",
  tags: ["deals"],
  summary:
    "One page of the deals shown now (active, within their window), their texts in the request's language, ending soonest first",
  description:
    `The answer is the page's deals (an array, as ever); where it stands is in the headers. \`page\` starts at 1; ` +
    `\`limit\` is ${PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. A page past the last answers an empty array.`,
  request: { query: dealListQuerySchema.extend(pagingQuerySchema.shape) },
  responses: {
    200: pageOf(z.array(publicDealSchema), "One page of visible deals", "How many deals are shown now"),
    ...invalid,
  },
});

const getDeal = createRoute({
  method: "get",
  path: "/hot-deals/{id}",
  tags: ["deals"],
  summary: "One deal shown now, its texts in the request's language (for the cart and checkout to check a deal line)",
  request: { params: idParams, query: dealListQuerySchema },
  responses: {
    200: json(publicDealSchema, "The deal"),
    ...invalid,
    404: refusal("'This deal is no longer available'"),
  },
});

const adminListDeals = staffListRoute({
  path: "/admin/hot-deals",
  tags: ["deals", "staff"],
  summary:
    "One page of every deal, newest first, with its texts in both languages, inactive and out-of-window ones included (staff)",
  item: adminDealSchema,
  counted: "How many deals there are, inactive ones included",
});

const createDeal = createRoute({
  method: "post",
  path: "/admin/hot-deals",
  tags: ["deals", "staff"],
  summary: "Create a deal: its texts in English and French, its prices, window and limit once (staff)",
  middleware: [requireStaff] as const,
  request: { body: jsonBody(dealInputSchema) },
  responses: { 201: json(adminDealSchema, "Created"), ...invalid, ...staffErrors },
});

const updateDeal = createRoute({
  method: "put",
  path: "/admin/hot-deals/{id}",
  tags: ["deals", "staff"],
  summary: "Edit any subset of a deal's fields; the result is checked whole (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: idParams,
    body: jsonBody(dealUpdateSchema),
  },
  responses: { 200: json(adminDealSchema, "Updated"), ...invalid, ...notFound, ...staffErrors },
});

const deleteDeal = createRoute({
  method: "delete",
  path: "/admin/hot-deals/{id}",
  tags: ["deals", "staff"],
  summary: "Delete a deal (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...notFound, ...staffErrors },
});

/** Hot deals: the public list and one deal, and staff management. */
export function dealRoutes(services: Services) {
  const deals = services.deals;
  return createRouter()
    .openapi(listDeals, async (c) => {
      const query = c.req.valid("query");
      const page = await deals.listVisiblePage(query.language ?? c.get("language"), query);
      setPagingHeaders(c, page.paging);
      return c.json(page.deals, 200);
    })
    .openapi(getDeal, async (c) =>
      c.json(
        await deals.getVisible(c.req.valid("param").id, new Date(), c.req.valid("query").language ?? c.get("language")),
        200,
      ),
    )
    .openapi(adminListDeals, async (c) => {
      const { items, paging } = await deals.listStaffPage(c.req.valid("query"));
      setPagingHeaders(c, paging);
      return c.json(items, 200);
    })
    .openapi(createDeal, async (c) => c.json(await deals.create(c.req.valid("json")), 201))
    .openapi(updateDeal, async (c) => c.json(await deals.update(c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(deleteDeal, async (c) => {
      await deals.delete(c.req.valid("param").id);
      return c.body(null, 204);
    });
}
