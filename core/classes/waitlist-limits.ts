/** The sizes of the waiting list's fields: zod-free, so that the form's page can read them without the schema. */
export const WAITLIST_LIMITS = { name: 120, email: 254, token: 100 } as const;
