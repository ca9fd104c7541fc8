// The app's modules first: they extend zod with OpenAPI before any schema is made.
import { OrderService } from "../../core/orders/service.server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusDetail } from "../../core/orders/status-text.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import { PaymentRepo } from "../../core/payments/repo.server.ts";
import { SandboxProvider } from "../../core/payments/sandbox.server.ts";
import { PaymentService } from "../../core/payments/service.server.ts";
import { translator } from "../../server/i18n.server.ts";
import { MIGRATIONS_FOLDER, migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

// The first migration of the payments module (docs/decisions/0028).
const PAYMENTS_MODULE = "0016_payments_module";
const ZONE = "America/New_York";

const ID = {
  paid: "0a000000-0000-4000-8000-000000000001",
  refunded: "0a000000-0000-4000-8000-000000000002",
  failed: "0a000000-0000-4000-8000-000000000003",
  cancelled: "0a000000-0000-4000-8000-000000000004",
  pending: "0a000000-0000-4000-8000-000000000005",
  awaiting: "0a000000-0000-4000-8000-000000000006",
  instalments: "0a000000-0000-4000-8000-000000000007",
  monthly: "0a000000-0000-4000-8000-000000000008",
  bank: "0a000000-0000-4000-8000-000000000009",
  classSeat: "0a000000-0000-4000-8000-00000000000a",
  retrying: "0a000000-0000-4000-8000-00000000000b",
  subscription: "0b000000-0000-4000-8000-000000000001",
  pastDue: "0b000000-0000-4000-8000-000000000002",
  enrollment: "0c000000-0000-4000-8000-000000000001",
} as const;

interface OldOrder {
  id: string;
  status: string;
  totalCents: number;
  subtotalCents?: number;
  discountCents?: number;
  promoCode?: string | null;
  provider?: string | null;
  intentId?: string | null;
  brand?: string | null;
  last4?: string | null;
  failureMessage?: string | null;
  paidAt?: string | null;
  refundedAt?: string | null;
  plan?: string | null;
  methodType?: string;
  savedMethod?: string | null;
  items: Array<{
    serviceId: string;
    name: string;
    unitPriceCents: number;
    quantity: number;
    serviceData?: Record<string, unknown>;
  }>;
  createdAt: string;
  updatedAt: string;
}

const card = { provider: "sandbox", brand: "visa", last4: "4242" };
const website = (unitPriceCents: number, quantity = 1) => ({
  serviceId: "website",
  name: "Website",
  unitPriceCents,
  quantity,
});

// Rows in the shape the previous release left them: an order's payment in its own columns.
const OLD_ORDERS: OldOrder[] = [
  {
    id: ID.paid,
    status: "paid",
    subtotalCents: 127_500,
    discountCents: 12_750,
    promoCode: "WELCOME10",
    totalCents: 114_750,
    ...card,
    intentId: "pi_sandbox_paid",
    paidAt: "2026-10-01T15:01:00Z",
    items: [website(60_000, 2), { serviceId: "logo_design", name: "Logo", unitPriceCents: 7_500, quantity: 1 }],
    createdAt: "2026-10-01T15:00:00Z",
    updatedAt: "2026-10-01T15:01:00Z",
  },
  {
    id: ID.refunded,
    status: "refunded",
    totalCents: 60_000,
    ...card,
    intentId: "pi_sandbox_refunded",
    paidAt: "2026-10-02T15:01:00Z",
    refundedAt: "2026-10-05T15:00:00Z",
    items: [website(60_000)],
    createdAt: "2026-10-02T15:00:00Z",
    updatedAt: "2026-10-05T15:00:00Z",
  },
  {
    id: ID.failed,
    status: "failed",
    totalCents: 7_500,
    provider: "sandbox",
    brand: "visa",
    last4: "0002",
    intentId: "pi_sandbox_failed",
    failureMessage: "Your card was declined.",
    items: [{ serviceId: "logo_design", name: "Logo", unitPriceCents: 7_500, quantity: 1 }],
    createdAt: "2026-10-03T15:00:00Z",
    updatedAt: "2026-10-03T15:01:00Z",
  },
  {
    id: ID.cancelled,
    status: "cancelled",
    totalCents: 7_500,
    provider: "sandbox",
    intentId: "pi_sandbox_cancelled",
    items: [{ serviceId: "logo_design", name: "Logo", unitPriceCents: 7_500, quantity: 1 }],
    createdAt: "2026-10-04T15:00:00Z",
    updatedAt: "2026-10-06T09:00:00Z",
  },
  {
    id: ID.pending,
    status: "pending",
    totalCents: 60_000,
    items: [website(60_000)],
    createdAt: "2026-10-07T15:00:00Z",
    updatedAt: "2026-10-07T15:00:00Z",
  },
  {
    id: ID.awaiting,
    status: "requires_payment",
    totalCents: 60_000,
    provider: "sandbox",
    intentId: "pi_sandbox_awaiting",
    items: [website(60_000)],
    createdAt: "2026-10-08T15:00:00Z",
    updatedAt: "2026-10-08T15:00:00Z",
  },
  {
    id: ID.instalments,
    status: "requires_payment",
    totalCents: 150_000,
    ...card,
    intentId: "pi_sandbox_instalment_1",
    plan: "3times",
    savedMethod: "pm_sandbox_saved",
    items: [
      {
        serviceId: "custom_payment",
        name: "Brand refresh",
        unitPriceCents: 150_000,
        quantity: 1,
        serviceData: { paymentPlan: "3times" },
      },
    ],
    createdAt: "2026-10-27T15:00:00Z",
    updatedAt: "2026-10-27T15:01:00Z",
  },
  {
    id: ID.monthly,
    status: "paid",
    totalCents: 30_000,
    ...card,
    intentId: "pi_sandbox_month_1",
    plan: "monthly",
    savedMethod: "pm_sandbox_monthly",
    paidAt: "2026-11-01T15:01:00Z",
    items: [
      {
        serviceId: "custom_payment",
        name: "Retainer",
        unitPriceCents: 30_000,
        quantity: 1,
        serviceData: { paymentPlan: "monthly" },
      },
    ],
    createdAt: "2026-11-01T15:00:00Z",
    updatedAt: "2026-11-01T15:01:00Z",
  },
  {
    id: ID.retrying,
    status: "requires_payment",
    totalCents: 100_000,
    ...card,
    intentId: "pi_sandbox_two_1",
    plan: "2times",
    savedMethod: "pm_sandbox_declining",
    items: [
      {
        serviceId: "custom_payment",
        name: "Video",
        unitPriceCents: 100_000,
        quantity: 1,
        serviceData: { paymentPlan: "2times" },
      },
    ],
    createdAt: "2026-10-20T15:00:00Z",
    updatedAt: "2026-11-20T15:01:00Z",
  },
  {
    id: ID.bank,
    status: "requires_payment",
    totalCents: 250_000,
    provider: "sandbox",
    brand: "bank",
    last4: "6789",
    intentId: "pi_sandbox_bank",
    methodType: "us_bank_account",
    items: [{ serviceId: "custom_payment", name: "Website", unitPriceCents: 250_000, quantity: 1 }],
    createdAt: "2026-11-20T15:00:00Z",
    updatedAt: "2026-11-20T15:00:00Z",
  },
  {
    id: ID.classSeat,
    status: "paid",
    totalCents: 89_000,
    ...card,
    intentId: "pi_sandbox_class",
    paidAt: "2026-11-10T15:01:00Z",
    items: [
      {
        serviceId: "class_enrollment",
        name: "Brand Identity Workshop",
        unitPriceCents: 89_000,
        quantity: 1,
        serviceData: { classId: 0, enrollmentId: ID.enrollment },
      },
    ],
    createdAt: "2026-11-10T15:00:00Z",
    updatedAt: "2026-11-10T15:01:00Z",
  },
];

// The instalments of the two plans: 1 of 3 paid; a monthly plan's first month paid and the next planned.
const OLD_INSTALMENTS = [
  {
    orderId: ID.instalments,
    position: 1,
    amountCents: 50_000,
    dueAt: "2026-10-27T15:00:00Z",
    status: "paid",
    intentId: "pi_sandbox_instalment_1",
    paidAt: "2026-10-27T15:01:00Z",
  },
  {
    orderId: ID.instalments,
    position: 2,
    amountCents: 50_000,
    dueAt: "2026-11-27T15:00:00Z",
    status: "due",
    intentId: null,
    paidAt: null,
  },
  {
    orderId: ID.instalments,
    position: 3,
    amountCents: 50_000,
    dueAt: "2026-12-27T15:00:00Z",
    status: "due",
    intentId: null,
    paidAt: null,
  },
  {
    orderId: ID.retrying,
    position: 1,
    amountCents: 50_000,
    dueAt: "2026-10-20T15:00:00Z",
    status: "paid",
    intentId: "pi_sandbox_two_1",
    paidAt: "2026-10-20T15:01:00Z",
  },
  // Its second instalment was declined twice; the next try is planned.
  {
    orderId: ID.retrying,
    position: 2,
    amountCents: 50_000,
    dueAt: "2026-11-20T15:00:00Z",
    status: "failed",
    intentId: "pi_sandbox_two_2",
    paidAt: null,
    attempts: 2,
    nextAttemptAt: "2026-11-30T15:00:00Z",
    failureMessage: "Your card was declined.",
  },
  {
    orderId: ID.monthly,
    position: 1,
    amountCents: 30_000,
    dueAt: "2026-11-01T15:00:00Z",
    status: "paid",
    intentId: "pi_sandbox_month_1",
    paidAt: "2026-11-01T15:01:00Z",
  },
  {
    orderId: ID.monthly,
    position: 2,
    amountCents: 30_000,
    dueAt: "2026-12-01T15:00:00Z",
    status: "due",
    intentId: null,
    paidAt: null,
  },
];

const OLD_INVOICES = [
  {
    id: "in_sub_1",
    subscriptionId: ID.subscription,
    amountCents: 99_900,
    status: "paid",
    periodStart: "2026-09-15T12:00:00Z",
    periodEnd: "2026-10-15T12:00:00Z",
    createdAt: "2026-09-15T12:00:00Z",
  },
  {
    id: "in_sub_2",
    subscriptionId: ID.subscription,
    amountCents: 99_900,
    status: "paid",
    periodStart: "2026-10-15T12:00:00Z",
    periodEnd: "2026-11-15T12:00:00Z",
    createdAt: "2026-10-15T12:00:00Z",
  },
  {
    id: "in_due_1",
    subscriptionId: ID.pastDue,
    amountCents: 99_900,
    status: "paid",
    periodStart: "2026-10-01T12:00:00Z",
    periodEnd: "2026-11-01T12:00:00Z",
    createdAt: "2026-10-01T12:00:00Z",
  },
  {
    id: "in_due_2",
    subscriptionId: ID.pastDue,
    amountCents: 99_900,
    status: "failed",
    periodStart: "2026-11-01T12:00:00Z",
    periodEnd: "2026-12-01T12:00:00Z",
    createdAt: "2026-11-01T12:00:00Z",
  },
];

/** Money received and given back, as the previous release's columns say. */
const OLD_MONEY = `select
  (select coalesce(sum(total_cents), 0) from orders where payment_plan is null and status in ('paid', 'refunded'))
  + (select coalesce(sum(amount_cents), 0) from order_instalments where status = 'paid')
  + (select coalesce(sum(amount_cents), 0) from subscription_invoices where status = 'paid') as received,
  (select coalesce(sum(total_cents), 0) from orders where status = 'refunded') as refunded`;
const NEW_MONEY = `select
  coalesce(sum(amount_cents) filter (where kind = 'charge' and status = 'succeeded'), 0) as received,
  coalesce(sum(amount_cents) filter (where kind = 'refund' and status = 'succeeded'), 0) as refunded
  from payments`;
const COUNTS = `select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items, (select count(*) from order_history)::int as history,
  (select count(*) from order_instalments)::int as instalments, (select count(*) from payment_events)::int as events, (select count(*) from subscriptions)::int as subscriptions`;

describe("the migration that moves payments into the payments module", () => {
  let db: MigrationDb;
  let orderService: OrderService;
  let paymentService: PaymentService;
  let before: { received: number; refunded: number };
  let countsBefore: Record<string, number>;
  const classIds: Record<string, number> = {};
  const instalmentIds: Record<string, number> = {};

  beforeAll(async () => {
    db = await openMigrationDb("atelier_payments_migration");
    const old = migrationsBefore((tag) => tag === PAYMENTS_MODULE);
    try {
      await db.migrate(old.folder);
    } finally {
      old.remove();
    }

    const [workshop] = await db.query<{ id: number }>(
      `insert into classes (title_en, title_fr, description_en, description_fr, instructor_name, duration_en, duration_fr, price, max_students, current_enrollment)
       values ('Brand Identity Workshop', 'Atelier identité de marque', 'Two days', 'Deux jours', 'Hugo Martin', '2 days', '2 jours', 89000, 12, 1) returning id`,
    );
    classIds.workshop = workshop.id;
    for (const order of OLD_ORDERS) {
      await db.query(
        `insert into orders (id, status, customer_first_name, customer_last_name, customer_email, subtotal_cents, discount_cents, total_cents, promo_code, payment_provider, stripe_payment_intent_id,
           payment_brand, payment_last4, failure_message, paid_at, refunded_at, payment_plan, payment_method_type, saved_payment_method, created_at, updated_at)
         values ($1, $2, 'Ada', 'Lovelace', 'ada@example.com', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [
          order.id,
          order.status,
          order.subtotalCents ?? order.totalCents,
          order.discountCents ?? 0,
          order.totalCents,
          order.promoCode ?? null,
          order.provider ?? null,
          order.intentId ?? null,
          order.brand ?? null,
          order.last4 ?? null,
          order.failureMessage ?? null,
          order.paidAt ?? null,
          order.refundedAt ?? null,
          order.plan ?? null,
          order.methodType ?? "card",
          order.savedMethod ?? null,
          order.createdAt,
          order.updatedAt,
        ],
      );
      for (const [position, item] of order.items.entries()) {
        const serviceData =
          item.serviceId === "class_enrollment"
            ? { classId: workshop.id, enrollmentId: ID.enrollment }
            : (item.serviceData ?? {});
        await db.query(
          `insert into order_items (order_id, position, service_id, service_name, pricing_type, unit_price_cents, quantity, line_total_cents, service_data, created_at)
           values ($1, $2, $3, $4, 'custom', $5, $6, $7, $8, $9)`,
          [
            order.id,
            position,
            item.serviceId,
            item.name,
            item.unitPriceCents,
            item.quantity,
            item.unitPriceCents * item.quantity,
            JSON.stringify(serviceData),
            order.createdAt,
          ],
        );
      }
    }
    // The sandbox's intents, as its tables held them.
    const intent = async (
      id: string,
      orderId: string,
      amountCents: number,
      status: string,
      extra: {
        methodType?: string;
        last4?: string | null;
        brand?: string | null;
        instalmentId?: number | null;
        failureMessage?: string | null;
      } = {},
    ) =>
      db.query(
        `insert into sandbox_intents (id, client_secret, order_id, amount_cents, currency, status, brand, last4, failure_message, instalment_id, method_type)
         values ($1, $2, $3, $4, 'usd', $5, $6, $7, $8, $9, $10)`,
        [
          id,
          `${id}_secret_old`,
          orderId,
          amountCents,
          status,
          extra.brand ?? "visa",
          extra.last4 ?? "4242",
          extra.failureMessage ?? null,
          extra.instalmentId ?? null,
          extra.methodType ?? "card",
        ],
      );
    await intent("pi_sandbox_paid", ID.paid, 114_750, "succeeded");
    await intent("pi_sandbox_refunded", ID.refunded, 60_000, "succeeded");
    await intent("pi_sandbox_failed", ID.failed, 7_500, "failed", {
      last4: "0002",
      failureMessage: "Your card was declined.",
    });
    await intent("pi_sandbox_cancelled", ID.cancelled, 7_500, "canceled", { brand: null, last4: null });
    await intent("pi_sandbox_awaiting", ID.awaiting, 60_000, "requires_payment_method", { brand: null, last4: null });
    await intent("pi_sandbox_bank", ID.bank, 250_000, "processing", {
      methodType: "us_bank_account",
      brand: "bank",
      last4: "6789",
    });
    await intent("pi_sandbox_class", ID.classSeat, 89_000, "succeeded");
    for (const entry of OLD_INSTALMENTS) {
      const [row] = await db.query<{ id: number }>(
        `insert into order_instalments (order_id, position, amount_cents, due_at, status, attempts, next_attempt_at, failure_message, intent_id, paid_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [
          entry.orderId,
          entry.position,
          entry.amountCents,
          entry.dueAt,
          entry.status,
          "attempts" in entry ? entry.attempts : entry.status === "paid" ? 1 : 0,
          "nextAttemptAt" in entry ? entry.nextAttemptAt : null,
          "failureMessage" in entry ? entry.failureMessage : null,
          entry.intentId,
          entry.paidAt,
          entry.dueAt,
        ],
      );
      instalmentIds[`${entry.orderId}:${entry.position}`] = row.id;
      if (entry.intentId)
        await intent(
          entry.intentId,
          entry.orderId,
          entry.amountCents,
          entry.status === "paid" ? "succeeded" : "failed",
          { instalmentId: row.id },
        );
    }
    await db.query(
      `insert into class_enrollments (id, class_id, customer_name, customer_email, enrollment_status, payment_status, payment_intent_id, amount_paid, reserved_until, enrolled_at)
       values ($1, $2, 'Ada Lovelace', 'ada@example.com', 'active', 'paid', 'pi_sandbox_class', 89000, '2026-11-10T15:15:00Z', '2026-11-10T15:01:00Z')`,
      [ID.enrollment, workshop.id],
    );
    // Its history: who refunded the refunded order.
    for (const [orderId, from, to, cause, actor, at] of [
      [ID.refunded, null, "requires_payment", "payment_started", null, "2026-10-02T15:00:00Z"],
      [ID.refunded, "requires_payment", "paid", "payment_succeeded", null, "2026-10-02T15:01:00Z"],
      [ID.refunded, "paid", "refunded", "refund", "staff@atelier.example", "2026-10-05T15:00:00Z"],
      [ID.cancelled, "requires_payment", "cancelled", "cancel", "staff@atelier.example", "2026-10-06T09:00:00Z"],
    ]) {
      await db.query(
        `insert into order_history (order_id, from_status, to_status, cause, actor, at) values ($1, $2, $3, $4, $5, $6)`,
        [orderId, from, to, cause, actor, at],
      );
    }
    await db.query(
      `insert into payment_events (id, type, order_id) values ('evt_old_paid', 'payment_intent.succeeded', $1), ('evt_old_refund', 'charge.refunded', $2)`,
      [ID.paid, ID.refunded],
    );
    // Two subscriptions and their invoices: one active, one past due after a declined renewal.
    const [plan] = await db.query<{ id: number }>(`select id from plans where name = 'Professional'`);
    await db.query(
      `insert into subscriptions (id, plan_id, customer_email, customer_name, status, provider, provider_subscription_id, current_period_start, current_period_end, created_at) values
        ($1, $3, 'grace@example.com', 'Grace Hopper', 'active', 'sandbox', 'sub_sandbox_active', '2026-10-15T12:00:00Z', '2026-11-15T12:00:00Z', '2026-09-15T12:00:00Z'),
        ($2, $3, 'mary@example.com', 'Mary Jackson', 'past_due', 'sandbox', 'sub_sandbox_past_due', '2026-10-01T12:00:00Z', '2026-11-01T12:00:00Z', '2026-10-01T12:00:00Z')`,
      [ID.subscription, ID.pastDue, plan.id],
    );
    for (const invoice of OLD_INVOICES) {
      await db.query(
        `insert into subscription_invoices (id, subscription_id, amount_cents, status, period_start, period_end, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          invoice.id,
          invoice.subscriptionId,
          invoice.amountCents,
          invoice.status,
          invoice.periodStart,
          invoice.periodEnd,
          invoice.createdAt,
        ],
      );
    }

    [before] = (await db.query<{ received: string; refunded: string }>(OLD_MONEY)).map((row) => ({
      received: Number(row.received),
      refunded: Number(row.refunded),
    }));
    [countsBefore] = await db.query<Record<string, number>>(COUNTS);

    await db.migrate(MIGRATIONS_FOLDER);

    // The app's own services over the migrated database.
    paymentService = new PaymentService(
      new PaymentRepo(db.db),
      new SandboxProvider(db.db, async () => "whsec_payments_migration"),
    );
    orderService = new OrderService(db.db, paymentService, async (id) => `${id}_receipt`);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  const view = (id: string) => orderService.get(id);
  const t = translator("en");
  const detail = (order: OrderView) => statusDetail(order, (key, params) => t(key, params ?? {}) as string, "en", ZONE);

  it("loses no money: what was received and refunded adds up to the same before and after, order by order", async () => {
    expect(before).toEqual({
      received: 114_750 + 60_000 + 89_000 + 50_000 + 50_000 + 30_000 + 3 * 99_900,
      refunded: 60_000,
    });
    const [after] = await db.query<{ received: string; refunded: string }>(NEW_MONEY);
    expect({ received: Number(after.received), refunded: Number(after.refunded) }).toEqual(before);
    // Each order keeps what its payments add up to.
    const [kept] = await db.query<{ paid: string; refunded: string }>(
      `select sum(paid_cents) as paid, sum(refunded_cents) as refunded from orders`,
    );
    const [invoices] = await db.query<{ paid: string }>(
      `select sum(amount_cents) as paid from payments where workflow = 'subscription' and status = 'succeeded'`,
    );
    expect(Number(kept.paid) + Number(invoices.paid)).toBe(before.received);
    expect(Number(kept.refunded)).toBe(before.refunded);
    // Nothing else was dropped.
    expect(await db.query(COUNTS)).toEqual([countsBefore]);
  });

  it("reads each order through the app's views as it was, with an honest status", async () => {
    const paid = await view(ID.paid);
    expect(paid).toMatchObject({
      status: "paid",
      subtotalCents: 127_500,
      discountCents: 12_750,
      promoCode: "WELCOME10",
      totalCents: 114_750,
      paidCents: 114_750,
      refundedCents: 0,
      paidAt: "2026-10-01T15:01:00.000Z",
      payment: { provider: "sandbox", brand: "visa", last4: "4242" },
      paymentMethodType: "card",
      paymentPlan: null,
      failureMessage: null,
      receiptUrl: `/receipt/${ID.paid}_receipt`,
    });
    expect(
      paid.orderItems.map((item) => [item.serviceId, item.quantity, item.unitPriceCents, item.lineTotalCents]),
    ).toEqual([
      ["website", 2, 60_000, 120_000],
      ["logo_design", 1, 7_500, 7_500],
    ]);
    expect(paid.payments).toMatchObject([
      {
        kind: "charge",
        status: "succeeded",
        amountCents: 114_750,
        brand: "visa",
        last4: "4242",
        settledAt: "2026-10-01T15:01:00.000Z",
      },
    ]);
    expect(detail(paid)).toBe("$1,147.50 paid on October 1, 2026.");

    const refunded = await orderService.getForStaff(ID.refunded);
    expect(refunded).toMatchObject({
      status: "refunded",
      paidCents: 60_000,
      refundedCents: 60_000,
      paidAt: "2026-10-02T15:01:00.000Z",
    });
    expect(refunded.payments).toMatchObject([
      { kind: "charge", status: "succeeded", amountCents: 60_000 },
      {
        kind: "refund",
        status: "succeeded",
        amountCents: 60_000,
        refundOf: refunded.payments[0].id,
        actor: "staff@atelier.example",
        reason: "Refunded in full",
        settledAt: "2026-10-05T15:00:00.000Z",
      },
    ]);
    expect(refunded.history.map((entry) => [entry.from, entry.to, entry.actor])).toEqual([
      [null, "requires_payment", null],
      ["requires_payment", "paid", null],
      ["paid", "refunded", "staff@atelier.example"],
    ]);
    expect(detail(refunded)).toBe("$600.00 refunded on October 5, 2026.");

    const failed = await view(ID.failed);
    expect(failed).toMatchObject({
      status: "failed",
      paidCents: 0,
      failureMessage: "Your card was declined.",
      payment: { provider: "sandbox", brand: "visa", last4: "0002" },
    });
    expect(failed.payments).toMatchObject([
      { kind: "charge", status: "failed", failureMessage: "Your card was declined." },
    ]);

    const cancelled = await view(ID.cancelled);
    expect(cancelled).toMatchObject({
      status: "cancelled",
      paidCents: 0,
      cancelledAt: "2026-10-06T09:00:00.000Z",
      payment: null,
    });
    expect(cancelled.payments).toMatchObject([{ kind: "charge", status: "cancelled" }]);

    expect(await view(ID.pending)).toMatchObject({ status: "pending", paidCents: 0, payment: null, payments: [] });
    const awaiting = await view(ID.awaiting);
    expect(awaiting).toMatchObject({
      status: "requires_payment",
      payments: [{ kind: "charge", status: "requires_payment", amountCents: 60_000 }],
    });
    // The buyer can still pay it with the intent they had.
    expect((await paymentService.openChargeOf(ID.awaiting))?.clientSecret).toBe("pi_sandbox_awaiting_secret_old");

    const classSeat = await view(ID.classSeat);
    expect(classSeat).toMatchObject({
      status: "paid",
      paidCents: 89_000,
      orderItems: [
        { serviceId: "class_enrollment", serviceData: { classId: classIds.workshop, enrollmentId: ID.enrollment } },
      ],
    });
    const [seat] = await db.query<{ payment_status: string; amount_paid: number; workflow: string }>(
      `select e.payment_status, e.amount_paid, o.workflow from class_enrollments e join orders o on o.id = $1 where e.id = $2`,
      [ID.classSeat, ID.enrollment],
    );
    expect(seat).toEqual({ payment_status: "paid", amount_paid: 89_000, workflow: "class_seat" });
  });

  it("shows a plan with 1 of 3 instalments paid as partly paid, a monthly plan's first month as paid, a bank transfer as processing", async () => {
    const plan = await view(ID.instalments);
    expect(plan).toMatchObject({
      status: "partially_paid",
      paymentPlan: "3times",
      totalCents: 150_000,
      paidCents: 50_000,
      paidAt: null,
      payment: { provider: "sandbox", brand: "visa", last4: "4242" },
    });
    expect(plan.schedule.map((entry) => [entry.position, entry.status, entry.amountCents])).toEqual([
      [1, "paid", 50_000],
      [2, "due", 50_000],
      [3, "due", 50_000],
    ]);
    expect(plan.payments).toMatchObject([
      {
        kind: "charge",
        status: "succeeded",
        amountCents: 50_000,
        part: instalmentIds[`${ID.instalments}:1`],
        settledAt: "2026-10-27T15:01:00.000Z",
      },
    ]);
    expect(detail(plan)).toBe("1 of 3 instalments paid: $500.00 of $1,500.00; next $500.00 on November 27, 2026.");
    // The saved card stays with its charge, for the next instalments.
    expect((await paymentService.ofSubject(ID.instalments))[0]).toMatchObject({
      savedMethodId: "pm_sandbox_saved",
      providerPaymentId: "pi_sandbox_instalment_1",
    });

    // A plan whose second instalment was declined: partly paid, the decline and the next try said.
    const retrying = await view(ID.retrying);
    expect(retrying).toMatchObject({ status: "partially_paid", paidCents: 50_000 });
    expect(retrying.schedule.map((entry) => [entry.status, entry.attempts, entry.nextAttemptAt])).toEqual([
      ["paid", 1, null],
      ["failed", 2, "2026-11-30T15:00:00.000Z"],
    ]);
    expect(retrying.payments).toMatchObject([
      { status: "succeeded", part: instalmentIds[`${ID.retrying}:1`] },
      { status: "failed", part: instalmentIds[`${ID.retrying}:2`], failureMessage: "Your card was declined." },
    ]);
    expect(detail(retrying)).toBe(
      "1 of 2 instalments paid: $500.00 of $1,000.00; payment 2 ($500.00) failed. We will try again on November 30, 2026.",
    );
    // The next off-session charge of that instalment uses a key of its own, not the one already used.
    expect((await paymentService.ofSubject(ID.retrying)).map((row) => row.idempotencyKey)).toEqual([
      `order-${ID.retrying}`,
      `instalment-${instalmentIds[`${ID.retrying}:2`]}-2`,
    ]);

    const monthly = await view(ID.monthly);
    expect(monthly).toMatchObject({
      status: "paid",
      paymentPlan: "monthly",
      paidCents: 30_000,
      paidAt: "2026-11-01T15:01:00.000Z",
    });
    expect(monthly.schedule.map((entry) => entry.status)).toEqual(["paid", "due"]);
    expect(monthly.payments).toHaveLength(1);

    const bank = await view(ID.bank);
    expect(bank).toMatchObject({
      status: "processing",
      paymentMethodType: "us_bank_account",
      paidCents: 0,
      payment: { provider: "sandbox", brand: "bank", last4: "6789" },
    });
    expect(bank.payments).toMatchObject([
      { kind: "charge", status: "processing", method: "us_bank_account", amountCents: 250_000 },
    ]);
    expect(detail(bank)).toBe("We will e-mail you when your bank confirms, usually in 3-5 business days.");
    // The bank's answer, when it comes, finds its payment by the intent.
    const [linked] = await db.query<{ payment_id: string }>(
      `select metadata ->> 'paymentId' as payment_id from sandbox_intents where id = 'pi_sandbox_bank'`,
    );
    expect(linked.payment_id).toBe(bank.payments[0].id);
  });

  it("turns each subscription invoice into a payment of its subscription, with its period", async () => {
    const active = await paymentService.ofSubject(ID.subscription);
    expect(
      active.map((row) => [
        row.workflow,
        row.kind,
        row.status,
        row.amountCents,
        row.providerInvoiceId,
        row.periodStart?.toISOString(),
        row.periodEnd?.toISOString(),
      ]),
    ).toEqual([
      [
        "subscription",
        "charge",
        "succeeded",
        99_900,
        "in_sub_1",
        "2026-09-15T12:00:00.000Z",
        "2026-10-15T12:00:00.000Z",
      ],
      [
        "subscription",
        "charge",
        "succeeded",
        99_900,
        "in_sub_2",
        "2026-10-15T12:00:00.000Z",
        "2026-11-15T12:00:00.000Z",
      ],
    ]);
    const pastDue = await paymentService.ofSubject(ID.pastDue);
    expect(pastDue.map((row) => [row.status, row.providerInvoiceId])).toEqual([
      ["succeeded", "in_due_1"],
      ["failed", "in_due_2"],
    ]);
    const [statuses] = await db.query<{ active: string; past_due: string }>(
      `select (select status from subscriptions where id = $1) as active, (select status from subscriptions where id = $2) as past_due`,
      [ID.subscription, ID.pastDue],
    );
    expect(statuses).toEqual({ active: "active", past_due: "past_due" });
    const [table] = await db.query<{ exists: boolean }>(
      `select to_regclass('subscription_invoices') is not null as exists`,
    );
    expect(table.exists).toBe(false);
  });
});
