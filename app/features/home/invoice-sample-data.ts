/** The sample's lines: catalogue services at prices within their ranges (logo design at its fixed $75). */
const LINES = [
  { key: "website", quantity: 1, unitCents: 150_000 },
  { key: "logo", quantity: 1, unitCents: 7_500 },
  { key: "social", quantity: 2, unitCents: 20_000 },
  { key: "consultation", quantity: 1, unitCents: 50_000 },
] as const;
const SUBTOTAL_CENTS = LINES.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
/** WELCOME10: 10 % off (specification 000, section 9). */
const DISCOUNT_CENTS = Math.round(SUBTOTAL_CENTS / 10);

/**
 * The figures of the sample invoice, shared by its miniature and the full document in its dialog. The
 * dialog receives them from the miniature instead of importing this module, so that they travel in the
 * home page's script and not in a file of their own.
 */
export const INVOICE_SAMPLE = {
  lines: LINES,
  subtotalCents: SUBTOTAL_CENTS,
  discountCents: DISCOUNT_CENTS,
  totalCents: SUBTOTAL_CENTS - DISCOUNT_CENTS,
  issued: new Date(Date.UTC(2026, 4, 14)),
  due: new Date(Date.UTC(2026, 5, 13)),
};
export type InvoiceSample = typeof INVOICE_SAMPLE;

export interface Company {
  name: string;
  email: string;
  phone: string;
  website: string;
  address: string;
}
