import type { PageInfo } from "../paging/rules.ts";
import { z } from "zod";
import { line, text } from "../text.ts";
import { LANGUAGES } from "../i18n/language.ts";
import { FILTER_CATEGORIES, POST_CATEGORIES, LIMITS } from "./limits.ts";

export { FILTER_CATEGORIES, POST_CATEGORIES, LIMITS, type PostCategory, type FilterCategory } from "./limits.ts";

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * An https address, or the path of an image file on this site ("/images/blog/a.svg"); never a
 * protocol-relative or script address, nor a path to the site's API.
 */
export function isSafeImageUrl(value: string): boolean {
  if (value.startsWith("/")) {
    if (value.startsWith("//") || value.startsWith("/\\")) return false;
    // A path on this site is an image file, never one of its API routes ("/api/logout" as an <img> would
    // call it from every visitor's browser), however the path is spelled ("/x/../api", "/%61pi").
    const base = "http://same-site.invalid";
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(value, base).pathname).toLowerCase();
    } catch {
      return false;
    }
    if (pathname === "/api" || pathname.startsWith("/api/") || pathname.includes("..")) return false;
    return IMAGE_FILE.test(pathname);
  }
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const IMAGE_FILE = /\.(avif|gif|jpe?g|png|svg|webp)$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Posts

const postFields = {
  title: line({ message: "blog:validation.titleRequired" })
    .trim()
    .min(1, "blog:validation.titleRequired")
    .max(LIMITS.title, "blog:validation.titleTooLong"),
  excerpt: text({ message: "blog:validation.excerptTooLong" })
    .trim()
    .max(LIMITS.excerpt, "blog:validation.excerptTooLong"),
  content: text({ message: "blog:validation.contentTooLong" }).max(LIMITS.content, "blog:validation.contentTooLong"),
  category: z.enum(POST_CATEGORIES, { message: "blog:validation.categoryRequired" }),
  published: z.boolean({ message: "errors:invalidValue" }),
  language: z.enum(LANGUAGES, { message: "blog:validation.languageInvalid" }),
  // "" and null both mean "no image", so that an edit can clear it; absent means "leave as is".
  featuredImage: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    line()
      .trim()
      .max(LIMITS.featuredImage, "blog:validation.featuredImageInvalid")
      .refine(isSafeImageUrl, "blog:validation.featuredImageInvalid")
      .nullable()
      .optional(),
  ),
  tags: z
    .array(line().trim().min(1, "blog:validation.tagInvalid").max(LIMITS.tag, "blog:validation.tagInvalid"), {
      message: "blog:validation.tagInvalid",
    })
    .max(LIMITS.tags, "blog:validation.tooManyTags"),
  membersOnly: z.boolean({ message: "errors:invalidValue" }),
  /** The post this one is a translation of (or that translates it), in the other language; null for none. */
  translationOf: z
    .number({ message: "blog:validation.translationNotFound" })
    .int("blog:validation.translationNotFound")
    .positive("blog:validation.translationNotFound")
    .max(2_147_483_647, "blog:validation.translationNotFound")
    .nullable(),
};

/** What staff send to create a post (spec section 7 payload plus language, image, tags and members-only). */
export const postInputSchema = z.strictObject({
  title: postFields.title,
  excerpt: postFields.excerpt.default(""),
  content: postFields.content.default(""),
  category: postFields.category,
  published: postFields.published.default(false),
  language: postFields.language.default("en"),
  featuredImage: postFields.featuredImage,
  tags: postFields.tags.default([]),
  membersOnly: postFields.membersOnly.default(false),
  translationOf: postFields.translationOf.default(null),
});
export type PostInput = z.input<typeof postInputSchema>;
export type ValidPostInput = z.output<typeof postInputSchema>;

