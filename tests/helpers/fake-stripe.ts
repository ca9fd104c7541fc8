import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** One request the fake received, as Stripe's API would see it. */
export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, decoded to flat keys with literal brackets ("metadata[orderId]"). */
  form: Record<string, string>;
  /** The query string of a GET ("payment_intent", "limit", "expand[0]"). */
  query: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string } | null;
  latest_charge: string | null;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  setup_future_usage: string | null;
}

/** A refund as Stripe's API answers it. */
export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: "pending" | "succeeded" | "failed";
  metadata: Record<string, string>;
  reason: string | null;
  failure_reason: string | null;
  created: number;
}

type FakeSubscription = { id: string; status: string; cancel_at_period_end: boolean; [key: string]: unknown };

/**
 * Stripe unavailable: every request answered 500 without being processed (an outage in front of the
 * API), or processed and answered only after `delayMs` (slower than the client waits: a time-out whose
 * work was done, as the idempotency key then finds again).
 */
export type FakeStripeOutage = { status: 500 } | { delayMs: number };

export interface SignedEvent {
  rawBody: string;
  signature: string;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  requests: StripeRequest[];
  intents: Map<string, FakeIntent>;
  /** Every refund made, oldest first, whoever made it (the API, or staff in the dashboard). */
  refunds: FakeRefund[];
  customers: Map<string, { id: string; email: string; name: string }>;
  /** Payment methods by id, with the customer they are attached to; a number is never kept, only its last 4. */
  paymentMethods: Map<
    string,
    { id: string; type: string; customer: string | null; last4: string; routing: string | null }
  >;
  /** Payment methods whose off-session charges Stripe declines. */
  declining: Set<string>;
  subscriptions: Map<string, FakeSubscription>;
  /**
   * What Stripe.js does in the browser (or the bank, for a debit): confirms an intent, succeeding or
   * failing (with Stripe's declined card, or the error given).
   */
  confirm(intentId: string, outcome: "succeeded" | "failed", error?: { code: string; message: string }): FakeIntent;
  /** A webhook for an intent's current state (or the type given), signed with the webhook secret as Stripe signs it. */
  webhook(intentId: string, type?: string): SignedEvent;
  /** What an intent's charge has refunded so far, in cents. */
  amountRefunded(intentId: string): number;
  /** A refund made by staff in Stripe's dashboard: no metadata of ours, no idempotency key. */
  refundInDashboard(intentId: string, amountCents: number): FakeRefund;
  /** charge.refunded for an intent's charge, with the cumulative amount_refunded, as Stripe sends after each refund. */
  chargeRefunded(intentId: string): SignedEvent;
  /** A refund's event (refund.created, refund.updated, refund.failed), signed. */
  refundWebhook(refundId: string, type?: string): SignedEvent;
  /** Any event, signed as Stripe signs it. */
  sign(type: string, object: Record<string, unknown>, id?: string): SignedEvent;
  /** Makes the API unavailable (500s, or answers slower than the client waits) until called with null. */
  outage(mode: FakeStripeOutage | null): void;
  close(): Promise<void>;
}

const SECRET_KEY = "sk_test_fake_stripe_key";

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The `metadata[key]` fields of a form, as the object Stripe keeps. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(\w+)\]$/.exec(key);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

