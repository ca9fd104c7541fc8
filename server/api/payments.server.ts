import type { Context } from "hono";
import type { Config } from "../../config/env.ts";
import { parseOrderId, orderNotFound } from "../../core/orders/service.server.ts";
import type { AppEnv } from "../context.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { browserOrderCookie, readJson } from "./orders.server.ts";
import { createRouter } from "./router.server.ts";

function actorOf(c: Context<AppEnv>): string {
  return c.get("user")?.email ?? "staff";
}

function orderIdOf(c: Context<AppEnv>): string {
  const id = parseOrderId(c.req.param("id") ?? "");
  if (!id) throw orderNotFound();
  return id;
}

/**
 * The other ways to pay (specification 001, section 7): a custom amount at once or in instalments,
 * and the staff's actions on a schedule. Answers follow the documents' names (`clientSecret`,
 * `paymentData`); the order joins the browser's signed order cookie, as a checkout order does.
 */
export function paymentRoutes(services: Services, config: Config) {
  const { checkout, orders } = services;
  const cookie = browserOrderCookie(services.signing, config);
  return createRouter()
    .post("/create-custom-payment", async (c) => {
      const answer = await checkout.createCustomPayment(await readJson(c), { language: c.get("language"), userId: c.get("user")?.id ?? null, address: clientAddress(c, config) });
      await cookie.remember(c, answer.paymentData.orderId);
      c.header("Cache-Control", "no-store");
      return c.json(answer, 201);
    })
    .post("/admin/orders/:id/instalments/retry", requireStaff, async (c) => {
      await checkout.schedules.retry(orderIdOf(c), actorOf(c));
      return c.json({ data: await orders.getForStaff(orderIdOf(c)) }, 200);
    })
    .post("/admin/orders/:id/instalments/cancel", requireStaff, async (c) => {
      await checkout.schedules.cancelRemaining(orderIdOf(c), actorOf(c));
      return c.json({ data: await orders.getForStaff(orderIdOf(c)) }, 200);
    });
}
