import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../../db/client.server.ts";
import { sandboxIntents } from "../../db/schema/orders.ts";
import { cardBrand, cardDigits, sandboxOutcome } from "./card.ts";
import { readStripeEvent, WebhookSignatureError, type IntentState, type IntentStatus, type PaymentEvent, type PaymentProvider } from "./provider.ts";

type IntentRow = typeof sandboxIntents.$inferSelect;

// Only the signing helpers of the Stripe client are used: no request ever leaves with this key.
const signer = new Stripe("sk_test_sandbox_offline");

function stateOf(row: IntentRow): IntentState {
  if (row.status === "succeeded") return "succeeded";
  if (row.status === "canceled") return "canceled";
  if (row.status === "failed") return "failed";
  return "requires_payment";
}

function statusOf(row: IntentRow): IntentStatus {
  return { id: row.id, state: stateOf(row), orderId: row.orderId, failureMessage: row.failureMessage, brand: row.brand, last4: row.last4 };
}

/** A signed event, as the webhook route receives it. */
export interface SignedEvent {
  rawBody: string;
  signature: string;
}

export type SandboxConfirmation =
  | { kind: "unknown" }
  | { kind: "canceled" }
  | { kind: "already"; status: "succeeded" }
  | { kind: "decided"; status: "succeeded" | "failed"; message: string | null; intent: IntentRow; event: SignedEvent };

/**
 * The offline provider: intents live in the database, a card is decided as Stripe's test mode decides
 * it, and each outcome is a Stripe-format event signed with the sandbox secret and handed to the same
 * webhook code path as Stripe's. A card number is never stored: only its brand and last 4 digits.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  readonly publishableKey = null;
  private readonly db: Database;
  private readonly secret: () => Promise<string>;

  constructor(db: Database, secret: () => Promise<string>) {
    this.db = db;
    this.secret = secret;
  }

  async createIntent(input: { orderId: string; amountCents: number; currency: "usd"; idempotencyKey: string }) {
    // The id follows from the idempotency key, so that a retried creation finds the same intent.
    const id = `pi_sandbox_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
    const clientSecret = `${id}_secret_${randomBytes(18).toString("base64url")}`;
    await this.db
      .insert(sandboxIntents)
      .values({ id, clientSecret, orderId: input.orderId, amountCents: input.amountCents, currency: input.currency })
      .onConflictDoNothing({ target: sandboxIntents.id });
    const [row] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    return { id: row.id, clientSecret: row.clientSecret };
  }

  async retrieveIntent(intentId: string): Promise<IntentStatus> {
    const [row] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId));
    if (!row) throw new Error(`sandbox payment intent ${intentId} does not exist`);
    return statusOf(row);
  }

  async cancelIntent(intentId: string): Promise<void> {
    await this.db.update(sandboxIntents).set({ status: "canceled", updatedAt: new Date() }).where(sql`${sandboxIntents.id} = ${intentId} and ${sandboxIntents.status} <> 'succeeded'`);
  }

  async refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<void> {
    const [row] = await this.db
      .update(sandboxIntents)
      .set({ refundedCents: input.amountCents, updatedAt: new Date() })
      .where(sql`${sandboxIntents.id} = ${input.intentId} and ${sandboxIntents.status} = 'succeeded'`)
      .returning();
    if (!row) throw new Error(`sandbox payment intent ${input.intentId} is not paid`);
  }

  /** Charge.refunded for a refunded intent, signed: what Stripe sends after a refund. */
  async refundEvent(intentId: string): Promise<SignedEvent> {
    const status = await this.retrieveIntent(intentId);
    return this.sign({
      id: `evt_sandbox_${randomBytes(12).toString("hex")}`,
      type: "charge.refunded",
      data: { object: { id: `ch_${intentId}`, object: "charge", payment_intent: intentId, refunded: true, metadata: { orderId: status.orderId } } },
    });
  }

  /** The order an intent's client secret belongs to, or null. */
  async orderOfSecret(clientSecret: string): Promise<string | null> {
    const [row] = await this.db.select({ orderId: sandboxIntents.orderId }).from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret));
    return row?.orderId ?? null;
  }

  /** Decides a card for the intent of `clientSecret`. The caller has checked the card (checkCard). */
  async confirm(clientSecret: string, cardNumber: string): Promise<SandboxConfirmation> {
    const [current] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret));
    if (!current) return { kind: "unknown" };
    if (current.status === "succeeded") return { kind: "already", status: "succeeded" };
    if (current.status === "canceled") return { kind: "canceled" };
    const digits = cardDigits(cardNumber);
    const outcome = sandboxOutcome(digits);
    const card = { brand: cardBrand(digits), last4: digits.slice(-4) };
    const status = outcome.status === "succeeded" ? "succeeded" : "failed";
    const failureMessage = outcome.status === "failed" ? outcome.message : null;
    // Only an intent still open is decided: two confirmations at once give one success.
    const [intent] = await this.db
      .update(sandboxIntents)
      .set({ status, failureMessage, ...card, updatedAt: new Date() })
      .where(sql`${sandboxIntents.id} = ${current.id} and ${sandboxIntents.status} in ('requires_payment_method', 'failed')`)
      .returning();
    if (!intent) return { kind: "already", status: "succeeded" };
    const object = {
      id: intent.id,
      object: "payment_intent",
      amount: intent.amountCents,
      currency: intent.currency,
      status: outcome.status === "succeeded" ? "succeeded" : "requires_payment_method",
      metadata: { orderId: intent.orderId },
      latest_charge: { id: `ch_${intent.id}`, payment_method_details: { card } },
      last_payment_error: outcome.status === "failed" ? { code: outcome.code, message: outcome.message } : null,
    };
    const event = await this.sign({
      id: `evt_sandbox_${randomBytes(12).toString("hex")}`,
      type: outcome.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed",
      data: { object },
    });
    return { kind: "decided", status, message: failureMessage, intent, event };
  }

  /** Signs an event as Stripe does (t=..., v1=HMAC-SHA256), with the sandbox secret. */
  async sign(event: { id: string; type: string; data: { object: Record<string, unknown> } }): Promise<SignedEvent> {
    const rawBody = JSON.stringify({ object: "event", created: Math.floor(Date.now() / 1000), livemode: false, ...event });
    const signature = signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: await this.secret() });
    return { rawBody, signature };
  }

  async verifyEvent(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
    if (!signature) throw new WebhookSignatureError("missing Stripe-Signature header");
    let event;
    try {
      event = signer.webhooks.constructEvent(rawBody, signature, await this.secret());
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    return readStripeEvent(event as unknown as { id: string; type: string; data: { object: Record<string, unknown> } });
  }
}