/** An edit: any subset of the fields, at least one. */
export const postUpdateSchema = z
  .strictObject({
    title: postFields.title.optional(),
    excerpt: postFields.excerpt.optional(),
    content: postFields.content.optional(),
    category: postFields.category.optional(),
    published: postFields.published.optional(),
    language: postFields.language.optional(),
    featuredImage: postFields.featuredImage,
    tags: postFields.tags.optional(),
    membersOnly: postFields.membersOnly.optional(),
    translationOf: postFields.translationOf.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "errors:invalidRequest");
export type PostUpdate = z.input<typeof postUpdateSchema>;
export type ValidPostUpdate = z.output<typeof postUpdateSchema>;

/** The public list's query (?language=&q=&category=). */
export const postFiltersSchema = z.object({
  language: z.enum(LANGUAGES, { message: "blog:validation.languageInvalid" }).optional(),
  q: line().max(LIMITS.search, "blog:validation.searchTooLong").optional(),
  category: z.enum(["all", ...FILTER_CATEGORIES], { message: "blog:validation.categoryInvalid" }).optional(),
});
export type PostFilters = z.infer<typeof postFiltersSchema>;

/** A post as a list shows it: no content. */
export interface PostSummary {
  id: number;
  title: string;
  excerpt: string;
  featuredImage: string | null;
  category: string;
  tags: string[];
  language: string;
  membersOnly: boolean;
  createdAt: string;
  /** Minutes to read the content (words / 200, at least 1). */
  readingMinutes: number;
}

/** The published translation of a post, in the other language. */
export interface PostTranslation {
  id: number;
  language: string;
  title: string;
}

/**
 * A published post as a reader gets it: `content` is sanitised HTML; when the post is members-only
 * and the reader is not signed in, `content` is empty and `locked` is true.
 */
export interface PostDetail extends PostSummary {
  content: string;
  locked: boolean;
  updatedAt: string;
  /** Its published translation, or null when the post exists in one language only. */
  translation: PostTranslation | null;
}

/** A post as staff manage it, drafts included. */
export interface AdminPost extends PostSummary {
  content: string;
  published: boolean;
  updatedAt: string;
  /** The id of the post it is linked with as a translation (published or not), or null. */
  translationOf: number | null;
}

// ---------------------------------------------------------------------------------------------
// Comments

/** The comment form and POST /api/posts/:id/comments payload (author, email, content, parentId, website). */
export const commentInputSchema = z.strictObject({
  author: line({ message: "blog:validation.nameRequired" })
    .trim()
    .min(1, "blog:validation.nameRequired")
    .max(LIMITS.authorName, "blog:validation.nameTooLong"),
  email: line({ message: "blog:validation.emailInvalid" })
    .trim()
    .max(LIMITS.email, "blog:validation.emailInvalid")
    .pipe(z.email("blog:validation.emailInvalid")),
  content: text({ message: "blog:validation.commentTooShort" })
    .trim()
    .min(LIMITS.commentMin, "blog:validation.commentTooShort")
    .max(LIMITS.commentMax, "blog:validation.commentTooLong"),
  parentId: z
    .number({ message: "blog:validation.parentInvalid" })
    .int("blog:validation.parentInvalid")
    .positive("blog:validation.parentInvalid")
    .nullable()
    .optional(),
  website: z.preprocess(
    emptyToUndefined,
    line()
      .trim()
      .max(LIMITS.website, "blog:validation.websiteInvalid")
      .refine(isHttpUrl, "blog:validation.websiteInvalid")
      .nullable()
      .optional(),
  ),
});
export type CommentInput = z.input<typeof commentInputSchema>;
export type ValidCommentInput = z.output<typeof commentInputSchema>;

/** A comment together with the post it belongs to (spec section 5: postId required). */
export const newCommentSchema = commentInputSchema.extend({
  postId: z
    .number({ message: "blog:validation.postIdRequired" })
    .int("blog:validation.postIdRequired")
    .positive("blog:validation.postIdRequired"),
});

/** An approved comment as the public sees it (the e-mail address is never shown). */
export interface PublicComment {
  id: number;
  postId: number;
  authorName: string;
  authorWebsite: string | null;
  content: string;
  /** The language it was written in (the page's language when it was sent). */
  language: string;
  parentId: number | null;
  createdAt: string;
}

/** A comment in the moderation queue. */
export interface ModerationComment extends PublicComment {
  authorEmail: string;
  approved: boolean;
  postTitle: string;
}

export const COMMENT_STATUSES = ["pending", "approved", "all"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** Where a page of a post's comments stands: its threads counted as the page's items, and every comment. */
export interface CommentPaging extends PageInfo {
  /** Approved comments and replies together: the figure beside the comments' heading. */
  comments: number;
}
