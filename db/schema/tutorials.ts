import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { tsvector } from "./text-search.ts";

/**
 * A tutorial exists once, whatever the language it is read in: its texts are stored in both languages,
 * its difficulty, time, video, image and view count once (docs/decisions/0017-bilingual-content.md).
 */
export const tutorials = pgTable(
  "tutorials",
  {
    id: serial("id").primaryKey(),
    titleEn: text("title_en").notNull(),
    titleFr: text("title_fr").notNull(),
    /** What a visitor reads before signing in to a members-only tutorial (decision 16), and the cards' text. */
    summaryEn: text("summary_en").notNull().default(""),
    summaryFr: text("summary_fr").notNull().default(""),
    /** Plain text with line breaks and markdown-style headings ("## Step 1"); never HTML. */
    contentEn: text("content_en").notNull().default(""),
    contentFr: text("content_fr").notNull().default(""),
    categoryEn: text("category_en").notNull(),
    categoryFr: text("category_fr").notNull(),
    tagsEn: text("tags_en").array().notNull().default(sql`'{}'::text[]`),
    tagsFr: text("tags_fr").array().notNull().default(sql`'{}'::text[]`),
    difficulty: text("difficulty").notNull().default("beginner"),
    /** Minutes the tutorial takes; null shows "Quick read". */
    estimatedMinutes: integer("estimated_minutes"),
    featuredImage: text("featured_image"),
    /** A YouTube or Vimeo address; only those providers are embedded (core/tutorials/video.ts). */
    videoUrl: text("video_url"),
    published: boolean("published").notNull().default(false),
    membersOnly: boolean("members_only").notNull().default(false),
    viewCount: integer("view_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Title and category of each language for full-text search in that language (migration 0024's
     * atelier_en and atelier_fr configurations: stemmed, accents removed), each with its GIN index
     * (docs/decisions/0036-lists-a-page-at-a-time.md, "Full-text search"). The line break keeps the title's
     * last word and the category's first apart.
     */
    searchEn: tsvector("search_en")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('public.atelier_en'::regconfig, title_en || chr(10) || category_en)`),
    searchFr: tsvector("search_fr")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('public.atelier_fr'::regconfig, title_fr || chr(10) || category_fr)`),
  },
  (table) => [
    // The public list's order, newest first with the id as tie-break, read from the index alone: a deep
    // page skips index entries, not rows. The difficulty filter has its own.
    index("tutorials_published_list_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`published`),
    index("tutorials_published_difficulty_idx")
      .on(table.difficulty, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`published`),
    index("tutorials_search_en_idx").using("gin", table.searchEn),
    index("tutorials_search_fr_idx").using("gin", table.searchFr),
    // The staff list's order, every row (drafts, pending, ended), newest first: a page of it is read from
    // the index (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff screens").
    index("tutorials_staff_list_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/**
 * Who has been counted as viewing a tutorial on a day (UTC): a reload, or a second tab, on the same day
 * adds nothing. The visitor is a one-way hash (of the account, or of the address and browser), never
 * the address itself; rows older than a couple of days are deleted as new views come in.
 */
export const tutorialViews = pgTable(
  "tutorial_views",
  {
    tutorialId: integer("tutorial_id")
      .notNull()
      .references(() => tutorials.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tutorialId, table.visitor, table.day] }),
    index("tutorial_views_day_idx").on(table.day),
  ],
);
