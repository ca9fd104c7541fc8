import { z } from "zod";
import { line, text } from "../text.ts";
import { MEDIA_CATEGORIES, MEDIA_LIMITS, MEDIA_STATUSES } from "./limits.ts";

export {
  MEDIA_CATEGORIES,
  MEDIA_LIMITS,
  MEDIA_STATUSES,
  MEDIA_TYPES,
  type MediaCategory,
  type MediaStatus,
  type MediaType,
} from "./limits.ts";

const title = line({ message: "media:validation.titleRequired" })
  .trim()
  .min(1, "media:validation.titleRequired")
  .max(MEDIA_LIMITS.title, "media:validation.titleTooLong");
const description = text({ message: "media:validation.descriptionTooLong" })
  .trim()
  .max(MEDIA_LIMITS.description, "media:validation.descriptionTooLong");
const category = z.enum(MEDIA_CATEGORIES, { message: "media:validation.categoryInvalid" });
const optionalLine = (max: number, key: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    line({ message: key }).trim().max(max, key).nullable(),
  );

/** The text fields of an upload form (multipart), as strings; the file travels beside them. */
export const uploadFieldsSchema = z.strictObject({
  title,
  description: description.optional().default(""),
  category: category.optional().default("portfolio"),
});

/** What staff may change on an item (JSON); at least one field. */
export const mediaUpdateSchema = z
  .strictObject({
    title,
    description,
    category,
    status: z.enum(MEDIA_STATUSES, { message: "media:validation.statusInvalid" }),
    clientName: optionalLine(MEDIA_LIMITS.clientName, "media:validation.clientNameTooLong"),
    projectType: optionalLine(MEDIA_LIMITS.projectType, "media:validation.projectTypeTooLong"),
    featured: z.boolean({ message: "errors:invalidValue" }),
    sortOrder: z
      .number({ message: "errors:invalidValue" })
      .int("errors:invalidValue")
      .min(-1_000_000, "errors:invalidValue")
      .max(1_000_000, "errors:invalidValue"),
  })
  .partial()
  .refine((edit) => Object.keys(edit).length > 0, { message: "errors:emptyEdit" });

/** A media comment: both name and comment (spec section 5: "Missing info" otherwise). */
export const mediaCommentInputSchema = z.strictObject({
  name: line({ message: "media:validation.commentMissing" })
    .trim()
    .min(1, "media:validation.commentMissing")
    .max(MEDIA_LIMITS.commentName, "media:validation.nameTooLong"),
  comment: text({ message: "media:validation.commentMissing" })
    .trim()
    .min(MEDIA_LIMITS.commentMin, "media:validation.commentMissing")
    .max(MEDIA_LIMITS.commentMax, "media:validation.commentTooLong"),
});

export const galleryQuerySchema = z.strictObject({
  category: z.enum(MEDIA_CATEGORIES, { message: "media:validation.categoryInvalid" }).optional(),
});

export const MODERATION_STATUSES = ["pending", "approved", "all"] as const;

/** A responsive copy: the URL and the width it is. */
export interface MediaSize {
  width: number;
  url: string;
}

/** A media item as the gallery shows it (spec section 3, with `type`, `fileSize` and `url` the admin grid reads). */
export interface PublicMedia {
  id: number;
  title: string;
  description: string;
  language: string;
  mediaType: string;
  /** The same as mediaType: the admin grid of the documents reads `type`. */
  type: string;
  category: string;
  clientName: string | null;
  projectType: string | null;
  featured: boolean;
  sortOrder: number;
  mimeType: string;
  fileSize: number;
  width: number | null;
  height: number | null;
  /** A video's or a sound's length in seconds, as probed; null for images. */
  durationSeconds: number | null;
  /** The codecs a video or a sound carries ("h264, aac"); null for images. */
  codecs: string | null;
  mediaUrl: string;
  /** The same as mediaUrl. */
  url: string;
  thumbnailUrl: string | null;
  sizes: MediaSize[];
  createdAt: string;
}

/** What staff see: the public view plus its status. */
export interface AdminMedia extends PublicMedia {
  status: string;
  updatedAt: string;
  pendingComments: number;
}

export interface PublicMediaComment {
  id: number;
  mediaId: number;
  authorName: string;
  content: string;
  language: string;
  createdAt: string;
}

export interface ModerationMediaComment extends PublicMediaComment {
  approved: boolean;
  mediaTitle: string;
}
