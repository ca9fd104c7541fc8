/**
 * Writes per second on the embedded database (PGlite on Node) with and without durable commits: the
 * same inserts, one at a time and 16 at once, into a fresh data directory on this machine's disk, plain
 * and with WalSync flushing the write-ahead log after each acknowledged write (db/wal-sync.server.ts).
 *
 *   node bench/pglite-durability.ts [--writes 400] [--dir /path/on/the/disk/to/measure]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { syncWritesOf, WalSync } from "../db/wal-sync.server.ts";

const { values } = parseArgs({ options: { writes: { type: "string", default: "400" }, dir: { type: "string" } } });
const writes = Number(values.writes);
const base = values.dir ?? os.tmpdir();

interface Result {
  mode: string;
  sequential: number;
  concurrent: number;
  flushes: number;
}

async function run(durable: boolean): Promise<Result> {
  const dir = fs.mkdtempSync(path.join(base, "pglite-bench-"));
  try {
    const client = await PGlite.create(dir);
    const wal = new WalSync(dir);
    if (durable) syncWritesOf(client, wal);
    await client.exec(
      "create table items (id serial primary key, body text not null, created_at timestamptz not null default now())",
    );
    const insert = (i: number) =>
      client.query("insert into items (body) values ($1)", [`item ${i} ${"x".repeat(200)}`]);
    const rate = async (concurrency: number) => {
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < writes) await insert(next++);
        }),
      );
      return Math.round(writes / ((performance.now() - started) / 1000));
    };
    await rate(1); // warm-up
    const flushesBefore = wal.flushes;
    const sequential = await rate(1);
    const concurrent = await rate(16);
    const count = (await client.query<{ n: number }>("select count(*)::int as n from items")).rows[0].n;
    if (count !== writes * 3) throw new Error(`expected ${writes * 3} rows, found ${count}`);
    await client.close();
    return {
      mode: durable ? "durable (WalSync)" : "PGlite default",
      sequential,
      concurrent,
      flushes: wal.flushes - flushesBefore,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const results = [await run(false), await run(true)];
console.log(`PGlite ${writes} single-row inserts per run, data directory under ${base}`);
console.log("| commits | writes/s, one at a time | writes/s, 16 at once | log flushes |");
console.log("| --- | --- | --- | --- |");
for (const r of results) console.log(`| ${r.mode} | ${r.sequential} | ${r.concurrent} | ${r.flushes} |`);
