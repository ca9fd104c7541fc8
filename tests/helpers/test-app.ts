import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
