import type { InstalmentView, OrderItemView, OrderView } from "../../core/orders/schema.ts";
import type { PaymentView, StaffPaymentView } from "../../core/payments/schema.ts";

// The messages, the company and the time zone are every e-mail's and document's: kept here for the order
// tests that take them from this module.
export { company, translate, translateIn, ZONE } from "./mail-fixtures.ts";

const ORDER_ID = "0bb16863-7f4e-4f7c-9a51-2d8e8d3b7c11";

/** One line of an order: a $500.00 consultation. */
export function orderItem(overrides: Partial<OrderItemView> = {}): OrderItemView {
  return {
    id: 1,
    orderId: ORDER_ID,
    serviceId: "marketing_consultation",
    serviceName: "Marketing Consultation",
    description: "",
    pricingType: "custom",
    unitPriceCents: 50_000,
    quantity: 1,
    lineTotalCents: 50_000,
    serviceData: {},
    dealId: null,
    createdAt: "2026-11-25T15:00:00.000Z",
    ...overrides,
  };
}

/** An order as GET /api/orders/guest/{id} and the receipt answer it (decision 28), paid by card unless told otherwise. */
export function orderView(overrides: Partial<OrderView> = {}): OrderView {
  const id = overrides.id ?? ORDER_ID;
  return {
    id,
    number: id.slice(0, 8).toUpperCase(),
    status: "paid",
    currency: "usd",
    language: "en",
    customerFirstName: "Ada",
    customerLastName: "Lovelace",
    customerEmail: "ada@example.com",
    customerPhone: null,
    customerCompany: null,
    orderItems: [orderItem({ orderId: id })],
    subtotalCents: 50_000,
    discountCents: 0,
    taxCents: 0,
    promoCode: null,
    totalCents: 50_000,
    paidCents: 50_000,
    refundedCents: 0,
    createdAt: "2026-11-25T15:00:00.000Z",
    paidAt: "2026-11-25T15:01:00.000Z",
    cancelledAt: null,
    payment: { provider: "sandbox", brand: "visa", last4: "4242" },
    failureMessage: null,
    paymentMethodType: "card",
    paymentPlan: null,
    schedule: [],
    payments: [payment()],
    receiptUrl: "/receipt/signed-token",
    ...overrides,
  };
}

/** One charge (or refund) of an order. */
export function payment(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: "pay_1",
    kind: "charge",
    status: "succeeded",
    method: "card",
    amountCents: 50_000,
    currency: "usd",
    brand: "visa",
    last4: "4242",
    failureMessage: null,
    part: null,
    refundOf: null,
    automatic: null,
    createdAt: "2026-11-25T15:00:30.000Z",
    settledAt: "2026-11-25T15:01:00.000Z",
    ...overrides,
  };
}

/**
 * A card charge or refund of `amountCents` in `status`, made and settled at `settledAt` (null: not settled,
 * made at the fixtures' usual time); its id says what it is (`charge-108000-succeeded`).
 */
export function movement(
  kind: PaymentView["kind"],
  amountCents: number,
  status: PaymentView["status"],
  settledAt: string | null,
  overrides: Partial<PaymentView> = {},
): PaymentView {
  return payment({
    id: `${kind}-${amountCents}-${status}`,
    kind,
    status,
    amountCents,
    createdAt: settledAt ?? "2026-11-25T15:00:00.000Z",
    settledAt,
    ...overrides,
  });
}

/** A charge (or refund) as staff see it: no reason, no one asked, tried once if at all. */
export function staffPayment(overrides: Partial<StaffPaymentView> = {}): StaffPaymentView {
  return { ...payment(), reason: null, actor: null, attempts: 0, nextAttemptAt: null, ...overrides };
}

/** An instalment of a custom payment's schedule. */
export function instalment(position: number, overrides: Partial<InstalmentView> = {}): InstalmentView {
  return {
    id: position,
    position,
    amountCents: 50_000,
    dueAt: new Date(Date.UTC(2026, 10 + position - 1, 25, 15)).toISOString(),
    status: "due",
    attempts: 0,
    nextAttemptAt: null,
    paidAt: null,
    failureMessage: null,
    ...overrides,
  };
}

/**
 * Three instalments of $500.00 due October 27, November 27 and December 27 (New York time), in these
 * statuses (a paid one paid on its day), each with its own overrides.
 */
export function threeInstalments(
  statuses: Array<InstalmentView["status"]>,
  overrides: Array<Partial<InstalmentView>> = [],
): InstalmentView[] {
  return statuses.map((status, index) => {
    const dueAt = ["2026-10-27T15:00:00.000Z", "2026-11-27T15:00:00.000Z", "2026-12-27T15:00:00.000Z"][index];
    return instalment(index + 1, { dueAt, status, paidAt: status === "paid" ? dueAt : null, ...overrides[index] });
  });
}

/** $1,500 in 3 instalments, the first paid. */
export function partlyPaidOrder(): OrderView {
  return orderView({
    status: "partially_paid",
    totalCents: 150_000,
    subtotalCents: 150_000,
    paidCents: 50_000,
    paidAt: null,
    paymentPlan: "3times",
    orderItems: [orderItem({ serviceName: "Video Marketing", unitPriceCents: 150_000, lineTotalCents: 150_000 })],
    schedule: [instalment(1, { status: "paid", paidAt: "2026-11-25T15:01:00.000Z" }), instalment(2), instalment(3)],
    payments: [payment({ part: 1 })],
  });
}

/** A bank transfer the bank has not confirmed yet. */
export function bankProcessingOrder(): OrderView {
  return orderView({
    status: "processing",
    paidCents: 0,
    paidAt: null,
    paymentMethodType: "us_bank_account",
    payment: { provider: "sandbox", brand: "bank", last4: "6789" },
    payments: [
      payment({ status: "processing", method: "us_bank_account", brand: "bank", last4: "6789", settledAt: null }),
    ],
  });
}
