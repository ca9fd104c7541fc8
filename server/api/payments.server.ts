import type { Context } from "hono";
import { DomainError } from "../../core/errors.ts";
import { errorBody } from "../errors.server.ts";
import { translator } from "../i18n.server.ts";
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
  const t = (c: Context<AppEnv>, key: string) => translator(c.get("language") ?? "en")(key, {}) as string;

  /** The documents' `{ success, message }` answers: a refusal keeps our error body and adds success: false. */
  async function answer(c: Context<AppEnv>, work: () => Promise<Record<string, unknown>>) {
    c.header("Cache-Control", "no-store");
    try {
      return c.json({ success: true, ...(await work()) }, 200);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === "rate_limited") throw error;
      const status = error.code === "validation" ? 400 : error.code === "not_found" ? 404 : 409;
      return c.json({ success: false, ...errorBody(c, error.code, error.messageKey, error.details.params, error.details.fields) }, status);
    }
  }

  return createRouter()
    .post("/verify-bank-account", async (c) => {
      const body = await readJson(c);
      return answer(c, async () => ({ message: t(c, "payments:bank.verified"), ...(await checkout.bank.verify(body)) }));
    })
    .post("/create-ach-payment", async (c) => {
      const body = await readJson(c);
      return answer(c, async () => {
        const { orderId } = await checkout.bank.pay(body, {
          language: c.get("language"),
          userId: c.get("user")?.id ?? null,
          ipAddress: clientAddress(c, config),
          userAgent: c.req.header("user-agent") ?? "",
        });
        await cookie.remember(c, orderId);
        return { message: t(c, "payments:bank.initiated"), orderId };
      });
    })
    .post("/send-receipt", async (c) => {
      const body = (await readJson(c)) as { orderId?: unknown } | null;
      const id = parseOrderId(typeof body?.orderId === "string" ? body.orderId : "");
      // Only an order this browser placed: anyone else learns nothing (404, as for an unknown order).
      if (!id || !(await cookie.read(c)).includes(id)) throw orderNotFound();
      return answer(c, async () => {
        await checkout.resendReceipt(id);
        return { message: t(c, "payments:receipt.sent") };
      });
    })
    .post("/admin/orders/:id/settle-bank-transfer", requireStaff, async (c) => c.json({ data: await checkout.settleBankTransfer(orderIdOf(c)) }, 200))
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
