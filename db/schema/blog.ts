import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
    published: boolean("published").notNull().default(false),
    membersOnly: boolean("members_only").notNull().default(false),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    socialMediaShared: boolean("social_media_shared").notNull().default(false),
    socialMediaPlatforms: text("social_media_platforms").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("posts_published_language_idx").on(table.published, table.language, table.createdAt)],
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
    approved: boolean("approved").notNull().default(false),
    parentId: integer("parent_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.parentId], foreignColumns: [table.id] }).onDelete("cascade"),
    index("comments_post_idx").on(table.postId, table.approved),
  ],
);
