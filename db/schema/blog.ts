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
  },
  (table) => [
    index("posts_published_language_idx").on(table.published, table.language, table.createdAt),
    uniqueIndex("posts_translation_group_language_idx").on(table.translationGroup, table.language),
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
  ],
);
