// The contact form's choices and limits, without zod: the browser's pages and forms use them in their
// first load, and schema.ts (which re-exports them) would bring zod along.

/** Inquiry types (spec README decision 8); the form's labels map to them one to one. */
export const INQUIRY_TYPES = ["question", "quote", "consultation", "partnership", "support"] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const DEFAULT_INQUIRY_TYPE: InquiryType = "question";

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  company: 200,
  messageMin: 10,
  messageMax: 5_000,
  service: 100,
} as const;
