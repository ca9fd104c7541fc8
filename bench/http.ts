/**
 * HTTP throughput and latency of the production server, against a bare node:http hello world measured
 * in the same run on the same machine.
 *
 *   npm run build && npm run bench            (options: -- --connections 32 --duration 5 --warmup 1)
 *
 * It builds nothing itself (run `npm run build` first). It starts the built server (own temporary data
 * directory, demo content, LOG_LEVEL=warn so that request logs are not what is measured) and the
 * baseline, each as a child process on loopback, then drives each address with a closed-loop client:
 * N keep-alive connections, each sending its next request as soon as the previous answer has been read,
 * for a fixed time after a warm-up. It asks for uncompressed answers (no Accept-Encoding), so the
 * figures measure the server, not gzip. It stops by itself and prints requests/s, p50 and p99 latency
 * and the ratio to the baseline. The client shares the machine's cores with the servers, so the
 * baseline's figure is a floor of what node:http can do, and ratios are what to compare between runs.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ROOT, freePort, startServer, temporaryDir, waitForHealth, type ServerProcess } from "../tests/e2e/server-process.ts";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
  },
});
const connections = boundedInt(values.connections, 1, 512, "connections");
const durationS = boundedInt(values.duration, 1, 60, "duration");
const warmupS = boundedInt(values.warmup, 0, 30, "warmup");

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
  seconds: number;
  p50: number;
  p99: number;
}

/** N connections in a closed loop against one URL for `seconds`; latencies in milliseconds. */
async function load(url: string, seconds: number, record: boolean): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get(url, { agent, headers: { accept: "*/*", "accept-language": "en-US,en;q=0.9" } }, (response) => {
        response.on("data", () => {});
        response.on("end", () => {
          if (record) {
            latencies.push(performance.now() - t0);
            statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
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
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : Number.NaN);
  return { requests, errors, statuses, seconds: elapsed, p50: at(0.5), p99: at(0.99) };
}

async function measure(url: string): Promise<Result> {
  if (warmupS > 0) await load(url, warmupS, false);
  return load(url, durationS, true);
}

async function startBaseline(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", HELLO_WORLD], { env: { PORT: String(port) }, stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
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

function formatRow(cells: string[], widths: number[]) {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    console.error('No production build: run "npm run build" first.');
    process.exit(1);
  }
  const dataDir = temporaryDir("atelier-bench-");
  let app: ServerProcess | undefined;
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  const cleanUp = async () => {
    await Promise.allSettled([app?.stop(5_000), baseline?.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));

  try {
    console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${connections} connections, ${warmupS} s warm-up then ${durationS} s per address, loopback.`);
    // Other work on the machine slows every figure; the ratios suffer less, but compare runs on a quiet machine.
    console.log(`Load average at start: ${os.loadavg().map((n) => n.toFixed(2)).join(", ")}`);
    app = await startServer({ env: { DATA_DIR: dataDir, SEED_DEMO_CONTENT: "true", LOG_LEVEL: "warn" } });
    baseline = await startBaseline();

    const targets: Array<{ name: string; url: string }> = [
      { name: "baseline node:http hello world", url: `${baseline.url}/` },
      { name: "GET /api/health (database ping)", url: `${app.url}/api/health` },
      { name: "GET /api/posts (JSON list)", url: `${app.url}/api/posts` },
      { name: "GET /posts (server-rendered page)", url: `${app.url}/posts` },
    ];
    const results: Array<{ name: string; result: Result }> = [];
    for (const target of targets) {
      process.stdout.write(`  measuring ${target.name}...\n`);
      results.push({ name: target.name, result: await measure(target.url) });
    }

    const base = results[0].result.requests / results[0].result.seconds;
    const header = ["address", "req/s", "p50 ms", "p99 ms", "vs baseline", "non-2xx", "errors"];
    const rows = results.map(({ name, result }) => {
      const rps = result.requests / result.seconds;
      const non2xx = [...result.statuses].filter(([status]) => status < 200 || status > 299).reduce((sum, [, n]) => sum + n, 0);
      return [name, rps.toFixed(0), result.p50.toFixed(2), result.p99.toFixed(2), `${(rps / base).toFixed(3)}x`, String(non2xx), String(result.errors)];
    });
    console.log(`Load average at end: ${os.loadavg().map((n) => n.toFixed(2)).join(", ")}`);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    console.log("");
    console.log(formatRow(header, widths));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const row of rows) console.log(formatRow(row, widths));
    const failed = results.filter(({ result }) => result.errors > 0 || [...result.statuses.keys()].some((s) => s < 200 || s > 299));
    if (failed.length) {
      console.log(`\nSome answers were not 2xx or failed: ${failed.map((f) => f.name).join(", ")} (see the columns above).`);
      process.exitCode = 1;
    }
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
