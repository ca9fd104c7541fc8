// The media portfolio's kinds, categories and field limits, without zod: the /media page's first load uses
// them, and schema.ts (which re-exports them) would bring zod along.

/** Spec section 3: a media item is an image, a video or a sound. */
export const MEDIA_TYPES = ["image", "video", "audio"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Gallery categories; "portfolio" is the entity's default (spec section 3). */
export const MEDIA_CATEGORIES = ["portfolio", "branding", "web", "video", "audio", "photography"] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

export const MEDIA_STATUSES = ["pending", "published"] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const MEDIA_LIMITS = {
  title: 200,
  description: 2_000,
  clientName: 120,
  projectType: 120,
  fileName: 255,
  commentName: 100,
  commentMin: 1,
  commentMax: 2_000,
} as const;

/** The widths (CSS pixels) of the responsive copies of an image; one is made only when the original is wider. */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;
/** The square thumbnail's side, in pixels. */
export const THUMBNAIL_SIZE = 320;

/** How long the preview addresses an uploader gets for an item waiting for approval keep working. */
export const PREVIEW_LIFETIME_MS = 30 * 60_000;