/**
 * A local stand-in for Stripe's API (PaymentIntents, customers, payment methods, refunds,
 * subscriptions): it checks what the real API would refuse (the secret key, an idempotency key reused
 * with other parameters, amounts, currency, refunds past what the charge has left), answers a retried
 * request with its key as the first one was answered, and keeps every request for assertions.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const customers = new Map<string, { id: string; email: string; name: string }>();
  const paymentMethods = new Map<
    string,
    { id: string; type: string; customer: string | null; last4: string; routing: string | null }
  >();
  const declining = new Set<string>();
  const subscriptions = new Map<string, FakeSubscription>();
  const idempotent = new Map<string, { path: string; body: string; status: number; answer: unknown }>();
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(SECRET_KEY);
  const late = new Set<NodeJS.Timeout>();
  let unavailable: FakeStripeOutage | null = null;

  const refundedOf = (intentId: string) =>
    refunds
      .filter((refund) => refund.payment_intent === intentId && refund.status !== "failed")
      .reduce((total, refund) => total + refund.amount, 0);
  const chargeDetails = (intent: FakeIntent) => {
    const method = intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
    return intent.payment_method_types.includes("us_bank_account")
      ? {
          type: "us_bank_account",
          us_bank_account: { last4: method?.last4 ?? "6789", routing_number: method?.routing ?? null },
        }
      : { type: "card", card: { brand: "visa", last4: method?.last4 ?? "4242" } };
  };
  const makeRefund = (intent: FakeIntent, amount: number, metadata: Record<string, string>): FakeRefund => {
    const refund: FakeRefund = {
      id: `re_${randomBytes(12).toString("hex")}`,
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: "succeeded",
      metadata,
      reason: null,
      failure_reason: null,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  };
  const sign = (
    type: string,
    object: Record<string, unknown>,
    id = `evt_${randomBytes(12).toString("hex")}`,
  ): SignedEvent => {
    const rawBody = JSON.stringify({
      id,
      object: "event",
      type,
      api_version: "2025-01-27.acacia",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return {
      rawBody,
      signature: signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: webhookSecret }),
    };
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const request: StripeRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      form,
      query: Object.fromEntries(url.searchParams),
      idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
      authorization: (req.headers.authorization as string | undefined) ?? null,
    };
    requests.push(request);
    const outage = unavailable;
    const send = (status: number, body: unknown) => {
      const write = () => {
        if (res.destroyed) return;
        res.writeHead(status, {
          "content-type": "application/json",
          "request-id": `req_${randomBytes(6).toString("hex")}`,
        });
        res.end(JSON.stringify(body));
      };
      if (outage && "delayMs" in outage) {
        const timer = setTimeout(() => {
          late.delete(timer);
          write();
        }, outage.delayMs);
        late.add(timer);
      } else write();
    };
    const stripeError = (
      status: number,
      message: string,
      details: { code?: string; param?: string; type?: string } = {},
    ) =>
      send(status, {
        error: {
          type: details.type ?? "invalid_request_error",
          message,
          ...(details.code ? { code: details.code } : {}),
          ...(details.param ? { param: details.param } : {}),
        },
      });
    if (outage && "status" in outage)
      return send(outage.status, { error: { type: "api_error", message: "An unknown error occurred" } });
    if (request.authorization !== `Bearer ${SECRET_KEY}`) return stripeError(401, "Invalid API Key provided");
    if (request.method === "POST" && request.idempotencyKey) {
      const seen = idempotent.get(request.idempotencyKey);
      if (seen) {
        if (seen.path !== request.path || seen.body !== raw) {
          return stripeError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
            { type: "idempotency_error" },
          );
        }
        return send(seen.status, seen.answer);
      }
    }
    // What Stripe keeps for a key: the answer of a request it carried out (a success, or a card declined).
    const answer = (status: number, body: unknown) => {
      if (request.method === "POST" && request.idempotencyKey && (status === 200 || status === 402))
        idempotent.set(request.idempotencyKey, { path: request.path, body: raw, status, answer: body });
      send(status, body);
    };
    const intentMatch = /^\/v1\/payment_intents\/([\w]+)(\/cancel)?$/.exec(url.pathname);
    if (request.method === "GET" && url.pathname === "/v1/customers") {
      const email = url.searchParams.get("email");
      return send(200, {
        object: "list",
        data: [...customers.values()]
          .filter((customer) => !email || customer.email === email)
          .map((customer) => ({ ...customer, object: "customer" })),
        has_more: false,
      });
    }
    if (request.method === "POST" && url.pathname === "/v1/prices") {
      // A recurring price with its product made inline, as Stripe accepts it.
      if (!form.currency || !form.unit_amount)
        return stripeError(400, "Missing required param: currency or unit_amount");
      if (!form.product && !form["product_data[name]"]) return stripeError(400, "Missing required param: product");
      const product = form.product ?? `prod_${randomBytes(8).toString("hex")}`;
      return answer(200, {
        id: `price_${randomBytes(8).toString("hex")}`,
        object: "price",
        currency: form.currency,
        unit_amount: Number(form.unit_amount),
        product,
        recurring: form["recurring[interval]"] ? { interval: form["recurring[interval]"] } : null,
      });
    }
    if (request.method === "POST" && url.pathname === "/v1/subscriptions") {
      if (!customers.has(form.customer))
        return stripeError(400, `No such customer: '${form.customer}'`, {
          code: "resource_missing",
          param: "customer",
        });
      if (!form["items[0][price]"]) return stripeError(400, "Missing required param: items[0][price]");
      const id = `sub_${randomBytes(8).toString("hex")}`;
      const invoiceId = `in_${randomBytes(8).toString("hex")}`;
      const subscription = {
        id,
        object: "subscription",
        customer: form.customer,
        status: "incomplete",
        items: { data: [{ price: { id: form["items[0][price]"] } }] },
        metadata: metadataOf(form),
        cancel_at_period_end: false,
      };
      subscriptions.set(id, subscription);
      const expanded = form["expand[0]"] === "latest_invoice.confirmation_secret";
      return answer(200, {
        ...subscription,
        latest_invoice: expanded
          ? {
              id: invoiceId,
              object: "invoice",
              confirmation_secret: {
                client_secret: `pi_${randomBytes(6).toString("hex")}_secret_${randomBytes(8).toString("hex")}`,
                type: "payment_intent",
              },
            }
          : invoiceId,
      });
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
    if (subscriptionMatch && (request.method === "POST" || request.method === "DELETE")) {
      const subscription = subscriptions.get(subscriptionMatch[1]);
      if (!subscription)
        return stripeError(404, `No such subscription: '${subscriptionMatch[1]}'`, { code: "resource_missing" });
      if (request.method === "DELETE") {
        subscription.status = "canceled";
        return answer(200, subscription);
      }
      if (subscription.status === "canceled")
        return stripeError(400, "A canceled subscription can only update its cancellation_details and metadata.");
      // cancel_at_period_end=true sets it to end at its period's end; false resumes it.
      if (form.cancel_at_period_end !== undefined) {
        if (form.cancel_at_period_end !== "true" && form.cancel_at_period_end !== "false")
          return stripeError(400, "Invalid boolean: cancel_at_period_end", { param: "cancel_at_period_end" });
        subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
      }
      return answer(200, subscription);
    }
    if (request.method === "POST" && url.pathname === "/v1/customers") {
      const customer = {
        id: `cus_${randomBytes(8).toString("hex")}`,
        object: "customer",
        email: form.email ?? "",
        name: form.name ?? "",
      };
      customers.set(customer.id, customer);
      return answer(200, customer);
    }
    if (request.method === "POST" && url.pathname === "/v1/payment_methods") {
      if (form.type !== "us_bank_account") return stripeError(400, "Only us_bank_account is faked");
      const routing = form["us_bank_account[routing_number]"] ?? "";
      const account = form["us_bank_account[account_number]"] ?? "";
      if (!/^\d{9}$/.test(routing)) return stripeError(400, "Routing number must have 9 digits");
      if (!/^\d{4,17}$/.test(account)) return stripeError(400, "Invalid account number");
      const method = {
        id: `pm_${randomBytes(8).toString("hex")}`,
        type: "us_bank_account",
        customer: null,
        last4: account.slice(-4),
        routing,
      };
      paymentMethods.set(method.id, method);
      return answer(200, {
        id: method.id,
        object: "payment_method",
        type: method.type,
        us_bank_account: { last4: method.last4, routing_number: routing },
        customer: null,
      });
    }
    const attachMatch = /^\/v1\/payment_methods\/(\w+)\/attach$/.exec(url.pathname);
    if (request.method === "POST" && attachMatch) {
      const method = paymentMethods.get(attachMatch[1]);
      if (!method) return stripeError(404, `No such PaymentMethod: '${attachMatch[1]}'`, { code: "resource_missing" });
      if (!customers.has(form.customer))
        return stripeError(404, `No such customer: '${form.customer}'`, { code: "resource_missing" });
      method.customer = form.customer;
      return answer(200, { id: method.id, object: "payment_method", type: method.type, customer: method.customer });
    }
    if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return stripeError(400, "Amount must be at least $0.50 usd", { code: "amount_too_small", param: "amount" });
      if (form.currency !== "usd") return stripeError(400, "Invalid currency", { param: "currency" });
      const id = `pi_${randomBytes(12).toString("hex")}`;
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: form.currency,
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        metadata: metadataOf(form),
        last_payment_error: null,
        latest_charge: null,
        customer: form.customer ?? null,
        payment_method: form.payment_method ?? null,
        payment_method_types:
          form["allowed_payment_method_types[0]"] === "us_bank_account" ||
          form["payment_method_types[0]"] === "us_bank_account"
            ? ["us_bank_account"]
            : ["card"],
        setup_future_usage: form.setup_future_usage ?? null,
      };
      if (intent.customer && !customers.has(intent.customer))
        return stripeError(400, `No such customer: '${intent.customer}'`, {
          code: "resource_missing",
          param: "customer",
        });
      if (form.confirm === "true") {
        const method = intent.payment_method
          ? (paymentMethods.get(intent.payment_method) ??
            (intent.payment_method.startsWith("pm_")
              ? { id: intent.payment_method, type: "card", customer: intent.customer, last4: "4242", routing: null }
              : null))
          : null;
        if (!method) return stripeError(400, "You must provide a payment method to confirm");
        if (method.type === "us_bank_account") {
          if (
            !form["mandate_data[customer_acceptance][online][ip_address]"] ||
            !form["mandate_data[customer_acceptance][online][user_agent]"]
          )
            return stripeError(400, "A mandate is required for us_bank_account");
          intent.status = "processing";
          intent.payment_method_types = ["us_bank_account"];
        } else if (form.off_session === "true" && declining.has(method.id)) {
          intent.status = "requires_payment_method";
          intent.last_payment_error = { code: "card_declined", message: "Your card was declined." };
          intents.set(id, intent);
          return answer(402, {
            error: {
              type: "card_error",
              code: "card_declined",
              message: "Your card was declined.",
              payment_intent: intent,
            },
          });
        } else {
          intent.status = "succeeded";
          intent.amount_received = amount;
          intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
        }
      }
      intents.set(id, intent);
      return answer(200, intent);
    }
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]);
      if (!intent) return stripeError(404, `No such payment_intent: '${intentMatch[1]}'`, { code: "resource_missing" });
      if (request.method === "POST" && intentMatch[2]) {
        if (intent.status === "succeeded" || intent.status === "processing")
          return stripeError(400, `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
            code: "payment_intent_unexpected_state",
          });
        intent.status = "canceled";
        return answer(200, intent);
      }
      if (request.method === "GET") {
        const expand =
          url.searchParams.getAll("expand[]").includes("latest_charge") ||
          url.searchParams.getAll("expand[0]").includes("latest_charge");
        const charge =
          intent.latest_charge && expand
            ? { id: intent.latest_charge, object: "charge", payment_method_details: chargeDetails(intent) }
            : intent.latest_charge;
        return send(200, { ...intent, latest_charge: charge });
      }
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      if (!form.payment_intent) return stripeError(400, "Must provide either `payment_intent` or `charge`.");
      const intent = intents.get(form.payment_intent);
      if (!intent)
        return stripeError(400, `No such payment_intent: '${form.payment_intent}'`, {
          code: "resource_missing",
          param: "payment_intent",
        });
      if (intent.status !== "succeeded")
        return stripeError(400, "This PaymentIntent does not have a successful charge to refund.");
      const left = intent.amount - refundedOf(intent.id);
      if (left === 0)
        return stripeError(400, `Charge ${intent.latest_charge} has already been refunded.`, {
          code: "charge_already_refunded",
        });
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1)
        return stripeError(400, "Invalid positive integer", { param: "amount" });
      if (amount > left)
        return stripeError(
          400,
          `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
          { code: "amount_too_large", param: "amount" },
        );
      return answer(200, makeRefund(intent, amount, metadataOf(form)));
    }
    if (request.method === "GET" && url.pathname === "/v1/refunds") {
      const intentId = url.searchParams.get("payment_intent");
      const limit = Math.min(100, Number(url.searchParams.get("limit") ?? 10));
      const matching = refunds.filter((refund) => !intentId || refund.payment_intent === intentId).reverse();
      return send(200, {
        object: "list",
        url: "/v1/refunds",
        data: matching.slice(0, limit),
        has_more: matching.length > limit,
      });
    }
    const refundMatch = /^\/v1\/refunds\/(\w+)$/.exec(url.pathname);
    if (request.method === "GET" && refundMatch) {
      const refund = refunds.find((entry) => entry.id === refundMatch[1]);
      return refund
        ? send(200, refund)
        : stripeError(404, `No such refund: '${refundMatch[1]}'`, { code: "resource_missing" });
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const intentOf = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey: SECRET_KEY,
    publishableKey: "pk_test_fake_stripe_key",
    webhookSecret,
    requests,
    intents,
    refunds,
    customers,
    paymentMethods,
    declining,
    subscriptions,
    confirm(intentId, outcome, error) {
      const intent = intentOf(intentId);
      if (outcome === "succeeded") {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
        intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
        intent.last_payment_error = null;
        // Stripe.js confirmed with a card: saved on the customer when the intent asked for it.
        if (intent.setup_future_usage && intent.customer && !intent.payment_method) {
          intent.payment_method = `pm_${randomBytes(8).toString("hex")}`;
          paymentMethods.set(intent.payment_method, {
            id: intent.payment_method,
            type: "card",
            customer: intent.customer,
            last4: "4242",
            routing: null,
          });
        }
      } else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = error ?? { code: "card_declined", message: "Your card was declined." };
      }
      return intent;
    },
    webhook(intentId, type) {
      const intent = intentOf(intentId);
      const named =
        type ??
        (intent.status === "succeeded"
          ? "payment_intent.succeeded"
          : intent.status === "processing"
            ? "payment_intent.processing"
            : intent.status === "canceled"
              ? "payment_intent.canceled"
              : "payment_intent.payment_failed");
      return sign(named, { ...intent });
    },
    amountRefunded: refundedOf,
    refundInDashboard(intentId, amountCents) {
      const intent = intentOf(intentId);
      if (intent.status !== "succeeded") throw new Error(`intent ${intentId} has no successful charge to refund`);
      if (amountCents < 1 || amountCents > intent.amount - refundedOf(intentId))
        throw new Error(`Refund amount (${dollars(amountCents)}) is greater than unrefunded amount on charge`);
      return makeRefund(intent, amountCents, {});
    },
    chargeRefunded(intentId) {
      const intent = intentOf(intentId);
      const refunded = refundedOf(intentId);
      const list = refunds.filter((refund) => refund.payment_intent === intentId).reverse();
      return sign("charge.refunded", {
        id: intent.latest_charge,
        object: "charge",
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: refunded,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: refunded >= intent.amount,
        status: "succeeded",
        payment_method_details: chargeDetails(intent),
        refunds: { object: "list", data: list, has_more: false },
      });
    },
    refundWebhook(refundId, type = "refund.updated") {
      const refund = refunds.find((entry) => entry.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      return sign(type, { ...refund });
    },
    sign,
    outage(mode) {
      unavailable = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of late) clearTimeout(timer);
        late.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
