import type { InstalmentView, OrderView } from "../../core/orders/schema.ts";
import type { PaymentView } from "../../core/payments/schema.ts";

/** An order as GET /api/orders/guest/{id} and the receipt answer it (decision 28), paid by card unless told otherwise. */
export function orderView(overrides: Partial<OrderView> = {}): OrderView {
  const id = overrides.id ?? "0bb16863-7f4e-4f7c-9a51-2d8e8d3b7c11";
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
    orderItems: [
      {
        id: 1,
        orderId: id,
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
      },
    ],
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

/** $1,500 in 3 instalments, the first paid. */
export function partlyPaidOrder(): OrderView {
  return orderView({
    status: "partially_paid",
    totalCents: 150_000,
    subtotalCents: 150_000,
    paidCents: 50_000,
    paidAt: null,
    paymentPlan: "3times",
    orderItems: [
      {
        ...orderView().orderItems[0]!,
        serviceName: "Video Marketing",
        unitPriceCents: 150_000,
        lineTotalCents: 150_000,
      },
    ],
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
