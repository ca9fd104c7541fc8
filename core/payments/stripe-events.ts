import {
  WebhookSignatureError,
  type ChargeFacts,
  type ChargeState,
  type ProviderEvent,
  type ProviderFact,
  type RefundState,
} from "./provider.ts";

/**
 * Stripe's event format read into our terms. Stripe's own events and the sandbox's (which signs the same
 * format) go through it; a signed event's shape is still checked rather than trusted.
 */

type StripeObject = Record<string, unknown>;

const text = (value: unknown, max = 255): string | null =>
  typeof value === "string" && value.length > 0 ? value.slice(0, max) : null;
const whole = (value: unknown): number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0;
const seconds = (value: unknown): Date | null =>
  typeof value === "number" && Number.isFinite(value) ? new Date(value * 1000) : null;
const idOf = (value: unknown): string | null =>
  text(value) ?? (value && typeof value === "object" ? text((value as StripeObject).id) : null);

/** How far ahead of our clock a signed event may be dated (Stripe's own tolerance, the other way). */
export const FUTURE_TOLERANCE_SECONDS = 300;

/**
 * Refuses a signed event dated more than five minutes ahead of our clock. Stripe's library refuses old
 * signatures (a replay) but accepts any date in the future, which would let a captured signature be
 * replayed for as long as its author chose. Called after the signature itself was verified.
 */
export function refuseFutureSignature(header: string, now: number = Date.now()): void {
  const signedAt = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1] ?? Number.NaN);
  if (!Number.isFinite(signedAt)) throw new WebhookSignatureError("no timestamp in the signature");
  if (signedAt - Math.floor(now / 1000) > FUTURE_TOLERANCE_SECONDS)
    throw new WebhookSignatureError("the signature is dated in the future");
}

/** What verifies a Stripe-Signature header: Stripe's library (`stripe.webhooks`). */
interface SignatureChecker {
  constructEvent(payload: string, header: string, secret: string): unknown;
}

/**
 * A webhook's event, once its signature holds (Stripe's own check of the body and of an old date, then
 * refuseFutureSignature), read into our terms; a WebhookSignatureError otherwise. Stripe's events and the
 * sandbox's, which signs the same format, are verified alike.
 */
export function verifiedStripeEvent(
  checker: SignatureChecker,
  rawBody: string,
  signature: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError("missing Stripe-Signature header");
  let event: unknown;
  try {
    event = checker.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  refuseFutureSignature(signature);
  return readStripeEvent(event as { id: string; type: string; data: { object: unknown } });
}

/** Our payment's id in an object's metadata (a UUID), or null. */
export function paymentIdOf(metadata: unknown): string | null {
  const value = metadata && typeof metadata === "object" ? (metadata as StripeObject).paymentId : null;
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)
    ? value
    : null;
}

/** Brand and last 4 of an expanded charge (`latest_charge` as an object): a card's, or "bank" and the account's. */
export function cardOf(charge: unknown): { brand: string | null; last4: string | null } {
  if (!charge || typeof charge !== "object") return { brand: null, last4: null };
  const details = (
    charge as {
      payment_method_details?: { card?: { brand?: unknown; last4?: unknown }; us_bank_account?: { last4?: unknown } };
    }
  ).payment_method_details;
  const bankLast4 = details?.us_bank_account?.last4;
  if (typeof bankLast4 === "string" && /^\d{4}$/.test(bankLast4)) return { brand: "bank", last4: bankLast4 };
  const card = details?.card;
  return {
    brand: typeof card?.brand === "string" ? card.brand.slice(0, 20) : null,
    last4: typeof card?.last4 === "string" && /^\d{4}$/.test(card.last4) ? card.last4 : null,
  };
}

/** A payment intent's status in our terms. Stripe puts a declined intent back to requires_payment_method with its last error. */
export function chargeStateOf(status: unknown, hasError: boolean): ChargeState {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "processing":
    case "requires_capture":
      return "processing";
    case "canceled":
      return "cancelled";
    default:
      return hasError ? "failed" : "requires_payment";
  }
}

/** A payment intent object read into a charge's facts. */
export function chargeOf(intent: StripeObject, eventType?: string): ChargeFacts {
  const lastError = intent.last_payment_error as { message?: unknown } | null | undefined;
  // An event names the outcome even when the intent's status field says otherwise.
  const state: ChargeState =
    eventType === "payment_intent.succeeded"
      ? "succeeded"
      : eventType === "payment_intent.payment_failed"
        ? "failed"
        : eventType === "payment_intent.processing"
          ? "processing"
          : eventType === "payment_intent.canceled"
            ? "cancelled"
            : chargeStateOf(intent.status, Boolean(lastError));
  const saved = text(intent.setup_future_usage) || intent.off_session === true ? idOf(intent.payment_method) : null;
  return {
    intentId: text(intent.id) ?? "",
    paymentId: paymentIdOf(intent.metadata),
    state,
    amountCents: whole(intent.amount_received) || whole(intent.amount),
    currency: text(intent.currency, 10) ?? "",
    failureMessage:
      state === "failed" && typeof lastError?.message === "string" ? lastError.message.slice(0, 500) : null,
    ...cardOf(intent.latest_charge),
    savedMethodId: saved,
    customerId: saved ? idOf(intent.customer) : null,
    clientSecret: text(intent.client_secret, 500),
  };
}

