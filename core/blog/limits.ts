// The blog's categories and limits, without zod: the browser's pages and forms use them in their first
// load, and schema.ts (which re-exports them) would bring zod along.

/** The categories a visitor can filter by (spec section 2, /posts). */
export const FILTER_CATEGORIES = ["marketing", "technology", "design", "business"] as const;
/** Every category a post may carry; "general" is the entity's default (spec section 3). */
export const POST_CATEGORIES = ["general", ...FILTER_CATEGORIES] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];

export const LIMITS = {
  title: 200,
  excerpt: 500,
  content: 100_000,
  featuredImage: 2_000,
  tags: 20,
  tag: 40,
  search: 100,
  authorName: 100,
  email: 254,
  website: 300,
  commentMin: 5,
  commentMax: 5_000,
} as const;
