/**
 * HTTP throughput and latency of the production server, against a bare node:http hello world measured
 * in the same run on the same machine.
 *
 *   npm run build && npm run bench
 *   npm run bench -- --connections 32 --duration 3 --warmup 1
 *   npm run bench -- --database postgres://postgres@127.0.0.1:5432/test    (or BENCH_DATABASE_URL)
 *
 * It builds nothing itself (run `npm run build` first). For each database (embedded PGlite, then
 * PostgreSQL when an address is given, in a throwaway database created beside it and dropped at the end)
 * it starts the built server (demo content, LOG_LEVEL=warn so that request logs are not what is measured)
 * and drives each address with a closed-loop client: N keep-alive connections, each sending its next
 * request as soon as the previous answer has been read, for a fixed time after a warm-up. Every address is
 * measured twice, without Accept-Encoding (what the server itself costs) and with `Accept-Encoding: gzip`
 * (what a browser gets). Pages are measured as an anonymous visitor, from the page cache and from a second
 * server started with PAGE_CACHE=false (rendered every time). The baseline is a node:http hello world in its
 * own process, measured right after each row with the same headers, so that a row and its baseline see the
 * same load on the machine. It stops by itself and prints requests/s, p50 and p99 latency, the baseline's
 * requests/s, the ratio between the two and the Content-Encoding answered. The client shares the machine's
 * cores with the servers, so the baseline's figure is a floor of what node:http can do, and ratios are what
 * to compare between runs.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  ROOT,
  createPostgresDatabase,
  freePort,
  startServer,
  temporaryDir,
  waitForHealth,
  type ServerProcess,
} from "../tests/e2e/server-process.ts";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "3" },
    warmup: { type: "string", default: "1" },
    database: { type: "string" },
  },
});
const connections = boundedInt(values.connections, 1, 512, "connections");
const durationS = boundedInt(values.duration, 1, 60, "duration");
const warmupS = boundedInt(values.warmup, 0, 30, "warmup");
const postgresAdminUrl = values.database ?? process.env.BENCH_DATABASE_URL;
if (postgresAdminUrl && !/^postgres(ql)?:\/\//.test(postgresAdminUrl)) {
  console.error("--database must be a PostgreSQL URL (postgres://user:password@host:port/database)");
  process.exit(2);
}

function boundedInt(raw: string | undefined, min: number, max: number, name: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number between ${min} and ${max}`);
    process.exit(2);
  }
  return value;
}

// The baseline: the smallest JSON server node:http allows, in its own process like the app.
const HELLO_WORLD = `
const http = require("node:http");
const body = JSON.stringify({ hello: "world" });
const server = http.createServer((req, res) => {
  if (req.url === "/api/health") { res.writeHead(200, { "content-type": "application/json" }); res.end('{"status":"ok"}'); return; }
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => { server.close(() => process.exit(0)); server.closeAllConnections(); });
`;

interface Result {
  requests: number;
  errors: number;
  statuses: Map<number, number>;
  encodings: Set<string>;
  seconds: number;
  p50: number;
  p99: number;
}

/** N connections in a closed loop against one URL for `seconds`; latencies in milliseconds. */
async function load(url: string, headers: Record<string, string>, seconds: number, record: boolean): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const encodings = new Set<string>();
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        response.on("data", () => {});
        response.on("end", () => {
          if (record) {
            latencies.push(performance.now() - t0);
            statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
            encodings.add(String(response.headers["content-encoding"] ?? "identity"));
            requests++;
          }
          resolve();
        });
        response.on("error", () => {
          errors++;
          resolve();
        });
      });
      request.setTimeout(10_000, () => request.destroy(new Error("timeout")));
      request.on("error", () => {
        errors++;
        resolve();
      });
    });

  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : Number.NaN;
  return { requests, errors, statuses, encodings, seconds: elapsed, p50: at(0.5), p99: at(0.99) };
}

async function measure(url: string, headers: Record<string, string>): Promise<Result> {
  if (warmupS > 0) await load(url, headers, warmupS, false);
  return load(url, headers, durationS, true);
}

async function startBaseline(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", HELLO_WORLD], {
    env: { PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, 10_000, exited);
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

const ANONYMOUS = { accept: "*/*", "accept-language": "en-US,en;q=0.9" };
const ENCODINGS: Array<{ label: string; headers: Record<string, string> }> = [
  { label: "none", headers: ANONYMOUS },
  { label: "gzip", headers: { ...ANONYMOUS, "accept-encoding": "gzip" } },
];

interface Row {
  database: string;
  name: string;
  acceptEncoding: string;
  result: Result;
  /** The node:http baseline measured right after this row, with the same request headers. */
  baseline: Result;
}

/** Everything that holds resources until the end of the run, released in reverse order. */
const cleanups: Array<() => Promise<unknown>> = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error(error));
}

