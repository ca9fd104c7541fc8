import { createRoute, z } from "@hono/zod-openapi";
import { isStaff } from "../../core/auth/rules.ts";
import { DomainError } from "../../core/errors.ts";
import { largestLimit } from "../../core/media/rules.ts";
import {
  MEDIA_CATEGORIES,
  MEDIA_LIMITS,
  MEDIA_STATUSES,
  MEDIA_TYPES,
  MODERATION_STATUSES,
  galleryQuerySchema,
  mediaCommentInputSchema,
  mediaUpdateSchema,
} from "../../core/media/schema.ts";
import type { Config } from "../../config/env.ts";
import { COMMENT_PAGE_SIZE, MAX_LIMIT, PAGE_SIZE } from "../../core/paging/rules.ts";
import { pagingQuerySchema, pagingQuerySchemaOf } from "../../core/paging/schema.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter, staffListRoute } from "./router.server.ts";
import { receiveUpload } from "../multipart-upload.server.ts";
import {
  idParams,
  json,
  jsonBody,
  pageOf,
  refusal,
  setPagingHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

const publicMediaSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    language: z.string().openapi({ description: "The language the uploader wrote the title and description in" }),
    mediaType: z.string().openapi({ enum: [...MEDIA_TYPES] }),
    type: z.string().openapi({ description: "The same as mediaType" }),
    category: z.string().openapi({ enum: [...MEDIA_CATEGORIES] }),
    clientName: z.string().nullable(),
    projectType: z.string().nullable(),
    featured: z.boolean(),
    sortOrder: z.number().int(),
    mimeType: z.string().openapi({ description: "Sniffed from the bytes; images are re-encoded" }),
    fileSize: z.number().int().openapi({ description: "Bytes of the stored full-size file" }),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    durationSeconds: z
      .number()
      .nullable()
      .openapi({ description: "A video's or a sound's length, probed before it was accepted; null for images" }),
    codecs: z
      .string()
      .nullable()
      .openapi({ description: 'The codecs a video or a sound carries, e.g. "h264, aac"; null for images' }),
    mediaUrl: z.string(),
    url: z.string().openapi({ description: "The same as mediaUrl" }),
    thumbnailUrl: z.string().nullable().openapi({ description: "A 320 px square WebP for images; null otherwise" }),
    sizes: z
      .array(z.object({ width: z.number().int(), url: z.string() }))
      .openapi({ description: "WebP copies at 480, 960 and 1600 px, those narrower than the image" }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Media");

const adminMediaSchema = publicMediaSchema
  .extend({
    status: z.string().openapi({ enum: [...MEDIA_STATUSES] }),
    updatedAt: z.string().openapi({ format: "date-time" }),
    pendingComments: z.number().int(),
  })
  .openapi("AdminMedia");

const mediaCommentSchema = z
  .object({
    id: z.number().int(),
    mediaId: z.number().int(),
    authorName: z.string(),
    content: z.string(),
    language: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("MediaComment");

const notFound = refusal("Media not found");

const listMedia = createRoute({
  method: "get",
  path: "/media",
  tags: ["media"],
  summary: "One page of published media, featured first, optionally in one category",
  description:
    `The answer is the page's items (an array, as ever); where it stands is in the headers. \`page\` starts at 1; ` +
    `\`limit\` is ${PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. A page past the last answers an empty array.`,
  request: { query: galleryQuerySchema.extend(pagingQuerySchema.shape) },
  responses: {
    200: pageOf(
      z.array(publicMediaSchema),
      "One page of published media",
      "How many published items the category holds",
    ),
    400: refusal("Unknown category, or a page or limit that is not a whole number in its bounds"),
  },
});

const getMedia = createRoute({
  method: "get",
  path: "/media/{id}",
  tags: ["media"],
  summary: "One published media item",
  request: { params: idParams },
  responses: { 200: json(publicMediaSchema, "The item"), 404: notFound },
});

const uploadMedia = createRoute({
  method: "post",
  path: "/media",
  tags: ["media"],
  summary: "Upload a file (multipart/form-data: file, title, description, category)",
  description:
    "The file's type is read from its bytes: images (JPEG, PNG, WebP, GIF, AVIF), videos (MP4, WebM, QuickTime) and sounds (MP3, WAV, Ogg, FLAC, M4A, AAC) " +
    "are accepted, within MEDIA_MAX_*_BYTES; a name whose extension says another type, SVG, HTML and anything else are refused. Videos and sounds are " +
    "probed with ffprobe (container, codec, length, picture size) and refused when they are not what their type claims. Images are re-encoded " +
    "without metadata. A visitor's upload waits for staff approval: its addresses in the answer carry a `preview` token that lets the uploader " +
    "see the files for 30 minutes (the files are otherwise served to staff only until approved). A staff upload is published at once.",
  responses: {
    201: json(adminMediaSchema, "Stored: pending for a visitor (with preview addresses), published for staff"),
    400: refusal(
      "No file, no title, a refused type, a video or sound that is not what it claims, or a form cut short; `message` and `fields` are translated",
    ),
    413: refusal("Over the size limit of the file's kind"),
    415: refusal("A video or a sound while this server cannot probe them (ffprobe is not installed)"),
    429: refusal("Too many uploads from this address; Retry-After says when to try again"),
  },
});

const listComments = createRoute({
  method: "get",
  path: "/media/{id}/comments",
  tags: ["media"],
  summary: "One page of the approved comments of a published item, oldest first",
  description:
    `The answer is the page's comments (an array, as ever); where it stands is in the headers. \`page\` starts ` +
    `at 1; \`limit\` is ${COMMENT_PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. A page past the last answers an empty array.`,
  request: { params: idParams, query: pagingQuerySchemaOf(COMMENT_PAGE_SIZE) },
  responses: {
    200: pageOf(
      z.array(mediaCommentSchema),
      "One page of approved comments",
      "How many approved comments the item has",
    ),
    400: refusal("A page or limit that is not a whole number in its bounds"),
    404: notFound,
  },
});

const submitComment = createRoute({
  method: "post",
  path: "/media/{id}/comments",
  tags: ["media"],
  summary: "Comment on a published item (name and comment); it appears once approved",
  request: {
    params: idParams,
    body: jsonBody(mediaCommentInputSchema),
  },
  responses: {
    201: json(mediaCommentSchema.extend({ approved: z.boolean() }), "Stored, awaiting moderation"),
    400: refusal("Missing name or comment"),
    404: notFound,
    429: refusal("Too many comments from this address"),
  },
});

const updateMedia = createRoute({
  method: "put",
  path: "/media/{id}",
  tags: ["media", "staff"],
  summary: "Edit an item, publish or unpublish it; any subset of the fields (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: idParams,
    body: jsonBody(mediaUpdateSchema),
  },
  responses: {
    200: json(adminMediaSchema, "Updated"),
    400: refusal("Invalid input"),
    404: notFound,
    ...staffErrors,
  },
});

const deleteMedia = createRoute({
  method: "delete",
  path: "/media/{id}",
  tags: ["media", "staff"],
  summary: "Delete an item, its comments and its files (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, 404: notFound, ...staffErrors },
});

const adminListMedia = staffListRoute({
  path: "/admin/media",
  tags: ["media", "staff"],
  summary: "One page of every item, pending uploads included, newest first (staff)",
  item: adminMediaSchema,
  counted: "How many items there are, pending uploads included",
});

const approveMedia = createRoute({
  method: "post",
  path: "/admin/media/{id}/approve",
  tags: ["media", "staff"],
  summary: "Publish a visitor's upload (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: { 200: json(adminMediaSchema, "Published"), 404: notFound, ...staffErrors },
});

const adminListComments = staffListRoute({
  path: "/admin/media-comments",
  tags: ["media", "staff"],
  summary: "One page of the media comment moderation queue, newest first (staff)",
  item: mediaCommentSchema.extend({ approved: z.boolean(), mediaTitle: z.string() }),
  counted: "How many comments have the status asked",
  query: z.object({ status: z.enum(MODERATION_STATUSES, { message: "errors:invalidValue" }).default("pending") }),
});

const approveComment = createRoute({
  method: "post",
  path: "/admin/media-comments/{id}/approve",
  tags: ["media", "staff"],
  summary: "Approve a media comment: it becomes public (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: { 200: json(mediaCommentSchema, "Approved"), 404: refusal("Comment not found"), ...staffErrors },
});

const rejectComment = createRoute({
  method: "post",
  path: "/admin/media-comments/{id}/reject",
  tags: ["media", "staff"],
  summary: "Reject a media comment: it is deleted (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: {
    204: { description: "Rejected and deleted" },
    404: refusal("Comment not found"),
    ...staffErrors,
  },
});

function withRetryAfter(c: { header(name: string, value: string): void }, error: unknown): never {
  if (error instanceof DomainError && error.code === "rate_limited")
    c.header("Retry-After", String(error.details.params?.retryAfterSeconds ?? 60));
  throw error;
}

/** The media portfolio's API: the public gallery, uploads and comments, and staff editing and moderation. */
export function mediaRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const media = services.media;
  return createRouter()
    .openapi(listMedia, async (c) => {
      const { items, paging } = await media.listPublishedPage(c.req.valid("query"));
      setPagingHeaders(c, paging);
      return c.json(items, 200);
    })
    .openapi(getMedia, async (c) => c.json(await media.getPublished(c.req.valid("param").id), 200))
    .openapi(uploadMedia, async (c) => {
      const user = c.get("user");
      const staff = Boolean(user && isStaff(user.role));
      const { fields, file } = await receiveUpload(c.req.raw, {
        stagingPath: () => media.stagingPath(),
        maxFileBytes: largestLimit(media.limits),
        maxFieldBytes: MEDIA_LIMITS.description * 4,
      });
      try {
        const item = await media.upload(fields, file, {
          staff,
          userId: user?.id ?? null,
          address: clientAddress(c, config),
          language: c.get("language"),
        });
        return c.json(item, 201);
      } catch (error) {
        withRetryAfter(c, error);
      }
    })
    .openapi(listComments, async (c) => {
      const { comments, paging } = await media.listApprovedComments(c.req.valid("param").id, c.req.valid("query"));
      setPagingHeaders(c, paging);
      return c.json(comments, 200);
    })
    .openapi(submitComment, async (c) => {
      try {
        return c.json(
          await media.submitComment(c.req.valid("param").id, c.req.valid("json"), {
            address: clientAddress(c, config),
            language: c.get("language"),
          }),
          201,
        );
      } catch (error) {
        withRetryAfter(c, error);
      }
    })
    .openapi(updateMedia, async (c) => c.json(await media.update(c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(deleteMedia, async (c) => {
      await media.delete(c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(adminListMedia, async (c) => {
      const { items, paging } = await media.listStaffPage(c.req.valid("query"));
      setPagingHeaders(c, paging);
      return c.json(items, 200);
    })
    .openapi(approveMedia, async (c) => c.json(await media.approve(c.req.valid("param").id), 200))
    .openapi(adminListComments, async (c) => {
      const { status, ...page } = c.req.valid("query");
      const { items, paging } = await media.listComments(status, page);
      setPagingHeaders(c, paging);
      return c.json(items, 200);
    })
    .openapi(approveComment, async (c) => c.json(await media.approveComment(c.req.valid("param").id), 200))
    .openapi(rejectComment, async (c) => {
      await media.rejectComment(c.req.valid("param").id);
      return c.body(null, 204);
    });
}
