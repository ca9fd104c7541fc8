/**
 * Runs the browser tests in shards side by side: each shard is its own Vitest run with its own built
 * server, data directory or PostgreSQL database, and Chromium (tests/e2e/global-setup.ts), so shards
 * share nothing but the build. Files are dealt to the shards longest first, by the seconds each took
 * in a CI run (SECONDS below; a new file counts as an average one), so that the shards end together.
 * Each shard's output is printed whole when it ends, so that summaries stay readable; the exit status
 * is non-zero if any shard failed.
 *
 *   node scripts/test-e2e.ts [vitest arguments]     E2E_SHARDS=1 runs them in one process
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

/** Seconds per file in a CI run (PGlite, two shards side by side); only used to balance the shards. */
const SECONDS: Record<string, number> = {
  "navigation.test.ts": 84,
  "blog.test.ts": 73,
  "bundle-budget.test.ts": 70,
  "media.test.ts": 58,
  "checkout.test.ts": 56,
  "bilingual-content.test.ts": 50,
  "payments.test.ts": 48,
  "foundation.test.ts": 46,
  "assistant.test.ts": 46,
  "password-reset.test.ts": 46,
  "screenshots.test.ts": 46,
  "public-site.test.ts": 45,
  "leads.test.ts": 45,
  "home-layout.test.ts": 39,
  "admin-classes.test.ts": 30,
  "class-waitlist.test.ts": 30,
  "tutorials.test.ts": 25,
  "cart.test.ts": 25,
  "booking-keyboard.test.ts": 24,
  "cart-limits.test.ts": 22,
  "site-french.test.ts": 20,
  "classes.test.ts": 19,
  "admin-orders.test.ts": 18,
  "logout.test.ts": 14,
  "contact-quote.test.ts": 12,
  "calls.test.ts": 10,
  "home.test.ts": 10,
  "translations.test.ts": 4,
};

const requested = Number(process.env.E2E_SHARDS ?? Math.min(2, Math.max(1, os.availableParallelism())));
const shards = Number.isInteger(requested) && requested >= 1 ? requested : 1;
const extra = process.argv.slice(2);
const vitest = ["node_modules/vitest/vitest.mjs", "run", "--config", "vitest.e2e.config.ts"];

/** The test files dealt to `count` shards, longest first, each to the shard with the least so far. */
function dealFiles(count: number): string[][] {
  const files = fs.readdirSync("tests/e2e").filter((name) => name.endsWith(".test.ts"));
  const known = Object.values(SECONDS);
  const average = known.reduce((sum, seconds) => sum + seconds, 0) / known.length;
  // On PostgreSQL the files that do not depend on the database skip their tests (onSecondDatabase).
  const skipped = process.env.TEST_DATABASE_URL ? new Set(["bundle-budget.test.ts", "navigation.test.ts", "screenshots.test.ts", "translations.test.ts"]) : new Set<string>();
  const weight = (name: string) => (skipped.has(name) ? 1 : (SECONDS[name] ?? average));
  const shardsOf = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  for (const name of files.sort((a, b) => weight(b) - weight(a))) {
    const lightest = shardsOf.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.files.push(`tests/e2e/${name}`);
    lightest.seconds += weight(name);
  }
  return shardsOf.map((shard) => shard.files);
}

// With file filters of its own (a single file, say), the run is not split.
const split = shards > 1 && !extra.some((arg) => !arg.startsWith("-"));
const dealt = split ? dealFiles(shards) : [];

function runShard(index: number): Promise<number> {
  const args = split ? [...vitest, ...dealt[index - 1]!, ...extra] : [...vitest, ...extra];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: split ? ["ignore", "pipe", "pipe"] : "inherit", env: process.env });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code, signal) => {
      if (split) {
        process.stdout.write(`\n==> browser tests, shard ${index} of ${shards}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const codes = await Promise.all(Array.from({ length: split ? shards : 1 }, (_, i) => runShard(i + 1)));
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
