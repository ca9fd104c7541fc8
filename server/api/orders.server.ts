import type { Context } from "hono";
import { createRoute, z } from "@hono/zod-openapi";
import { getCookie, setCookie } from "hono/cookie";
import type { Config } from "../../config/env.ts";
import { isStaff } from "../../core/auth/rules.ts";
import { renderReceiptPdf } from "../../core/orders/receipt-pdf.server.ts";
import {
  adminOrderQuerySchema,
  idempotencyKeySchema,
  orderCreateSchema,
  orderItemInputSchema,
  paymentExportQuerySchema,
  type OrderView,
} from "../../core/orders/schema.ts";
import { refundRequestSchema } from "../../core/payments/schema.ts";
import { ADMIN_PAGE_SIZE, orderNotFound, parseOrderId } from "../../core/orders/service.server.ts";
import { COUNT_CAP, MAX_LIMIT } from "../../core/paging/rules.ts";
import { ORDER_STATUSES } from "../../core/orders/rules.ts";
import { dayStartIn } from "../../core/admin/rules.ts";
import { paymentsCsv } from "../../core/checkout/payments-csv.ts";
import type { AppEnv } from "../context.server.ts";
import { clientAddress } from "./auth.server.ts";
import { translator } from "../i18n.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";
import {
  cappedPage,
  data,
  jsonBody,
  paged,
  pathParams,
  rateLimited,
  refusal,
  setPagedAnswerHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

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
// A line's serviceData is free JSON (z.json(), a recursive schema): the document names it once, as
// JsonValue, rather than unfolding it without end. Naming a lazy schema marks that very schema.
orderItemInputSchema.shape.serviceData.unwrap().unwrap().valueType.openapi("JsonValue");

/** An order with its history, as staff read it. */
export const staffOrderSchema = orderViewSchema.extend({ history: z.array(historySchema) }).openapi("StaffOrder");
const orderId = "3f2b8c1e-5d7a-4e69-9b1f-0c8d2a7e4b65";
const orderParams = pathParams({ id: orderId });
const notFound = { 404: refusal("Not found") };

const createGuestOrder = createRoute({
  method: "post",
  path: "/orders/guest",
  tags: ["orders"],
  summary:
    "Create a guest order from section 3's payload, priced by the server (tax is the server's, 0: a taxCents other than 0 is refused); optional Idempotency-Key header; sets the signed order cookie",
  request: {
    headers: z.object({
      "idempotency-key": idempotencyKeySchema.optional().openapi({
        description:
          "Idempotency-Key: 8 to 200 letters, digits, _ - : or .; a retry with the same key answers the same order",
      }),
    }),
    body: jsonBody(orderCreateSchema),
  },
  responses: {
    201: data(orderViewSchema, "Created (or the order of a retried Idempotency-Key)"),
    400: refusal(
      "A limit or rule of section 5, translated, or a taxCents other than 0; `fields` names the item (or the Idempotency-Key)",
    ),
    409: refusal("A deal sold out or no longer shown, or client totals that disagree with the server's"),
    ...rateLimited("Too many orders from this address"),
  },
});

const getGuestOrder = createRoute({
  method: "get",
  path: "/orders/guest/{id}",
  tags: ["orders"],
  summary: "An order, for the browser that created it or staff (404 for anyone else)",
  request: { params: orderParams },
  responses: { 200: data(orderViewSchema, "The order"), ...notFound },
});

const startPayment = createRoute({
  method: "get",
  path: "/orders/guest/{id}/payment-intent",
  tags: ["orders", "payments"],
  summary:
    "Start paying: reserves deal claims, moves the order to requires_payment, answers the provider's client secret",
  request: { params: orderParams },
  responses: {
    200: data(
      z.object({
        clientSecret: z.string(),
        provider: z.enum(["sandbox", "stripe"]),
        publishableKey: z.string().nullable(),
        amountCents: z.number().int(),
      }),
      "The intent",
    ),
    ...notFound,
    409: refusal("Deal sold out, or the order can no longer be paid"),
  },
});

const refreshOrder = createRoute({
  method: "post",
  path: "/orders/guest/{id}/refresh",
  tags: ["orders", "payments"],
  summary: "Ask the provider for the intent's status when the webhook has not arrived, and apply it",
  request: { params: orderParams },
  responses: { 200: data(orderViewSchema, "The order"), ...notFound },
});

const pdf = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
});

