import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tsvector } from "./text-search.ts";

export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    featuredImage: text("featured_image"),
    category: text("category").notNull().default("general"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    language: text("language").notNull().default("en"),
    /**
     * Posts that are translations of each other share a group (the id of one of them); null for a post
     * written in one language only. At most one post per language in a group.
     */
    translationGroup: integer("translation_group"),
    /** Words of the content's text, kept with each write: the reading time is derived from it. */
    wordCount: integer("word_count").notNull().default(0),
    published: boolean("published").notNull().default(false),
    membersOnly: boolean("members_only").notNull().default(false),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    socialMediaShared: boolean("social_media_shared").notNull().default(false),
    socialMediaPlatforms: text("social_media_platforms").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Title and excerpt for full-text search in the post's own language (migration 0024's atelier_en and
     * atelier_fr configurations: stemmed, accents removed), so "logos" finds "logo" and "cafe" finds "Café";
     * a GIN index serves it (docs/decisions/0036-lists-a-page-at-a-time.md, "Full-text search"). The line
     * break (chr(10)) keeps the last word of the title and the first of the excerpt apart.
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`case when language = 'fr' then to_tsvector('public.atelier_fr'::regconfig, title || chr(10) || excerpt) else to_tsvector('public.atelier_en'::regconfig, title || chr(10) || excerpt) end`,
      ),
  },
  (table) => [
    // The public list's order, newest first with the id as tie-break, read from the index alone: a deep
    // page skips index entries, not rows (docs/decisions/0036-lists-a-page-at-a-time.md).
    index("posts_published_list_idx")
      .on(table.language, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`published`),
    index("posts_published_category_idx")
      .on(table.language, table.category, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`published`),
    index("posts_published_all_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`published`),
    index("posts_search_idx").using("gin", table.searchVector),
    uniqueIndex("posts_translation_group_language_idx").on(table.translationGroup, table.language),
    // The staff list's order, every row (drafts, pending, ended), newest first: a page of it is read from
    // the index (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff screens").
    index("posts_staff_list_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    authorWebsite: text("author_website"),
    content: text("content").notNull(),
    /** The language the comment was written in: the page's language when it was sent. */
    language: text("language").notNull().default("en"),
    approved: boolean("approved").notNull().default(false),
    parentId: integer("parent_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.parentId], foreignColumns: [table.id] }).onDelete("cascade"),
    index("comments_post_idx").on(table.postId, table.approved),
    // A post's approved threads a page at a time, oldest first, then the replies of the page's threads.
    index("comments_post_threads_idx")
      .on(table.postId, table.createdAt, table.id)
      .where(sql`approved and parent_id is null`),
    index("comments_replies_idx").on(table.parentId, table.createdAt, table.id).where(sql`approved`),
    // The moderation queue, oldest first, by status.
    index("comments_moderation_idx").on(table.approved, table.createdAt, table.id),
  ],
);
