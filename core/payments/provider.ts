/**
 * The contract every payment provider implements, in our own terms (docs/decisions/0028): Stripe in
 * production, the offline sandbox in development and tests. A provider moves money and reports what
 * happened as events; it knows our payment's id (its metadata) and nothing of orders, classes or plans.
 * Both speak Stripe's event format, so one webhook path serves both: the sandbox delivers its own
 * signed events to it, so no caller ever asks which provider it has.
 */

export type ProviderName = "stripe" | "sandbox";

/** A charge's state at the provider, reduced to what a payment needs. */
export type ChargeState = "requires_payment" | "processing" | "succeeded" | "failed" | "cancelled";

/** A refund's state at the provider. */
export type RefundState = "pending" | "succeeded" | "failed";

/** What the browser needs to confirm a charge, and where the charge stands when created. */
export interface IntentRef {
  id: string;
  clientSecret: string;
  state: ChargeState;
}

/** A charge as the provider sees it now. */
export interface ChargeFacts {
  intentId: string;
  /** Our payment's id, from the metadata the charge was created with (null for one made elsewhere). */
  paymentId: string | null;
  state: ChargeState;
  amountCents: number;
  currency: string;
  failureMessage: string | null;
  brand: string | null;
  last4: string | null;
  /** The payment method saved for later off-session charges, and its customer, when one was saved. */
  savedMethodId: string | null;
  customerId: string | null;
  /** What the browser confirms it with, when the provider tells it (a retrieval with the secret key). */
  clientSecret?: string | null;
}

/** What creating a charge needs: the server's amount and our payment's id. */
export interface ChargeInput {
  paymentId: string;
  amountCents: number;
  currency: "usd";
  idempotencyKey: string;
  /** Save the payment method for later off-session charges (Stripe: setup_future_usage). */
  saveForLater?: { customerEmail: string; customerName: string } | null;
  /** A bank debit (ACH) from a verified account, confirmed at once with the mandate accepted online. */
  bankAccount?: {
    paymentMethodId: string;
    customerId: string | null;
    mandate: { ipAddress: string; userAgent: string };
  } | null;
}

/** A charge of a saved payment method, off-session (a later instalment). */
export interface SavedChargeInput {
  paymentId: string;
  amountCents: number;
  savedMethodId: string;
  customerId: string | null;
  idempotencyKey: string;
}

export interface RefundInput {
  intentId: string;
  amountCents: number;
  /** Our refund's id: kept in the provider's metadata, so that a refund can be found again. */
  refundId: string;
  idempotencyKey: string;
}

export interface RefundOutcome {
  providerRefundId: string;
  state: RefundState;
  failureMessage: string | null;
}

/** The provider has no such payment intent (an id it never made): asking again would not find it. */
export class IntentMissingError extends Error {
  constructor(intentId: string) {
    super(`the provider has no payment intent ${intentId}`);
    this.name = "IntentMissingError";
  }
}

/** A refund the provider refused outright (not a time-out): retrying it as it is would fail again. */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefundRefusedError";
  }
}

export interface SubscriptionInput {
  /** Our subscription's id (metadata). */
  subscriptionId: string;
  planName: string;
  customerEmail: string;
  customerName: string;
  priceCents: number;
  providerPriceId: string | null;
  idempotencyKey: string;
}

/** What a verified event says, in our terms; null for an event the shop does not act on. */
export type ProviderFact =
  | ({ kind: "charge" } & ChargeFacts)
  /** The total refunded on a charge so far (Stripe's charge.refunded): refunds made anywhere. */
  | { kind: "refunds"; intentId: string; refundedCents: number; currency: string }
  /** One refund moved (Stripe's refund.updated / refund.failed). */
  | {
      kind: "refund";
      providerRefundId: string;
      intentId: string | null;
      refundId: string | null;
      state: RefundState;
      amountCents: number;
      failureMessage: string | null;
    }
  /** A subscription's invoice was paid or could not be. */
  | {
      kind: "invoice";
      providerSubscriptionId: string;
      invoiceId: string;
      intentId: string | null;
      paid: boolean;
      amountCents: number;
      currency: string;
      periodStart: Date | null;
      periodEnd: Date | null;
      /** subscription_create for the first invoice, subscription_cycle for a renewal. */
      reason: string | null;
      failureMessage: string | null;
      brand: string | null;
      last4: string | null;
    }
  /** A subscription changed (set to end at its period's end, or not) or ended. */
  | {
      kind: "subscription";
      providerSubscriptionId: string;
      ended: boolean;
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: Date | null;
    };

export interface ProviderEvent {
  id: string;
  type: string;
  fact: ProviderFact | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The key the browser loads Stripe.js with; null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates (or, for the same idempotency key, finds again) a charge the browser confirms, or a bank debit. */
  createIntent(input: ChargeInput): Promise<IntentRef>;
  /** The charge as the provider sees it now (decision 7: the provider says when it is paid). */
  retrieveIntent(intentId: string): Promise<ChargeFacts>;
  /** Cancels an unpaid charge so that it can no longer be confirmed. */
  cancelIntent(intentId: string): Promise<void>;
  /** Charges a saved payment method off-session; the outcome is answered at once (processing for a bank debit). */
  chargeSaved(input: SavedChargeInput): Promise<ChargeFacts>;
  /** Refunds part or all of a succeeded charge; throws RefundRefusedError when the provider refuses it. */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** The refund made for our refund `refundId` on a charge, if the provider has one (a call that timed out may have made it). */
  findRefund(intentId: string, refundId: string): Promise<RefundOutcome | null>;
  /** Saves a bank account as the customer's us_bank_account payment method (the full number goes to the provider only). */
  saveBankAccount(input: {
    customerEmail: string;
    holderName: string;
    routingNumber: string;
    accountNumber: string;
    idempotencyKey: string;
  }): Promise<{ paymentMethodId: string; customerId: string | null }>;
  /** Creates a subscription to a plan; its first invoice is paid with the answered client secret. */
  createSubscription(input: SubscriptionInput): Promise<{
    providerSubscriptionId: string;
    customerId: string | null;
    clientSecret: string /** The provider's price, made for the plan if it had none. */;
    priceId?: string;
  }>;
  /** Ends a subscription now, or sets it to end at its period's end; its event then reports it. */
  cancelSubscription(providerSubscriptionId: string, atPeriodEnd: boolean): Promise<void>;
  /** Undoes an end set for the period's end. */
  resumeSubscription(providerSubscriptionId: string): Promise<void>;
  /** Verifies a webhook's signature over its raw body; throws a WebhookSignatureError when it does not hold. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
