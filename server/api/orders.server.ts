import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "@hono/zod-openapi";
import { getCookie, setCookie } from "hono/cookie";
import type { Config } from "../../config/env.ts";
import { isStaff } from "../../core/auth/rules.ts";
import { DomainError } from "../../core/errors.ts";
import { renderReceiptPdf } from "../../core/orders/receipt-pdf.server.ts";
import { adminOrderQuerySchema, type OrderView } from "../../core/orders/schema.ts";
import { orderNotFound, parseOrderId } from "../../core/orders/service.server.ts";
import { ORDER_STATUSES } from "../../core/orders/rules.ts";
import { dayStartIn } from "../../core/admin/rules.ts";
import { paymentsCsv } from "../../core/checkout/payments-csv.ts";
import type { AppEnv } from "../context.server.ts";
import { clientAddress } from "./auth.server.ts";
import { translator } from "../i18n.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter, type Router } from "./router.server.ts";
import { refusal, staffErrors } from "./openapi-responses.server.ts";

/** The cookie listing the orders this browser created: HttpOnly, signed, 90 days. */
export function orderCookieName(config: Config): string {
  return config.cookieSecure ? "__Host-atelier.orders" : "atelier.orders";
}

/** The signed cookie listing this browser's orders: read it, and add an order to it. */
export function browserOrderCookie(signing: Services["signing"], config: Config) {
  const cookieName = orderCookieName(config);
  const read = (c: Context<AppEnv>) => signing.readOrderCookie(getCookie(c, cookieName));
  return {
    read,
    async remember(c: Context<AppEnv>, id: string) {
      const ids = (await read(c)).filter((known) => known !== id);
      setCookie(c, cookieName, await signing.orderCookie([...ids, id]), {
        path: "/",
        httpOnly: true,
        secure: config.cookieSecure,
        sameSite: "Lax",
        maxAge: 90 * 24 * 3600,
      });
    },
  };
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * The JSON body; a 415 for a body sent as another media type, as the routes validated by their
 * description answer (@hono/zod-openapi), and a 400 with our error body when it is not JSON.
 */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  const type = c.req.header("content-type");
  if (type ? !JSON_MEDIA_TYPE.test(type) : text !== "") throw new HTTPException(415);
  try {
    return JSON.parse(text);
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

const paymentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["charge", "refund"]),
    status: z.enum(["requires_payment", "processing", "succeeded", "failed", "cancelled", "pending"]),
    method: z.enum(["card", "us_bank_account"]),
    amountCents: z.number().int(),
    currency: z.literal("usd"),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    failureMessage: z.string().nullable(),
    part: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The instalment it pays, for an order paid in instalments" }),
    refundOf: z.string().nullable(),
    automatic: z.string().nullable().openapi({
      description:
        "A refund Atelier made by itself: deal_sold_out, class_full, or outside (made from the provider's dashboard)",
    }),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .openapi("Payment");
const orderViewSchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ description: "First 8 characters of the id, uppercased" }),
    status: z
      .enum(ORDER_STATUSES)
      .openapi({ description: "Derived from the order's payments and schedule (docs/decisions/0028)" }),
    currency: z.literal("usd"),
    language: z.enum(["en", "fr"]),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string().nullable(),
    customerCompany: z.string().nullable(),
    orderItems: z.array(
      z.object({
        id: z.number().int(),
        orderId: z.string(),
        serviceId: z.string(),
        serviceName: z.string(),
        description: z.string(),
        pricingType: z.enum(["fixed", "custom"]),
        unitPriceCents: z.number().int(),
        customPriceCents: z.number().int().optional().openapi({ description: "A custom-priced line's price" }),
        quantity: z.number().int(),
        lineTotalCents: z.number().int(),
        serviceData: z.record(z.string(), z.unknown()),
        dealId: z.number().int().nullable(),
        createdAt: z.string(),
      }),
    ),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    taxCents: z.number().int(),
    promoCode: z.string().nullable(),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
    refundedCents: z.number().int(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    payment: z.object({ provider: z.string(), brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
    failureMessage: z.string().nullable(),
    paymentMethodType: z.enum(["card", "us_bank_account"]),
    paymentPlan: z.enum(["1time", "2times", "3times", "monthly"]).nullable(),
    payments: z.array(paymentSchema),
    receiptUrl: z.string().openapi({ description: "The receipt page, /receipt/<signed token>" }),
  })
  .openapi("Order");
const historySchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  cause: z.string(),
  eventId: z.string().nullable(),
  actor: z.string().nullable(),
  detail: z.string().nullable(),
  at: z.string(),
});
const data = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema: z.object({ data: schema }) } },
});
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/**
 * The routes below read their bodies through the services' own schemas (whose refusals name the
 * specification's limits with their amounts); they are described here for /api/openapi.json only.
 */
