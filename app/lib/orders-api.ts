import type { ServiceData } from "../../core/cart/schema.ts";
import { api } from "./api.ts";
import type { OrderStatus } from "../../core/orders/rules.ts";
import type { OrderView } from "../../core/orders/schema.ts";

// The server's own types (type-only: nothing of the server's modules reaches the browser).
export type { AdminOrderView, OrderView } from "../../core/orders/schema.ts";
export type { OrderStatus };

export interface PaymentIntentView {
  clientSecret: string;
  provider: "sandbox" | "stripe";
  publishableKey?: string | null;
  amountCents: number;
}

/** One line of the order-creation payload (specification 001, sections 3 and 7). */
export interface OrderLineInput {
  serviceId: string;
  serviceName: string;
  description: string;
  pricingType: "fixed" | "custom";
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  customPriceCents?: number;
  serviceData: ServiceData;
}

export interface CustomerInput {
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone?: string;
  customerCompany?: string;
}

/** The order-creation payload of specification 001, section 3 (the figures are hints: the server re-prices). */
export interface OrderCreationInput extends CustomerInput {
  items: OrderLineInput[];
  currency: "usd";
  promoCode: string | null;
  taxCents: 0;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  language: string;
}

interface Data<T> {
  data: T;
}

/** POST /api/orders/guest; the same key answers the same order (a retry or a double click). */
export async function createOrder(input: OrderCreationInput, idempotencyKey: string): Promise<OrderView> {
  return (
    await api<Data<OrderView>>("/api/orders/guest", { json: input, headers: { "idempotency-key": idempotencyKey } })
  ).data;
}

export async function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderView> {
  return (await api<Data<OrderView>>(`/api/orders/guest/${encodeURIComponent(id)}`, { signal })).data;
}

/** Asks the server to check the payment with the provider when its webhook has not arrived yet. */
export async function refreshOrder(id: string, signal?: AbortSignal): Promise<OrderView> {
  return (await api<Data<OrderView>>(`/api/orders/guest/${encodeURIComponent(id)}/refresh`, { method: "POST", signal }))
    .data;
}

export async function fetchPaymentIntent(id: string): Promise<PaymentIntentView> {
  return (await api<Data<PaymentIntentView>>(`/api/orders/guest/${encodeURIComponent(id)}/payment-intent`)).data;
}

export interface SandboxCardInput {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export interface PaymentOutcome {
  status: "succeeded" | "failed";
  message?: string | null;
}

export async function confirmSandboxPayment(input: SandboxCardInput): Promise<PaymentOutcome> {
  return (await api<Data<PaymentOutcome>>("/api/payments/sandbox/confirm", { json: input })).data;
}

/** The receipt's PDF: by its signed token (any device), or by the order for the browser that placed it. */
export function receiptPdfPath(order: Pick<OrderView, "id">, token?: string): string {
  return token
    ? `/api/receipts/${encodeURIComponent(token)}.pdf`
    : `/api/orders/guest/${encodeURIComponent(order.id)}/receipt.pdf`;
}