/** One database: the given server (started with `env`), then the page rows on a second one without the page cache. */
async function benchDatabase(
  label: string,
  baselineUrl: string,
  serverEnv: () => Promise<Record<string, string>>,
): Promise<Row[]> {
  const rows: Row[] = [];
  const run = async (name: string, url: string) => {
    for (const encoding of ENCODINGS) {
      process.stdout.write(`  ${label}: ${name}, Accept-Encoding ${encoding.label}...\n`);
      const result = await measure(url, encoding.headers);
      rows.push({
        database: label,
        name,
        acceptEncoding: encoding.label,
        result,
        baseline: await measure(baselineUrl, encoding.headers),
      });
    }
  };

  const cached = await startServer({ env: { ...(await serverEnv()), SEED_DEMO_CONTENT: "true", LOG_LEVEL: "warn" } });
  try {
    await run("GET /api/health", `${cached.url}/api/health`);
    await run("GET /api/posts", `${cached.url}/api/posts`);
    await run("GET /api/services", `${cached.url}/api/services`);
    await run("GET / (SSR, page cache)", `${cached.url}/`);
    await run("GET /posts (SSR, page cache)", `${cached.url}/posts`);
  } finally {
    await stopServer(cached);
  }

  const uncached = await startServer({
    env: { ...(await serverEnv()), SEED_DEMO_CONTENT: "true", LOG_LEVEL: "warn", PAGE_CACHE: "false" },
  });
  try {
    await run("GET / (SSR, rendered)", `${uncached.url}/`);
    await run("GET /posts (SSR, rendered)", `${uncached.url}/posts`);
  } finally {
    await stopServer(uncached);
  }
  return rows;
}

async function stopServer(server: ServerProcess) {
  const code = await server.stop(5_000);
  if (code !== 0) console.log(`  the server ended with ${code}:\n${server.output().slice(-2000)}`);
}

function formatRow(cells: string[], widths: number[]) {
  return cells.map((cell, i) => (i <= 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
}

function printTable(rows: Row[]) {
  const header = [
    "database",
    "address",
    "accept-enc",
    "req/s",
    "p50 ms",
    "p99 ms",
    "node:http req/s",
    "vs node:http",
    "answered",
    "non-2xx",
    "errors",
  ];
  const table = rows.map(({ database, name, acceptEncoding, result, baseline }) => {
    const baseRps = baseline.requests / baseline.seconds;
    const rps = result.requests / result.seconds;
    const non2xx = [...result.statuses]
      .filter(([status]) => status < 200 || status > 299)
      .reduce((sum, [, n]) => sum + n, 0);
    return [
      database,
      name,
      acceptEncoding,
      rps.toFixed(0),
      result.p50.toFixed(2),
      result.p99.toFixed(2),
      baseRps.toFixed(0),
      `${(rps / baseRps).toFixed(3)}x`,
      [...result.encodings].join("/") || "-",
      String(non2xx),
      String(result.errors),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  console.log("");
  console.log(formatRow(header, widths));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of table) console.log(formatRow(row, widths));
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    console.error('No production build: run "npm run build" first.');
    process.exit(1);
  }
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
  try {
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, ${connections} connections, ${warmupS} s warm-up then ${durationS} s per row, loopback.`,
    );
    // Other work on the machine slows every figure; the ratios suffer less, but compare runs on a quiet machine.
    console.log(
      `Load average at start: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")}`,
    );

    const baseline = await startBaseline();
    cleanups.push(() => baseline.stop());
    const rows = await benchDatabase("pglite", baseline.url, async () => {
      const dataDir = temporaryDir("atelier-bench-");
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { DATA_DIR: dataDir };
    });
    if (postgresAdminUrl) {
      rows.push(
        ...(await benchDatabase("postgres", baseline.url, async () => {
          const database = await createPostgresDatabase(postgresAdminUrl, "atelier_bench");
          cleanups.push(() => database.drop());
          return { DATABASE_URL: database.url };
        })),
      );
    }

    console.log(
      `Load average at end: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")}`,
    );
    printTable(rows);
    const failed = rows.filter(
      ({ result, baseline }) =>
        result.errors > 0 || baseline.errors > 0 || [...result.statuses.keys()].some((s) => s < 200 || s > 299),
    );
    if (failed.length) {
      console.log(
        `\nSome answers were not 2xx or failed: ${failed.map((f) => `${f.database} ${f.name} (${f.acceptEncoding})`).join(", ")}.`,
      );
      process.exitCode = 1;
    }
  } finally {
    await cleanUp();
  }
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await cleanUp();
  process.exit(1);
});
