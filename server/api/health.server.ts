import { createRoute, z } from "@hono/zod-openapi";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";

const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["ok", "unreachable"]) }).openapi("Health");

const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Liveness with a database check",
  responses: {
    200: { description: "The server and its database answer", content: { "application/json": { schema: healthSchema } } },
    503: { description: "The database does not answer", content: { "application/json": { schema: healthSchema } } },
  },
});

export function healthRoutes(services: Services) {
  return createRouter().openapi(health, async (c) => {
    try {
      await Promise.race([
        services.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2000).unref()),
      ]);
      return c.json({ status: "ok" as const, database: "ok" as const }, 200);
    } catch (error) {
      c.get("log").error({ err: error }, "health check failed");
      return c.json({ status: "unavailable" as const, database: "unreachable" as const }, 503);
    }
  });
}
