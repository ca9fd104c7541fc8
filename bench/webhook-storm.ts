/**
 * A storm of provider events: E signed events for N orders (each order's attempts: failures and
 * successes in random order, and for one order in ten a full refund made at the provider), shuffled, each delivered 1 to 3 times, C at a time, to the built server's
 * POST /api/webhooks/stripe on PostgreSQL. It prints the double effects (an order paid twice, a receipt
 * queued twice, a deal claim counted twice; expected 0) and the orders whose final status is not what
 * their events say (refunded when refunded, else paid when any attempt succeeded, else failed; expected 0), and the events'
 * throughput beside a baseline measured in the same run (/api/health), as a ratio.
 *
 *   npm run build && node bench/webhook-storm.ts
 *   node bench/webhook-storm.ts --events 1000 --orders 200 --concurrency 20 --database postgres://postgres@127.0.0.1:5432/test
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import Stripe from "stripe";
import { createPostgresDatabase, startServer } from "../tests/e2e/server-process.ts";
import { measureHealth, percentile } from "./health-baseline.ts";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "1000" },
    orders: { type: "string", default: "200" },
    concurrency: { type: "string", default: "20" },
    database: { type: "string" },
  },
});
const EVENTS = whole(values.events, 1, 1_000_000, "events");
const ORDERS = whole(values.orders, 1, 100_000, "orders");
const CONCURRENCY = whole(values.concurrency, 1, 500, "concurrency");
const ADMIN_URL = values.database ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECRET = "whsec_webhook_storm_bench_secret";
const signer = new Stripe("sk_test_storm_signer");

function whole(raw: string | undefined, min: number, max: number, name: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number between ${min} and ${max}`);
    process.exit(2);
  }
  return value;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function main() {
  const database = await createPostgresDatabase(ADMIN_URL, "atelier_bench");
  const server = await startServer({
    env: {
      DATABASE_URL: database.url,
      SANDBOX_WEBHOOK_SECRET: SECRET,
      ORDERS_PER_ADDRESS: "1000000",
      HOLDS_PER_ADDRESS: "1000000",
      PAGE_CACHE: "false",
      LOG_LEVEL: "error",
    },
  });
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    // A deal without a limit: every paid order with it must count exactly one claim.
    const { rows: deals } = await db.query(
      `insert into hot_deals (title_en, title_fr, description_en, description_fr, service_name_en, service_name_fr, original_price, discounted_price, discount_percentage, valid_from, valid_until)
       values ('Storm Deal', 'Offre tempête', 'A deal bought during the storm.', 'Une offre achetée pendant la tempête.', 'Deal', 'Offre', 20000, 15000, 25, now() - interval '1 day', now() + interval '10 days') returning id`,
    );
    const dealId = deals[0].id as number;

    // The orders, each with its payment intent (requires_payment), through the API.
    const orders: Array<{ id: string; intentId: string; withDeal: boolean; amount: number }> = [];
    for (let index = 0; index < ORDERS; index++) {
      const withDeal = index % 2 === 0;
      const items: unknown[] = [
        { serviceId: "website", serviceName: "Website", pricingType: "custom", unitPriceCents: 60_000, quantity: 1 },
      ];
      if (withDeal)
        items.push({
          serviceId: "hot_deal",
          serviceName: "Storm Deal",
          pricingType: "fixed",
          unitPriceCents: 15_000,
          quantity: 1,
          serviceData: { dealId },
        });
      const created = await fetch(`${server.url}/api/orders/guest`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://localhost:${server.port}` },
        body: JSON.stringify({
          customerFirstName: "Storm",
          customerLastName: `Order ${index}`,
          customerEmail: `storm${index}@example.com`,
          items,
        }),
      });
      if (created.status !== 201) throw new Error(`order creation answered ${created.status}: ${await created.text()}`);
      const cookie = created.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const { id } = (await created.json()).data;
      const intent = await fetch(`${server.url}/api/orders/guest/${id}/payment-intent`, { headers: { cookie } });
      const { clientSecret } = (await intent.json()).data;
      orders.push({ id, intentId: clientSecret.split("_secret_")[0], withDeal, amount: withDeal ? 75_000 : 60_000 });
    }

    // Events: spread over the orders, each a failure or a success (two in five succeed).
    const expected = new Map<string, "paid" | "failed" | "refunded">();
    const events: Array<{ rawBody: string; orderId: string }> = [];
    for (let index = 0; index < EVENTS; index++) {
      const order = orders[index % orders.length];
      // The first event of one order in ten is its refund (which implies a payment, whatever arrives first).
      if (index < orders.length && index % 10 === 0) {
        expected.set(order.id, "refunded");
        const object = {
          id: `ch_${randomBytes(6).toString("hex")}`,
          object: "charge",
          payment_intent: order.intentId,
          amount: order.amount,
          amount_refunded: order.amount,
          currency: "usd",
          refunded: true,
        };
        events.push({
          rawBody: JSON.stringify({
            id: `evt_${randomBytes(12).toString("hex")}`,
            object: "event",
            type: "charge.refunded",
            data: { object },
          }),
          orderId: order.id,
        });
        continue;
      }
      const succeeded = Math.random() < 0.4;
      if (succeeded && expected.get(order.id) !== "refunded") expected.set(order.id, "paid");
      else if (!expected.has(order.id)) expected.set(order.id, "failed");
      const object = {
        id: order.intentId,
        object: "payment_intent",
        status: succeeded ? "succeeded" : "requires_payment_method",
        amount: order.amount,
        amount_received: succeeded ? order.amount : 0,
        currency: "usd",
        latest_charge: succeeded
          ? {
              id: `ch_${randomBytes(6).toString("hex")}`,
              payment_method_details: { card: { brand: "visa", last4: "4242" } },
            }
          : null,
        last_payment_error: succeeded ? null : { code: "card_declined", message: "Your card was declined." },
      };
      const event = {
        id: `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        type: succeeded ? "payment_intent.succeeded" : "payment_intent.payment_failed",
        data: { object },
      };
      events.push({ rawBody: JSON.stringify(event), orderId: order.id });
    }
    // Each delivered 1 to 3 times, all shuffled together.
    const deliveries = shuffle(
      events.flatMap((event) => Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => event)),
    );

    const baseline = await measureHealth(server.url, CONCURRENCY, 3_000);
    const latencies: number[] = [];
    let next = 0;
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries.length) {
          const delivery = deliveries[next++];
          // Signed at delivery time, as Stripe signs each attempt.
          const signature = signer.webhooks.generateTestHeaderString({ payload: delivery.rawBody, secret: SECRET });
          const sent = performance.now();
          const response = await fetch(`${server.url}/api/webhooks/stripe`, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": signature },
            body: delivery.rawBody,
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (response.status !== 200) failures++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const statuses = await db.query<{ id: string; status: string }>(`select id, status from orders`);
    const wrong = statuses.rows.filter((row) => expected.has(row.id) && expected.get(row.id) !== row.status).length;
    const doublePaid = await db.query(
      `select order_id from order_history where cause = 'payment_succeeded' group by order_id having count(*) > 1`,
    );
    const doubleReceipts = await db.query(
      `select subject from mail_outbox where kind = 'order.receipt' group by subject having count(*) > 1`,
    );
    // One event has one effect of each kind (a refund overtaking its payment applies both, once each).
    const doubleEvents = await db.query(
      `select event_id from order_history where event_id is not null group by event_id, cause having count(*) > 1`,
    );
    // A full refund gives the claim back: every order still paid counts one.
    const paidWithDeal = orders.filter(
      (order) => order.withDeal && statuses.rows.find((row) => row.id === order.id)?.status === "paid",
    ).length;
    const { rows: dealRows } = await db.query(`select claim_count from hot_deals where id = $1`, [dealId]);
    const claimDifference = Math.abs(Number(dealRows[0].claim_count) - paidWithDeal);
    const doubleEffects =
      (doublePaid.rowCount ?? 0) + (doubleReceipts.rowCount ?? 0) + (doubleEvents.rowCount ?? 0) + claimDifference;

    latencies.sort((a, b) => a - b);
    const eventsPerSecond = deliveries.length / seconds;
    console.log(
      `\nwebhook-storm: ${EVENTS} events for ${ORDERS} orders, ${deliveries.length} deliveries (1 to 3 each, shuffled), ${CONCURRENCY} at a time, PostgreSQL`,
    );
    console.log(
      `  double effects                   ${doubleEffects}   (paid twice ${doublePaid.rowCount}, receipts twice ${doubleReceipts.rowCount}, event applied twice ${doubleEvents.rowCount}, deal claims off by ${claimDifference})`,
    );
    console.log(
      `  orders in a wrong final state    ${wrong}   (of ${expected.size}; paid ${statuses.rows.filter((row) => row.status === "paid").length})`,
    );
    console.log(`  deliveries refused               ${failures}`);
    console.log(
      `  throughput                       ${eventsPerSecond.toFixed(0)} deliveries/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `  baseline /api/health             ${baseline.rps.toFixed(0)} req/s, p50 ${baseline.p50.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms; ratio ${(eventsPerSecond / baseline.rps).toFixed(3)}`,
    );
    process.exitCode = doubleEffects === 0 && wrong === 0 && failures === 0 ? 0 : 1;
  } finally {
    await db.end();
    await server.stop(5_000);
    await database.drop();
  }
}

await main();
