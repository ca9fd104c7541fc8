/** The sizes of a booking's fields: zod-free, so that the booking form can read them without the schema. */
export const APPOINTMENT_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  notes: 2_000,
  type: 60,
} as const;
