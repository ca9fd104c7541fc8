import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** The repository root, where the server is started from. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A port nobody listens on right now (the kernel picks it; loopback only). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The Node that `npm start` uses (the project's own Node 24 from the `node` package), running the
 * TypeScript sources directly: one process, whose pid is the server's own (for kill -9).
 */
export const NODE = fs.existsSync(path.join(ROOT, "node_modules", ".bin", "node"))
  ? path.join(ROOT, "node_modules", ".bin", "node")
  : process.execPath;

export function temporaryDir(prefix = "atelier-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface StartOptions {
  /** Variables added to (and overriding) the base environment below. */
  env?: Record<string, string>;
  /** Variables of the base environment left out, so that the server runs with its own defaults (LOG_LEVEL, say). */
  unset?: string[];
  port?: number;
  /** Wait for /api/health to answer 200 (default); false returns as soon as the process is spawned. */
  waitHealthy?: boolean;
  timeoutMs?: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (the last 256 kB). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not ended after `graceMs`. Resolves with the exit code or signal. */
  stop(graceMs?: number): Promise<number | string>;
}

/**
 * Starts the server as a child process on loopback. The base environment is production mode, quiet
 * logs, no demo content; callers add DATA_DIR or DATABASE_URL and anything else they need.
 */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    TMPDIR: os.tmpdir(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: "warn",
    SEED_DEMO_CONTENT: "false",
    ...options.env,
  };
  for (const name of options.unset ?? []) delete env[name];
  // Only the variables above: nothing from the developer's shell (a DATABASE_URL, say) leaks in.
  const child = spawn(NODE, ["server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  // The last 256 kB of output, kept as chunks: copying a 256 kB string on every chunk made this process
  // slow to read the pipe under load, and a server whose log pipe is full waits on its writes.
  const chunks: Buffer[] = [];
  let kept = 0;
  const collect = (chunk: Buffer) => {
    chunks.push(chunk);
    kept += chunk.length;
    while (kept - chunks[0].length >= 256 * 1024) kept -= chunks.shift()!.length;
  };
  const log = () =>
    Buffer.concat(chunks)
      .toString("utf8")
      .slice(-256 * 1024);
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const server: ServerProcess = {
    url,
    port,
    child,
    output: log,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
  if (options.waitHealthy === false) return server;
  try {
    await waitForHealth(url, options.timeoutMs ?? 90_000, exited);
  } catch (error) {
    await server.stop(2_000);
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log()}`);
  }
  return server;
}

/** Polls /api/health until it answers 200; fails early if the process ends, or after the timeout. */
export async function waitForHealth(url: string, timeoutMs: number, exited?: Promise<number | string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended: number | string | undefined;
  void exited?.then((code) => {
    ended = code;
  });
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`The server exited (${ended}) before answering /api/health`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      await response.body?.cancel();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms`);
}

/**
 * A new PostgreSQL database created beside `adminUrl`: empty, or a copy of the database named `template`
 * (tests/helpers/database-template.ts makes one migrated database per run for the integration tests).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = "atelier_e2e",
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
