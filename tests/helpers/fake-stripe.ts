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
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  requests: StripeRequest[];
  intents: Map<string, FakeIntent>;
  refunds: Array<{ payment_intent: string; amount: number }>;
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
      };
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
    confirm(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      if (outcome === "succeeded") {
        intent.status = "succeeded";
        intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
        intent.last_payment_error = null;
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
