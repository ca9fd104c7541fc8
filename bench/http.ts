/**
 * HTTP throughput and latency of the production server as it ships, against a bare node:http server and
 * the load client's own ceiling, all three measured by the same client in the same run.
 *
 *   npm run build && npm run bench
 *   npm run bench -- --connections 32 --duration 3 --warmup 1
 *   npm run bench -- --database postgres://postgres@127.0.0.1:5432/test    (or BENCH_DATABASE_URL)
 *   npm run bench -- --log-level warn    (the server without its request lines, to see what they cost)
 *
 * It builds nothing itself (run `npm run build` first). For each database (embedded PGlite, then
 * PostgreSQL when an address is given, in a throwaway database created beside it and dropped at the end)
 * it starts the built server with the shipped defaults (LOG_LEVEL unset, so one request line per request
 * is written, and the page cache on) and demo content. The load client is autocannon in a process of its
 * own (bench/http-client.ts): N keep-alive connections, each sending its next request as soon as the
 * previous answer is read, for a fixed time after a warm-up. Each address is measured without
 * Accept-Encoding, with `gzip` and with `br`, and each row is followed, with the same headers, by
 *   - the baseline: a node:http JSON hello world in its own process, what Node itself allows here;
 *   - the client's ceiling: a server that answers every request with canned bytes without parsing it, the
 *     most this client can drive; a baseline close to it would be measuring the client, not node:http.
 * It prints requests/s, p50 and p99 latency, the baseline's requests/s and the ratio between the two, the
 * ceiling, and the Content-Encoding and size answered. The client and the servers share the machine's
 * cores, so absolute figures move with whatever else runs: compare ratios, and runs made one after the other.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
import type { LoadReport, LoadSettings } from "./http-client.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "3" },
    warmup: { type: "string", default: "1" },
    database: { type: "string" },
    "log-level": { type: "string" },
  },
});
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const logLevel = values["log-level"];
if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel)) {
  console.error(`--log-level must be one of ${LOG_LEVELS.join(", ")}`);
  process.exit(2);
}
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

// The client's ceiling: canned answers written as soon as a request's head has arrived, with no HTTP
// parsing and no routing, so that what limits the figure is the client (and the machine), not the server.
// It answers /api/health too, so that the same start-up wait works for it.
const CANNED = `
const net = require("node:net");
const body = '{"status":"ok"}';
const answer = Buffer.from("HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\ncontent-length: " + body.length + "\\r\\nkeep-alive: timeout=65\\r\\n\\r\\n" + body);
const server = net.createServer((socket) => {
  let tail = "";
  socket.on("data", (chunk) => {
    const text = tail + chunk.toString("latin1");
    let heads = 0;
    for (let at = text.indexOf("\\r\\n\\r\\n"); at !== -1; at = text.indexOf("\\r\\n\\r\\n", at + 4)) heads++;
    // Three characters cannot hold a whole end of head, so none is counted twice.
    tail = text.slice(-3);
    if (heads > 0) socket.write(heads === 1 ? answer : Buffer.concat(Array(heads).fill(answer)));
  });
  socket.on("error", () => {});
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
`;

/** One load run by the client process against `url`. */
function load(url: string, headers: Record<string, string>): Promise<LoadReport> {
  const settings: LoadSettings = { url, headers, connections, warmupSeconds: warmupS, seconds: durationS };
  const child = spawn(process.execPath, [path.join(HERE, "http-client.ts"), JSON.stringify(settings)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`the load client exited with ${code}`));
      try {
        resolve(JSON.parse(output.trim().split("\n").pop() ?? "") as LoadReport);
      } catch {
        reject(new Error(`the load client printed no report: ${output.slice(0, 500)}`));
      }
    });
  });
}

/** A small server of the bench's own (the baseline or the ceiling) in its own process. */
async function startHelper(source: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", source], {
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
  { label: "br", headers: { ...ANONYMOUS, "accept-encoding": "br" } },
];

interface Row {
  database: string;
  name: string;
  acceptEncoding: string;
  result: LoadReport;
  /** The node:http baseline measured right after this row, with the same request headers. */
  baseline: LoadReport;
  /** The client against canned answers, right after the baseline. */
  ceiling: LoadReport;
}