const guestReceiptPdf = createRoute({
  method: "get",
  path: "/orders/guest/{id}/receipt.pdf",
  tags: ["orders"],
  summary: "The receipt as PDF (cookie or staff)",
  request: { params: orderParams },
  responses: { 200: pdf("The receipt"), ...notFound },
});

const receiptByLink = createRoute({
  method: "get",
  path: "/receipts/{file}",
  tags: ["orders"],
  summary:
    "A receipt by its signed link (any device), with the company's details: {token} for the receipt, {token}.pdf for its PDF",
  request: { params: pathParams({ file: "<signed token>.pdf" }) },
  responses: {
    200: {
      description: "The receipt (JSON), or its PDF when the address ends in .pdf",
      content: {
        "application/json": { schema: z.object({ data: orderViewSchema }) },
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    404: refusal("Unknown token"),
  },
});

const listOrders = createRoute({
  method: "get",
  path: "/admin/orders",
  tags: ["orders", "staff"],
  summary:
    "Orders, newest first; ?status=&q= (name, e-mail, company, phone or order number)&from=&to= (days placed, YYYY-MM-DD, the agency's time zone)&page=&limit= (staff)",
  description:
    `\`page\` starts at 1; \`limit\` is ${ADMIN_PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. The search ignores case and ` +
    "accents and finds any part of a name, e-mail or company, a phone number however it is spaced, or the start of an " +
    "order number; one or two characters match the start of the e-mail or of the number. The count stops past " +
    `${COUNT_CAP} (\`totalExact\` false).`,
  middleware: [requireStaff] as const,
  request: { query: adminOrderQuerySchema },
  responses: {
    200: cappedPage(data(paged(orderViewSchema, "OrderPage"), "A page")),
    400: refusal("A status, date, range, page or limit that is not valid"),
    ...staffErrors,
  },
});

const exportPayments = createRoute({
  method: "get",
  path: "/admin/payments/export.csv",
  tags: ["payments", "staff"],
  summary:
    "The payments whose money moved in ?from=&to= (days, YYYY-MM-DD, the agency's time zone, at most a year) as CSV: date, order, customer, method, amount, refunded, net, status; ?lang=en|fr for its language (staff)",
  middleware: [requireStaff] as const,
  request: {
    query: paymentExportQuerySchema.safeExtend({
      lang: z
        .string()
        .optional()
        .openapi({ description: "en or fr: the file's language; otherwise the page's", example: "fr" }),
    }),
  },
  responses: {
    200: {
      description: "The payments, with a byte order mark",
      content: { "text/csv; charset=utf-8": { schema: z.string() } },
    },
    400: refusal("A date or range that is not valid"),
    ...staffErrors,
  },
});

const staffOrder = createRoute({
  method: "get",
  path: "/admin/orders/{id}",
  tags: ["orders", "staff"],
  summary: "An order with its history (staff)",
  middleware: [requireStaff] as const,
  request: { params: orderParams },
  responses: { 200: data(staffOrderSchema, "The order"), ...notFound, ...staffErrors },
});

const cancelOrder = createRoute({
  method: "post",
  path: "/admin/orders/{id}/cancel",
  tags: ["orders", "staff"],
  summary: "Cancel a pending, unpaid or failed order (staff)",
  middleware: [requireStaff] as const,
  request: { params: orderParams },
  responses: { 200: data(staffOrderSchema, "Cancelled"), ...notFound, 409: refusal("Not cancellable"), ...staffErrors },
});

const refundOrder = createRoute({
  method: "post",
  path: "/admin/orders/{id}/refund",
  tags: ["orders", "staff"],
  summary:
    "Refund any amount up to what was paid and not yet refunded, with a reason; cancelRemaining also cancels what remains of an instalment plan. The refund is pending until the provider confirms it (staff)",
  middleware: [requireStaff] as const,
  request: { params: orderParams, body: jsonBody(refundRequestSchema) },
  responses: {
    200: data(staffOrderSchema, "Refund recorded (pending or succeeded)"),
    400: refusal("Amount or reason missing or not valid, or more than can be refunded"),
    ...notFound,
    409: refusal("Nothing to refund"),
    ...staffErrors,
  },
});

const retryRefund = createRoute({
  method: "post",
  path: "/admin/orders/{id}/refunds/{refundId}/retry",
  tags: ["orders", "staff"],
  summary: "Try again a refund the provider refused or could not be reached for (staff)",
  middleware: [requireStaff] as const,
  request: { params: pathParams({ id: orderId, refundId: "9a4e2c71-0b3d-4f58-8e16-7d5c3b2a1f09" }) },
  responses: {
    200: data(staffOrderSchema, "Retried"),
    404: refusal("No such refund of this order"),
    409: refusal("The refund has not failed, or the charge has nothing left to refund"),
    ...staffErrors,
  },
});

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
  async function readable(c: Context<AppEnv>, rawId: string): Promise<string> {
    const id = parseOrderId(rawId);
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
  // An order is personal: no shared cache may keep one.
  router.use("/orders/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  return router
    .openapi(createGuestOrder, async (c) => {
      const user = c.get("user");
      const view = await checkout.createOrder(c.req.valid("json"), {
        language: c.get("language"),
        idempotencyKey: c.req.valid("header")["idempotency-key"] ?? null,
        userId: user?.id ?? null,
        address: clientAddress(c, config),
      });
      await rememberOrder(c, view.id);
      return c.json({ data: view }, 201);
    })
    .openapi(getGuestOrder, async (c) =>
      c.json({ data: await orders.get(await readable(c, c.req.valid("param").id)) }, 200),
    )
    .openapi(startPayment, async (c) =>
      c.json({ data: await checkout.startPayment(await readable(c, c.req.valid("param").id)) }, 200),
    )
    .openapi(refreshOrder, async (c) =>
      c.json({ data: await checkout.refresh(await readable(c, c.req.valid("param").id)) }, 200),
    )
    .openapi(guestReceiptPdf, async (c) => receiptPdf(c, await orders.get(await readable(c, c.req.valid("param").id))))
    .openapi(receiptByLink, async (c) => {
      const { file } = c.req.valid("param");
      const pdf = file.endsWith(".pdf");
      const receipt = await checkout.receiptByToken(pdf ? file.slice(0, -4) : file);
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex");
      return pdf ? receiptPdf(c, receipt) : c.json({ data: receipt }, 200);
    })
    .openapi(listOrders, async (c) => {
      // Validated above for the document's 400; the service reads the address's own text (its schema turns
      // digits into numbers once).
      c.req.valid("query");
      const page = await orders.list(c.req.query(), dayStart);
      setPagedAnswerHeaders(c, page);
      return c.json({ data: page }, 200);
    })
    .openapi(exportPayments, async (c) => {
      const { lang, ...range } = c.req.valid("query");
      // A download link cannot send the page's language header: the page names it in the address.
      const language = lang === "fr" || lang === "en" ? lang : c.get("language");
      const t = translator(language);
      const translate = (key: string, params?: Record<string, unknown>) => t(key, params ?? {}) as string;
      const rows = await checkout.exportPayments(range, dayStart, translate);
      return c.body(paymentsCsv(rows, language, config.BOOKING_TIME_ZONE, translate), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="payments-${range.from}-${range.to}.csv"`,
        "Cache-Control": "private, no-store",
      });
    })
    .openapi(staffOrder, async (c) => c.json({ data: await orders.getForStaff(c.req.valid("param").id) }, 200))
    .openapi(cancelOrder, async (c) =>
      c.json({ data: await checkout.cancel(c.req.valid("param").id, actorOf(c)) }, 200),
    )
    .openapi(refundOrder, async (c) =>
      c.json({ data: await checkout.refund(c.req.valid("param").id, c.req.valid("json"), actorOf(c)) }, 200),
    )
    .openapi(retryRefund, async (c) => {
      const { id, refundId } = c.req.valid("param");
      return c.json({ data: await checkout.retryRefund(id, refundId, actorOf(c)) }, 200);
    });
}
