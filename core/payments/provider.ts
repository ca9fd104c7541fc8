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
  failureMessage: string | null;
  brand: string | null;
  last4: string | null;
}

/** A verified provider event, reduced to what an order needs. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** What the event means for an order, or null for an event the shop does not act on. */
  kind: "succeeded" | "failed" | "refunded" | null;
  intentId: string | null;
  orderId: string | null;
  failureMessage: string | null;
  brand: string | null;
  last4: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The key the browser loads Stripe.js with; null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates (or, for the same idempotency key, finds again) the intent that charges an order. */
  createIntent(input: { orderId: string; amountCents: number; currency: "usd"; idempotencyKey: string }): Promise<IntentRef>;
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
  const base = { id: String(event.id), type: String(event.type), orderId, failureMessage: null, brand: null, last4: null };
  if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") {
    const lastError = object.last_payment_error as { message?: unknown } | null | undefined;
    const card = cardOf(object.latest_charge);
    return {
      ...base,
      kind: event.type === "payment_intent.succeeded" ? "succeeded" : "failed",
      intentId: typeof object.id === "string" ? object.id : null,
      failureMessage: typeof lastError?.message === "string" ? lastError.message.slice(0, 500) : null,
      ...card,
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
