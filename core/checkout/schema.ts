import { z } from "zod";
import { pagingQuerySchemaOf } from "../paging/schema.ts";
import { CUSTOM_AMOUNT_MAX_CENTS, CUSTOM_AMOUNT_MIN_CENTS } from "../instalments/rules.ts";
import { CUSTOM_PAYMENT_MESSAGES, isWholeCents } from "../instalments/schema.ts";
import { BANK_ACCOUNT_ID, BANK_MESSAGES } from "../payments/bank.ts";
import { line } from "../text.ts";

/**
 * The requests of the checkout's other ways to pay, as their routes validate them and their services
 * parse them (a bank transfer, a subscription); zod messages are translation keys.
 */

const M = BANK_MESSAGES;
const text = (max: number) => line({ message: M.missing }).trim().min(1, M.missing).max(max, "errors:invalidValue");

/** POST /api/verify-bank-account (specification 001, section 7): every field required. */
export const verifyBankSchema = z.strictObject({
  accountNumber: z.string({ message: M.missing }).trim().min(1, M.missing).max(40, M.accountInvalid),
  routingNumber: z.string({ message: M.missing }).trim().min(1, M.missing).max(20, M.routingInvalid),
  accountHolderName: text(200),
  customerEmail: text(254).pipe(z.email(M.emailInvalid)),
  customerName: line().trim().max(200).optional(),
});

const amountSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z
    .number({ message: CUSTOM_PAYMENT_MESSAGES.amountNumber })
    .min(CUSTOM_AMOUNT_MIN_CENTS / 100, CUSTOM_PAYMENT_MESSAGES.amountMin)
    .max(CUSTOM_AMOUNT_MAX_CENTS / 100, CUSTOM_PAYMENT_MESSAGES.amountMax)
    .refine(isWholeCents, CUSTOM_PAYMENT_MESSAGES.amountStep),
);

/** POST /api/create-ach-payment: the amount checked as a custom payment's, and the verified account. */
export const achPaymentSchema = z.strictObject({
  amount: amountSchema,
  customerEmail: text(254).pipe(z.email(M.emailInvalid)),
  customerName: text(200),
  serviceName: line().trim().min(1).max(200).optional(),
  bankAccountId: z.string({ message: M.notVerified }).regex(BANK_ACCOUNT_ID, M.notVerified),
  language: z.enum(["en", "fr"]).optional(),
});

export const SUBSCRIPTION_MESSAGES = {
  unknownPlan: "payments:subscription.unknownPlan",
  nameRequired: "payments:subscription.nameRequired",
  emailInvalid: "payments:subscription.emailInvalid",
  notFound: "payments:subscription.notFound",
  cannotCancel: "payments:subscription.cannotCancel",
  cannotResume: "payments:subscription.cannotResume",
  cannotRenew: "payments:subscription.cannotRenew",
  alreadyActive: "payments:subscription.alreadyActive",
} as const;

const S = SUBSCRIPTION_MESSAGES;

/** POST /api/get-or-create-subscription: the values typed in the form (decision 5), and the plan by name. */
export const subscriptionRequestSchema = z.strictObject({
  name: line({ message: S.nameRequired }).trim().min(1, S.nameRequired).max(200, "errors:invalidValue"),
  email: line({ message: S.emailInvalid }).trim().max(254, S.emailInvalid).pipe(z.email(S.emailInvalid)),
  // The documents' priceId names the plan; the price itself is always the plan's (decision 4).
  priceId: z.string().trim().max(100).optional(),
  plan: z.string().trim().max(100).optional(),
  language: z.enum(["en", "fr"]).optional(),
});

/** Subscriptions on a page of staff's list, unless an API client asks for another `limit`. */
export const STAFF_SUBSCRIPTIONS_PAGE_SIZE = 50;

/** Staff's list of subscriptions: a search by e-mail or name (`q`), its page and size (core/paging). */
export const staffSubscriptionQuerySchema = z.object({
  q: z.string().trim().max(200, "errors:paging.searchTooLong").optional(),
  ...pagingQuerySchemaOf(STAFF_SUBSCRIPTIONS_PAGE_SIZE).shape,
});
