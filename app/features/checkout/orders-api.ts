import type { ServiceData } from "../../../core/cart/schema.ts";
import { api } from "../../lib/api.ts";

/** An order's status (specification 001, section 4), plus "refunded" for a paid order given back in full. */
export type OrderStatus = "pending" | "requires_payment" | "paid" | "failed" | "cancelled" | "refunded";

/** Statuses after which nothing more happens without staff: the success page stops asking. */
export const SETTLED_STATUSES: readonly OrderStatus[] = ["paid", "failed", "cancelled", "refunded"];

export interface OrderItemView {
  serviceId: string;
  name: string;
  description: string;
  pricingType: "fixed" | "custom";
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  dealId?: number | string | null;
}

/** An order as the server answers it: the server's figures, never the browser's. */
export interface OrderView {
  id: string;
  /** The first 8 characters of the id, uppercased (specification 001, section 9). */
  number: string;
  status: OrderStatus;
  currency: string;
  language: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone?: string | null;
  customerCompany?: string | null;
  items: OrderItemView[];
  subtotalCents: number;
  discountCents: number;
  taxCents?: number;
  promoCode: string | null;
  totalCents: number;
  createdAt: string;
  paidAt: string | null;
  payment: { provider: string; brand?: string | null; last4?: string | null } | null;
  failureMessage?: string | null;
  /** The receipt page's address (/receipt/<signed token>, without a language prefix), for the buyer and staff. */
  receiptUrl?: string | null;
}

export interface HistoryEntry {
  from: OrderStatus | null;
  to: OrderStatus;
  cause: string;
  eventId?: string | null;
  actor?: string | null;
  at: string;
}

export interface AdminOrderView extends OrderView {
  history: HistoryEntry[];
}

/** The company details printed on a receipt (from the server's configuration). */
export interface ReceiptCompany {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | readonly string[] | null;
}

export interface ReceiptView extends OrderView {
  company?: ReceiptCompany | null;
}

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
  return (await api<Data<OrderView>>("/api/orders/guest", { json: input, headers: { "idempotency-key": idempotencyKey } })).data;
}

export async function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderView> {
  return (await api<Data<OrderView>>(`/api/orders/guest/${encodeURIComponent(id)}`, { signal })).data;
}

/** Asks the server to check the payment with the provider when its webhook has not arrived yet. */
export async function refreshOrder(id: string, signal?: AbortSignal): Promise<OrderView> {
  return (await api<Data<OrderView>>(`/api/orders/guest/${encodeURIComponent(id)}/refresh`, { method: "POST", signal })).data;
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

export async function fetchReceipt(token: string, signal?: AbortSignal): Promise<ReceiptView> {
  return (await api<Data<ReceiptView>>(`/api/receipts/${encodeURIComponent(token)}`, { signal })).data;
}

/** The receipt's PDF: by its signed token (any device), or by the order for the browser that placed it. */
export function receiptPdfPath(order: Pick<OrderView, "id">, token?: string): string {
  return token ? `/api/receipts/${encodeURIComponent(token)}.pdf` : `/api/orders/guest/${encodeURIComponent(order.id)}/receipt.pdf`;
}
