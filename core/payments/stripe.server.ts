import Stripe from "stripe";
import {
  IntentMissingError,
  RefundRefusedError,
  type ChargeFacts,
  type ChargeInput,
  type PaymentProvider,
  type ProviderEvent,
  type RefundInput,
  type RefundOutcome,
  type SavedChargeInput,
  type SubscriptionInput,
} from "./provider.ts";
import { chargeOf, refundOf, verifiedStripeEvent } from "./stripe-events.ts";

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local fake in tests); Stripe's own by default. */
  apiUrl?: string;
  /** How long one call may take before it counts as failed (retried by its caller with the same key). */
  timeoutMs?: number;
}

function refundOutcome(refund: Stripe.Refund): RefundOutcome {
  const read = refundOf(refund as unknown as Record<string, unknown>);
  return { providerRefundId: read.providerRefundId, state: read.state, failureMessage: read.failureMessage };
}

/** Stripe's answer to a request it refused (a 4xx other than a rate limit): asking again would not help. */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/** Stripe: PaymentIntents created on the server with the server's amount and our payment's id in the metadata. */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: settings.timeoutMs ?? 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
            protocol: api.protocol.replace(":", "") as "http" | "https",
          }
        : {}),
    });
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
  }

  async createIntent(input: ChargeInput) {
    const metadata = { paymentId: input.paymentId };
    let params: Stripe.PaymentIntentCreateParams;
    if (input.bankAccount) {
      // A bank debit is confirmed on the server with the mandate the visitor accepted online.
      const { paymentMethodId, customerId, mandate } = input.bankAccount;
      params = {
        amount: input.amountCents,
        currency: input.currency,
        metadata,
        allowed_payment_method_types: ["us_bank_account"],
        payment_method: paymentMethodId,
        ...(customerId ? { customer: customerId } : {}),
        confirm: true,
        mandate_data: {
          customer_acceptance: {
            type: "online",
            online: { ip_address: mandate.ipAddress, user_agent: mandate.userAgent },
          },
        },
      };
    } else {
      let customer: string | undefined;
      if (input.saveForLater) {
        const made = await this.stripe.customers.create(
          { email: input.saveForLater.customerEmail, name: input.saveForLater.customerName, metadata },
          { idempotencyKey: `${input.idempotencyKey}-customer` },
        );
        customer = made.id;
      }
      params = {
        amount: input.amountCents,
        currency: input.currency,
        metadata,
        automatic_payment_methods: { enabled: true },
        ...(customer ? { customer, setup_future_usage: "off_session" as const } : {}),
      };
    }
    const intent = await this.stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey });
    if (!intent.client_secret) throw new Error(`Stripe answered payment intent ${intent.id} without a client secret`);
    return {
      id: intent.id,
      clientSecret: intent.client_secret,
      state: chargeOf(intent as unknown as Record<string, unknown>).state,
    };
  }

  async retrieveIntent(intentId: string): Promise<ChargeFacts> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
      return chargeOf(intent as unknown as Record<string, unknown>);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404)
        throw new IntentMissingError(intentId);
      throw error;
    }
  }

  async saveBankAccount(input: {
    customerEmail: string;
    holderName: string;
    routingNumber: string;
    accountNumber: string;
    idempotencyKey: string;
  }) {
    const customer = await this.stripe.customers.create(
      { email: input.customerEmail, name: input.holderName },
      { idempotencyKey: `${input.idempotencyKey}-customer` },
    );
    const method = await this.stripe.paymentMethods.create(
      {
        type: "us_bank_account",
        us_bank_account: {
          routing_number: input.routingNumber,
          account_number: input.accountNumber,
          account_holder_type: "individual",
        },
        billing_details: { name: input.holderName, email: input.customerEmail },
      },
      { idempotencyKey: `${input.idempotencyKey}-method` },
    );
    await this.stripe.paymentMethods.attach(
      method.id,
      { customer: customer.id },
      { idempotencyKey: `${input.idempotencyKey}-attach` },
    );
    return { paymentMethodId: method.id, customerId: customer.id };
  }

  async createSubscription(input: SubscriptionInput) {
    // A plan without a Stripe price yet gets one (monthly, its product made with it); the caller keeps its id.
    const priceId =
      input.providerPriceId ??
      (
        await this.stripe.prices.create(
          {
            currency: "usd",
            unit_amount: input.priceCents,
            recurring: { interval: "month" },
            product_data: { name: input.planName },
          },
          { idempotencyKey: `plan-price-${input.planName}-${input.priceCents}` },
        )
      ).id;
    const found = await this.stripe.customers.list({ email: input.customerEmail, limit: 1 });
    const customer =
      found.data[0] ??
      (await this.stripe.customers.create(
        { email: input.customerEmail, name: input.customerName },
        { idempotencyKey: `${input.idempotencyKey}-customer` },
      ));
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: priceId }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata: { subscriptionId: input.subscriptionId },
        expand: ["latest_invoice.confirmation_secret"],
      },
      { idempotencyKey: input.idempotencyKey },
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new Error(`Stripe answered subscription ${subscription.id} without a client secret`);
    return { providerSubscriptionId: subscription.id, customerId: customer.id, clientSecret, priceId };
  }

  async cancelSubscription(providerSubscriptionId: string, atPeriodEnd: boolean): Promise<void> {
    if (atPeriodEnd) await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    else await this.stripe.subscriptions.cancel(providerSubscriptionId);
  }

  async resumeSubscription(providerSubscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false });
  }

  async chargeSaved(input: SavedChargeInput): Promise<ChargeFacts> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: "usd",
          ...(input.customerId ? { customer: input.customerId } : {}),
          payment_method: input.savedMethodId,
          off_session: true,
          confirm: true,
          metadata: { paymentId: input.paymentId },
          expand: ["latest_charge"],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return chargeOf(intent as unknown as Record<string, unknown>);
    } catch (error) {
      // A declined off-session charge is an error carrying its intent (Stripe's card_error).
      if (
        error instanceof Stripe.errors.StripeCardError ||
        (error instanceof Stripe.errors.StripeError && error.type === "StripeCardError")
      ) {
        const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
        return {
          intentId: raw?.payment_intent?.id ?? "",
          paymentId: input.paymentId,
          state: "failed",
          amountCents: input.amountCents,
          currency: "usd",
          failureMessage: error.message,
          brand: null,
          last4: null,
          savedMethodId: null,
          customerId: null,
        };
      }
      throw error;
    }
  }

  async cancelIntent(intentId: string): Promise<void> {
    await this.stripe.paymentIntents.cancel(intentId);
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amountCents, metadata: { refundId: input.refundId } },
        { idempotencyKey: input.idempotencyKey },
      );
      return refundOutcome(refund);
    } catch (error) {
      if (isRefusal(error)) throw new RefundRefusedError(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  async findRefund(intentId: string, refundId: string): Promise<RefundOutcome | null> {
    const refunds = await this.stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    const found = refunds.data.find((refund) => refund.metadata?.refundId === refundId);
    return found ? refundOutcome(found) : null;
  }

  async verifyEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    const read = verifiedStripeEvent(this.stripe.webhooks, rawBody, signature, this.webhookSecret);
    // A webhook's intent carries the charge only as an id: ask for the card's brand and last 4.
    if (read.fact?.kind === "charge" && read.fact.state === "succeeded" && read.fact.brand === null) {
      try {
        const current = await this.retrieveIntent(read.fact.intentId);
        return { ...read, fact: { ...read.fact, brand: current.brand, last4: current.last4 } };
      } catch {
        return read;
      }
    }
    return read;
  }
}
