/**
 * The one interface every card payment provider implements: Stripe in production, the offline sandbox
 * in development and tests. Both speak Stripe's event format, so one webhook path serves both.
 */

export type ProviderName = "stripe" | "sandbox";

/** A provider's payment intent status, reduced to what an order needs. */
export type IntentState = "succeeded" | "failed" | "processing" | "requires_payment" | "canceled";

export interface IntentRef {
  id: string;
  clientSecret: string;
}

export interface IntentStatus {
  id: string;
  state: IntentState;
  orderId: string | null;
  /** The instalment of a payment schedule this intent charges, if any. */
  instalmentId: number | null;
  failureMessage: string | null;
  brand: string | null;
  last4: string | null;
}

/** A verified provider event, reduced to what an order needs. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** What the event means for an order, or null for an event the shop does not act on. */
  kind: "succeeded" | "failed" | "refunded" | "invoice_paid" | "invoice_failed" | "subscription_cancelled" | null;
  /** For a subscription's invoice or the subscription itself: what a subscription record needs. */
  subscription: SubscriptionFacts | null;
  intentId: string | null;
  orderId: string | null;
  /** The instalment of a payment schedule the event's intent charges, if any. */
  instalmentId: number | null;
  /** The payment method saved for later charges, and its customer, when the intent saved one. */
  paymentMethodId: string | null;
  customerId: string | null;
  failureMessage: string | null;
  brand: string | null;
  last4: string | null;
}

/** A subscription event's facts: the provider's ids, the invoice's amount and the period it pays. */
export interface SubscriptionFacts {
  subscriptionId: string;
  invoiceId: string | null;
  amountCents: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** subscription_create for the first invoice, subscription_cycle for a renewal. */
  reason: string | null;
}

/** What creating an intent needs: the server's amount and the order (and instalment) it pays. */
export interface IntentInput {
  orderId: string;
  amountCents: number;
  currency: "usd";
  idempotencyKey: string;
  /** The instalment it pays, when the order has a schedule. */
  instalmentId?: number | null;
  /** Save the payment method for later off-session charges (Stripe: setup_future_usage). */
  saveForLater?: { customerEmail: string; customerName: string } | null;
  /** A bank debit (ACH) from a verified account rather than a card. */
  bankAccount?: { paymentMethodId: string; customerId: string | null; mandate: { ipAddress: string; userAgent: string } } | null;
}

/** A charge of a saved payment method, decided at once (or processing, for a bank debit). */
export interface SavedCharge {
  intentId: string | null;
  state: IntentState;
  failureMessage: string | null;
  /** The sandbox's signed event for the outcome, handed to the webhook path; null with Stripe. */
  event: { rawBody: string; signature: string } | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The key the browser loads Stripe.js with; null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates (or, for the same idempotency key, finds again) the intent that charges an order. */
  createIntent(input: IntentInput): Promise<IntentRef>;
  /** Saves a bank account as the customer's us_bank_account payment method (the full number goes to the provider only). */
  saveBankAccount(input: { customerEmail: string; holderName: string; routingNumber: string; accountNumber: string; idempotencyKey: string }): Promise<{ paymentMethodId: string; customerId: string | null }>;
  /** Creates a subscription to a plan, its first invoice to be paid with the answered client secret. */
  createSubscription(input: {
    subscriptionId: string;
    planName: string;
    customerEmail: string;
    customerName: string;
    priceCents: number;
    stripePriceId: string | null;
    idempotencyKey: string;
  }): Promise<{ providerSubscriptionId: string; customerId: string | null; clientSecret: string; /** The provider's price, made for the plan if it had none. */ priceId?: string }>;
  /** Cancels a subscription now or at the end of its period; the provider's event then ends it. */
  cancelSubscription(providerSubscriptionId: string, atPeriodEnd: boolean): Promise<void>;
  /** Charges a saved payment method off-session (a later instalment). */
  chargeSaved(input: { orderId: string; instalmentId: number; amountCents: number; paymentMethodId: string; customerId: string | null; idempotencyKey: string }): Promise<SavedCharge>;
  /** The intent's current status, asked of the provider (decision 7: the provider says when it is paid). */
  retrieveIntent(intentId: string): Promise<IntentStatus>;
  /** Cancels an unpaid intent so that it can no longer be charged. */
  cancelIntent(intentId: string): Promise<void>;
  /** Refunds a paid intent in full. */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<void>;
  /** Verifies a webhook's signature over its raw body; throws a WebhookSignatureError when it does not hold. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** A Stripe-format event object (payment_intent.* or charge.refunded), reduced to what an order needs. */
export function readStripeEvent(event: { id: string; type: string; data?: { object?: Record<string, unknown> } }): PaymentEvent {
  // A signed event is Stripe's (or the sandbox's), but its shape is still checked rather than trusted.
  const object = event.data?.object && typeof event.data.object === "object" ? event.data.object : {};
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const orderId = typeof metadata.orderId === "string" ? metadata.orderId : null;
  const instalmentId = instalmentOf(metadata);
  const paymentMethodId = typeof object.payment_method === "string" ? object.payment_method.slice(0, 255) : null;
  const customerId = typeof object.customer === "string" ? object.customer.slice(0, 255) : null;
  const base = { id: String(event.id), type: String(event.type), orderId, instalmentId, paymentMethodId, customerId, failureMessage: null, brand: null, last4: null, subscription: null };
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const facts = invoiceFacts(object);
    if (!facts) return { ...base, kind: null, intentId: null };
    return { ...base, kind: event.type === "invoice.paid" ? "invoice_paid" : "invoice_failed", intentId: null, subscription: facts, failureMessage: typeof object.failure_message === "string" ? object.failure_message.slice(0, 500) : null };
  }
  if (event.type === "customer.subscription.deleted" && typeof object.id === "string") {
    return { ...base, kind: "subscription_cancelled", intentId: null, subscription: { subscriptionId: object.id, invoiceId: null, amountCents: 0, periodStart: null, periodEnd: null, reason: null } };
  }
  if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") {
    const lastError = object.last_payment_error as { message?: unknown } | null | undefined;
    const card = cardOf(object.latest_charge);
    const bank = bankOf(object.latest_charge);
    return {
      ...base,
      kind: event.type === "payment_intent.succeeded" ? "succeeded" : "failed",
      intentId: typeof object.id === "string" ? object.id : null,
      failureMessage: typeof lastError?.message === "string" ? lastError.message.slice(0, 500) : null,
      ...(bank.last4 ? bank : card),
    };
  }
  if (event.type === "charge.refunded") {
    const refundedInFull = object.refunded === true;
    return { ...base, kind: refundedInFull ? "refunded" : null, intentId: typeof object.payment_intent === "string" ? object.payment_intent : null };
  }
  return { ...base, kind: null, intentId: null };
}

