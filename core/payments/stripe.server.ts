import Stripe from "stripe";
import { readStripeEvent, bankOf, cardOf, instalmentOf, WebhookSignatureError, type IntentInput, type IntentState, type IntentStatus, type PaymentEvent, type PaymentProvider, type SavedCharge } from "./provider.ts";

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local fake in tests); Stripe's own by default. */
  apiUrl?: string;
}

function stateOf(status: Stripe.PaymentIntent.Status, hasError: boolean): IntentState {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "processing":
    case "requires_capture":
      return "processing";
    case "canceled":
      return "canceled";
    default:
      // Stripe puts a failed intent back to requires_payment_method with its last error.
      return hasError ? "failed" : "requires_payment";
  }
}

/** Stripe PaymentIntents: created on the server with the server's amount, the order id and a key per order. */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
    });
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
  }

  async createIntent(input: IntentInput) {
    const metadata: Record<string, string> = { orderId: input.orderId, ...(input.instalmentId ? { instalmentId: String(input.instalmentId) } : {}) };
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
        mandate_data: { customer_acceptance: { type: "online", online: { ip_address: mandate.ipAddress, user_agent: mandate.userAgent } } },
      };
    } else {
      let customer: string | undefined;
      if (input.saveForLater) {
        const made = await this.stripe.customers.create(
          { email: input.saveForLater.customerEmail, name: input.saveForLater.customerName, metadata: { orderId: input.orderId } },
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
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(intentId: string): Promise<IntentStatus> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
    return {
      id: intent.id,
      state: stateOf(intent.status, Boolean(intent.last_payment_error)),
      orderId: typeof intent.metadata?.orderId === "string" ? intent.metadata.orderId : null,
      instalmentId: instalmentOf(intent.metadata),
      failureMessage: intent.last_payment_error?.message ?? null,
      ...(bankOf(intent.latest_charge).last4 ? bankOf(intent.latest_charge) : cardOf(intent.latest_charge)),
    };
  }

  async saveBankAccount(input: { customerEmail: string; holderName: string; routingNumber: string; accountNumber: string; idempotencyKey: string }) {
    const customer = await this.stripe.customers.create({ email: input.customerEmail, name: input.holderName }, { idempotencyKey: `${input.idempotencyKey}-customer` });
    const method = await this.stripe.paymentMethods.create(
      {
        type: "us_bank_account",
        us_bank_account: { routing_number: input.routingNumber, account_number: input.accountNumber, account_holder_type: "individual" },
        billing_details: { name: input.holderName, email: input.customerEmail },
      },
      { idempotencyKey: `${input.idempotencyKey}-method` },
    );
    await this.stripe.paymentMethods.attach(method.id, { customer: customer.id }, { idempotencyKey: `${input.idempotencyKey}-attach` });
    return { paymentMethodId: method.id, customerId: customer.id };
  }

  async createSubscription(input: { subscriptionId: string; planName: string; customerEmail: string; customerName: string; priceCents: number; stripePriceId: string | null; idempotencyKey: string }) {
    // A plan without a Stripe price yet gets one (monthly, its product made with it); the caller keeps its id.
    const priceId =
      input.stripePriceId ??
      (
        await this.stripe.prices.create(
          { currency: "usd", unit_amount: input.priceCents, recurring: { interval: "month" }, product_data: { name: input.planName } },
          { idempotencyKey: `plan-price-${input.planName}-${input.priceCents}` },
        )
      ).id;
    const found = await this.stripe.customers.list({ email: input.customerEmail, limit: 1 });
    const customer = found.data[0] ?? (await this.stripe.customers.create({ email: input.customerEmail, name: input.customerName }, { idempotencyKey: `${input.idempotencyKey}-customer` }));
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

  async chargeSaved(input: { orderId: string; instalmentId: number; amountCents: number; paymentMethodId: string; customerId: string | null; idempotencyKey: string }): Promise<SavedCharge> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: "usd",
          ...(input.customerId ? { customer: input.customerId } : {}),
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: { orderId: input.orderId, instalmentId: String(input.instalmentId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { intentId: intent.id, state: stateOf(intent.status, Boolean(intent.last_payment_error)), failureMessage: intent.last_payment_error?.message ?? null, event: null };
    } catch (error) {
      // A declined off-session charge is an error carrying its intent (Stripe's card_error).
      if (error instanceof Stripe.errors.StripeCardError || (error instanceof Stripe.errors.StripeError && error.type === "StripeCardError")) {
        const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
        return { intentId: raw?.payment_intent?.id ?? null, state: "failed", failureMessage: error.message, event: null };
      }
      throw error;
    }
  }

  async cancelIntent(intentId: string): Promise<void> {
    await this.stripe.paymentIntents.cancel(intentId);
  }

  async refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: input.intentId, amount: input.amountCents }, { idempotencyKey: input.idempotencyKey });
  }

  async verifyEvent(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
    if (!signature) throw new WebhookSignatureError("missing Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    const read = readStripeEvent(event as unknown as { id: string; type: string; data: { object: Record<string, unknown> } });
    // A webhook's intent carries the charge only as an id: ask for the card's brand and last 4.
    if (read.kind === "succeeded" && read.intentId && read.brand === null) {
      try {
        const status = await this.retrieveIntent(read.intentId);
        return { ...read, brand: status.brand, last4: status.last4 };
      } catch {
        return read;
      }
    }
    return read;
  }
}
