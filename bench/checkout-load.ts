/**
 * Checkouts under load and crashes: N checkouts (create the order, ask for its payment intent, pay it with
 * the sandbox's card, whose event goes through the webhook path) from C concurrent clients against the
 * built server on PostgreSQL, run with the shipped defaults (request logging on), while the server is
 * killed with SIGKILL K times and restarted. Every client retries what got no answer, with the same
 * Idempotency-Key, as a browser would. At the end it prints what the clients were told against what the
 * database holds: orders acknowledged, stored, paid, duplicates (orders sharing a key, payments counted
 * twice, receipts sent twice), deal claims against their limit and automatic refunds of late deal
 * payments; the expected figures are 0 lost, 0 duplicated, claims never above the limit.
 *
 * The load client runs in processes of its own (bench/checkout-client.ts), and is first measured against a
 * bare node:http server answering the same three requests (bench/checkout-ceiling-server.ts): that ceiling
 * is printed beside the result, which means something only while it stays well below the ceiling.
 *
 *   npm run build && node bench/checkout-load.ts --kills 0
 *   node bench/checkout-load.ts --checkouts 2000 --clients 50 --kills 5 --processes 2 --database postgres://postgres@127.0.0.1:5432/test
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import {
  createPostgresDatabase,
  freePort,
  startServer,
  waitForHealth,
  type ServerProcess,
} from "../tests/e2e/server-process.ts";
import { percentile } from "./health-baseline.ts";
import type { ClientReport, ClientSettings } from "./checkout-client.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    checkouts: { type: "string", default: "2000" },
    clients: { type: "string", default: "50" },
    processes: { type: "string", default: "2" },
    kills: { type: "string", default: "5" },
    "deal-limit": { type: "string", default: "150" },
    database: { type: "string" },
  },
});
const CHECKOUTS = whole(values.checkouts, 1, 100_000, "checkouts");
const CLIENTS = whole(values.clients, 1, 500, "clients");
const PROCESSES = Math.min(whole(values.processes, 1, 16, "processes"), CLIENTS);
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

interface Run {
  reports: ClientReport[];
  seconds: number;
}

/** Runs `checkouts` checkouts against `base` from PROCESSES client processes; `onProgress` sees how many are done. */
async function drive(
  base: string,
  checkouts: number,
  dealId: number,
  onProgress?: (done: number) => void,
): Promise<Run> {
  const started = performance.now();
  const done = new Array<number>(PROCESSES).fill(0);
  const children: ChildProcess[] = [];
  const reports = await Promise.all(
    Array.from({ length: PROCESSES }, (_, index) => {
      const from = Math.floor((checkouts * index) / PROCESSES);
      const to = Math.floor((checkouts * (index + 1)) / PROCESSES);
      const concurrency = Math.floor(CLIENTS / PROCESSES) + (index < CLIENTS % PROCESSES ? 1 : 0);
      const settings: ClientSettings = { base, from, to, concurrency, dealId, dealEvery: DEAL_EVERY };
      const child = fork(path.join(HERE, "checkout-client.ts"), [JSON.stringify(settings)], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      children.push(child);
      return new Promise<ClientReport>((resolve, reject) => {
        child.on("message", (message: { kind: string; done?: number; report?: ClientReport }) => {
          if (message.kind === "progress") {
            done[index] = message.done ?? 0;
            onProgress?.(done.reduce((sum, n) => sum + n, 0));
          } else if (message.kind === "report" && message.report) resolve(message.report);
        });
        child.on("exit", (code) =>
          code === 0 ? undefined : reject(new Error(`load client ${index} exited with ${code}`)),
        );
      });
    }),
  );
  return { reports, seconds: (performance.now() - started) / 1000 };
}

/** The client's ceiling: the same checkouts against a bare node:http server in its own process. */
async function measureCeiling(checkouts: number): Promise<number> {
  const port = await freePort();
  const server = fork(path.join(HERE, "checkout-ceiling-server.ts"), [String(port)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, 30_000);
    const run = await drive(`http://127.0.0.1:${port}`, checkouts, 1);
    return run.reports.reduce((sum, report) => sum + report.paid, 0) / run.seconds;
  } finally {
    server.kill("SIGKILL");
  }
}

const sum = (reports: ClientReport[], key: "paid" | "soldOut" | "declined" | "retries" | "gaveUp" | "requests") =>
  reports.reduce((total, report) => total + report[key], 0);

async function main() {
  const ceiling = await measureCeiling(Math.max(1_000, CHECKOUTS));
  const database = await createPostgresDatabase(ADMIN_URL, "atelier_bench");
  const port = await freePort();
  // The shipped defaults: request logging at its default level (LOG_LEVEL unset), the page cache on.
  const env = {
    DATABASE_URL: database.url,
    SANDBOX_WEBHOOK_SECRET: "whsec_checkout_load_bench_secret",
    APP_SECRET: "checkout-load-bench-signing-key-0123456789",
    ORDERS_PER_ADDRESS: "1000000",
    HOLDS_PER_ADDRESS: "1000000",
  };
  const start = () => startServer({ env, port, unset: ["LOG_LEVEL"] });
  let server: ServerProcess = await start();
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    // The hot deal the run sells, with a limit below the number of checkouts that claim it.
    const { rows: deals } = await db.query(
      `insert into hot_deals (title_en, title_fr, description_en, description_fr, service_name_en, service_name_fr, original_price, discounted_price, discount_percentage, valid_from, valid_until, claim_limit)
       values ('Bench Deal', 'Offre banc', 'A deal sold during the load test.', 'Une offre vendue pendant le test.', 'Deal', 'Offre', 20000, 15000, 25, now() - interval '1 day', now() + interval '10 days', $1) returning id`,
      [DEAL_LIMIT],
    );
    const dealId = deals[0].id as number;

    // Kills spread over the run: after each 1/(K+1) of the checkouts.
    let kills = 0;
    let killing: Promise<void> | null = null;
    const onProgress = (done: number) => {
      if (killing || kills >= KILLS || done < (CHECKOUTS * (kills + 1)) / (KILLS + 1)) return;
      kills++;
      killing = (async () => {
        server.child.kill("SIGKILL");
        await server.exited;
        server = await start();
        killing = null;
      })();
    };
    const run = await drive(server.url, CHECKOUTS, dealId, onProgress);
    while (killing) await killing;
    const { reports, seconds } = run;

    const acknowledged = new Set(reports.flatMap((report) => report.acknowledged));
    const stored = await db.query<{ id: string; status: string }>(
      `select id, status from orders where idempotency_key like 'bench-%'`,
    );
    const storedIds = new Set(stored.rows.map((row) => row.id));
    const lost = [...acknowledged].filter((id) => !storedIds.has(id)).length;
    const sharedKeys = await db.query(
      `select idempotency_key from orders where idempotency_key is not null group by idempotency_key having count(*) > 1`,
    );
    const doublePaid = await db.query(
      `select subject_id from payments where kind = 'charge' and status = 'succeeded' group by subject_id having count(*) > 1`,
    );
    const doubleReceipts = await db.query(
      `select subject from mail_outbox where kind = 'order.receipt' group by subject having count(*) > 1`,
    );
    const paidWithDeal = await db.query(
      `select count(distinct o.id)::int as n from orders o join order_items i on i.order_id = o.id where o.status = 'paid' and i.deal_id = $1`,
      [dealId],
    );
    const soldOutRefunds = await db.query(`select count(*)::int as n from order_history where cause = 'deal_sold_out'`);
    const { rows: dealRows } = await db.query(`select claim_count, claim_limit from hot_deals where id = $1`, [dealId]);
    const paid = stored.rows.filter((row) => row.status === "paid").length;

    const creates = reports.flatMap((report) => report.createLatencies).sort((a, b) => a - b);
    const whole = reports.flatMap((report) => report.checkoutLatencies).sort((a, b) => a - b);
    // A checkout is done when the buyer has an answer: paid, declined, or told the deal sold out.
    const checkoutsPerSecond = (sum(reports, "paid") + sum(reports, "soldOut") + sum(reports, "declined")) / seconds;
    console.log(
      `\ncheckout-load: ${CHECKOUTS} checkouts, ${CLIENTS} clients in ${PROCESSES} processes, ${KILLS} SIGKILL restarts, PostgreSQL, ${seconds.toFixed(1)} s`,
    );
    console.log(`  orders acknowledged to clients   ${acknowledged.size}`);
    console.log(`  orders in the database           ${stored.rowCount}`);
    console.log(
      `  orders paid                      ${paid}   (clients told paid: ${sum(reports, "paid")}; sold out: ${sum(reports, "soldOut")}; declined: ${sum(reports, "declined")}; gave up: ${sum(reports, "gaveUp")})`,
    );
    console.log(`  lost (acknowledged, not stored)  ${lost}`);
    console.log(
      `  duplicates: shared idempotency keys ${sharedKeys.rowCount}, orders paid twice ${doublePaid.rowCount}, receipts sent twice ${doubleReceipts.rowCount}`,
    );
    console.log(
      `  deal claims                      ${dealRows[0].claim_count} of limit ${dealRows[0].claim_limit} (paid orders with the deal: ${paidWithDeal.rows[0].n}; late payments refunded as sold out: ${soldOutRefunds.rows[0].n})`,
    );
    console.log(`  requests                         ${sum(reports, "requests")} (retried: ${sum(reports, "retries")})`);
    console.log(
      `  throughput                       ${checkoutsPerSecond.toFixed(1)} checkouts/s (3 requests each); the client's own ceiling ${ceiling.toFixed(0)} checkouts/s (${(ceiling / checkoutsPerSecond).toFixed(1)}x)`,
    );
    console.log(
      `  order creation latency           p50 ${percentile(creates, 50).toFixed(1)} ms, p99 ${percentile(creates, 99).toFixed(1)} ms`,
    );
    console.log(
      `  whole checkout latency           p50 ${percentile(whole, 50).toFixed(1)} ms, p99 ${percentile(whole, 99).toFixed(1)} ms`,
    );
    const ok =
      lost === 0 &&
      sharedKeys.rowCount === 0 &&
      doublePaid.rowCount === 0 &&
      doubleReceipts.rowCount === 0 &&
      dealRows[0].claim_count <= dealRows[0].claim_limit;
    console.log(
      ok ? "  result: 0 lost, 0 duplicated, claims within the limit" : "  result: FAILED (see the figures above)",
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await db.end();
    await server.stop(5_000);
    await database.drop();
  }
}

await main();