/** Brand and last 4 of an expanded charge (`latest_charge` as an object); nulls when not expanded. */
export function cardOf(charge: unknown): { brand: string | null; last4: string | null } {
  if (!charge || typeof charge !== "object") return { brand: null, last4: null };
  const card = (charge as { payment_method_details?: { card?: { brand?: unknown; last4?: unknown } } }).payment_method_details?.card;
  return {
    brand: typeof card?.brand === "string" ? card.brand.slice(0, 20) : null,
    last4: typeof card?.last4 === "string" && /^\d{4}$/.test(card.last4) ? card.last4 : null,
  };
}

/** "bank" and the account's last 4 of an expanded ACH charge; nulls otherwise. */
export function bankOf(charge: unknown): { brand: string | null; last4: string | null } {
  if (!charge || typeof charge !== "object") return { brand: null, last4: null };
  const bank = (charge as { payment_method_details?: { us_bank_account?: { last4?: unknown } } }).payment_method_details?.us_bank_account;
  return typeof bank?.last4 === "string" && /^\d{4}$/.test(bank.last4) ? { brand: "bank", last4: bank.last4 } : { brand: null, last4: null };
}

/** The instalment id an intent's metadata names, or null. */
export function instalmentOf(metadata: Record<string, unknown> | null | undefined): number | null {
  const value = metadata?.instalmentId;
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

const seconds = (value: unknown): Date | null => (typeof value === "number" && Number.isFinite(value) ? new Date(value * 1000) : null);

/** An invoice's subscription, amount and period (the line's period: an invoice's own is the previous one). */
export function invoiceFacts(invoice: Record<string, unknown>): SubscriptionFacts | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const subscription = typeof invoice.subscription === "string" ? invoice.subscription : typeof parent?.subscription_details?.subscription === "string" ? parent.subscription_details.subscription : null;
  if (!subscription) return null;
  const lines = (invoice.lines as { data?: Array<{ period?: { start?: unknown; end?: unknown } }> } | undefined)?.data ?? [];
  const period = lines[0]?.period;
  const amount = typeof invoice.amount_paid === "number" && invoice.amount_paid > 0 ? invoice.amount_paid : typeof invoice.amount_due === "number" ? invoice.amount_due : 0;
  return {
    subscriptionId: subscription.slice(0, 255),
    invoiceId: typeof invoice.id === "string" ? invoice.id.slice(0, 255) : null,
    amountCents: Number.isInteger(amount) ? amount : 0,
    periodStart: seconds(period?.start ?? invoice.period_start),
    periodEnd: seconds(period?.end ?? invoice.period_end),
    reason: typeof invoice.billing_reason === "string" ? invoice.billing_reason : null,
  };
}
