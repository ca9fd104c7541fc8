import { createRoute, z } from "@hono/zod-openapi";
import type { Logger } from "../logger.server.ts";
import { toJsonText } from "../../core/cache/content-cache.ts";
import { jsonText } from "./json-text.server.ts";
import { json } from "./openapi-responses.server.ts";
import { createRouter } from "./router.server.ts";

const healthSchema = z
  .object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["ok", "unreachable"]) })
  .openapi("Health");

const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Liveness with a database check",
  description: "Answered from the last database check, made about every second in the background.",
  responses: {
    200: json(healthSchema, "The server and its database answer"),
    503: json(healthSchema, "The database does not answer"),
  },
});

export interface HealthProbeOptions {
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<unknown>;
  logger?: Logger;
  /** Time between two checks of the background probe. */
  intervalMs?: number;
  /** A check that takes longer than this counts as a failure. */
  timeoutMs?: number;
}

/**
 * The database's health, checked in the background about every second so that /api/health answers from
 * memory: a load balancer polling it, or a burst of requests, costs the database nothing. Until start()
 * (API-only tests), or once stopped, each answer runs a check, shared by requests that arrive together
 * and reused for one interval.
 */
export class HealthProbe {
  readonly #ping: () => Promise<unknown>;
  readonly #logger: Logger | undefined;
  readonly #intervalMs: number;
  readonly #timeoutMs: number;
  #healthy: boolean | null = null;
  #checkedAt = 0;
  #inFlight: Promise<boolean> | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: HealthProbeOptions) {
    this.#ping = options.ping;
    this.#logger = options.logger;
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#timeoutMs = options.timeoutMs ?? 2000;
  }

  /** Checks now, then every interval, until stop(). */
  start(): this {
    if (this.#timer) return this;
    void this.check();
    // A check still running when the next tick comes is not doubled: check() shares it.
    this.#timer = setInterval(() => void this.check(), this.#intervalMs);
    // The probe alone must not keep the process alive.
    this.#timer.unref();
    return this;
  }

  /** Stops the background checks; waits for one in flight so that nothing touches a closed database. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#inFlight;
  }

  /** One check of the database, or the one already running. */
  check(): Promise<boolean> {
    this.#inFlight ??= this.#run().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  /** The last known state, checking first when there is none recent enough. */
  async healthy(): Promise<boolean> {
    const fresh =
      this.#healthy !== null && (this.#timer !== null || performance.now() - this.#checkedAt < this.#intervalMs);
    return fresh ? this.#healthy! : this.check();
  }

  async #run(): Promise<boolean> {
    let timeout: NodeJS.Timeout | undefined;
    let healthy: boolean;
    try {
      await Promise.race([
        this.#ping(),
        new Promise((_, reject) => {
          timeout = setTimeout(
            () => reject(new Error(`database ping timed out after ${this.#timeoutMs} ms`)),
            this.#timeoutMs,
          );
        }),
      ]);
      healthy = true;
    } catch (error) {
      healthy = false;
      // One line when the database goes away, not one per check or per request while it stays away.
      if (this.#healthy !== false)
        this.#logger?.error({ err: error }, "health check failed: the database does not answer");
    } finally {
      clearTimeout(timeout);
    }
    if (healthy && this.#healthy === false) this.#logger?.info("health check: the database answers again");
    this.#healthy = healthy;
    this.#checkedAt = performance.now();
    return healthy;
  }
}

// Serialized once: a load balancer polls this address, and a body of known length lets compress() pass it by.
const HEALTHY = toJsonText({ status: "ok" as const, database: "ok" as const });
const UNHEALTHY = toJsonText({ status: "unavailable" as const, database: "unreachable" as const });

export function healthRoutes(probe: HealthProbe) {
  return createRouter().openapi(health, async (c) => {
    if (await probe.healthy()) return jsonText(c, HEALTHY, 200);
    return jsonText(c, UNHEALTHY, 503);
  });
}
