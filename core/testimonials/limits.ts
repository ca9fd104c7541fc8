// The ratings and limits of testimonials, without zod: the browser's pages and forms use them in their
// first load, and schema.ts (which re-exports them) would bring zod along.

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_RATING = 5;

export const TESTIMONIAL_LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  title: 100,
  projectType: 100,
  textMin: 10,
  textMax: 2_000,
} as const;
