import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { threadId } from "node:worker_threads";
import { expect, inject } from "vitest";
import { parseConfig, type Config } from "../../config/env.ts";
import { createApp, type AppOptions } from "../../server/app.server.ts";
import { createLogger, type Logger } from "../../server/logger.server.ts";
import { createServices, type Services } from "../../server/services.server.ts";
import { createTestDatabase } from "./test-db.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestClient {
  /** Sends a request as a browser on our own origin would, keeping cookies between calls. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  cookies: Map<string, string>;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  config: Config;
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, driven through app.request() with no sockets: API only, unless
 * `options.ssr` brings a page renderer (see tests/helpers/ssr.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { logger = createLogger("silent"), ...options }: Pick<AppOptions, "ssr" | "pageCache"> & { logger?: Logger } = {},
): Promise<TestApp> {
  // Uploaded media (the demo seed's too) go to a folder of this app's own, removed on close, never ./data.
  const mediaDir = env.MEDIA_DIR ? null : mkdtempSync(join(tmpdir(), "atelier-test-media-"));
  const config = parseConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    SEED_DEMO_CONTENT: "false",
    ...(mediaDir ? { MEDIA_DIR: mediaDir } : {}),
    ...env,
  });
  const database = await createTestDatabase();
  const services = createServices(database, config, logger);
  const app = createApp({ config, services, logger, ...options });
  recordStatuses(app);
  return {
    app,
    services,
    config,
    client() {
      const cookies = new Map<string, string>();
      return {
        cookies,
        async request(path, init = {}) {
          const headers = new Headers(init.headers);
          if (!headers.has("origin") && init.method && init.method !== "GET") headers.set("origin", TEST_ORIGIN);
          if (cookies.size > 0) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
          let body = init.body;
          if (init.json !== undefined) {
            headers.set("content-type", "application/json");
            body = JSON.stringify(init.json);
          }
          const response = await app.request(path, { ...init, headers, body });
          for (const line of response.headers.getSetCookie()) {
            const [pair, ...attributes] = line.split(";");
            const [name, ...value] = pair.split("=");
            const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
            if (expired || value.join("=") === "") cookies.delete(name.trim());
            else cookies.set(name.trim(), value.join("="));
          }
          return response;
        },
      };
    },
    close: async () => {
      await services.jobs.stop();
      await database.close();
      if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

type App = ReturnType<typeof createApp>;

/** The run's folder of answers (tests/helpers/api-statuses.ts checks them), or null outside a run. */
let statusDir: string | null | undefined;
/** This worker's file in it. */
let statusLog: string | null = null;
const logged = new Set<string>();
let documentWritten = false;

function log(line: string) {
  if (!statusLog || logged.has(line)) return;
  logged.add(line);
  appendFileSync(statusLog, `${line}\n`);
}

/** "POST /api/orders/guest/{id}/refresh": the registered route a request reaches, as the document names it. */
function operationOf(app: App, method: string, pathname: string): string | null {
  const [matches] = app.router.match(method === "HEAD" ? "GET" : method, pathname);
  for (const [[, route]] of matches) {
    if (route.method !== "ALL") return `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`;
  }
  return null;
}

/**
 * Notes each operation and status the API answers, once per worker: a line appended to a file only for a
 * pair not seen before, so a run of thousands of requests writes a few hundred lines. The OpenAPI
 * document is written once per worker, for the check at the end of the run.
 */
function recordStatuses(app: App) {
  if (statusDir === undefined) {
    statusDir = inject("apiStatusDir") ?? null;
    statusLog = statusDir ? join(statusDir, `${process.pid}-${threadId}.statuses`) : null;
  }
  const dir = statusDir;
  if (!dir) return;
  const testPath = expect.getState().testPath;
  if (testPath) log(`file\t${relative(process.cwd(), testPath)}`);
  const fetch = app.fetch;
  app.fetch = async (request, env, executionCtx) => {
    const response = await fetch(request, env, executionCtx);
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith("/api/")) return response;
    const operation = operationOf(app, request.method, pathname);
    if (operation) log(`status\t${operation}\t${response.status}`);
    if (!documentWritten) {
      documentWritten = true;
      const document = await fetch(new Request("http://localhost/api/openapi.json"), env, executionCtx);
      writeFileSync(join(dir, "openapi.json"), await document.text());
    }
    return response;
  };
}
