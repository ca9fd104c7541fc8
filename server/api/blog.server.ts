import { createRoute, z } from "@hono/zod-openapi";
import { DomainError } from "../../core/errors.ts";
import {
  COMMENT_STATUSES,
  commentInputSchema,
  postFiltersSchema,
  postInputSchema,
  postUpdateSchema,
} from "../../core/blog/schema.ts";
import type { Config } from "../../config/env.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { pagingQuerySchema, pagingQuerySchemaOf } from "../../core/paging/schema.ts";
import { COMMENT_PAGE_SIZE, MAX_LIMIT, PAGE_SIZE } from "../../core/paging/rules.ts";
import { jsonText } from "./json-text.server.ts";
import { createRouter, staffListRoute } from "./router.server.ts";
import {
  cappedPage,
  idParams,
  json,
  jsonBody,
  pageOf,
  refusal,
  searchCountNote,
  setPageHeaders,
  setPagingHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

const postSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    excerpt: z.string(),
    featuredImage: z.string().nullable(),
    category: z.string(),
    tags: z.array(z.string()),
    language: z.string(),
    membersOnly: z.boolean(),
    createdAt: z.string().openapi({ format: "date-time" }),
    readingMinutes: z.number().int().openapi({ description: "Minutes to read the content: words / 200, at least 1" }),
  })
  .openapi("PostSummary");

