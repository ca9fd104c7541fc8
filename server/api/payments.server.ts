import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { TypedResponse } from "hono/types";
import type { Config } from "../../config/env.ts";
import { renderInvoicePdf } from "../../core/checkout/invoice-pdf.server.ts";
import {
  STAFF_SUBSCRIPTIONS_PAGE_SIZE,
  achPaymentSchema,
  staffSubscriptionQuerySchema,
  subscriptionRequestSchema,
  verifyBankSchema,
} from "../../core/checkout/schema.ts";
import { MAX_LIMIT } from "../../core/paging/rules.ts";
import { classPaymentSchema } from "../../core/classes/enrollment-schema.ts";
import { DomainError } from "../../core/errors.ts";
import { customPaymentSchema } from "../../core/instalments/schema.ts";
import { orderNotFound, parseOrderId } from "../../core/orders/service.server.ts";
import type { AppEnv } from "../context.server.ts";
import { errorBody, validationBody } from "../errors.server.ts";
import { translator } from "../i18n.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import {
  cappedPage,
  data,
  errorSchema,
  invalid,
  json,
  jsonBody,
  optionalJsonBody,
  pathParams,
  rateLimited,
  refusal,
  setPageHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";
import { browserOrderCookie, staffOrderSchema } from "./orders.server.ts";
import { createRouter } from "./router.server.ts";

const REFUSAL_STATUS = { validation: 400, forbidden: 403, not_found: 404 } as const;
type RefusalStatus = 400 | 403 | 404 | 409;

function actorOf(c: Context<AppEnv>): string {
  return c.get("user")?.email ?? "staff";
}

function orderIdOf(rawId: string): string {
  const id = parseOrderId(rawId);
  if (!id) throw orderNotFound();
  return id;
}

// These routes' refusals also say `success: false`, as the documents' clients read it.
const paymentRefusal = (description: string) =>
  json(errorSchema.extend({ success: z.literal(false).optional() }), description);

/** Input refused by its schema on the `{ success, message }` routes: the translated 400, with success: false. */
const refusedWithSuccess = (result: { success: true } | { success: false; error: z.ZodError }, c: Context<AppEnv>) =>
  result.success ? undefined : c.json({ success: false as const, ...validationBody(c, result.error) }, 400);

const orderParams = pathParams({ id: "3f2b8c1e-5d7a-4e69-9b1f-0c8d2a7e4b65" });
const tokenParams = pathParams({ token: "<signed token>" });

const paymentStarted = z.object({
  clientSecret: z.string(),
  provider: z.string(),
  publishableKey: z.string().nullable(),
  amountCents: z.number().int(),
});
const subscriptionStarted = z.object({
  success: z.literal(true),
  clientSecret: z.string().nullable(),
  subscriptionId: z.string(),
  status: z.string(),
  provider: z.string(),
  publishableKey: z.string().nullable(),
  manageToken: z.string(),
  message: z.string(),
});
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

const createCustomPayment = createRoute({
  method: "post",
  path: "/create-custom-payment",
  tags: ["payments"],
  summary:
    "A custom amount ($10 to $50,000) paid at once or in instalments (1time, 2times, 3times, monthly): the order with its schedule, and the first instalment's intent",
  request: { body: jsonBody(customPaymentSchema) },
  responses: {
    201: json(paymentStarted.extend({ paymentData: z.object({ orderId: z.string() }).passthrough() }), "Created"),
    400: refusal("A rule of section 5"),
    ...rateLimited("Too many orders from this address"),
  },
});

