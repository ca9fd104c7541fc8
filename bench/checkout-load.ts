/**
 * Checkouts under load and crashes: N checkouts (create order, payment intent, sandbox payment, which
 * posts its webhook) from C concurrent clients against the built server on PostgreSQL, while the server
 * is killed with SIGKILL K times and restarted. Every client retries what did not get an answer, with
 * the same Idempotency-Key, as a browser would. At the end it prints what the clients were told against
 * what the database holds: orders acknowledged, orders stored, orders paid, duplicates (orders sharing
 * an idempotency key, payments counted twice) and deal claims against their limit; the expected figures
 * are 0 lost, 0 duplicated, claims never above the limit. It also prints throughput and order-creation
 * latency beside a baseline measured in the same run (/api/health), as ratios.
 *
 *   npm run build && node bench/checkout-load.ts
 *   node bench/checkout-load.ts --checkouts 2000 --clients 50 --kills 5 --database postgres://postgres@127.0.0.1:5432/test
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { createPostgresDatabase, freePort, startServer, type ServerProcess } from "../tests/e2e/server-process.ts";
import { measureHealth, percentile } from "./health-baseline.ts";

const { values } = parseArgs({
  options: {
    checkouts: { type: "string", default: "2000" },
    clients: { type: "string", default: "50" },
    kills: { type: "string", default: "5" },
    "deal-limit": { type: "string", default: "150" },
    database: { type: "string" },
  },
});
const CHECKOUTS = whole(values.checkouts, 1, 100_000, "checkouts");
const CLIENTS = whole(values.clients, 1, 500, "clients");
const KILLS = whole(values.kills, 0, 100, "kills");
const DEAL_LIMIT = whole(values["deal-limit"], 1, 100_000, "deal-limit");
const ADMIN_URL = values.database ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// One checkout in four claims the hot deal, so that the deal sells out during the run.
const DEAL_EVERY = 4;

function whole(raw: string | undefined, min: number, max: number, name: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number between ${min} and ${max}`);
    process.exit(2);
  }
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const database = await createPostgresDatabase(ADMIN_URL, "atelier_bench");
  const port = await freePort();
  const env = {
    DATABASE_URL: database.url,
    SANDBOX_WEBHOOK_SECRET: "whsec_checkout_load_bench_secret",
    APP_SECRET: "checkout-load-bench-signing-key-0123456789",
    ORDERS_PER_ADDRESS: "1000000",
    PAGE_CACHE: "false",
    LOG_LEVEL: "error",
  };
  let server: ServerProcess = await startServer({ env, port });
  const base = server.url;
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    // The hot deal the run sells, with a limit below the number of checkouts that claim it.
    const { rows: deals } = await db.query(
      `insert into hot_deals (title_en, title_fr, description_en, description_fr, service_name_en, service_name_fr, original_price, discounted_price, discount_percentage, valid_from, valid_until, claim_limit)
       values ('Bench Deal', 'Offre banc', 'A deal sold during the load test.', 'Une offre vendue pendant le test.', 'Deal', 'Offre', 20000, 15000, 25, now() - interval '1 day', now() + interval '10 days', $1) returning id`,
      [DEAL_LIMIT],
    );
    const dealId = deals[0].id as number;

    const baseline = await measureHealth(base, CLIENTS, 3_000);

    const acknowledged = new Set<string>();
    const createLatencies: number[] = [];
    const outcome = { paid: 0, soldOut: 0, declined: 0, retries: 0, gaveUp: 0 };
    let next = 0;
    let done = 0;
    let restarting: Promise<void> | null = null;

    /** One request, retried while the server is down or restarting (network errors and 5xx). */
    async function call(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
      for (let attempt = 0; attempt < 200; attempt++) {
        if (restarting) await restarting;
        try {
          const headers = new Headers(init.headers);
          if (init.cookie) headers.set("cookie", init.cookie);
          if (init.method === "POST") headers.set("origin", `http://localhost:${port}`);
          const response = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(15_000) });
          if (response.status < 500) return response;
          await response.body?.cancel();
        } catch {
          // connection refused or reset: the server is being killed
        }
        outcome.retries++;
        await sleep(100 + Math.random() * 200);
      }
      throw new Error(`${path}: no answer after 200 attempts`);
    }

    async function checkout(index: number) {
      const key = `bench-${index}-${randomUUID()}`;
      const withDeal = index % DEAL_EVERY === 0;
      const items = [{ serviceId: "website", serviceName: "Website", pricingType: "custom", unitPriceCents: 60_000, quantity: 1 }];
      if (withDeal) items.push({ serviceId: "hot_deal", serviceName: "Bench Deal", pricingType: "fixed", unitPriceCents: 15_000, quantity: 1, serviceData: { dealId } } as never);
      const started = performance.now();
      const created = await call("/api/orders/guest", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ customerFirstName: "Load", customerLastName: `Client ${index}`, customerEmail: `load${index}@example.com`, items }),
      });
      if (created.status === 409) {
        // The deal sold out before this order was created: nothing to pay.
        await created.body?.cancel();
        outcome.soldOut++;
        return;
      }
      if (created.status !== 201) throw new Error(`order creation answered ${created.status}: ${await created.text()}`);
      createLatencies.push(performance.now() - started);
      const cookie = created.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
      const order = (await created.json()).data as { id: string };
      acknowledged.add(order.id);
      const intent = await call(`/api/orders/guest/${order.id}/payment-intent`, { cookie });
      if (intent.status === 409) {
        await intent.body?.cancel();
        outcome.soldOut++;
        return;
      }
      const { clientSecret } = (await intent.json()).data as { clientSecret: string };
      const confirm = await call("/api/payments/sandbox/confirm", {
        method: "POST",
        cookie,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ clientSecret, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" }),
      });
      const result = (await confirm.json()) as { data?: { status: string }; message?: string };
      if (confirm.status === 409) outcome.soldOut++;
      else if (result.data?.status === "succeeded") outcome.paid++;
      else outcome.declined++;
    }

    async function worker() {
      while (next < CHECKOUTS) {
        const index = next++;
        try {
          await checkout(index);
        } catch (error) {
          outcome.gaveUp++;
          console.error(String(error));
        }
        done++;
      }
    }

    // Kills spread over the run: after each 1/(K+1) of the checkouts.
    async function killer() {
      for (let kill = 1; kill <= KILLS; kill++) {
        while (done < (CHECKOUTS * kill) / (KILLS + 1)) await sleep(50);
        let release!: () => void;
        restarting = new Promise<void>((resolve) => {
          release = resolve;
        });
        server.child.kill("SIGKILL");
        await server.exited;
        server = await startServer({ env, port });
        restarting = null;
        release();
      }
    }

    const started = performance.now();
    await Promise.all([...Array.from({ length: CLIENTS }, worker), killer()]);
    const seconds = (performance.now() - started) / 1000;

    const stored = await db.query<{ id: string; status: string; idempotency_key: string }>(`select id, status, idempotency_key from orders where idempotency_key like 'bench-%'`);
    const storedIds = new Set(stored.rows.map((row) => row.id));
    const lost = [...acknowledged].filter((id) => !storedIds.has(id)).length;
    const sharedKeys = await db.query(`select idempotency_key from orders where idempotency_key is not null group by idempotency_key having count(*) > 1`);
    const doublePaid = await db.query(`select order_id from order_history where cause = 'payment_succeeded' group by order_id having count(*) > 1`);
    const doubleReceipts = await db.query(`select subject from mail_outbox where kind = 'order.receipt' group by subject having count(*) > 1`);
    const paidWithDeal = await db.query(`select count(distinct o.id)::int as n from orders o join order_items i on i.order_id = o.id where o.status = 'paid' and i.deal_id = $1`, [dealId]);
    const overLimitNotes = await db.query(`select count(*)::int as n from order_history where cause = 'claim_over_limit'`);
    const { rows: dealRows } = await db.query(`select claim_count, claim_limit from hot_deals where id = $1`, [dealId]);
    const paid = stored.rows.filter((row) => row.status === "paid").length;

    const sorted = [...createLatencies].sort((a, b) => a - b);
    const checkoutsPerSecond = acknowledged.size / seconds;
    console.log(`\ncheckout-load: ${CHECKOUTS} checkouts, ${CLIENTS} clients, ${KILLS} SIGKILL restarts, PostgreSQL, ${seconds.toFixed(1)} s`);
    console.log(`  orders acknowledged to clients   ${acknowledged.size}`);
    console.log(`  orders in the database           ${stored.rowCount}`);
    console.log(`  orders paid                      ${paid}   (clients told paid: ${outcome.paid}; sold out: ${outcome.soldOut}; declined: ${outcome.declined}; gave up: ${outcome.gaveUp})`);
    console.log(`  lost (acknowledged, not stored)  ${lost}`);
    console.log(`  duplicates: shared idempotency keys ${sharedKeys.rowCount}, payments counted twice ${doublePaid.rowCount}, receipts sent twice ${doubleReceipts.rowCount}`);
    console.log(`  deal claims                      ${dealRows[0].claim_count} of limit ${dealRows[0].claim_limit} (paid orders with the deal: ${paidWithDeal.rows[0].n}; claims over limit noted: ${overLimitNotes.rows[0].n})`);
    console.log(`  retried requests                 ${outcome.retries}`);
    console.log(`  throughput                       ${checkoutsPerSecond.toFixed(1)} checkouts/s (4 requests each), baseline /api/health ${baseline.rps.toFixed(0)} req/s, ratio ${(checkoutsPerSecond / baseline.rps).toFixed(4)}`);
    console.log(`  order creation latency           p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; baseline p50 ${baseline.p50.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms; ratios ${(percentile(sorted, 50) / baseline.p50).toFixed(1)}x, ${(percentile(sorted, 99) / baseline.p99).toFixed(1)}x`);
    const ok = lost === 0 && sharedKeys.rowCount === 0 && doublePaid.rowCount === 0 && doubleReceipts.rowCount === 0 && dealRows[0].claim_count <= dealRows[0].claim_limit;
    console.log(ok ? "  result: 0 lost, 0 duplicated, claims within the limit" : "  result: FAILED (see the figures above)");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await db.end();
    await server.stop(5_000);
    await database.drop();
  }
}


await main();
