/**
 * Runs the browser tests in shards side by side: each shard is its own Vitest run with its own built
 * server, data directory or PostgreSQL database, and Chromium (tests/e2e/global-setup.ts), so shards
 * share nothing but the build. Files are dealt to the shards longest first, by the seconds each took
 * in a CI run (SECONDS below, ON_POSTGRES on PostgreSQL; a new file counts as an average one), so that
 * the shards end together. On PostgreSQL only the files of ON_POSTGRES run.
 * Each shard's output is printed whole when it ends, so that summaries stay readable; the exit status
 * is non-zero if any shard failed.
 *
 *   node scripts/test-e2e.ts [vitest arguments]     E2E_SHARDS=1 runs them in one process
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

/** Seconds per file in a run of the whole suite (PGlite, two shards side by side); only used to balance the shards. */
const SECONDS: Record<string, number> = {
  "payments.test.ts": 70,
  "blog.test.ts": 67,
  "navigation.test.ts": 66,
  "media.test.ts": 54,
  "screenshots.test.ts": 50,
  "bundle-budget.test.ts": 49,
  "public-site.test.ts": 46,
  "checkout.test.ts": 45,
  "leads.test.ts": 45,
  "foundation.test.ts": 42,
  "bilingual-content.test.ts": 41,
  "password-reset.test.ts": 40,
  "admin-orders.test.ts": 39,
  "home-layout.test.ts": 39,
  "assistant.test.ts": 34,
  "tutorials.test.ts": 25,
  "cart.test.ts": 21,
  "site-french.test.ts": 20,
  "admin-classes.test.ts": 20,
  "admin-sections.test.ts": 15,
  "blog-paging.test.ts": 20,
  "tutorials-paging.test.ts": 20,
  "classes-paging.test.ts": 20,
  "media-paging.test.ts": 20,
  "testimonials-paging.test.ts": 20,
  "deals-paging.test.ts": 20,
  "booking-keyboard.test.ts": 19,
  "holds.test.ts": 18,
  "cart-limits.test.ts": 16,
  "classes.test.ts": 16,
  "class-waitlist.test.ts": 13,
  "contact-quote.test.ts": 12,
  "before-hydration.test.ts": 11,
  "logout.test.ts": 9,
  "sign-in-link.test.ts": 9,
  "home.test.ts": 9,
  "calls.test.ts": 3,
  "translations.test.ts": 2,
};

/**
 * The files run again on PostgreSQL (TEST_DATABASE_URL): the flows whose outcome rests on the database's
 * transactions, locks and conditional updates (money, seats, sessions and one-time tokens), in seconds
 * per file on that run. The integration tests run on both databases (but for those vitest.config.ts
 * names as the same on every database); the rest of the browser tests (layout, menus, content, the
 * assistant) would only repeat, through the same API, what they checked on the first run.
 */
const ON_POSTGRES: Record<string, number> = {
  "payments.test.ts": 49,
  "checkout.test.ts": 48,
  "admin-orders.test.ts": 43,
  "password-reset.test.ts": 41,
  "sign-in-link.test.ts": 25,
  "foundation.test.ts": 18,
  "class-waitlist.test.ts": 11,
  "logout.test.ts": 9,
};

const requested = Number(process.env.E2E_SHARDS ?? Math.min(2, Math.max(1, os.availableParallelism())));
const shards = Number.isInteger(requested) && requested >= 1 ? requested : 1;
const extra = process.argv.slice(2);
const vitest = ["node_modules/vitest/vitest.mjs", "run", "--config", "vitest.e2e.config.ts"];

/** The test files dealt to `count` shards, longest first, each to the shard with the least so far. */
function dealFiles(count: number): string[][] {
  const table = process.env.TEST_DATABASE_URL ? ON_POSTGRES : SECONDS;
  const files = process.env.TEST_DATABASE_URL
    ? Object.keys(ON_POSTGRES)
    : fs.readdirSync("tests/e2e").filter((name) => name.endsWith(".test.ts"));
  const known = Object.values(table);
  const average = known.reduce((sum, seconds) => sum + seconds, 0) / known.length;
  const weight = (name: string) => table[name] ?? average;
  const shardsOf = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  for (const name of files.sort((a, b) => weight(b) - weight(a))) {
    const lightest = shardsOf.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.files.push(`tests/e2e/${name}`);
    lightest.seconds += weight(name);
  }
  return shardsOf.map((shard) => shard.files);
}

// With file filters of its own (a single file, say), the run is not split and runs what it names.
const filtered = extra.some((arg) => !arg.startsWith("-"));
const count = filtered ? 1 : shards;
const dealt = filtered ? [[]] : dealFiles(count);

function runShard(index: number): Promise<number> {
  const args = [...vitest, ...dealt[index - 1]!, ...extra];
  const split = count > 1;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      stdio: split ? ["ignore", "pipe", "pipe"] : "inherit",
      env: process.env,
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code, signal) => {
      if (split) {
        process.stdout.write(`\n==> browser tests, shard ${index} of ${count}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const codes = await Promise.all(Array.from({ length: count }, (_, i) => runShard(i + 1)));
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
