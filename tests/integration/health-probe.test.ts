import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../config/env.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { HealthProbe } from "../../server/api/health.server.ts";
import { createApp } from "../../server/app.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createServices } from "../../server/services.server.ts";
import { TEST_ORIGIN } from "../helpers/test-app.ts";
import { createTestDatabase } from "../helpers/test-db.ts";

/*
 * /api/health answers from a background probe. The database here can be made to fail and come back:
 * on PGlite by a switch in front of its ping (failing at once, or hanging like a database that stopped
 * answering), on PostgreSQL (TEST_DATABASE_URL) by really refusing connections to it.
 */

type Outage = "none" | "failing" | "hanging";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.useRealTimers();
  while (cleanups.length) await cleanups.pop()!();
});

/** `fakeTicks`: the probe's interval runs on a fake clock that the test moves with vi.advanceTimersByTimeAsync. */
async function setUp({ fakeTicks = false } = {}) {
  const database = await createTestDatabase();
  if (fakeTicks) vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  let outage: Outage = "none";
  let pings = 0;
  const switched: DatabaseHandle = {
    ...database,
    ping: async () => {
      pings++;
      if (outage === "failing") throw new Error("connection refused");
      if (outage === "hanging") return new Promise<void>(() => {});
      return database.ping();
    },
  };
  const config = parseConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    SEED_DEMO_CONTENT: "false",
  });
  const logger = createLogger("silent");
  const probe = new HealthProbe({ ping: () => switched.ping(), intervalMs: 200, timeoutMs: 500 }).start();
  const app = createApp({ config, services: createServices(switched, config, logger), logger, health: probe });
  cleanups.push(async () => {
    await probe.stop();
    await database.close();
  });
  return {
    app,
    database,
    setOutage: (value: Outage) => (outage = value),
    pings: () => pings,
    status: async () => (await app.request("/api/health")).status,
  };
}

/** Polls until `status()` gives `expected`, and fails if it does not within `withinMs`. */
async function turnsTo(status: () => Promise<number>, expected: number, withinMs: number): Promise<void> {
  await expect.poll(status, { timeout: withinMs, interval: 50 }).toBe(expected);
}

describe("health from the background probe", () => {
  it("answers many requests from one check instead of querying the database for each", async () => {
    const t = await setUp();
    await turnsTo(t.status, 200, 3_000);
    const before = t.pings();
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.request("/api/health")));
    expect(answers.map((response) => response.status)).toEqual(Array(50).fill(200));
    // At most the probe's own ticks happened meanwhile, never one per request.
    expect(t.pings() - before).toBeLessThan(5);
  });

  it("turns 503 within seconds of the database failing, and 200 once it answers again", async () => {
    const t = await setUp();
    await turnsTo(t.status, 200, 3_000);
    t.setOutage("failing");
    await turnsTo(t.status, 503, 3_000);
    expect(await (await t.app.request("/api/health")).json()).toEqual({
      status: "unavailable",
      database: "unreachable",
    });
    t.setOutage("none");
    await turnsTo(t.status, 200, 3_000);
    expect(await (await t.app.request("/api/health")).json()).toEqual({ status: "ok", database: "ok" });
  });

  it("turns 503 when the database stops answering at all (the check times out)", async () => {
    const t = await setUp();
    await turnsTo(t.status, 200, 3_000);
    t.setOutage("hanging");
    await turnsTo(t.status, 503, 3_000);
    t.setOutage("none");
    await turnsTo(t.status, 200, 3_000);
  });

  it("stops checking once stopped", async () => {
    const t = await setUp({ fakeTicks: true });
    await turnsTo(t.status, 200, 3_000);
    // Running, the probe checks again as its interval passes...
    const running = t.pings();
    await vi.advanceTimersByTimeAsync(600);
    expect(t.pings()).toBeGreaterThan(running);
    // ...stopped, it does not, however many intervals pass.
    await cleanups.pop()!();
    const after = t.pings();
    await vi.advanceTimersByTimeAsync(10 * 200);
    expect(t.pings()).toBe(after);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("health on PostgreSQL", () => {
  it("turns 503 while the database refuses connections and 200 when it accepts them again", async () => {
    const database = await createTestDatabase();
    const url = new URL(database.url!);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const config = parseConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      SEED_DEMO_CONTENT: "false",
    });
    const logger = createLogger("silent");
    const probe = new HealthProbe({ ping: () => database.ping(), intervalMs: 200, timeoutMs: 1_000 }).start();
    const app = createApp({ config, services: createServices(database, config, logger), logger, health: probe });
    cleanups.push(async () => {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => {});
      await admin.end();
      await probe.stop();
      await database.close();
    });
    const status = async () => (await app.request("/api/health")).status;
    await turnsTo(status, 200, 3_000);

    // The outage: no new connections, and the pool's open ones cut.
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
    await turnsTo(status, 503, 5_000);

    await admin.query(`alter database ${name} allow_connections true`);
    await turnsTo(status, 200, 8_000);
  });
});
