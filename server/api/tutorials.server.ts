import { createRoute, z } from "@hono/zod-openapi";
import type { Config } from "../../config/env.ts";
import { MAX_LIMIT, PAGE_SIZE } from "../../core/paging/rules.ts";
import { pagingQuerySchema } from "../../core/paging/schema.ts";
import { DIFFICULTIES } from "../../core/tutorials/rules.ts";
import { tutorialInputSchema, tutorialListQuerySchema, tutorialUpdateSchema } from "../../core/tutorials/schema.ts";
import { visitorKey } from "../../core/tutorials/service.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter, staffListRoute } from "./router.server.ts";
import {
  cappedPage,
  idParams,
  invalid,
  json,
  jsonBody,
  refusal,
  searchCountNote,
  setPageHeaders,
  setPagingHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

const summarySchema = z
  .object({
    id: z.number().int(),
    title: z.string().openapi({ description: "In `language`" }),
    summary: z.string().openapi({ description: "In `language`" }),
    category: z.string().openapi({ description: "In `language`" }),
    tags: z.array(z.string()),
    language: z.enum(["en", "fr"]),
    difficulty: z.enum(DIFFICULTIES),
    estimatedMinutes: z.number().int().nullable().openapi({ description: "Minutes; null reads 'Quick read'" }),
    featuredImage: z.string().nullable(),
    videoEmbedUrl: z
      .string()
      .nullable()
      .openapi({ description: "The player address (youtube-nocookie.com or player.vimeo.com), or null" }),
    hasVideo: z.boolean(),
    membersOnly: z.boolean(),
    viewCount: z.number().int(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("TutorialSummary");

const detailSchema = summarySchema
  .extend({
    content: z.string().openapi({ description: "Plain text with line breaks and '#'-headings; empty when `locked`" }),
    locked: z.boolean().openapi({ description: "Members-only tutorial read by a visitor: sign in to read it" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("TutorialDetail");

const adminSchema = z
  .object({
    id: z.number().int(),
    titleEn: z.string(),
    titleFr: z.string(),
    summaryEn: z.string(),
    summaryFr: z.string(),
    contentEn: z.string(),
    contentFr: z.string(),
    categoryEn: z.string(),
    categoryFr: z.string(),
    tagsEn: z.array(z.string()),
    tagsFr: z.array(z.string()),
    difficulty: z.enum(DIFFICULTIES),
    estimatedMinutes: z.number().int().nullable(),
    featuredImage: z.string().nullable(),
    videoUrl: z.string().nullable(),
    published: z.boolean(),
    membersOnly: z.boolean(),
    viewCount: z.number().int(),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminTutorial");

const languageQuery = tutorialListQuerySchema.pick({ language: true });

const notFound = { 404: refusal("'Tutorial Not Found'") };

const listTutorials = createRoute({
  method: "get",
  path: "/tutorials",
  tags: ["tutorials"],
  summary:
    "One page of published tutorials, newest first, in the request's language; full-text search on title or category, filter by difficulty",
  description:
    `The answer is the page's tutorials (an array, as ever); where it stands is in the headers. \`page\` starts at 1; ` +
    `\`limit\` is ${PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. A page past the last answers an empty array. ` +
    "`q` is a full-text search of the title and category in the language read: every word is required, other " +
    "forms of a word count, case and accents are ignored (video finds Vidéo), and the last word is a prefix. " +
    "Punctuation is ignored; a search without a word finds nothing. Members-only tutorials are listed with their summary. " +
    searchCountNote,
  request: { query: tutorialListQuerySchema.extend(pagingQuerySchema.shape) },
  responses: {
    200: cappedPage(json(z.array(summarySchema), "One page of published tutorials")),
    ...invalid,
  },
});

const getTutorial = createRoute({
  method: "get",
  path: "/tutorials/{id}",
  tags: ["tutorials"],
  summary: "One published tutorial (members-only content needs a signed-in reader)",
  request: { params: idParams, query: languageQuery },
  responses: { 200: json(detailSchema, "The tutorial"), ...invalid, ...notFound },
});

const viewTutorial = createRoute({
  method: "post",
  path: "/tutorials/{id}/view",
  tags: ["tutorials"],
  summary: "Count a view of a published tutorial: at most once per visitor and day",
  request: { params: idParams },
  responses: { 200: json(z.object({ viewCount: z.number().int() }), "The view count"), ...notFound },
});

const adminList = staffListRoute({
  path: "/admin/tutorials",
  tags: ["tutorials", "staff"],
  summary: "One page of every tutorial, drafts included, newest first, its texts in both languages (staff)",
  item: adminSchema,
  counted: "How many tutorials there are, drafts included",
});

const adminCreate = createRoute({
  method: "post",
  path: "/admin/tutorials",
  tags: ["tutorials", "staff"],
  summary: "Create a tutorial, its texts in English and French (staff)",
  middleware: [requireStaff] as const,
  request: { body: jsonBody(tutorialInputSchema) },
  responses: { 201: json(adminSchema, "Created"), ...invalid, ...staffErrors },
});

const adminUpdate = createRoute({
  method: "put",
  path: "/admin/tutorials/{id}",
  tags: ["tutorials", "staff"],
  summary: "Edit any subset of a tutorial's fields (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: idParams,
    body: jsonBody(tutorialUpdateSchema),
  },
  responses: { 200: json(adminSchema, "Updated"), ...invalid, ...notFound, ...staffErrors },
});

const adminDelete = createRoute({
  method: "delete",
  path: "/admin/tutorials/{id}",
  tags: ["tutorials", "staff"],
  summary: "Delete a tutorial (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...notFound, ...staffErrors },
});

/** Tutorials (spec 000, section 7): the public list, one tutorial, its view count, and staff management. */
export function tutorialRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const tutorials = services.tutorials;
  return createRouter()
    .openapi(listTutorials, async (c) => {
      const query = c.req.valid("query");
      const page = await tutorials.listPublishedPage({
        language: query.language ?? c.get("language"),
        q: query.q,
        difficulty: query.difficulty,
        page: query.page,
        limit: query.limit,
      });
      setPageHeaders(c, page.paging, { total: page.paging.total, exact: page.paging.totalExact });
      return c.json(page.tutorials, 200);
    })
    .openapi(getTutorial, async (c) =>
      c.json(
        await tutorials.getPublished(c.req.valid("param").id, c.req.valid("query").language ?? c.get("language"), {
          signedIn: Boolean(c.get("user")),
        }),
        200,
      ),
    )
    .openapi(viewTutorial, async (c) => {
      const visitor = visitorKey({
        userId: c.get("user")?.id,
        address: clientAddress(c, config),
        userAgent: c.req.header("user-agent"),
      });
      return c.json(await tutorials.recordView(c.req.valid("param").id, visitor), 200);
    })
    .openapi(adminList, async (c) => {
      const { items, paging } = await tutorials.listStaffPage(c.req.valid("query"));
      setPagingHeaders(c, paging);
      return c.json(items, 200);
    })
    .openapi(adminCreate, async (c) => c.json(await tutorials.create(c.req.valid("json")), 201))
    .openapi(adminUpdate, async (c) =>
      c.json(await tutorials.update(c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(adminDelete, async (c) => {
      await tutorials.delete(c.req.valid("param").id);
      return c.body(null, 204);
    });
}
