import Stripe from "stripe";
import { readStripeEvent, cardOf, WebhookSignatureError, type IntentState, type IntentStatus, type PaymentEvent, type PaymentProvider } from "./provider.ts";

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

  async createIntent(input: { orderId: string; amountCents: number; currency: "usd"; idempotencyKey: string }) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        metadata: { orderId: input.orderId },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`Stripe answered payment intent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(intentId: string): Promise<IntentStatus> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
    return {
      id: intent.id,
      state: stateOf(intent.status, Boolean(intent.last_payment_error)),
      orderId: typeof intent.metadata?.orderId === "string" ? intent.metadata.orderId : null,
      failureMessage: intent.last_payment_error?.message ?? null,
      ...cardOf(intent.latest_charge),
    };
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
