import { z } from "zod";
import { pagingQuerySchemaOf } from "../paging/schema.ts";
import { ORDER_LIMITS, TAX_CENTS } from "../cart/limits.ts";
import type { PaymentView, StaffPaymentView } from "../payments/schema.ts";
import { ORDER_STATUSES, type OrderStatus } from "./rules.ts";
import { orderCustomerFields } from "./customer-schema.ts";

const cents = (message: string) => z.number({ message }).int(message).min(0, message).max(100_000_000, message);

/**
 * One line of the order-creation payload (specification 001, sections 3 and 7). Names and
 * descriptions are hints: the server writes the catalogue's or the deal's own.
 */
export const orderItemInputSchema = z.object({
  serviceId: z
    .string({ message: "orders:validation.serviceRequired" })
    .trim()
    .min(1, "orders:validation.serviceRequired")
    .max(100, "orders:validation.serviceRequired"),
  serviceName: z
    .string({ message: "orders:validation.serviceNameRequired" })
    .trim()
    .min(1, "orders:validation.serviceNameRequired")
    .max(200, "errors:invalidValue"),
  description: z.string().max(2000, "errors:invalidValue").optional(),
  pricingType: z.enum(["fixed", "custom"], { message: "orders:validation.pricingType" }),
  unitPriceCents: z.number({ message: "cart:limits.unitPriceMin" }).int("cart:limits.unitPriceMin"),
  quantity: z.number({ message: "orders:validation.quantityWhole" }).int("orders:validation.quantityWhole").default(1),
  lineTotalCents: z.number({ message: "errors:invalidValue" }).int("errors:invalidValue").optional(),
  customPriceCents: z
    .number({ message: "errors:invalidValue" })
    .int("errors:invalidValue")
    .min(1, "cart:limits.unitPriceMin")
    .max(ORDER_LIMITS.maxUnitPriceCents, "cart:limits.unitPriceMax")
    .nullish(),
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
  ...orderCustomerFields,
  // At most 50 lines is checked with the order's figures, to answer the specification's message.
  items: z.array(orderItemInputSchema, { message: "cart:limits.noItems" }).max(1000, "cart:limits.tooManyItems"),
  currency: z.literal("usd", { message: "orders:validation.currency" }).optional().default("usd"),
  promoCode: z
    .union([
      z.string().max(64, "cart:promo.invalid"),
      z.object({ code: z.string().max(64, "cart:promo.invalid") }).loose(),
    ])
    .nullish()
    .transform((value) => (value == null ? null : typeof value === "string" ? value : value.code)),
  // Tax is the server's (specification 000, section 9: always 0). The payload carries the field, but
  // only with the server's value: a client asking for another tax is told so rather than charged it.
  taxCents: z.literal(TAX_CENTS, { message: "orders:validation.taxIsServers" }).optional().default(TAX_CENTS),
  subtotalCents: cents("errors:invalidValue").optional(),
  discountCents: cents("errors:invalidValue").optional(),
  totalCents: cents("errors:invalidValue").optional(),
  itemCount: z.number().int().optional(),
  language: z.enum(["en", "fr"]).optional(),
});
export type OrderCreateInput = z.output<typeof orderCreateSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** One line of an order, as specification 001 (sections 3 and 7) names its fields. */
export interface OrderItemView {
  id: number;
  orderId: string;
  serviceId: string;
  serviceName: string;
  description: string;
  pricingType: "fixed" | "custom";
  unitPriceCents: number;
  /** A custom-priced line's price (the specification's customPriceCents). */
  customPriceCents?: number;
  quantity: number;
  lineTotalCents: number;
  serviceData: Record<string, unknown>;
  /** The hot deal this line claims, if any. */
  dealId: number | null;
  createdAt: string;
}

/** An order as every reader sees it (the buyer, the receipt, staff). */
export interface OrderView {
  id: string;
  number: string;
  status: OrderStatus;
  currency: "usd";
  language: "en" | "fr";
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string | null;
  customerCompany: string | null;
  orderItems: OrderItemView[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  promoCode: string | null;
  totalCents: number;
  /** What its payments brought in so far, and what was given back. */
  paidCents: number;
  refundedCents: number;
  createdAt: string;
  /** When it was first paid in full. */
  paidAt: string | null;
  cancelledAt: string | null;
  /** The payment method of its latest payment (brand and last 4 only). */
  payment: { provider: string; brand: string | null; last4: string | null } | null;
  /** Why its latest payment was refused, when it was. */
  failureMessage: string | null;
  /** card, or us_bank_account for a bank transfer (ACH). */
  paymentMethodType: "card" | "us_bank_account";
  /** A custom payment's plan and schedule; null for a cart order. */
  paymentPlan: "1time" | "2times" | "3times" | "monthly" | null;
  schedule: InstalmentView[];
  /** Every payment and refund, oldest first. */
  payments: PaymentView[];
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
  /** What staff wrote with their action (a refund's reason). */
  detail: string | null;
  at: string;
}

export type AdminOrderView = Omit<OrderView, "payments"> & {
  history: OrderHistoryEntry[];
  payments: StaffPaymentView[];
};

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "admin:orders.dateInvalid")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "admin:orders.dateInvalid");

/** Orders on a page of staff's list, unless the API client asks for another `limit`. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * Staff's list: by status, a search (name, e-mail, company, phone or order number), the days it was
 * placed in (the agency's time zone), and its page and size (core/paging).
 */
export const adminOrderQuerySchema = z
  .object({
    status: orderStatusSchema.optional(),
    q: z.string().trim().max(200).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    ...pagingQuerySchemaOf(ADMIN_PAGE_SIZE).shape,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "admin:orders.rangeInvalid",
    path: ["to"],
  });

/** The payments export: the days their money moved in (the agency's time zone), at most a year and a day. */
export const paymentExportQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((query) => query.from <= query.to, { message: "admin:orders.rangeInvalid", path: ["to"] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 366 * 24 * 3600_000, {
    message: "admin:orders.rangeTooLong",
    path: ["to"],
  });

/** The Idempotency-Key header: printable, bounded. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_\-:.]{8,200}$/, "orders:errors.idempotencyKey");
