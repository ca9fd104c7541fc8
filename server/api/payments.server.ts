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
import { createRouter, type Router } from "./router.server.ts";
import { z } from "@hono/zod-openapi";
import { renderInvoicePdf } from "../../core/checkout/invoice-pdf.server.ts";
import { errorSchema, json, rateLimited, refusal, staffErrors } from "./openapi-responses.server.ts";

function actorOf(c: Context<AppEnv>): string {
  return c.get("user")?.email ?? "staff";
}

function orderIdOf(c: Context<AppEnv>): string {
  const id = parseOrderId(c.req.param("id") ?? "");
  if (!id) throw orderNotFound();
  return id;
}

const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
// These routes' refusals also say `success: false`, as the documents' clients read it.
const paymentRefusal = (description: string) =>
  json(errorSchema.extend({ success: z.literal(false).optional() }), description);

/** The routes read their bodies through the services' own schemas; they are described here for /api/openapi.json. */
function describeRoutes(router: Router) {
  const doc = (
    path: string,
    summary: string,
    tags: string[],
    responses: Record<string, unknown>,
    request?: Record<string, unknown>,
  ) =>
    router.openAPIRegistry.registerPath({
      method: "post",
      path,
      summary,
      tags,
      responses: responses as never,
      ...(request ? { request: request as never } : {}),
    });
  const body = (schema: z.ZodType) => ({ body: { content: { "application/json": { schema } } } });
  doc(
    "/create-custom-payment",
    "A custom amount ($10 to $50,000) paid at once or in instalments (1time, 2times, 3times, monthly): the order with its schedule, and the first instalment's intent",
    ["payments"],
    {
      201: json(
        z.object({
          clientSecret: z.string(),
          provider: z.string(),
          publishableKey: z.string().nullable(),
          amountCents: z.number().int(),
          paymentData: z.object({ orderId: z.string() }).passthrough(),
        }),
        "Created",
      ),
      400: refusal("A rule of section 5"),
      ...rateLimited("Too many orders from this address"),
    },
    body(
      z.object({
        amount: z.number(),
        paymentPlan: z.enum(["1time", "2times", "3times", "monthly"]),
        serviceName: z.string(),
        customerName: z.string(),
        customerEmail: z.string(),
      }),
    ),
  );
  doc(
    "/create-class-payment-intent",
    "Enrol in a class: holds a seat for the signed-in user or the named guest (409 'Class is Full' when none is left, before paying), creates the order of the class's price (the server's) and answers its intent with the held enrolment",
    ["payments", "classes"],
    {
      201: json(
        z.object({
          clientSecret: z.string(),
          provider: z.string(),
          publishableKey: z.string().nullable(),
          amountCents: z.number().int(),
          enrollment: z.object({
            enrollmentId: z.string(),
            orderId: z.string(),
            classId: z.number().int(),
            title: z.string(),
            amountCents: z.number().int(),
            reservedUntil: z.string(),
            customerName: z.string(),
            customerEmail: z.string(),
          }),
        }),
        "Seat held, payment started",
      ),
      400: refusal("Guest name or e-mail missing or invalid; an offer link that is not valid, or is another class's"),
      404: refusal("Class Not Found (unknown or inactive)"),
      409: refusal("Class is Full; an offer that has expired or was already used"),
      ...rateLimited("Too many orders from this address"),
    },
    body(
      z.object({
        classId: z.union([z.number().int(), z.string()]),
        customerName: z
          .string()
          .optional()
          .openapi({ description: "A guest's name (ignored when signed in, or with `offer`)" }),
        customerEmail: z
          .string()
          .optional()
          .openapi({ description: "A guest's e-mail (ignored when signed in, or with `offer`)" }),
        language: z.enum(["en", "fr"]).optional(),
        offer: z.string().optional().openapi({
          description:
            "The token of a waiting-list offer link: pays the seat it holds, for the person it was offered to",
        }),
      }),
    ),
  );
  doc(
    "/verify-bank-account",
    "Checks a bank account (ABA routing checksum, 4 to 17 digits) and saves it with the provider; only the last 4 digits are kept. The account joins the browser's signed cookie: only this browser, for this e-mail, can be debited from it",
    ["payments"],
    {
      200: json(
        z.object({ success: z.literal(true), message: z.string(), bankAccountId: z.string(), last4: z.string() }),
        "Verified",
      ),
      400: paymentRefusal("Missing field, bad routing or account number"),
      ...rateLimited("Too many orders from this address (each account sent to the provider counts as one)"),
    },
    body(
      z.object({
        accountNumber: z.string(),
        routingNumber: z.string(),
        accountHolderName: z.string(),
        customerEmail: z.string(),
      }),
    ),
  );
  doc(
    "/create-ach-payment",
    "Creates an order debited from a verified bank account; processing until the provider's event",
    ["payments"],
    {
      200: json(z.object({ success: z.literal(true), message: z.string(), orderId: z.string() }), "Initiated"),
      400: paymentRefusal("Amount out of range, or no verified account"),
      403: paymentRefusal("An account verified by another browser, or for another e-mail"),
      ...rateLimited("Too many orders from this address"),
    },
    body(
      z.object({
        amount: z.number(),
        customerEmail: z.string(),
        customerName: z.string(),
        serviceName: z.string().optional(),
        bankAccountId: z.string(),
      }),
    ),
  );
  doc(
    "/send-receipt",
    "Sends again the receipt of a paid order this browser placed (at most 3 times an hour)",
    ["payments"],
    {
      200: json(z.object({ success: z.literal(true), message: z.string() }), "Sent"),
      400: refusal("A body that is not JSON"),
      404: paymentRefusal("Not this browser's order"),
      409: paymentRefusal("Not paid"),
      ...rateLimited("Sent too often"),
    },
    body(z.object({ orderId: z.string() })),
  );
  const staffDoc = (path: string, summary: string) =>
    doc(
      path,
      summary,
      ["payments", "staff"],
      {
        200: { description: "The order with its history (staff)" },
        404: refusal("No such order, or not the sandbox"),
        409: refusal("Nothing to do"),
        ...staffErrors,
      },
      { params: idParam },
    );
  staffDoc("/admin/orders/{id}/instalments/retry", "Charge an order's failed instalment now (staff)");
  staffDoc("/admin/orders/{id}/instalments/cancel", "Cancel an order's remaining instalments (staff)");
  doc(
    "/get-or-create-subscription",
    "The subscription of this e-mail to the plan (priceId or plan names it; the price is the plan's), for the browser that started it: the live one, or a new one; its first invoice's client secret while unpaid, and the signed token of its management page. For a live subscription another browser started, only `emailed: true`: the link to manage it goes to that e-mail address",
    ["payments", "subscriptions"],
    {
      200: json(
        z.union([
          z.object({
            success: z.literal(true),
            clientSecret: z.string().nullable(),
            subscriptionId: z.string(),
            status: z.string(),
            provider: z.string(),
            publishableKey: z.string().nullable(),
            manageToken: z.string(),
            message: z.string(),
          }),
          z.object({ success: z.literal(true), emailed: z.literal(true), message: z.string() }),
        ]),
        "The subscription, or that its link was e-mailed",
      ),
      400: paymentRefusal("Name or e-mail missing"),
      404: paymentRefusal("Unknown plan"),
      409: paymentRefusal("The provider cannot be reached"),
      ...rateLimited("Too many new subscriptions from this address"),
    },
    body(
      z.object({ name: z.string(), email: z.string(), priceId: z.string().optional(), plan: z.string().optional() }),
    ),
  );
  const nameParam = z.object({ name: z.string().openapi({ param: { name: "name", in: "path" } }) });
  router.openAPIRegistry.registerPath({
    method: "get",
    path: "/plans/{name}",
    summary: "A subscription plan by name (price, description, what's included)",
    tags: ["subscriptions"],
    request: { params: nameParam },
    responses: { 200: { description: "The plan" }, 404: refusal("Unknown plan") } as never,
  });
  const tokenParam = z.object({ token: z.string().openapi({ param: { name: "token", in: "path" } }) });
  const subscriptionSchema = z
    .object({
      id: z.string(),
      plan: z.string(),
      priceCents: z.number().int(),
      customerEmail: z.string(),
      customerName: z.string(),
      language: z.enum(["en", "fr"]),
      status: z.enum(["incomplete", "active", "past_due", "cancelled"]),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      nextCharge: z.object({ amountCents: z.number().int(), date: z.string() }).nullable(),
      createdAt: z.string(),
      invoices: z.array(
        z.object({
          id: z.string(),
          amountCents: z.number().int(),
          status: z.enum(["paid", "failed", "refunded", "pending"]),
          periodStart: z.string().nullable(),
          periodEnd: z.string().nullable(),
          paidAt: z.string().nullable(),
          brand: z.string().nullable(),
          last4: z.string().nullable(),
          failureMessage: z.string().nullable(),
        }),
      ),
    })
    .openapi("Subscription");
  const subscriptionData = (description: string) => json(z.object({ data: subscriptionSchema }), description);
  router.openAPIRegistry.registerPath({
    method: "get",
    path: "/subscriptions/manage/{token}",
    summary: "A subscription by its signed management link: plan, status, next charge and invoices (no account needed)",
    tags: ["subscriptions"],
    request: { params: tokenParam },
    responses: { 200: subscriptionData("The subscription"), 404: refusal("Unknown or altered link") } as never,
  });
  doc(
    "/subscriptions/manage/{token}/payment",
    "Pay a subscription's first invoice by its signed management link (from any browser: the link was e-mailed to the subscriber): its client secret, as get-or-create answers it",
    ["subscriptions"],
    {
      200: json(
        z.object({
          success: z.literal(true),
          clientSecret: z.string().nullable(),
          subscriptionId: z.string(),
          status: z.string(),
          provider: z.string(),
          publishableKey: z.string().nullable(),
          manageToken: z.string(),
          message: z.string(),
        }),
        "What the payment step needs",
      ),
      404: paymentRefusal("Unknown or altered link"),
      409: paymentRefusal("Nothing left to pay: paid, or ended"),
    },
    { params: tokenParam },
  );
  doc(
    "/subscriptions/manage/{token}/cancel",
    "Cancel at the end of the current period, by the signed management link",
    ["subscriptions"],
    {
      200: subscriptionData("Set to end at the period's end"),
      404: refusal("Unknown or altered link"),
      409: refusal("Already cancelled or set to end"),
    },
    { params: tokenParam },
  );
  doc(
    "/subscriptions/manage/{token}/resume",
    "Undo a cancellation set for the period's end, before that end, by the signed management link",
    ["subscriptions"],
    { 200: subscriptionData("Renews again"), 404: refusal("Unknown or altered link"), 409: refusal("Not set to end") },
    { params: tokenParam },
  );
  router.openAPIRegistry.registerPath({
    method: "get",
    path: "/subscriptions/manage/{token}/invoices/{file}",
    summary: "The receipt of a paid invoice as PDF, by the signed management link: {file} is {invoiceId}.pdf",
    tags: ["subscriptions"],
    request: {
      params: tokenParam.extend({ file: z.string().openapi({ param: { name: "file", in: "path" } }) }),
    },
    responses: { 200: { description: "application/pdf" }, 404: refusal("Unknown link or invoice") } as never,
  });
  router.openAPIRegistry.registerPath({
    method: "get",
    path: "/admin/subscriptions",
    summary: "Subscriptions with their invoices (staff)",
    tags: ["subscriptions", "staff"],
    responses: { 200: json(z.object({ data: z.array(subscriptionSchema) }), "The list"), ...staffErrors } as never,
  });
  doc(
    "/admin/subscriptions/{id}/cancel",
    "Cancel a subscription through the provider, now or at period end ({ atPeriodEnd }) (staff)",
    ["subscriptions", "staff"],
    {
      200: subscriptionData("The subscription"),
      404: refusal("No such subscription"),
      409: refusal("Already cancelled"),
      ...staffErrors,
    },
    { params: idParam, ...body(z.object({ atPeriodEnd: z.boolean().optional() })) },
  );
  doc(
    "/admin/subscriptions/{id}/resume",
    "Undo a cancellation set for the period's end (staff)",
    ["subscriptions", "staff"],
    {
      200: subscriptionData("The subscription"),
      404: refusal("No such subscription"),
      409: refusal("Not set to end"),
      ...staffErrors,
    },
    { params: idParam },
  );
  doc(
    "/admin/subscriptions/{id}/renew",
    "The test clock: renew an active or past due subscription now, through the webhook path (staff, sandbox only)",
    ["subscriptions", "staff"],
    {
      200: subscriptionData("The subscription"),
      404: refusal("No such subscription, or not the sandbox"),
      409: refusal("Not renewable"),
      ...staffErrors,
    },
    { params: idParam },
  );
  staffDoc(
    "/admin/orders/{id}/settle-bank-transfer",
    "The test bank answers a processing bank transfer, through the webhook path (staff, sandbox only)",
  );
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
      const status =
        error.code === "validation" ? 400 : error.code === "not_found" ? 404 : error.code === "forbidden" ? 403 : 409;
      return c.json(
        { success: false, ...errorBody(c, error.code, error.messageKey, error.details.params, error.details.fields) },
        status,
      );
    }
  }

  const router = createRouter();
  describeRoutes(router);
  return router
    .post("/verify-bank-account", async (c) => {
      const body = await readJson(c);
      return answer(c, async () => {
        const verified = await checkout.bank.verify(body, clientAddress(c, config));
        // Only this browser may debit the account it verified (as only it reads the orders it placed).
        await cookie.remember(c, verified.bankAccountId);
        return { message: t(c, "payments:bank.verified"), ...verified };
      });
    })
    .post("/create-ach-payment", async (c) => {
      const body = await readJson(c);
      return answer(c, async () => {
        const { orderId } = await checkout.bank.pay(body, {
          language: c.get("language"),
          userId: c.get("user")?.id ?? null,
          owned: await cookie.read(c),
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
    .get("/plans/:name", async (c) =>
      c.json({ data: await checkout.subscriptions.plan(c.req.param("name"), c.get("language")) }, 200),
    )
    .post("/get-or-create-subscription", async (c) => {
      const body = await readJson(c);
      return answer(c, async () => {
        const started = await checkout.subscriptions.getOrCreate(body, {
          language: c.get("language"),
          userId: c.get("user")?.id ?? null,
          owned: await cookie.read(c),
          address: clientAddress(c, config),
        });
        if ("emailed" in started) return { message: t(c, "payments:subscription.linkSent"), emailed: true };
        // The subscription joins the browser's signed cookie, as its orders do: only this browser resumes it.
        await cookie.remember(c, started.subscriptionId);
        return { message: "", ...started };
      });
    })
    .get("/subscriptions/manage/:token", async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json({ data: await checkout.subscriptions.byToken(c.req.param("token")) }, 200);
    })
    .post("/subscriptions/manage/:token/payment", async (c) =>
      answer(c, async () => {
        const started = await checkout.subscriptions.paymentByToken(c.req.param("token"));
        // The browser holding the e-mailed link may resume it from now on, as the one that started it.
        await cookie.remember(c, started.subscriptionId);
        return { message: "", ...started };
      }),
    )
    .post("/subscriptions/manage/:token/cancel", async (c) => {
      const subscription = await checkout.subscriptions.byToken(c.req.param("token"));
      return c.json({ data: await checkout.subscriptions.cancel(subscription.id, true) }, 200);
    })
    .post("/subscriptions/manage/:token/resume", async (c) => {
      const subscription = await checkout.subscriptions.byToken(c.req.param("token"));
      return c.json({ data: await checkout.subscriptions.resume(subscription.id) }, 200);
    })
    .get("/subscriptions/manage/:token/invoices/:file", async (c) => {
      const file = c.req.param("file");
      const { subscription, invoice } = await checkout.subscriptions.invoiceByToken(
        c.req.param("token"),
        file.endsWith(".pdf") ? file.slice(0, -4) : "",
      );
      const t = translator(subscription.language);
      const pdf = await renderInvoicePdf(
        subscription,
        invoice,
        checkout.company,
        config.BOOKING_TIME_ZONE,
        (key, params) => t(key, params ?? {}) as string,
      );
      return c.body(new Uint8Array(pdf), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="invoice-${invoice.id.slice(0, 8)}.pdf"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
      });
    })
    .get("/admin/subscriptions", requireStaff, async (c) => c.json({ data: await checkout.subscriptions.list() }, 200))
    .post("/admin/subscriptions/:id/cancel", requireStaff, async (c) => {
      const body = (await readJson(c).catch(() => ({}))) as { atPeriodEnd?: unknown } | null;
      return c.json({ data: await checkout.subscriptions.cancel(c.req.param("id"), body?.atPeriodEnd === true) }, 200);
    })
    .post("/admin/subscriptions/:id/resume", requireStaff, async (c) =>
      c.json({ data: await checkout.subscriptions.resume(c.req.param("id")) }, 200),
    )
    .post("/admin/subscriptions/:id/renew", requireStaff, async (c) => {
      if (!services.sandbox) throw new DomainError("not_found", "orders:errors.sandboxOff");
      const renewal = await checkout.subscriptions.renewal(c.req.param("id"));
      await services.sandbox.renewSubscription(
        renewal.providerSubscriptionId,
        renewal.amountCents,
        renewal.periodStart,
      );
      return c.json({ data: await checkout.subscriptions.get(c.req.param("id")) }, 200);
    })
    .post("/admin/orders/:id/settle-bank-transfer", requireStaff, async (c) => {
      if (!services.sandbox) throw new DomainError("not_found", "orders:errors.sandboxOff");
      const intentId = await checkout.processingDebitOf(orderIdOf(c));
      if (!(await services.sandbox.settleBankDebit(intentId)))
        throw new DomainError("conflict", "payments:bank.notProcessing");
      return c.json({ data: await orders.getForStaff(orderIdOf(c)) }, 200);
    })
    .post("/create-custom-payment", async (c) => {
      const answer = await checkout.createCustomPayment(await readJson(c), {
        language: c.get("language"),
        userId: c.get("user")?.id ?? null,
        address: clientAddress(c, config),
      });
      await cookie.remember(c, answer.paymentData.orderId);
      c.header("Cache-Control", "no-store");
      return c.json(answer, 201);
    })
    .post("/create-class-payment-intent", async (c) => {
      const answer = await checkout.createClassPayment(await readJson(c), {
        language: c.get("language"),
        user: c.get("user") ?? null,
        address: clientAddress(c, config),
        browserOrders: await cookie.read(c),
      });
      await cookie.remember(c, answer.enrollment.orderId);
      c.header("Cache-Control", "no-store");
      return c.json(answer, 201);
    })
    .post("/admin/orders/:id/instalments/retry", requireStaff, async (c) =>
      c.json({ data: await checkout.retryInstalment(orderIdOf(c), actorOf(c)) }, 200),
    )
    .post("/admin/orders/:id/instalments/cancel", requireStaff, async (c) =>
      c.json({ data: await checkout.cancelSchedule(orderIdOf(c), actorOf(c)) }, 200),
    );
}
