// The newsletter's limits, without zod: the browser's pages and forms use them in their first load,
// and schema.ts (which re-exports them) would bring zod along.

export const NEWSLETTER_LIMITS = { email: 254, token: 200 } as const;
