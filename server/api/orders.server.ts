import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Config } from "../../config/env.ts";
import { isStaff } from "../../core/auth/rules.ts";
import { DomainError } from "../../core/errors.ts";
import { renderReceiptPdf } from "../../core/orders/receipt-pdf.server.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import { orderNotFound, parseOrderId } from "../../core/orders/service.server.ts";
import type { AppEnv } from "../context.server.ts";
import { clientAddress } from "./auth.server.ts";
import { translator } from "../i18n.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";

/** The cookie listing the orders this browser created: HttpOnly, signed, 90 days. */
export function orderCookieName(config: Config): string {
  return config.cookieSecure ? "__Host-atelier.orders" : "atelier.orders";
}

/** The JSON body, or a 400 with our error body when it is not JSON. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("validation", "errors:invalidRequest");
  }
}

/** The staff member's e-mail for the order's history. */
function actorOf(c: Context<AppEnv>): string {
  const user = c.get("user");
  return user?.email ?? "staff";
}

function pdfResponse(c: Context<AppEnv>, pdf: Buffer, order: OrderView) {
  return c.body(new Uint8Array(pdf), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="receipt-${order.number}.pdf"`,
    "Cache-Control": "private, no-store",
  });
}

/**
 * Guest orders (specification 001, section 7), their payment intent, refresh and receipts, and the
 * staff's orders. An order is readable by the browser that created it (the signed cookie lists it) and
 * by staff; anyone else gets 404, as for an order that does not exist.
 */
export function orderRoutes(services: Services, config: Config) {
  const { checkout, orders, signing } = services;
  const cookieName = orderCookieName(config);

  const browserOrders = (c: Context<AppEnv>) => signing.readOrderCookie(getCookie(c, cookieName));

  async function rememberOrder(c: Context<AppEnv>, id: string) {
    const ids = (await browserOrders(c)).filter((known) => known !== id);
    setCookie(c, cookieName, await signing.orderCookie([...ids, id]), {
      path: "/",
      httpOnly: true,
      secure: config.cookieSecure,
      sameSite: "Lax",
      maxAge: 90 * 24 * 3600,
    });
  }

  /** The order id of the path when this browser (or staff) may read it; 404 otherwise. */
  async function readable(c: Context<AppEnv>): Promise<string> {
    const id = parseOrderId(c.req.param("id") ?? "");
    if (!id) throw orderNotFound();
    const user = c.get("user");
    if (user && isStaff(user.role)) return id;
    if (!(await browserOrders(c)).includes(id)) throw orderNotFound();
    return id;
  }

  async function receiptPdf(c: Context<AppEnv>, view: OrderView) {
    const company = checkout.company;
    const t = translator(view.language);
    const pdf = await renderReceiptPdf(view, company, (key, params) => t(key, params ?? {}) as string);
    return pdfResponse(c, pdf, view);
  }

  return createRouter()
    // An order is personal: no shared cache may keep one.
    .use("/orders/*", async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    })
    .post("/orders/guest", async (c) => {
      const user = c.get("user");
      const view = await checkout.createOrder(await readJson(c), {
        language: c.get("language"),
        idempotencyKey: c.req.header("idempotency-key") ?? null,
        userId: user?.id ?? null,
        address: clientAddress(c, config),
      });
      await rememberOrder(c, view.id);
      return c.json({ data: view }, 201);
    })
    .get("/orders/guest/:id", async (c) => c.json({ data: await orders.get(await readable(c)) }, 200))
    .get("/orders/guest/:id/payment-intent", async (c) => {
      return c.json({ data: await checkout.startPayment(await readable(c)) }, 200);
    })
    .post("/orders/guest/:id/refresh", async (c) => c.json({ data: await checkout.refresh(await readable(c)) }, 200))
    .get("/orders/guest/:id/receipt.pdf", async (c) => receiptPdf(c, await orders.get(await readable(c))))
    .get("/receipts/:file", async (c) => {
      const file = c.req.param("file");
      const pdf = file.endsWith(".pdf");
      const receipt = await checkout.receiptByToken(pdf ? file.slice(0, -4) : file);
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex");
      return pdf ? receiptPdf(c, receipt) : c.json({ data: receipt }, 200);
    })
    .get("/admin/orders", requireStaff, async (c) => c.json({ data: await orders.list(c.req.query()) }, 200))
    .get("/admin/orders/:id", requireStaff, async (c) => c.json({ data: await orders.getForStaff(c.req.param("id")) }, 200))
    .post("/admin/orders/:id/cancel", requireStaff, async (c) => c.json({ data: await checkout.cancel(c.req.param("id"), actorOf(c)) }, 200))
    .post("/admin/orders/:id/refund", requireStaff, async (c) => c.json({ data: await checkout.refund(c.req.param("id"), actorOf(c)) }, 200));
}
