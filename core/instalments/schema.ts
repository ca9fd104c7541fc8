import { z } from "zod";
import { line } from "../text.ts";
import { CUSTOM_AMOUNT_MAX_CENTS, CUSTOM_AMOUNT_MIN_CENTS, PAYMENT_PLANS } from "./rules.ts";

export const CUSTOM_PAYMENT_MESSAGES = {
  amountNumber: "payments:custom.amountNumber",
  amountMin: "payments:custom.amountMin",
  amountMax: "payments:custom.amountMax",
  amountStep: "payments:custom.amountStep",
  planInvalid: "payments:custom.planInvalid",
  serviceRequired: "payments:custom.serviceRequired",
  nameRequired: "payments:custom.nameRequired",
  emailInvalid: "payments:custom.emailInvalid",
} as const;

const M = CUSTOM_PAYMENT_MESSAGES;

/** Whether a dollar amount is in whole cents (step 0.01), allowing for binary fractions. */
export function isWholeCents(amount: number): boolean {
  return Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/** Dollars as typed (a number, or its text from a form) to a number; anything else stays as is and fails. */
const dollars = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z
    .number({ message: M.amountNumber })
    .refine(Number.isFinite, M.amountNumber)
    .min(CUSTOM_AMOUNT_MIN_CENTS / 100, M.amountMin)
    .max(CUSTOM_AMOUNT_MAX_CENTS / 100, M.amountMax)
    .refine(isWholeCents, M.amountStep),
);

/**
 * A custom payment (specification 001, sections 3 and 5): amount $10 to $50,000 in steps of 0.01, the
 * plan, the service's name; and the payer's name and e-mail, whom the receipt and the instalments'
 * e-mails go to (decision 6: a real person, never a placeholder).
 */
export const customPaymentSchema = z.strictObject({
  amount: dollars,
  paymentPlan: z.enum(PAYMENT_PLANS, { message: M.planInvalid }),
  serviceName: line({ message: M.serviceRequired }).trim().min(1, M.serviceRequired).max(200, "errors:invalidValue"),
  customerName: line({ message: M.nameRequired }).trim().min(1, M.nameRequired).max(200, "errors:invalidValue"),
  customerEmail: line({ message: M.emailInvalid }).trim().max(254, M.emailInvalid).pipe(z.email(M.emailInvalid)),
  language: z.enum(["en", "fr"]).optional(),
});
export type CustomPaymentInput = z.output<typeof customPaymentSchema>;

/** "Ada King Lovelace" → first "Ada", last "King Lovelace" (an order keeps both). */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/);
  return { first: words[0] ?? "", last: words.slice(1).join(" ") };
}

/**
 * The order fields of a payment of one amount by the person the form names (a custom payment, a bank
 * transfer): who pays, in which language, and the amount as subtotal and total.
 */
export function singleAmountOrderFields(
  request: { customerName: string; customerEmail: string; language?: "en" | "fr" },
  context: { language: "en" | "fr"; userId?: string | null },
  amountCents: number,
) {
  const name = splitName(request.customerName);
  return {
    userId: context.userId ?? null,
    language: request.language ?? context.language,
    customerFirstName: name.first,
    customerLastName: name.last,
    customerEmail: request.customerEmail,
    subtotalCents: amountCents,
    totalCents: amountCents,
  };
}
