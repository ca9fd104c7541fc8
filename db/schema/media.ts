import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** A responsive copy of an image: its width in pixels and where it is stored. */
export interface StoredSize {
  width: number;
  key: string;
}

/**
 * One item of the media portfolio (spec section 3, "Media"): an uploaded image, video or sound and what it
 * shows. Its title and description are what the uploader wrote, in the language they wrote it
 * (docs/decisions/0017-bilingual-content.md); the file lives in the media storage under `file_key`.
 */
export const mediaItems = pgTable(
  "media_items",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    language: text("language").notNull().default("en"),
    mediaType: text("media_type").notNull(),
    category: text("category").notNull().default("portfolio"),
    /** pending until staff approve a visitor's upload; staff uploads are published at once. */
    status: text("status").notNull().default("pending"),
    clientName: text("client_name"),
    projectType: text("project_type"),
    featured: boolean("featured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The type sniffed from the bytes (after re-encoding, for images). */
    mimeType: text("mime_type").notNull(),
    /** Bytes of the stored full-size file. */
    fileSize: integer("file_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** A video's or a sound's length as probed before it was accepted (milliseconds); null for images. */
    durationMs: integer("duration_ms"),
    /** The codecs a video or a sound was probed to carry ("h264, aac"); null for images. */
    codecs: text("codecs"),
    fileKey: text("file_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    sizes: jsonb("sizes").$type<StoredSize[]>().notNull().default([]),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("media_items_status_idx").on(table.status, table.category),
    // The gallery's order (featured first, then staff's sort order, newest), read from the index alone so
    // that a deep page skips index entries, not rows (docs/decisions/0036-lists-a-page-at-a-time.md).
    index("media_items_published_list_idx")
      .on(
        table.featured.desc().nullsFirst(),
        table.sortOrder.asc().nullsLast(),
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`status = 'published'`),
    index("media_items_published_category_idx")
      .on(
        table.category,
        table.featured.desc().nullsFirst(),
        table.sortOrder.asc().nullsLast(),
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`status = 'published'`),
    // A file request names one file of an item (media/<folder>/<variant>.<ext>): the item is found by its folder.
    index("media_items_folder_idx").on(sql`split_part(${table.fileKey}, '/', 2)`),
    // The staff list's order, every row (drafts, pending, ended), newest first: a page of it is read from
    // the index (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff screens").
    index("media_items_staff_list_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The uploads awaiting approval, oldest first (the moderation queue).
    index("media_items_pending_idx").on(table.createdAt, table.id).where(sql`status = 'pending'`),
  ],
);

/** A visitor's comment on a media item: name and comment (spec section 5), public once staff approve it. */
export const mediaComments = pgTable(
  "media_comments",
  {
    id: serial("id").primaryKey(),
    mediaId: integer("media_id")
      .notNull()
      .references(() => mediaItems.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    content: text("content").notNull(),
    /** The language the comment was written in: the page's language when it was sent. */
    language: text("language").notNull().default("en"),
    approved: boolean("approved").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("media_comments_media_idx").on(table.mediaId, table.approved),
    // An item's approved comments a page at a time, oldest first.
    index("media_comments_approved_idx").on(table.mediaId, table.createdAt, table.id).where(sql`approved`),
    // The moderation queue of media comments, newest first, by status.
    index("media_comments_moderation_idx").on(
      table.approved,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
