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
  idempotencyKey: string | null;
  authorization: string | null;
}

interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string } | null;
  latest_charge: string | null;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  requests: StripeRequest[];
  intents: Map<string, FakeIntent>;
  refunds: Array<{ payment_intent: string; amount: number }>;
  customers: Map<string, { id: string; email: string; name: string }>;
  /** Payment methods by id, with the customer they are attached to; a number is never kept, only its last 4. */
  paymentMethods: Map<string, { id: string; type: string; customer: string | null; last4: string; routing: string | null }>;
  /** Payment methods whose off-session charges Stripe declines. */
  declining: Set<string>;
  subscriptions: Map<string, { id: string; status: string; cancel_at_period_end: boolean; [key: string]: unknown }>;
  /** What Stripe.js does in the browser: confirms an intent with a card, succeeding or failing. */
  confirm(intentId: string, outcome: "succeeded" | "failed"): FakeIntent;
  /** A webhook for an intent's current state, signed with the webhook secret as Stripe signs it. */
  webhook(intentId: string): { rawBody: string; signature: string };
  close(): Promise<void>;
}

const SECRET_KEY = "sk_test_fake_stripe_key";

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` });
  res.end(JSON.stringify(body));
}

function stripeError(res: http.ServerResponse, status: number, message: string) {
  json(res, status, { error: { type: "invalid_request_error", message } });
}

/**
 * A local stand-in for Stripe's API (PaymentIntents, refunds): it checks what the real API would
 * refuse (the secret key, a missing or reused idempotency key with other parameters, amounts and
 * currency) and keeps every request for assertions.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const refunds: Array<{ payment_intent: string; amount: number }> = [];
  const customers = new Map<string, { id: string; email: string; name: string }>();
  const paymentMethods = new Map<string, { id: string; type: string; customer: string | null; last4: string; routing: string | null }>();
  const declining = new Set<string>();
  const subscriptions = new Map<string, { id: string; status: string; cancel_at_period_end: boolean; [key: string]: unknown }>();
  const idempotent = new Map<string, { body: string; answer: unknown }>();
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(SECRET_KEY);

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const request: StripeRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      form,
      idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
      authorization: (req.headers.authorization as string | undefined) ?? null,
    };
    requests.push(request);
    if (request.authorization !== `Bearer ${SECRET_KEY}`) return stripeError(res, 401, "Invalid API Key provided");
    if (request.method === "POST" && request.idempotencyKey) {
      const seen = idempotent.get(request.idempotencyKey);
      if (seen) {
        if (seen.body !== raw) return stripeError(res, 400, "Keys for idempotent requests can only be used with the same parameters they were first used with.");
        return json(res, 200, seen.answer);
      }
    }
    const answer = (status: number, body: unknown) => {
      if (request.method === "POST" && request.idempotencyKey && status === 200) idempotent.set(request.idempotencyKey, { body: raw, answer: body });
      json(res, status, body);
    };
    const intentMatch = /^\/v1\/payment_intents\/([\w]+)(\/cancel)?$/.exec(url.pathname);
    if (request.method === "GET" && url.pathname === "/v1/customers") {
      const email = url.searchParams.get("email");
      return json(res, 200, { object: "list", data: [...customers.values()].filter((customer) => !email || customer.email === email).map((customer) => ({ ...customer, object: "customer" })), has_more: false });
    }
    if (request.method === "POST" && url.pathname === "/v1/prices") {
      // A recurring price with its product made inline, as Stripe accepts it.
      if (!form.currency || !form.unit_amount) return stripeError(res, 400, "Missing required param: currency or unit_amount");
      if (!form.product && !form["product_data[name]"]) return stripeError(res, 400, "Missing required param: product");
      const product = form.product ?? `prod_${randomBytes(8).toString("hex")}`;
      return answer(200, { id: `price_${randomBytes(8).toString("hex")}`, object: "price", currency: form.currency, unit_amount: Number(form.unit_amount), product, recurring: form["recurring[interval]"] ? { interval: form["recurring[interval]"] } : null });
    }
    if (request.method === "POST" && url.pathname === "/v1/subscriptions") {
      if (!customers.has(form.customer)) return stripeError(res, 400, `No such customer: '${form.customer}'`);
      if (!form["items[0][price]"]) return stripeError(res, 400, "Missing required param: items[0][price]");
      const id = `sub_${randomBytes(8).toString("hex")}`;
      const invoiceId = `in_${randomBytes(8).toString("hex")}`;
      const subscription = { id, object: "subscription", customer: form.customer, status: "incomplete", items: { data: [{ price: { id: form["items[0][price]"] } }] }, metadata: { subscriptionId: form["metadata[subscriptionId]"] }, cancel_at_period_end: false };
      subscriptions.set(id, subscription);
      const expanded = form["expand[0]"] === "latest_invoice.confirmation_secret";
      return answer(200, { ...subscription, latest_invoice: expanded ? { id: invoiceId, object: "invoice", confirmation_secret: { client_secret: `pi_${randomBytes(6).toString("hex")}_secret_${randomBytes(8).toString("hex")}`, type: "payment_intent" } } : invoiceId });
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
    if (subscriptionMatch && (request.method === "POST" || request.method === "DELETE")) {
      const subscription = subscriptions.get(subscriptionMatch[1]);
      if (!subscription) return stripeError(res, 404, `No such subscription: '${subscriptionMatch[1]}'`);
      if (request.method === "DELETE") subscription.status = "canceled";
      else if (form.cancel_at_period_end) subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
      return json(res, 200, subscription);
    }
    if (request.method === "POST" && url.pathname === "/v1/customers") {
      const customer = { id: `cus_${randomBytes(8).toString("hex")}`, object: "customer", email: form.email ?? "", name: form.name ?? "" };
      customers.set(customer.id, customer);
      return answer(200, customer);
    }
    if (request.method === "POST" && url.pathname === "/v1/payment_methods") {
      if (form.type !== "us_bank_account") return stripeError(res, 400, "Only us_bank_account is faked");
      const routing = form["us_bank_account[routing_number]"] ?? "";
      const account = form["us_bank_account[account_number]"] ?? "";
      if (!/^\d{9}$/.test(routing)) return stripeError(res, 400, "Routing number must have 9 digits");
      if (!/^\d{4,17}$/.test(account)) return stripeError(res, 400, "Invalid account number");
      const method = { id: `pm_${randomBytes(8).toString("hex")}`, type: "us_bank_account", customer: null, last4: account.slice(-4), routing };
      paymentMethods.set(method.id, method);
      return answer(200, { id: method.id, object: "payment_method", type: method.type, us_bank_account: { last4: method.last4, routing_number: routing }, customer: null });
    }
    const attachMatch = /^\/v1\/payment_methods\/(\w+)\/attach$/.exec(url.pathname);
    if (request.method === "POST" && attachMatch) {
      const method = paymentMethods.get(attachMatch[1]);
      if (!method) return stripeError(res, 404, `No such PaymentMethod: '${attachMatch[1]}'`);
      if (!customers.has(form.customer)) return stripeError(res, 404, `No such customer: '${form.customer}'`);
      method.customer = form.customer;
      return answer(200, { id: method.id, object: "payment_method", type: method.type, customer: method.customer });
    }
    if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) return stripeError(res, 400, "Amount must be at least $0.50 usd");
      if (form.currency !== "usd") return stripeError(res, 400, "Invalid currency");
      const id = `pi_${randomBytes(12).toString("hex")}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = /^metadata\[(\w+)\]$/.exec(key);
        if (match) metadata[match[1]] = value;
      }
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount,
        currency: form.currency,
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        metadata,
        last_payment_error: null,
        latest_charge: null,
        customer: form.customer ?? null,
        payment_method: form.payment_method ?? null,
        setup_future_usage: form.setup_future_usage ?? null,
      };
      if (intent.customer && !customers.has(intent.customer)) return stripeError(res, 400, `No such customer: '${intent.customer}'`);
      if (form.confirm === "true") {
        const method = intent.payment_method ? paymentMethods.get(intent.payment_method) ?? (intent.payment_method.startsWith("pm_") ? { id: intent.payment_method, type: "card", customer: intent.customer, last4: "4242", routing: null } : null) : null;
        if (!method) return stripeError(res, 400, "You must provide a payment method to confirm");
        if (method.type === "us_bank_account") {
          if (!form["mandate_data[customer_acceptance][online][ip_address]"] || !form["mandate_data[customer_acceptance][online][user_agent]"]) return stripeError(res, 400, "A mandate is required for us_bank_account");
          intent.status = "processing";
        } else if (form.off_session === "true" && declining.has(method.id)) {
          intent.status = "requires_payment_method";
          intent.last_payment_error = { code: "card_declined", message: "Your card was declined." };
          intents.set(id, intent);
          return json(res, 402, { error: { type: "card_error", code: "card_declined", message: "Your card was declined.", payment_intent: intent } });
        } else {
          intent.status = "succeeded";
          intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
        }
      }
      intents.set(id, intent);
      return answer(200, intent);
    }
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]);
      if (!intent) return stripeError(res, 404, `No such payment_intent: '${intentMatch[1]}'`);
      if (request.method === "POST" && intentMatch[2]) {
        if (intent.status === "succeeded") return stripeError(res, 400, "You cannot cancel this PaymentIntent because it has a status of succeeded.");
        intent.status = "canceled";
        return answer(200, intent);
      }
      if (request.method === "GET") {
        const expand = url.searchParams.getAll("expand[]").includes("latest_charge") || url.searchParams.getAll("expand[0]").includes("latest_charge");
        const charge = intent.latest_charge && expand ? { id: intent.latest_charge, object: "charge", payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } } } : intent.latest_charge;
        return json(res, 200, { ...intent, latest_charge: charge });
      }
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      const intent = intents.get(form.payment_intent);
      if (!intent || intent.status !== "succeeded") return stripeError(res, 400, "This PaymentIntent does not have a successful charge to refund.");
      const amount = Number(form.amount ?? intent.amount);
      if (amount > intent.amount) return stripeError(res, 400, "Refund amount is greater than the charge amount.");
      refunds.push({ payment_intent: intent.id, amount });
      return answer(200, { id: `re_${randomBytes(8).toString("hex")}`, object: "refund", amount, payment_intent: intent.id, status: "succeeded" });
    }
    return stripeError(res, 404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

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
    confirm(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      if (outcome === "succeeded") {
        intent.status = "succeeded";
        intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
        intent.last_payment_error = null;
        // Stripe.js confirmed with a card: saved on the customer when the intent asked for it.
        if (intent.setup_future_usage && intent.customer && !intent.payment_method) {
          intent.payment_method = `pm_${randomBytes(8).toString("hex")}`;
          paymentMethods.set(intent.payment_method, { id: intent.payment_method, type: "card", customer: intent.customer, last4: "4242", routing: null });
        }
      } else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { code: "card_declined", message: "Your card was declined." };
      }
      return intent;
    },
    webhook(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const type = intent.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed";
      const rawBody = JSON.stringify({ id: `evt_${randomBytes(10).toString("hex")}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object: intent } });
      return { rawBody, signature: signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: webhookSecret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