function refundStateOf(status: unknown): RefundState {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/** Stripe's refund failure reasons, as staff read them. */
const REFUND_FAILURES: Record<string, string> = {
  lost_or_stolen_card: "The card was reported lost or stolen: the bank refused the refund.",
  expired_or_canceled_card: "The card has expired or was cancelled: the bank refused the refund.",
  charge_for_pending_refund_disputed: "The payment is disputed: it cannot be refunded until the dispute ends.",
  insufficient_funds: "The account did not have the funds to make the refund.",
  declined: "The bank declined the refund.",
  merchant_request: "The refund was cancelled at the provider.",
};

/** A refund object read into our terms. */
export function refundOf(refund: StripeObject): Extract<ProviderFact, { kind: "refund" }> {
  const metadata = refund.metadata as StripeObject | undefined;
  const refundId =
    typeof metadata?.refundId === "string" && /^[0-9a-f-]{36}$/.test(metadata.refundId) ? metadata.refundId : null;
  return {
    kind: "refund",
    providerRefundId: text(refund.id) ?? "",
    intentId: idOf(refund.payment_intent),
    refundId,
    state: refundStateOf(refund.status),
    amountCents: whole(refund.amount),
    failureMessage:
      refundStateOf(refund.status) === "failed"
        ? (REFUND_FAILURES[String(refund.failure_reason)] ?? "The refund failed at the provider.")
        : null,
  };
}

/** The subscription an invoice belongs to (an older API's field, or the newer parent's). */
function invoiceSubscription(invoice: StripeObject): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(invoice.subscription) ?? idOf(parent?.subscription_details?.subscription);
}

/** The payment intent that paid an invoice (an older API's field, or the newer payments list). */
function invoiceIntent(invoice: StripeObject): string | null {
  const direct = idOf(invoice.payment_intent);
  if (direct) return direct;
  const payments =
    (invoice.payments as { data?: Array<{ payment?: { payment_intent?: unknown } }> } | undefined)?.data ?? [];
  return idOf(payments[0]?.payment?.payment_intent);
}

function invoiceOf(invoice: StripeObject, paid: boolean): ProviderFact | null {
  const providerSubscriptionId = invoiceSubscription(invoice);
  const invoiceId = text(invoice.id);
  if (!providerSubscriptionId || !invoiceId) return null;
  // The line's period is the one the invoice pays: an invoice's own period is the previous one.
  const lines =
    (invoice.lines as { data?: Array<{ period?: { start?: unknown; end?: unknown } }> } | undefined)?.data ?? [];
  const period = lines[0]?.period;
  const amount = paid ? whole(invoice.amount_paid) || whole(invoice.amount_due) : whole(invoice.amount_due);
  return {
    kind: "invoice",
    providerSubscriptionId,
    invoiceId,
    intentId: invoiceIntent(invoice),
    paid,
    amountCents: amount,
    currency: text(invoice.currency, 10) ?? "",
    periodStart: seconds(period?.start ?? invoice.period_start),
    periodEnd: seconds(period?.end ?? invoice.period_end),
    reason: text(invoice.billing_reason, 50),
    failureMessage: paid ? null : text(invoice.failure_message, 500),
    ...cardOf(invoice.charge),
  };
}

function subscriptionOf(subscription: StripeObject, ended: boolean): ProviderFact | null {
  const providerSubscriptionId = text(subscription.id);
  if (!providerSubscriptionId) return null;
  // Newer API versions keep the period on the subscription's items.
  const items = (subscription.items as { data?: Array<{ current_period_end?: unknown }> } | undefined)?.data ?? [];
  return {
    kind: "subscription",
    providerSubscriptionId,
    ended: ended || subscription.status === "canceled",
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    currentPeriodEnd: seconds(subscription.current_period_end ?? items[0]?.current_period_end),
  };
}

/** A Stripe-format event read into our terms. */
export function readStripeEvent(event: { id: unknown; type: unknown; data?: { object?: unknown } }): ProviderEvent {
  const object = event.data?.object && typeof event.data.object === "object" ? (event.data.object as StripeObject) : {};
  const id = String(event.id).slice(0, 255);
  const type = String(event.type).slice(0, 100);
  let fact: ProviderFact | null = null;
  switch (type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.processing":
    case "payment_intent.canceled": {
      const charge = chargeOf(object, type);
      fact = charge.intentId ? { kind: "charge", ...charge } : null;
      break;
    }
    case "charge.refunded": {
      const intentId = idOf(object.payment_intent);
      fact = intentId
        ? {
            kind: "refunds",
            intentId,
            refundedCents: whole(object.amount_refunded),
            currency: text(object.currency, 10) ?? "",
          }
        : null;
      break;
    }
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      const refund = refundOf(object);
      fact = refund.providerRefundId ? refund : null;
      break;
    }
    case "invoice.paid":
    case "invoice.payment_failed":
      fact = invoiceOf(object, type === "invoice.paid");
      break;
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      fact = subscriptionOf(object, type === "customer.subscription.deleted");
      break;
  }
  return { id, type, fact };
}