const createClassPayment = createRoute({
  method: "post",
  path: "/create-class-payment-intent",
  tags: ["payments", "classes"],
  summary:
    "Enrol in a class: holds a seat for the signed-in user or the named guest (409 'Class is Full' when none is left, before paying), creates the order of the class's price (the server's) and answers its intent with the held enrolment",
  request: { body: jsonBody(classPaymentSchema) },
  responses: {
    201: json(
      paymentStarted.extend({
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
});

const verifyBankAccount = createRoute({
  method: "post",
  path: "/verify-bank-account",
  tags: ["payments"],
  summary:
    "Checks a bank account (ABA routing checksum, 4 to 17 digits) and saves it with the provider; only the last 4 digits are kept. The account joins the browser's signed cookie: only this browser, for this e-mail, can be debited from it",
  request: { body: jsonBody(verifyBankSchema) },
  responses: {
    200: json(
      z.object({ success: z.literal(true), message: z.string(), bankAccountId: z.string(), last4: z.string() }),
      "Verified",
    ),
    400: paymentRefusal("Missing field, bad routing or account number"),
    409: paymentRefusal("The provider cannot be reached"),
    ...rateLimited("Too many orders from this address (each account sent to the provider counts as one)"),
  },
});

const createAchPayment = createRoute({
  method: "post",
  path: "/create-ach-payment",
  tags: ["payments"],
  summary: "Creates an order debited from a verified bank account; processing until the provider's event",
  request: { body: jsonBody(achPaymentSchema) },
  responses: {
    200: json(z.object({ success: z.literal(true), message: z.string(), orderId: z.string() }), "Initiated"),
    400: paymentRefusal("Amount out of range, or no verified account"),
    403: paymentRefusal("An account verified by another browser, or for another e-mail"),
    409: paymentRefusal("The provider cannot be reached"),
    ...rateLimited("Too many orders from this address"),
  },
});

const sendReceipt = createRoute({
  method: "post",
  path: "/send-receipt",
  tags: ["payments"],
  summary: "Sends again the receipt of a paid order this browser placed (at most 3 times an hour)",
  request: { body: jsonBody(z.object({ orderId: z.string() })) },
  responses: {
    200: json(z.object({ success: z.literal(true), message: z.string() }), "Sent"),
    400: refusal("A body that is not JSON, or without an orderId"),
    404: paymentRefusal("Not this browser's order"),
    409: paymentRefusal("Not paid"),
    ...rateLimited("Sent too often"),
  },
});

const getOrCreateSubscription = createRoute({
  method: "post",
  path: "/get-or-create-subscription",
  tags: ["payments", "subscriptions"],
  summary:
    "The subscription of this e-mail to the plan (priceId or plan names it; the price is the plan's), for the browser that started it: the live one, or a new one; its first invoice's client secret while unpaid, and the signed token of its management page. For a live subscription another browser started, only `emailed: true`: the link to manage it goes to that e-mail address",
  request: { body: jsonBody(subscriptionRequestSchema) },
  responses: {
    200: json(
      z.union([
        subscriptionStarted,
        z.object({ success: z.literal(true), emailed: z.literal(true), message: z.string() }),
      ]),
      "The subscription, or that its link was e-mailed",
    ),
    400: paymentRefusal("Name or e-mail missing"),
    404: paymentRefusal("Unknown plan"),
    409: paymentRefusal("The provider cannot be reached"),
    ...rateLimited("Too many new subscriptions from this address"),
  },
});

const getPlan = createRoute({
  method: "get",
  path: "/plans/{name}",
  tags: ["subscriptions"],
  summary: "A subscription plan by name (price, description, what's included)",
  request: { params: pathParams({ name: "Professional" }) },
  responses: {
    200: data(
      z.object({
        name: z.string(),
        priceCents: z.number().int(),
        description: z.string(),
        features: z.array(z.string()),
      }),
      "The plan",
    ),
    404: refusal("Unknown plan"),
  },
});

const manageSubscription = createRoute({
  method: "get",
  path: "/subscriptions/manage/{token}",
  tags: ["subscriptions"],
  summary: "A subscription by its signed management link: plan, status, next charge and invoices (no account needed)",
  request: { params: tokenParams },
  responses: { 200: data(subscriptionSchema, "The subscription"), 404: refusal("Unknown or altered link") },
});

const payByLink = createRoute({
  method: "post",
  path: "/subscriptions/manage/{token}/payment",
  tags: ["subscriptions"],
  summary:
    "Pay a subscription's first invoice by its signed management link (from any browser: the link was e-mailed to the subscriber): its client secret, as get-or-create answers it",
  request: { params: tokenParams },
  responses: {
    200: json(subscriptionStarted, "What the payment step needs"),
    404: paymentRefusal("Unknown or altered link"),
    409: paymentRefusal("Nothing left to pay: paid, or ended"),
  },
});

const cancelByLink = createRoute({
  method: "post",
  path: "/subscriptions/manage/{token}/cancel",
  tags: ["subscriptions"],
  summary: "Cancel at the end of the current period, by the signed management link",
  request: { params: tokenParams },
  responses: {
    200: data(subscriptionSchema, "Set to end at the period's end"),
    404: refusal("Unknown or altered link"),
    409: refusal("Already cancelled or set to end"),
  },
});

const resumeByLink = createRoute({
  method: "post",
  path: "/subscriptions/manage/{token}/resume",
  tags: ["subscriptions"],
  summary: "Undo a cancellation set for the period's end, before that end, by the signed management link",
  request: { params: tokenParams },
  responses: {
    200: data(subscriptionSchema, "Renews again"),
    404: refusal("Unknown or altered link"),
    409: refusal("Not set to end"),
  },
});

const invoicePdf = createRoute({
  method: "get",
  path: "/subscriptions/manage/{token}/invoices/{file}",
  tags: ["subscriptions"],
  summary: "The receipt of a paid invoice as PDF, by the signed management link: {file} is {invoiceId}.pdf",
  request: { params: pathParams({ token: "<signed token>", file: "<invoice id>.pdf" }) },
  responses: {
    200: {
      description: "The invoice's receipt",
      content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    404: refusal("Unknown link or invoice"),
  },
});

const listSubscriptions = createRoute({
  method: "get",
  path: "/admin/subscriptions",
  tags: ["subscriptions", "staff"],
  summary: "Subscriptions with their invoices, newest first, a page at a time; ?q= searches e-mail and name (staff)",
  description:
    `The answer is the page's subscriptions (an array, as ever); where it stands is in the headers. \`page\` starts at 1; ` +
    `\`limit\` is ${STAFF_SUBSCRIPTIONS_PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. \`q\` ignores case and accents and finds ` +
    "any part of the e-mail or name; one or two characters match the start of the e-mail.",
  middleware: [requireStaff] as const,
  request: { query: staffSubscriptionQuerySchema },
  responses: {
    200: cappedPage(data(z.array(subscriptionSchema), "The page")),
    ...invalid,
    ...staffErrors,
  },
});

const cancelSubscription = createRoute({
  method: "post",
  path: "/admin/subscriptions/{id}/cancel",
  tags: ["subscriptions", "staff"],
  summary: "Cancel a subscription through the provider, now or at period end ({ atPeriodEnd }) (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: pathParams({ id: "7c1d9e3a-2f4b-4a8c-b6e5-1d0f9a8b7c6e" }),
    // Optional: no body cancels now.
    body: optionalJsonBody(z.object({ atPeriodEnd: z.boolean().optional() })),
  },
  responses: {
    200: data(subscriptionSchema, "The subscription"),
    ...invalid,
    404: refusal("No such subscription"),
    409: refusal("Already cancelled"),
    ...staffErrors,
  },
});

const staffSubscription = (path: string, summary: string, notFound: string, conflict: string) =>
  createRoute({
    method: "post",
    path,
    tags: ["subscriptions", "staff"],
    summary,
    middleware: [requireStaff] as const,
    request: { params: pathParams({ id: "7c1d9e3a-2f4b-4a8c-b6e5-1d0f9a8b7c6e" }) },
    responses: {
      200: data(subscriptionSchema, "The subscription"),
      404: refusal(notFound),
      409: refusal(conflict),
      ...staffErrors,
    },
  });
const resumeSubscription = staffSubscription(
  "/admin/subscriptions/{id}/resume",
  "Undo a cancellation set for the period's end (staff)",
  "No such subscription",
  "Not set to end",
);
const renewSubscription = staffSubscription(
  "/admin/subscriptions/{id}/renew",
  "The test clock: renew an active or past due subscription now, through the webhook path (staff, sandbox only)",
  "No such subscription, or not the sandbox",
  "Not renewable",
);

/** A staff action on an order's payments: the order with its history. */
const staffOrderAction = (path: string, summary: string) =>
  createRoute({
    method: "post",
    path,
    tags: ["payments", "staff"],
    summary,
    middleware: [requireStaff] as const,
    request: { params: orderParams },
    responses: {
      200: data(staffOrderSchema, "The order with its history (staff)"),
      404: refusal("No such order, or not the sandbox"),
      409: refusal("Nothing to do"),
      ...staffErrors,
    },
  });
const retryInstalment = staffOrderAction(
  "/admin/orders/{id}/instalments/retry",
  "Charge an order's failed instalment now (staff)",
);
const cancelSchedule = staffOrderAction(
  "/admin/orders/{id}/instalments/cancel",
  "Cancel an order's remaining instalments (staff)",
);
const settleBankTransfer = staffOrderAction(
  "/admin/orders/{id}/settle-bank-transfer",
  "The test bank answers a processing bank transfer, through the webhook path (staff, sandbox only)",
);

/**
 * The other ways to pay (specification 001, section 7): a custom amount at once or in instalments,
 * and the staff's actions on a schedule. Answers follow the documents' names (`clientSecret`,
 * `paymentData`); the order joins the browser's signed order cookie, as a checkout order does.
 */
export function paymentRoutes(services: Services, config: Config) {
  const { checkout, orders } = services;
  const cookie = browserOrderCookie(services.signing, config);
  const t = (c: Context<AppEnv>, key: string) => translator(c.get("language") ?? "en")(key, {}) as string;

  /**
   * The documents' `{ success, message }` answers: a refusal keeps our error body and adds success: false,
   * with the statuses its route documents (any other goes to the common error handler, as thrown).
   */
  async function answer<T extends object, S extends RefusalStatus>(
    c: Context<AppEnv>,
    statuses: readonly S[],
    work: () => Promise<T>,
  ) {
    c.header("Cache-Control", "no-store");
    try {
      return c.json({ success: true as const, ...(await work()) }, 200);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = REFUSAL_STATUS[error.code as keyof typeof REFUSAL_STATUS] ?? 409;
      if (error.code === "rate_limited" || !(statuses as readonly RefusalStatus[]).includes(status)) throw error;
      const body = {
        success: false as const,
        ...errorBody(c, error.code, error.messageKey, error.details.params, error.details.fields),
      };
      // One typed answer for each status the route documents.
      return c.json(body, status as S) as S extends RefusalStatus
        ? Response & TypedResponse<typeof body, S, "json">
        : never;
    }
  }

  return createRouter()
    .openapi(
      verifyBankAccount,
      async (c) =>
        answer(c, [400, 409], async () => {
          const verified = await checkout.bank.verify(c.req.valid("json"), clientAddress(c, config));
          // Only this browser may debit the account it verified (as only it reads the orders it placed).
          await cookie.remember(c, verified.bankAccountId);
          return { message: t(c, "payments:bank.verified"), ...verified };
        }),
      refusedWithSuccess,
    )
    .openapi(
      createAchPayment,
      async (c) =>
        answer(c, [400, 403, 409], async () => {
          const { orderId } = await checkout.bank.pay(c.req.valid("json"), {
            language: c.get("language"),
            userId: c.get("user")?.id ?? null,
            owned: await cookie.read(c),
            ipAddress: clientAddress(c, config),
            userAgent: c.req.header("user-agent") ?? "",
          });
          await cookie.remember(c, orderId);
          return { message: t(c, "payments:bank.initiated"), orderId };
        }),
      refusedWithSuccess,
    )
    .openapi(sendReceipt, async (c) => {
      const id = parseOrderId(c.req.valid("json").orderId);
      // Only an order this browser placed: anyone else learns nothing (404, as for an unknown order).
      if (!id || !(await cookie.read(c)).includes(id)) throw orderNotFound();
      return answer(c, [404, 409], async () => {
        await checkout.resendReceipt(id);
        return { message: t(c, "payments:receipt.sent") };
      });
    })
    .openapi(getPlan, async (c) =>
      c.json({ data: await checkout.subscriptions.plan(c.req.valid("param").name, c.get("language")) }, 200),
    )
    .openapi(
      getOrCreateSubscription,
      async (c) =>
        answer(c, [400, 404, 409], async () => {
          const started = await checkout.subscriptions.getOrCreate(c.req.valid("json"), {
            language: c.get("language"),
            userId: c.get("user")?.id ?? null,
            owned: await cookie.read(c),
            address: clientAddress(c, config),
            claim: (id) => cookie.remember(c, id),
          });
          if ("emailed" in started) return { message: t(c, "payments:subscription.linkSent"), emailed: true as const };
          // The subscription joins the browser's signed cookie, as its orders do: only this browser resumes it.
          await cookie.remember(c, started.subscriptionId);
          return { message: "", ...started };
        }),
      refusedWithSuccess,
    )
    .openapi(manageSubscription, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json({ data: await checkout.subscriptions.byToken(c.req.valid("param").token) }, 200);
    })
    .openapi(payByLink, async (c) =>
      answer(c, [404, 409], async () => {
        const started = await checkout.subscriptions.paymentByToken(c.req.valid("param").token);
        // The browser holding the e-mailed link may resume it from now on, as the one that started it.
        await cookie.remember(c, started.subscriptionId);
        return { message: "", ...started };
      }),
    )
    .openapi(cancelByLink, async (c) => {
      const subscription = await checkout.subscriptions.byToken(c.req.valid("param").token);
      return c.json({ data: await checkout.subscriptions.cancel(subscription.id, true) }, 200);
    })
    .openapi(resumeByLink, async (c) => {
      const subscription = await checkout.subscriptions.byToken(c.req.valid("param").token);
      return c.json({ data: await checkout.subscriptions.resume(subscription.id) }, 200);
    })
    .openapi(invoicePdf, async (c) => {
      const { token, file } = c.req.valid("param");
      const { subscription, invoice } = await checkout.subscriptions.invoiceByToken(
        token,
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
    .openapi(listSubscriptions, async (c) => {
      c.req.valid("query");
      const { items, request, counted } = await checkout.subscriptions.list(c.req.query());
      setPageHeaders(c, request, counted);
      return c.json({ data: items }, 200);
    })
    .openapi(cancelSubscription, async (c) =>
      c.json(
        {
          data: await checkout.subscriptions.cancel(c.req.valid("param").id, c.req.valid("json").atPeriodEnd === true),
        },
        200,
      ),
    )
    .openapi(resumeSubscription, async (c) =>
      c.json({ data: await checkout.subscriptions.resume(c.req.valid("param").id) }, 200),
    )
    .openapi(renewSubscription, async (c) => {
      const { id } = c.req.valid("param");
      if (!services.sandbox) throw new DomainError("not_found", "orders:errors.sandboxOff");
      const renewal = await checkout.subscriptions.renewal(id);
      await services.sandbox.renewSubscription(
        renewal.providerSubscriptionId,
        renewal.amountCents,
        renewal.periodStart,
      );
      return c.json({ data: await checkout.subscriptions.get(id) }, 200);
    })
    .openapi(settleBankTransfer, async (c) => {
      if (!services.sandbox) throw new DomainError("not_found", "orders:errors.sandboxOff");
      const id = orderIdOf(c.req.valid("param").id);
      const intentId = await checkout.processingDebitOf(id);
      if (!(await services.sandbox.settleBankDebit(intentId)))
        throw new DomainError("conflict", "payments:bank.notProcessing");
      return c.json({ data: await orders.getForStaff(id) }, 200);
    })
    .openapi(createCustomPayment, async (c) => {
      const answer = await checkout.createCustomPayment(c.req.valid("json"), {
        language: c.get("language"),
        userId: c.get("user")?.id ?? null,
        address: clientAddress(c, config),
      });
      await cookie.remember(c, answer.paymentData.orderId);
      c.header("Cache-Control", "no-store");
      return c.json(answer, 201);
    })
    .openapi(createClassPayment, async (c) => {
      const answer = await checkout.createClassPayment(c.req.valid("json"), {
        language: c.get("language"),
        user: c.get("user") ?? null,
        address: clientAddress(c, config),
        browserOrders: await cookie.read(c),
      });
      await cookie.remember(c, answer.enrollment.orderId);
      c.header("Cache-Control", "no-store");
      return c.json(answer, 201);
    })
    .openapi(retryInstalment, async (c) =>
      c.json({ data: await checkout.retryInstalment(orderIdOf(c.req.valid("param").id), actorOf(c)) }, 200),
    )
    .openapi(cancelSchedule, async (c) =>
      c.json({ data: await checkout.cancelSchedule(orderIdOf(c.req.valid("param").id), actorOf(c)) }, 200),
    );
}