/** Everything that holds resources until the end of the run, released in reverse order. */
const cleanups: Array<() => Promise<unknown>> = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error(error));
}

/** One database: the server as shipped, its API and a page from the page cache. */
async function benchDatabase(
  label: string,
  helpers: { baseline: string; ceiling: string },
  serverEnv: () => Promise<Record<string, string>>,
): Promise<Row[]> {
  const rows: Row[] = [];
  const run = async (name: string, url: string, pathname: string) => {
    for (const encoding of ENCODINGS) {
      process.stdout.write(`  ${label}: ${name}, Accept-Encoding ${encoding.label}...\n`);
      const result = await load(url, encoding.headers);
      const baseline = await load(`${helpers.baseline}${pathname}`, encoding.headers);
      const ceiling = await load(`${helpers.ceiling}${pathname}`, encoding.headers);
      rows.push({ database: label, name, acceptEncoding: encoding.label, result, baseline, ceiling });
    }
  };

  // The shipped defaults: LOG_LEVEL unset (request lines written), the page cache on; or the level asked for.
  const server = await startServer({
    env: { ...(await serverEnv()), SEED_DEMO_CONTENT: "true", ...(logLevel ? { LOG_LEVEL: logLevel } : {}) },
    unset: logLevel ? [] : ["LOG_LEVEL"],
  });
  try {
    for (const pathname of ["/api/health", "/api/services", "/api/posts"])
      await run(`GET ${pathname}`, `${server.url}${pathname}`, pathname);
    await run("GET /en (page cache)", `${server.url}/en`, "/");
  } catch (error) {
    // A server that stopped answering says why in its last lines.
    const ended = server.child.exitCode ?? server.child.signalCode;
    throw new Error(
      `${(error as Error).message}\n--- the server (${ended === null ? "still running" : `ended with ${ended}`}) wrote ---\n${server.output().slice(-3000)}`,
    );
  } finally {
    await stopServer(server);
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
    "client ceiling req/s",
    "answered",
    "non-2xx",
    "errors",
  ];
  const table = rows.map(({ database, name, acceptEncoding, result, baseline, ceiling }) => [
    database,
    name,
    acceptEncoding,
    result.requestsPerSecond.toFixed(0),
    result.p50.toFixed(2),
    result.p99.toFixed(2),
    baseline.requestsPerSecond.toFixed(0),
    `${(result.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}x`,
    ceiling.requestsPerSecond.toFixed(0),
    `${result.encoding} ${result.bodyBytes} B`,
    String(result.non2xx),
    String(result.errors + result.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  console.log("");
  console.log(formatRow(header, widths));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of table) console.log(formatRow(row, widths));
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    console.error('No production build: run "npm run build" first.');
    process.exit(1);
  }
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
  try {
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, autocannon with ${connections} connections, ${warmupS} s warm-up then ${durationS} s per measure, loopback.`,
    );
    console.log(`The server's LOG_LEVEL: ${logLevel ?? "unset (info, the shipped default: one line per request)"}.`);
    // Other work on the machine slows every figure; the ratios suffer less, but compare runs on a quiet machine.
    console.log(`Load average at start: ${loadAverage()}`);

    const baseline = await startHelper(HELLO_WORLD);
    cleanups.push(() => baseline.stop());
    const ceiling = await startHelper(CANNED);
    cleanups.push(() => ceiling.stop());
    const helpers = { baseline: baseline.url, ceiling: ceiling.url };
    const rows = await benchDatabase("pglite", helpers, async () => {
      const dataDir = temporaryDir("atelier-bench-");
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { DATA_DIR: dataDir };
    });
    if (postgresAdminUrl) {
      rows.push(
        ...(await benchDatabase("postgres", helpers, async () => {
          const database = await createPostgresDatabase(postgresAdminUrl, "atelier_bench");
          cleanups.push(() => database.drop());
          return { DATABASE_URL: database.url };
        })),
      );
    }

    console.log(`Load average at end: ${loadAverage()}`);
    printTable(rows);
    const failed = rows.filter(
      ({ result, baseline }) =>
        result.errors + result.timeouts + result.non2xx > 0 || baseline.errors + baseline.timeouts > 0,
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
