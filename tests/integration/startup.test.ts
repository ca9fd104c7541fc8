import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureProductionBuild } from "../e2e/build.ts";
import { createPostgresDatabase, startServer, temporaryDir, type ServerProcess } from "../e2e/server-process.ts";

// The server processes started here run the production build (as `npm start` does).
beforeAll(() => ensureProductionBuild(), 300_000);

// Each test starts one or two servers, each creating a database from scratch: on a busy 2-core machine
// that can take a while, so the limits are generous (the waits inside are bounded too).
const SLOW = { timeout: 180_000 };

// Where the suite runs on PostgreSQL (TEST_DATABASE_URL), the server under test does too; the tests of
// the embedded database's directory run with the embedded database only.
const postgresAdminUrl = process.env.TEST_DATABASE_URL || undefined;

const dirs: string[] = [];
const running: ServerProcess[] = [];
const databases: Array<{ drop(): Promise<void> }> = [];
function dataDir() {
  const dir = temporaryDir("atelier-startup-");
  dirs.push(dir);
  return dir;
}
async function start(options: Parameters<typeof startServer>[0]) {
  const server = await startServer(options);
  running.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop(5_000)));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

/** The database settings of a server under test: a fresh PostgreSQL database, or an embedded one. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (!postgresAdminUrl) return { DATA_DIR: dataDir() };
  const database = await createPostgresDatabase(postgresAdminUrl, "atelier_startup");
  databases.push(database);
  return { DATA_DIR: dataDir(), DATABASE_URL: database.url };
}

/** POST with a JSON body, keeping the session cookie the server sets. */
async function postJson(url: string, body: unknown, cookie?: string) {
  const response = await fetch(url, {
    method: "POST",
    // A browser on the site sends the site's own origin: PUBLIC_URL's, which startServer sets to localhost.
    headers: {
      "content-type": "application/json",
      origin: `http://localhost:${new URL(url).port}`,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const setCookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { response, cookie: setCookie || cookie };
}

describe("configuration errors", SLOW, () => {
  it("stop the start with exit code 1 and a message naming the variable", async () => {
    const server = await startServer({ waitHealthy: false, env: { PORT: "abc", DATA_DIR: dataDir() } });
    const code = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(() => resolve("still running"), 30_000)),
    ]);
    if (code === "still running") await server.stop(1_000);
    expect(code).toBe(1);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain('PORT: must be a number (got "abc")');
  });

  it("list every wrong variable at once", async () => {
    const server = await startServer({
      waitHealthy: false,
      env: { DATA_DIR: dataDir(), DATABASE_URL: "mysql://db/atelier", SEED_DEMO_CONTENT: "perhaps" },
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/DATABASE_URL: must be a PostgreSQL URL/);
    expect(server.output()).toContain('SEED_DEMO_CONTENT: must be true or false (got "perhaps")');
  });
});

describe.skipIf(postgresAdminUrl)("the embedded database directory", SLOW, () => {
  it("is refused to a second process with a readable message while the first runs", async () => {
    const dir = dataDir();
    const first = await start({ env: { DATA_DIR: dir } });
    const second = await startServer({ waitHealthy: false, env: { DATA_DIR: dir } });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dir} is already used by process ${first.child.pid}. Stop it first, or set DATA_DIR to another directory.`,
    );
    // The first server is untouched.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(dir, "atelier.lock"))).toBe(false);
  });

  it("starts again after the server was killed with SIGKILL, with its data", async () => {
    const dir = dataDir();
    const account = { email: "kill-nine@example.com", password: "survives-kill-9" };
    const first = await start({
      env: { DATA_DIR: dir, ADMIN_EMAIL: account.email, ADMIN_PASSWORD: account.password, ADMIN_NAME: "Kill Nine" },
    });
    // The account is written at start-up, its session by the sign-in.
    const signedIn = await postJson(`${first.url}/api/auth/login`, {
      identifier: account.email,
      password: account.password,
    });
    expect(signedIn.response.status).toBe(200);
    const me = await fetch(`${first.url}/api/auth/user`, { headers: { cookie: signedIn.cookie! } });
    expect(me.status).toBe(200);

    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    // What a crash leaves behind: our lock and PGlite's own postmaster.pid.
    expect(fs.existsSync(path.join(dir, "atelier.lock"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "pgdata", "postmaster.pid"))).toBe(true);

    const second = await start({ env: { DATA_DIR: dir } });
    // The session and the account written before the crash are still there.
    const again = await fetch(`${second.url}/api/auth/user`, { headers: { cookie: signedIn.cookie! } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ email: account.email });
    const login = await postJson(`${second.url}/api/auth/login`, {
      identifier: account.email,
      password: account.password,
    });
    expect(login.response.status).toBe(200);
    expect(await second.stop()).toBe(0);
  });
});

describe("SIGTERM", SLOW, () => {
  it("lets a request in flight finish, refuses new connections, and exits 0", async () => {
    const server = await start({ env: await databaseEnv() });
    const body = JSON.stringify({ identifier: "nobody@example.com", password: "not-the-password" });

    // A sign-in whose body is still to come when the signal arrives. With "Expect: 100-continue" the
    // server says when it has the request's head: from then on the request is in flight.
    const request = http.request(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        origin: `http://localhost:${server.port}`,
        expect: "100-continue",
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      });
      request.on("error", reject);
    });
    await new Promise<void>((resolve) => request.once("continue", () => resolve()));
    server.child.kill("SIGTERM");

    // The server stops accepting connections...
    const deadline = Date.now() + 30_000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      try {
        const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(3_000) });
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 100));
      } catch {
        refused = true;
      }
    }
    expect(refused).toBe(true);
    // ...but is still running for the request in flight, which now completes.
    expect(server.child.exitCode).toBeNull();
    request.end(body);

    const { status, text } = await answer;
    expect(status).toBe(401);
    expect(JSON.parse(text)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await server.exited).toBe(0);
  });
});

describe("the log, written asynchronously", SLOW, () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`keeps every line when the server is stopped with ${signal} right after answering`, async () => {
      // The shipped default level: one line per request.
      const server = await start({ env: await databaseEnv(), unset: ["LOG_LEVEL"] });
      const ids = Array.from({ length: 400 }, (_, i) => `flush-${signal}-${String(i).padStart(4, "0")}`);
      for (let from = 0; from < ids.length; from += 50) {
        await Promise.all(
          ids.slice(from, from + 50).map(async (id) => {
            const response = await fetch(`${server.url}/api/health`, { headers: { "x-request-id": id } });
            await response.arrayBuffer();
          }),
        );
      }
      server.child.kill(signal);
      expect(await server.exited).toBe(0);

      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; reqId?: string });
      const logged = new Set(lines.filter((line) => line.msg === "request").map((line) => line.reqId));
      expect(ids.filter((id) => !logged.has(id))).toEqual([]);
      expect(lines.at(-1)?.msg).toBe("stopped");
    });
  }
});