const postDetailSchema = postSummarySchema
  .extend({
    content: z.string().openapi({ description: "Sanitised HTML; empty when `locked`" }),
    locked: z.boolean().openapi({ description: "Members-only post read by a visitor: sign in to read the content" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
    translation: z.object({ id: z.number().int(), language: z.string(), title: z.string() }).nullable().openapi({
      description: "The published translation in the other language, or null when the post exists in one language",
    }),
  })
  .openapi("PostDetail");

const adminPostSchema = postSummarySchema
  .extend({
    content: z.string(),
    published: z.boolean(),
    updatedAt: z.string().openapi({ format: "date-time" }),
    translationOf: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The post linked with it as its translation, or null" }),
  })
  .openapi("AdminPost");

const publicCommentSchema = z
  .object({
    id: z.number().int(),
    postId: z.number().int(),
    authorName: z.string(),
    authorWebsite: z.string().nullable(),
    content: z.string(),
    language: z.string().openapi({ description: "The language it was written in" }),
    parentId: z.number().int().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Comment");

const submittedCommentSchema = publicCommentSchema.extend({ approved: z.boolean() }).openapi("SubmittedComment");

const moderationCommentSchema = publicCommentSchema
  .extend({ authorEmail: z.string(), approved: z.boolean(), postTitle: z.string() })
  .openapi("ModerationComment");

const errors = {
  400: refusal("Invalid input; `message` and `fields` are translated"),
  404: refusal("Post not found"),
};

const listPosts = createRoute({
  method: "get",
  path: "/posts",
  tags: ["blog"],
  summary:
    "One page of published posts, newest first; full-text search in title and excerpt, filter by category and language",
  description:
    `The answer is the page's posts (an array, as ever); where it stands is in the headers. \`page\` starts at 1; ` +
    `\`limit\` is ${PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. A page past the last answers an empty array. ` +
    "`q` is a full-text search of title and excerpt in each post's language: every word is required, other forms " +
    "of a word count (logos finds logo), case and accents are ignored (cafe finds Café), and the last word is a " +
    "prefix (brand finds branding). Punctuation is ignored; a search without a word finds nothing. " +
    searchCountNote,
  request: { query: postFiltersSchema.extend(pagingQuerySchema.shape) },
  responses: {
    200: cappedPage(json(z.array(postSummarySchema), "One page of published posts")),
    400: errors[400],
  },
});

const getPost = createRoute({
  method: "get",
  path: "/posts/{id}",
  tags: ["blog"],
  summary: "One published post with its sanitised HTML content (members-only content needs a signed-in reader)",
  request: { params: idParams },
  responses: { 200: json(postDetailSchema, "The post"), 404: errors[404] },
});

const listComments = createRoute({
  method: "get",
  path: "/posts/{id}/comments",
  tags: ["blog"],
  summary: "One page of the approved comments of a published post, oldest first, a thread at a time",
  description:
    "The answer is the page's comments (an array, as ever): the page's threads (comments with no `parentId`) " +
    "each followed by its approved replies, so that a thread is never cut across two pages; where it stands is in " +
    `the headers. \`page\` starts at 1; \`limit\` counts threads, ${COMMENT_PAGE_SIZE} unless asked, at most ` +
    `${MAX_LIMIT}. A page past the last answers an empty array.`,
  request: { params: idParams, query: pagingQuerySchemaOf(COMMENT_PAGE_SIZE) },
  responses: {
    200: pageOf(
      z.array(publicCommentSchema),
      "One page of approved comments",
      "How many approved threads the post has (comments that answer nobody), on every page together",
    ),
    400: refusal("A page or limit that is not a whole number in its bounds"),
    404: errors[404],
  },
});

const submitComment = createRoute({
  method: "post",
  path: "/posts/{id}/comments",
  tags: ["blog"],
  summary: "Submit a comment or a reply to a top-level comment; it appears once approved",
  request: {
    params: idParams,
    body: jsonBody(commentInputSchema),
  },
  responses: {
    201: json(submittedCommentSchema, "Stored, awaiting moderation"),
    ...errors,
    429: refusal("Too many comments from this address; Retry-After says when to try again"),
  },
});

const createPost = createRoute({
  method: "post",
  path: "/posts",
  tags: ["blog", "staff"],
  summary: "Create a post (staff)",
  middleware: [requireStaff] as const,
  request: { body: jsonBody(postInputSchema) },
  responses: { 201: json(adminPostSchema, "Created"), 400: errors[400], ...staffErrors },
});

const updatePost = createRoute({
  method: "put",
  path: "/posts/{id}",
  tags: ["blog", "staff"],
  summary: "Edit a post, or publish and unpublish it; any subset of the fields (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: idParams,
    body: jsonBody(postUpdateSchema),
  },
  responses: { 200: json(adminPostSchema, "Updated"), ...errors, ...staffErrors },
});

const deletePost = createRoute({
  method: "delete",
  path: "/posts/{id}",
  tags: ["blog", "staff"],
  summary: "Delete a post and its comments (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, 404: errors[404], ...staffErrors },
});

const adminListPosts = staffListRoute({
  path: "/admin/posts",
  tags: ["blog", "staff"],
  summary: "One page of every post, drafts included, newest first (staff)",
  item: adminPostSchema,
  counted: "How many posts there are, drafts included",
});

const adminListComments = staffListRoute({
  path: "/admin/comments",
  tags: ["blog", "staff"],
  summary: "One page of the comment moderation queue, oldest first (staff)",
  item: moderationCommentSchema,
  counted: "How many comments have the status asked",
  query: z.object({ status: z.enum(COMMENT_STATUSES, { message: "errors:invalidValue" }).default("pending") }),
});

const approveComment = createRoute({
  method: "post",
  path: "/admin/comments/{id}/approve",
  tags: ["blog", "staff"],
  summary: "Approve a comment: it becomes public (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: {
    200: json(publicCommentSchema, "Approved"),
    404: refusal("Comment not found"),
    ...staffErrors,
  },
});

const rejectComment = createRoute({
  method: "post",
  path: "/admin/comments/{id}/reject",
  tags: ["blog", "staff"],
  summary: "Reject a comment: it is deleted with its replies (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: {
    204: { description: "Rejected and deleted" },
    404: refusal("Comment not found"),
    ...staffErrors,
  },
});

/** The blog's public API (spec section 7) and its staff editing and moderation endpoints. */
export function blogRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const blog = services.blog;
  return createRouter()
    .openapi(listPosts, async (c) => {
      const { posts, paging } = await blog.listPublishedPageJson(c.req.valid("query"));
      setPageHeaders(c, paging, { total: paging.total, exact: paging.totalExact });
      return jsonText(c, posts);
    })
    .openapi(getPost, async (c) =>
      c.json(await blog.getPublishedPost(c.req.valid("param").id, { signedIn: Boolean(c.get("user")) }), 200),
    )
    .openapi(listComments, async (c) => {
      const { comments, paging } = await blog.listApprovedComments(c.req.valid("param").id, c.req.valid("query"));
      setPagingHeaders(c, paging);
      return c.json(comments, 200);
    })
    .openapi(submitComment, async (c) => {
      try {
        return c.json(
          await blog.submitComment(c.req.valid("param").id, c.req.valid("json"), {
            address: clientAddress(c, config),
            language: c.get("language"),
          }),
          201,
        );
      } catch (error) {
        if (error instanceof DomainError && error.code === "rate_limited")
          c.header("Retry-After", String(Number(error.details.params?.minutes ?? 1) * 60));
        throw error;
      }
    })
    .openapi(createPost, async (c) => c.json(await blog.createPost(c.req.valid("json")), 201))
    .openapi(updatePost, async (c) => c.json(await blog.updatePost(c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(deletePost, async (c) => {
      await blog.deletePost(c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(adminListPosts, async (c) => {
      const { items, paging } = await blog.listStaffPage(c.req.valid("query"));
      setPagingHeaders(c, paging);
      return c.json(items, 200);
    })
    .openapi(adminListComments, async (c) => {
      const { status, ...page } = c.req.valid("query");
      const { items, paging } = await blog.listComments(status, page);
      setPagingHeaders(c, paging);
      return c.json(items, 200);
    })
    .openapi(approveComment, async (c) => c.json(await blog.approveComment(c.req.valid("param").id), 200))
    .openapi(rejectComment, async (c) => {
      await blog.rejectComment(c.req.valid("param").id);
      return c.body(null, 204);
    });
}
