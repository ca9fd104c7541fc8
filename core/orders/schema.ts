import { z } from "zod";
import { ORDER_LIMITS } from "../cart/limits.ts";
import { ORDER_STATUSES } from "./rules.ts";

const cents = (message: string) => z.number({ message }).int(message).min(0, message).max(100_000_000, message);
const optionalText = (max: number) =>
  z
    .string({ message: "errors:invalidValue" })
    .trim()
    .max(max, "errors:invalidValue")
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * One line of the order-creation payload (specification 001, sections 3 and 7). Names and
 * descriptions are hints: the server writes the catalogue's or the deal's own.
 */
export const orderItemInputSchema = z.object({
  serviceId: z.string({ message: "orders:validation.serviceRequired" }).trim().min(1, "orders:validation.serviceRequired").max(100, "orders:validation.serviceRequired"),
  serviceName: z.string({ message: "orders:validation.serviceNameRequired" }).trim().min(1, "orders:validation.serviceNameRequired").max(200, "errors:invalidValue"),
  description: z.string().max(2000, "errors:invalidValue").optional(),
  pricingType: z.enum(["fixed", "custom"], { message: "orders:validation.pricingType" }),
  unitPriceCents: z.number({ message: "cart:limits.unitPriceMin" }).int("cart:limits.unitPriceMin"),
  quantity: z.number({ message: "orders:validation.quantityWhole" }).int("orders:validation.quantityWhole").default(1),
  lineTotalCents: z.number({ message: "errors:invalidValue" }).int("errors:invalidValue").optional(),
  customPriceCents: z.number({ message: "errors:invalidValue" }).int("errors:invalidValue").min(1, "cart:limits.unitPriceMin").max(ORDER_LIMITS.maxUnitPriceCents, "cart:limits.unitPriceMax").nullish(),
  serviceData: z.record(z.string(), z.json()).optional().default({}),
  // Fields the cart keeps on a line that the order does not need.
  id: z.string().max(100).optional(),
  minPriceCents: z.number().int().nullish(),
  maxPriceCents: z.number().int().nullish(),
  fixedPriceCents: z.number().int().nullish(),
  addedAt: z.string().max(40).optional(),
});
export type OrderItemInput = z.output<typeof orderItemInputSchema>;

/** The order-creation payload (specification 001, section 3), with the cart's totals as optional hints. */
export const orderCreateSchema = z.strictObject({
  customerFirstName: z.string({ message: "orders:validation.firstNameRequired" }).trim().min(1, "orders:validation.firstNameRequired").max(100, "errors:invalidValue"),
  customerLastName: z.string({ message: "orders:validation.lastNameRequired" }).trim().min(1, "orders:validation.lastNameRequired").max(100, "errors:invalidValue"),
  customerEmail: z.string({ message: "orders:validation.emailInvalid" }).trim().max(254, "orders:validation.emailInvalid").pipe(z.email("orders:validation.emailInvalid")),
  customerPhone: optionalText(40),
  customerCompany: optionalText(200),
  // At most 50 lines is checked with the order's figures, to answer the specification's message.
  items: z.array(orderItemInputSchema, { message: "cart:limits.noItems" }).max(1000, "cart:limits.tooManyItems"),
  currency: z.literal("usd", { message: "orders:validation.currency" }).optional().default("usd"),
  promoCode: z
    .union([z.string().max(64, "cart:promo.invalid"), z.object({ code: z.string().max(64, "cart:promo.invalid") }).loose()])
    .nullish()
    .transform((value) => (value == null ? null : typeof value === "string" ? value : value.code)),
  // Above $10,000 is refused with the order limits' message (checkOrderLimits), which names the amount.
  taxCents: cents("errors:invalidValue").optional().default(0),
  subtotalCents: cents("errors:invalidValue").optional(),
  discountCents: cents("errors:invalidValue").optional(),
  totalCents: cents("errors:invalidValue").optional(),
  itemCount: z.number().int().optional(),
  language: z.enum(["en", "fr"]).optional(),
});
export type OrderCreateInput = z.output<typeof orderCreateSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** An order as every reader sees it (the buyer, the receipt, staff). */
export interface OrderView {
  id: string;
  number: string;
  status: (typeof ORDER_STATUSES)[number];
  currency: "usd";
  language: "en" | "fr";
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string | null;
  customerCompany: string | null;
  items: Array<{
    serviceId: string;
    name: string;
    description: string;
    pricingType: "fixed" | "custom";
    unitPriceCents: number;
    quantity: number;
    totalCents: number;
    dealId: number | null;
  }>;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  promoCode: string | null;
  totalCents: number;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  payment: { provider: string; brand: string | null; last4: string | null } | null;
  failureMessage: string | null;
  /** card, or us_bank_account for a bank transfer (ACH). */
  paymentMethodType: "card" | "us_bank_account";
  /** A custom payment's plan and schedule; null for a cart order. */
  paymentPlan: "1time" | "2times" | "3times" | "monthly" | null;
  schedule: InstalmentView[];
  /** The receipt page's address (without a language prefix), for the buyer and staff. */
  receiptUrl: string;
}

/** One instalment of an order's payment schedule. */
export interface InstalmentView {
  id: number;
  position: number;
  amountCents: number;
  dueAt: string;
  status: "due" | "processing" | "paid" | "failed" | "cancelled";
  attempts: number;
  nextAttemptAt: string | null;
  paidAt: string | null;
  failureMessage: string | null;
}

export interface OrderHistoryEntry {
  from: string | null;
  to: string;
  cause: string;
  eventId: string | null;
  actor: string | null;
  at: string;
}

export type AdminOrderView = OrderView & { history: OrderHistoryEntry[] };

export const adminOrderQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

/** The Idempotency-Key header: printable, bounded. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_\-:.]{8,200}$/, "orders:errors.idempotencyKey");