function describeRoutes(router: Router) {
  const doc = (
    path: string,
    method: "get" | "post",
    summary: string,
    tags: string[],
    responses: Record<string, unknown>,
    request?: Record<string, unknown>,
  ) =>
    router.openAPIRegistry.registerPath({
      method,
      path,
      summary,
      tags,
      responses: responses as never,
      ...(request ? { request: request as never } : {}),
    });
  doc(
    "/orders/guest",
    "post",
    "Create a guest order from section 3's payload, priced by the server (tax is the server's, 0: a taxCents other than 0 is refused); optional Idempotency-Key header; sets the signed order cookie",
    ["orders"],
    {
      201: data(orderViewSchema, "Created (or the order of a retried Idempotency-Key)"),
      400: refusal("A limit or rule of section 5, translated, or a taxCents other than 0; `fields` names the item"),
      409: refusal("A deal sold out or no longer shown, or client totals that disagree with the server's"),
      429: refusal("Too many orders from this address"),
    },
  );
  doc(
    "/orders/guest/{id}",
    "get",
    "An order, for the browser that created it or staff (404 for anyone else)",
    ["orders"],
    { 200: data(orderViewSchema, "The order"), 404: refusal("Not found") },
    { params: idParam },
  );
  doc(
    "/orders/guest/{id}/payment-intent",
    "get",
    "Start paying: reserves deal claims, moves the order to requires_payment, answers the provider's client secret",
    ["orders", "payments"],
    {
      200: data(
        z.object({
          clientSecret: z.string(),
          provider: z.enum(["sandbox", "stripe"]),
          publishableKey: z.string().nullable(),
          amountCents: z.number().int(),
        }),
        "The intent",
      ),
      409: refusal("Deal sold out, or the order can no longer be paid"),
      404: refusal("Not found"),
    },
    { params: idParam },
  );
  doc(
    "/orders/guest/{id}/refresh",
    "post",
    "Ask the provider for the intent's status when the webhook has not arrived, and apply it",
    ["orders", "payments"],
    { 200: data(orderViewSchema, "The order"), 404: refusal("Not found") },
    { params: idParam },
  );
  doc(
    "/orders/guest/{id}/receipt.pdf",
    "get",
    "The receipt as PDF (cookie or staff)",
    ["orders"],
    { 200: { description: "application/pdf" }, 404: refusal("Not found") },
    { params: idParam },
  );
  doc(
    "/receipts/{file}",
    "get",
    "A receipt by its signed link (any device), with the company's details: {token} for the receipt, {token}.pdf for its PDF",
    ["orders"],
    {
      200: {
        description: "The receipt (JSON), or its PDF when the address ends in .pdf",
        content: {
          "application/json": { schema: z.object({ data: orderViewSchema }) },
          "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
        },
      },
      404: refusal("Unknown token"),
    },
    {
      params: z.object({ file: z.string().openapi({ param: { name: "file", in: "path" } }) }),
    },
  );
  doc(
    "/payments/sandbox/confirm",
    "post",
    "The sandbox's card step (no Stripe keys): Luhn, expiry, CVC; Stripe's test cards; the sandbox delivers the signed event to the webhook path",
    ["payments"],
    {
      200: data(
        z.object({ status: z.enum(["succeeded", "failed"]), message: z.string().optional() }),
        "The provider's decision",
      ),
      400: refusal("Card fields: cardNumber, expiry, cvc"),
    },
  );
  doc(
    "/webhooks/stripe",
    "post",
    "Stripe's (and the sandbox's) signed events, verified over the raw body, applied once by event id",
    ["payments"],
    { 200: { description: "{received, duplicate}" }, 400: refusal("Bad or missing signature") },
  );
  doc(
    "/admin/orders",
    "get",
    "Orders, newest first, 20 a page; ?status=&q= (e-mail or order number)&from=&to= (days placed, YYYY-MM-DD, the agency's time zone)&page= (staff)",
    ["orders", "staff"],
    {
      200: data(
        z.object({
          items: z.array(orderViewSchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
        }),
        "A page",
      ),
      400: refusal("A status, date or range that is not valid"),
      ...staffErrors,
    },
    { query: adminOrderQuerySchema },
  );
  doc(
    "/admin/payments/export.csv",
    "get",
    "The payments whose money moved in ?from=&to= (days, YYYY-MM-DD, the agency's time zone, at most a year) as CSV: date, order, customer, method, amount, refunded, net, status; ?lang=en|fr for its language (staff)",
    ["payments", "staff"],
    {
      200: { description: "text/csv; charset=utf-8, with a byte order mark" },
      400: refusal("A date or range that is not valid"),
      ...staffErrors,
    },
    {
      query: z.object({
        from: z.string().openapi({ description: "First day, YYYY-MM-DD" }),
        to: z.string().openapi({ description: "Last day, YYYY-MM-DD, at most a year after from" }),
        lang: z.enum(["en", "fr"]).optional(),
      }),
    },
  );
  const withHistory = orderViewSchema.extend({ history: z.array(historySchema) });
  doc(
    "/admin/orders/{id}",
    "get",
    "An order with its history (staff)",
    ["orders", "staff"],
    { 200: data(withHistory, "The order"), 404: refusal("Not found"), ...staffErrors },
    { params: idParam },
  );
  doc(
    "/admin/orders/{id}/cancel",
    "post",
    "Cancel a pending, unpaid or failed order (staff)",
    ["orders", "staff"],
    { 200: data(withHistory, "Cancelled"), 404: refusal("Not found"), 409: refusal("Not cancellable"), ...staffErrors },
    { params: idParam },
  );
  doc(
    "/admin/orders/{id}/refund",
    "post",
    "Refund any amount up to what was paid and not yet refunded, with a reason; cancelRemaining also cancels what remains of an instalment plan. The refund is pending until the provider confirms it (staff)",
    ["orders", "staff"],
    {
      200: data(withHistory, "Refund recorded (pending or succeeded)"),
      400: refusal("Amount or reason missing or not valid, or more than can be refunded"),
      404: refusal("Not found"),
      409: refusal("Nothing to refund"),
      ...staffErrors,
    },
    {
      params: idParam,
      body: {
        content: {
          "application/json": {
            schema: z.object({
              amountCents: z.number().int(),
              reason: z.string(),
              cancelRemaining: z.boolean().optional(),
            }),
          },
        },
      },
    },
  );
  doc(
    "/admin/orders/{id}/refunds/{refundId}/retry",
    "post",
    "Try again a refund the provider refused or could not be reached for (staff)",
    ["orders", "staff"],
    {
      200: data(withHistory, "Retried"),
      404: refusal("No such refund of this order"),
      409: refusal("The refund has not failed, or the charge has nothing left to refund"),
      ...staffErrors,
    },
    { params: idParam.extend({ refundId: z.string().openapi({ param: { name: "refundId", in: "path" } }) }) },
  );
}

/**
 * Guest orders (specification 001, section 7), their payment intent, refresh and receipts, and the
 * staff's orders. An order is readable by the browser that created it (the signed cookie lists it) and
 * by staff; anyone else gets 404, as for an order that does not exist.
 */
export function orderRoutes(services: Services, config: Config) {
  const { checkout, orders, signing } = services;
  const dayStart = dayStartIn(config.BOOKING_TIME_ZONE);
  const cookie = browserOrderCookie(signing, config);
  const browserOrders = cookie.read;
  const rememberOrder = cookie.remember;

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
    const pdf = await renderReceiptPdf(
      view,
      company,
      (key, params) => t(key, params ?? {}) as string,
      config.BOOKING_TIME_ZONE,
    );
    return pdfResponse(c, pdf, view);
  }

  const router = createRouter();
  describeRoutes(router);
  return (
    router
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
      .get("/admin/orders", requireStaff, async (c) =>
        c.json({ data: await orders.list(c.req.query(), dayStart) }, 200),
      )
      .get("/admin/payments/export.csv", requireStaff, async (c) => {
        // A download link cannot send the page's language header: the page names it in the address.
        const asked = c.req.query("lang");
        const language = asked === "fr" || asked === "en" ? asked : c.get("language");
        const t = translator(language);
        const { lang: _lang, ...range } = c.req.query();
        const rows = await checkout.exportPayments(range, dayStart, (key, params) => t(key, params ?? {}) as string);
        const query = c.req.query();
        return c.body(
          paymentsCsv(rows, language, config.BOOKING_TIME_ZONE, (key, params) => t(key, params ?? {}) as string),
          200,
          {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="payments-${query.from}-${query.to}.csv"`,
            "Cache-Control": "private, no-store",
          },
        );
      })
      .get("/admin/orders/:id", requireStaff, async (c) =>
        c.json({ data: await orders.getForStaff(c.req.param("id")) }, 200),
      )
      .post("/admin/orders/:id/cancel", requireStaff, async (c) =>
        c.json({ data: await checkout.cancel(c.req.param("id"), actorOf(c)) }, 200),
      )
      .post("/admin/orders/:id/refund", requireStaff, async (c) =>
        c.json({ data: await checkout.refund(c.req.param("id"), await readJson(c), actorOf(c)) }, 200),
      )
      .post("/admin/orders/:id/refunds/:refundId/retry", requireStaff, async (c) =>
        c.json({ data: await checkout.retryRefund(c.req.param("id"), c.req.param("refundId"), actorOf(c)) }, 200),
      )
  );
}
