// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "../../core/money/money.ts";
import type { AdminOrderView, OrderView } from "../../core/orders/schema.ts";
import type { SignedEvent } from "../../core/payments/sandbox.server.ts";
import { hotDeals } from "../../db/schema/deals.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { sandboxIntents, sandboxRefunds } from "../../db/schema/payments.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import {
  confirmSandboxCard,
  createGuestOrder,
  GOOD_CARD,
  lines,
  placeGuestOrder,
  signInAs,
} from "../helpers/factories.ts";

const SANDBOX_SECRET = "whsec_refunds_test_secret";
const DAY = 24 * 3600_000;
const MINUTE = 60_000;
/** Stripe's test card whose payment succeeds and whose refunds fail. */
const REFUNDS_FAIL_CARD = "4000 0000 0000 5126";

describe("refunds: automatic, partial and full, refused and retried", () => {
  let t: TestApp;
  let buyer: TestClient;
  let staff: Awaited<ReturnType<typeof signInAs>>;
  let deals = 0;

  /** A guest order of these cart lines from this browser (201), paid with this card if one is given. */
  const order = async (client: TestClient, items: unknown[], pay?: string): Promise<OrderView> =>
    (await createGuestOrder(t, { client, body: { items }, pay })).order;
  const staffView = async (id: string): Promise<AdminOrderView> =>
    (await (await staff.request(`/api/admin/orders/${id}`)).json()).data;
  const refund = (id: string, body: Record<string, unknown>) =>
    staff.request(`/api/admin/orders/${id}/refund`, { method: "POST", json: body });
  const refundMails = async (number: string) =>
    (await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.refund"))).filter((mail) =>
      mail.text.includes(number),
    );
  const claimsOf = async (dealId: number) =>
    (await t.services.database.db.select().from(hotDeals).where(eq(hotDeals.id, dealId)))[0].claimCount;
  const createDeal = async (claimLimit: number, claimCount = 0) => {
    deals += 1;
    const deal = await t.services.deals.create(
      {
        titleEn: `Launch Kit ${deals}`,
        titleFr: `Kit de lancement ${deals}`,
        descriptionEn: "A logo, a landing page and a week of posts, at a discount.",
        descriptionFr: "Un logo, une page d'accueil et une semaine de publications, à prix réduit.",
        serviceNameEn: "Launch kit",
        serviceNameFr: "Kit de lancement",
        originalPrice: 20_000,
        discountedPrice: 15_000,
        discountPercentage: 25,
        validFrom: new Date(Date.now() - DAY).toISOString(),
        validUntil: new Date(Date.now() + 10 * DAY).toISOString(),
        claimLimit,
      },
      { claimCount },
    );
    const line = {
      serviceId: "hot_deal",
      serviceName: deal.titleEn,
      pricingType: "fixed",
      unitPriceCents: 15_000,
      quantity: 1,
      serviceData: { dealId: deal.id },
    };
    return { deal, line };
  };
  /** Runs `work` while keeping the events the sandbox delivers to the webhook path, to be delivered again. */
  const recording = async <T>(work: () => Promise<T>): Promise<{ result: T; events: SignedEvent[] }> => {
    const sandbox = t.services.sandbox!;
    const events: SignedEvent[] = [];
    sandbox.deliverTo(async (rawBody, signature) => {
      events.push({ rawBody, signature });
      return t.services.payments.handleWebhook(rawBody, signature);
    });
    try {
      return { result: await work(), events };
    } finally {
      sandbox.deliverTo((rawBody, signature) => t.services.payments.handleWebhook(rawBody, signature));
    }
  };
  const redeliver = (event: SignedEvent) =>
    t.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: event.rawBody,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });

  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      ORDERS_PER_ADDRESS: "100000",
      HOLDS_PER_ADDRESS: "100000",
    });
    await seedReferenceData(t.services, createLogger("silent"));
    buyer = t.client();
    staff = await signInAs(t, "admin");
  }, 120_000);
  afterAll(async () => t.close());

  it("a deal payment confirmed after its reservation ran out, when others took the last claim, is refunded at once and the buyer is told why", async () => {
    const { deal, line } = await createDeal(1);
    const late = t.client();
    const mine = (await createGuestOrder(t, { client: late, body: { items: [line], language: "fr" } })).order;
    // The buyer opened the payment step long ago: the reservation ran out since.
    const long = new Date(Date.now() - (t.config.DEAL_RESERVATION_MINUTES + 5) * MINUTE);
    const stale = await t.services.checkout.startPayment(mine.id, long);
    // Meanwhile someone else reserved and paid the last claim.
    const winner = t.client();
    const theirs = await order(winner, [line], GOOD_CARD);
    expect(await claimsOf(deal.id)).toBe(1);

    // The first buyer's card is confirmed on the old page: the provider takes the money, Atelier gives it back.
    expect(await confirmSandboxCard(late, stale.clientSecret)).toEqual({ status: "succeeded" });
    const view: OrderView = (await (await late.request(`/api/orders/guest/${mine.id}`)).json()).data;
    expect(view).toMatchObject({ status: "refunded", paidCents: 15_000, refundedCents: 15_000 });
    expect(
      view.payments.map((payment) => [payment.kind, payment.status, payment.amountCents, payment.automatic]),
    ).toEqual([
      ["charge", "succeeded", 15_000, null],
      ["refund", "succeeded", 15_000, "deal_sold_out"],
    ]);
    expect((await staffView(mine.id)).history.map((entry) => entry.cause)).toEqual(
      expect.arrayContaining(["payment_succeeded", "deal_sold_out", "refund_succeeded"]),
    );
    // The claim limit was never passed, and the winner keeps the deal.
    expect(await claimsOf(deal.id)).toBe(1);
    expect((await staffView(theirs.id)).status).toBe("paid");
    // The e-mail says why, in French (the order's language); no receipt was sent for it.
    const [mail] = await refundMails(mine.number);
    expect(mail.subject).toBe(`Atelier\u202f: remboursement de ${formatCents(15_000)} pour la commande ${mine.number}`);
    expect(mail.text).toContain(
      "Une offre de votre commande s’est épuisée pendant votre paiement\u202f: nous n’avons pas pu vous la réserver et nous vous avons remboursé en totalité.",
    );
    expect(mail.text).toContain(`Nous avons remboursé ${formatCents(15_000)} sur votre Visa •••• 4242.`);
    const receipts = (
      await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.receipt"))
    ).filter((entry) => entry.text.includes(mine.number));
    expect(receipts).toHaveLength(0);
  });

  it("late payments arriving together for the last claims: those that fit count, the others are refunded in English, and the limit is never passed", async () => {
    const { deal, line } = await createDeal(3, 1);
    const reservation = t.config.DEAL_RESERVATION_MINUTES + 1;
    const clients = Array.from({ length: 5 }, () => t.client());
    const orders = await Promise.all(clients.map((client) => order(client, [line])));
    // Each reserved in turn, each reservation over before the next one was made: all have run out now.
    const secrets: string[] = [];
    for (const [index, placed] of orders.entries()) {
      const at = new Date(Date.now() - (orders.length - index + 1) * reservation * MINUTE);
      secrets.push((await t.services.checkout.startPayment(placed.id, at)).clientSecret);
    }
    const outcomes = await Promise.all(clients.map((client, index) => confirmSandboxCard(client, secrets[index])));
    expect(outcomes.every((outcome) => outcome.status === "succeeded")).toBe(true);
    const views = await Promise.all(orders.map((placed) => staffView(placed.id)));
    expect(views.filter((view) => view.status === "paid")).toHaveLength(2);
    const refunded = views.filter((view) => view.status === "refunded");
    expect(refunded).toHaveLength(3);
    for (const view of refunded)
      expect(view.payments.at(-1)).toMatchObject({
        kind: "refund",
        status: "succeeded",
        automatic: "deal_sold_out",
        amountCents: 15_000,
      });
    expect(await claimsOf(deal.id)).toBe(3);
    const [mail] = await refundMails(refunded[0].number);
    expect(mail.subject).toBe(`Atelier: refund of $150.00 for order ${refunded[0].number}`);
    expect(mail.text).toContain(
      "A deal in your order sold out while you were paying, so we could not reserve it for you, and we have refunded your payment in full.",
    );
  });

  it("a full refund of a hot deal order gives its claim back; a partial one does not; redelivered refund events change nothing", async () => {
    const { deal, line } = await createDeal(1);
    const placed = await order(buyer, [line], GOOD_CARD);
    expect(await claimsOf(deal.id)).toBe(1);
    const next = t.client();

    const { result: partial, events } = await recording(() =>
      refund(placed.id, { amountCents: 5_000, reason: "Delivered a day late" }),
    );
    expect((await partial.json()).data).toMatchObject({ status: "partially_refunded", refundedCents: 5_000 });
    expect(await claimsOf(deal.id)).toBe(1);
    // Still sold out: a new order for it is refused.
    const soldOut = await placeGuestOrder(t, { client: next, body: { items: [line] } });
    expect(soldOut.status).toBe(409);
    expect((await soldOut.json()).message).toBe(`Sorry, ${deal.titleEn} is sold out.`);

    const full = await refund(placed.id, { amountCents: 10_000, reason: "The client cancelled" });
    expect((await full.json()).data).toMatchObject({ status: "refunded", refundedCents: 15_000 });
    expect(await claimsOf(deal.id)).toBe(0);
    // The sandbox's charge.refunded of the partial refund, delivered again: a duplicate, nothing moves.
    expect(events.map((event) => JSON.parse(event.rawBody).type)).toContain("charge.refunded");
    for (const event of events) expect(await (await redeliver(event)).json()).toMatchObject({ duplicate: true });
    const after = await staffView(placed.id);
    expect(after).toMatchObject({ status: "refunded", refundedCents: 15_000 });
    expect(after.payments.filter((payment) => payment.kind === "refund").map((payment) => payment.amountCents)).toEqual(
      [5_000, 10_000],
    );
    expect(await claimsOf(deal.id)).toBe(0);
    expect(await refundMails(placed.number)).toHaveLength(2);
    // The claim can be had again.
    await order(next, [line], GOOD_CARD);
    expect(await claimsOf(deal.id)).toBe(1);
  });

  it("a refund the provider refuses is shown failed; staff Retry asks again, and once it goes through the money is refunded once", async () => {
    const placed = await order(buyer, [lines.website()], REFUNDS_FAIL_CARD);
    const response = await refund(placed.id, { amountCents: 60_000, reason: "Project cancelled" });
    expect(response.status).toBe(200);
    const refused: AdminOrderView = (await response.json()).data;
    expect(refused).toMatchObject({ status: "paid", paidCents: 60_000, refundedCents: 0 });
    const row = refused.payments.at(-1)!;
    expect(row).toMatchObject({
      kind: "refund",
      status: "failed",
      amountCents: 60_000,
      failureMessage: "The card has expired or was cancelled: the bank refused the refund.",
      reason: "Project cancelled",
      actor: staff.user.email,
    });
    expect(refused.history.at(-1)).toMatchObject({
      cause: "refund_failed",
      detail: "The card has expired or was cancelled: the bank refused the refund.",
    });
    // The buyer sees no refund on its way, and heard of none.
    const own: OrderView = (await (await buyer.request(`/api/orders/guest/${placed.id}`)).json()).data;
    expect(own).toMatchObject({ status: "paid", refundedCents: 0 });
    // Why it failed is staff's business: the buyer's view carries no provider text.
    expect(own.payments.at(-1)).toMatchObject({ kind: "refund", status: "failed", failureMessage: null });
    expect(await refundMails(placed.number)).toHaveLength(0);

    const retry = () => staff.request(`/api/admin/orders/${placed.id}/refunds/${row.id}/retry`, { method: "POST" });
    expect(
      (await buyer.request(`/api/admin/orders/${placed.id}/refunds/${row.id}/retry`, { method: "POST" })).status,
    ).toBe(401);
    const unknown = await staff.request(`/api/admin/orders/${placed.id}/refunds/${crypto.randomUUID()}/retry`, {
      method: "POST",
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("Refund not found.");
    // Retried while the card still refuses: failed again, nothing refunded.
    const still: AdminOrderView = (await (await retry()).json()).data;
    expect(still).toMatchObject({ status: "paid", refundedCents: 0 });
    expect(still.payments.find((payment) => payment.id === row.id)).toMatchObject({ status: "failed" });

    // The card's bank accepts refunds again: Retry goes through, on the same refund.
    const [charge] = (await t.services.payments.ofSubject(placed.id)).filter((payment) => payment.kind === "charge");
    await t.services.database.db
      .update(sandboxIntents)
      .set({ refundsFail: false })
      .where(eq(sandboxIntents.id, charge.providerPaymentId!));
    const done = await retry();
    expect(done.status).toBe(200);
    const refunded: AdminOrderView = (await done.json()).data;
    expect(refunded).toMatchObject({ status: "refunded", paidCents: 60_000, refundedCents: 60_000 });
    expect(
      refunded.payments.filter((payment) => payment.kind === "refund").map((payment) => [payment.id, payment.status]),
    ).toEqual([[row.id, "succeeded"]]);
    expect(refunded.history.map((entry) => entry.cause)).toEqual(
      expect.arrayContaining(["refund_retried", "refund_succeeded"]),
    );
    // At the provider: the refused attempts, and one refund that moved the money.
    const made = await t.services.database.db
      .select()
      .from(sandboxRefunds)
      .where(and(eq(sandboxRefunds.intentId, charge.providerPaymentId!), eq(sandboxRefunds.status, "succeeded")));
    expect(made.map((entry) => entry.amountCents)).toEqual([60_000]);
    const [intent] = await t.services.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, charge.providerPaymentId!));
    expect(intent.refundedCents).toBe(60_000);
    const twice = await retry();
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe("Only a refund that failed can be tried again.");
    const mails = await refundMails(placed.number);
    expect(mails.map((mail) => mail.subject)).toEqual([`Atelier: refund of $600.00 for order ${placed.number}`]);
  });
});
