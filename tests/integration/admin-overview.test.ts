import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OverviewService } from "../../core/admin/overview.server.ts";
import type { AdminOverview } from "../../core/admin/schema.ts";
import { zonedNow, addDays } from "../../core/appointments/rules.ts";
import type { AdminEnrollment } from "../../core/classes/schema.ts";
import type { AdminTestimonial, PublicTestimonial } from "../../core/testimonials/schema.ts";
import { appointments } from "../../db/schema/appointments.ts";
import { posts } from "../../db/schema/blog.ts";
import { classEnrollments } from "../../db/schema/classes.ts";
import { orders } from "../../db/schema/orders.ts";
import { payments } from "../../db/schema/payments.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import {
  createClass,
  createGuestOrder,
  createPost,
  lines,
  payGuestOrder,
  submitContact,
  visitorCustomerStaff,
} from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 24 * 3600_000;
const TIME_ZONE = "America/New_York";
const CARD = "4242 4242 4242 4242";

/** The instant a New York wall clock last read 00:00 before `now` (found from the clock's reading, not from the app's rules). */
function localMidnight(now: Date, timeZone: string): Date {
  const reading = (at: Date, seconds = true) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
    }).formatToParts(at);
  const parts = Object.fromEntries(reading(now).map((part) => [part.type, Number(part.value)]));
  const guess =
    now.getTime() - ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000 - now.getUTCMilliseconds();
  // The clocks changed since midnight: the instant that read 00:00 is an hour away from the guess.
  const midnight = [0, 3600_000, -3600_000]
    .map((shift) => guess + shift)
    .find(
      (at) =>
        reading(new Date(at), false)
          .map((part) => part.value)
          .join("") === "00:00",
    );
  return new Date(midnight ?? guess);
}

describe("the staff Overview, the class enrolments and the 'Verified client' badge", () => {
  let t: TestApp;
  let visitor: TestClient;
  let customer: TestClient;
  let staff: TestClient;
  let address = 0;

  const placeOrder = (email: string) =>
    createGuestOrder(t, { body: { customerEmail: email }, headers: { "x-forwarded-for": `198.51.100.${++address}` } });
  const pay = async ({ client, order }: { client: TestClient; order: { id: string } }) =>
    expect((await payGuestOrder(client, order.id)).status).toBe("succeeded");
  const overview = async (): Promise<AdminOverview> => {
    const response = await staff.request("/api/admin/overview");
    expect(response.status).toBe(200);
    return response.json();
  };
  const submitReview = async (name: string, email: string | undefined) => {
    const response = await t.client().request("/api/testimonials/submit", {
      method: "POST",
      headers: { "x-forwarded-for": `203.0.113.${++address}` },
      json: { name, ...(email ? { email } : {}), content: `${name} says the studio delivered on time.`, rating: 5 },
    });
    expect(response.status).toBe(201);
  };
  const book = async (email: string, date: string, time: string, status = "scheduled") =>
    t.services.database.db.insert(appointments).values({
      customerName: "Booked",
      customerEmail: email,
      customerPhone: "+1 555 0100",
      appointmentDate: date,
      appointmentTime: time,
      status,
    });

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "true",
      BOOKING_TIME_ZONE: TIME_ZONE,
      ORDERS_PER_ADDRESS: "100000",
      HOLDS_PER_ADDRESS: "100000",
    });
    await seedReferenceData(t.services, createLogger("silent"));
    ({ visitor, customer, staff } = await visitorCustomerStaff(t));
  });
  afterAll(() => t.close());

  it("is for staff only: 401 for a visitor, 403 for a signed-in customer", async () => {
    for (const path of ["/api/admin/overview", "/api/admin/classes/1/enrollments"]) {
      expect((await visitor.request(path)).status, path).toBe(401);
      const forbidden = await customer.request(path);
      expect(forbidden.status, path).toBe(403);
      expect((await customer.request(path, { headers: FR })).status).toBe(403);
    }
  });

  it("counts today's orders (placed, paid and their total), new leads and pending moderation; lists the 4 newest posts and 3 newest reviews", async () => {
    const empty = await overview();
    expect(empty.today).toMatchObject({
      timeZone: TIME_ZONE,
      orders: { placed: 0, paid: 0, paidCents: 0 },
      newLeads: 0,
    });
    expect(empty.today.date).toBe(zonedNow(new Date(), TIME_ZONE).date);
    expect(empty.pending).toEqual({ comments: 0, reviews: 0, media: 0, mediaComments: 0, total: 0 });

    await placeOrder("unpaid@example.com");
    await pay(await placeOrder("paid@example.com"));
    await pay(await placeOrder("paid-too@example.com"));
    // An order of two days ago counts on its own day, not today.
    const old = await placeOrder("old@example.com");
    await pay(old);
    await t.services.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * DAY), paidAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(orders.id, old.order.id));

    const contact = await submitContact(
      t,
      { name: "Lee Park", message: "We need a new logo and a website." },
      { "x-forwarded-for": `192.0.2.${++address}` },
    );
    expect(contact.status).toBe(201);

    for (let n = 1; n <= 5; n++)
      await createPost(
        t,
        { title: `Post ${n}`, published: n % 2 === 0 },
        { createdAt: new Date(Date.now() - (10 - n) * 60_000) },
      );
    const post = await createPost(
      t,
      { title: "Commented", published: true },
      { createdAt: new Date(Date.now() - DAY) },
    );
    const comment = await t.client().request(`/api/posts/${post.id}/comments`, {
      method: "POST",
      headers: { "x-forwarded-for": `192.0.2.${++address}` },
      json: { author: "Sam", email: "sam@example.com", content: "Very useful, thank you." },
    });
    expect(comment.status).toBe(201);
    for (const name of ["Ana", "Ben", "Cleo", "Dan"]) await submitReview(name, `${name.toLowerCase()}@example.com`);

    const figures = await overview();
    expect(figures.today.orders).toEqual({ placed: 3, paid: 2, paidCents: 120_000 });
    expect(figures.today.newLeads).toBe(1);
    expect(figures.pending).toEqual({ comments: 1, reviews: 4, media: 0, mediaComments: 0, total: 5 });
    expect(figures.recentPosts.map((p) => [p.title, p.published])).toEqual([
      ["Post 5", false],
      ["Post 4", true],
      ["Post 3", false],
      ["Post 2", true],
    ]);
    expect(figures.recentReviews.map((r) => r.customerName)).toEqual(["Dan", "Cleo", "Ben"]);
    expect(figures.recentReviews.every((r) => !r.approved)).toBe(true);
  });

  it("reads the few posts and reviews it shows, never whole lists, however many there are", async () => {
    await t.services.database.db.insert(posts).values(
      Array.from({ length: 500 }, (_, n) => ({
        title: `Archived post ${n}`,
        createdAt: new Date(Date.now() - 30 * DAY - n * 1000),
      })),
    );
    const everyPost = vi.spyOn(t.services.blog, "listStaffPage");
    const everyReview = vi.spyOn(t.services.testimonials, "listStaffPage");
    const newestPosts = vi.spyOn(t.services.blog, "newestPosts");
    const newestReviews = vi.spyOn(t.services.testimonials, "newest");
    try {
      const figures = await overview();
      expect(everyPost).not.toHaveBeenCalled();
      expect(everyReview).not.toHaveBeenCalled();
      expect(newestPosts).toHaveBeenCalledWith(4);
      expect(newestReviews).toHaveBeenCalledWith(3);
      expect(figures.recentPosts).toHaveLength(4);
      expect(figures.recentPosts.some((post) => post.title.startsWith("Archived"))).toBe(false);
      expect(figures.recentReviews).toHaveLength(3);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("marks a review 'Verified client' when its e-mail, in any case, has a paid order or a consultation that took place; never otherwise", async () => {
    const now = zonedNow(new Date(), TIME_ZONE);
    await pay(await placeOrder("Client.Paid@Example.com"));
    await placeOrder("only-pending@example.com");
    await book("met@example.com", addDays(now.date, -3), "10:00");
    await book("cancelled@example.com", addDays(now.date, -3), "11:00", "cancelled");
    await book("upcoming@example.com", addDays(now.date, 3), "10:00");
    const cases: Array<[string, string | undefined, boolean]> = [
      ["Paid Client", "client.paid@example.COM", true],
      ["Met Client", "MET@example.com", true],
      ["Pending Order", "only-pending@example.com", false],
      ["Cancelled Booking", "cancelled@example.com", false],
      ["Upcoming Booking", "upcoming@example.com", false],
      ["Stranger", "stranger@example.com", false],
      ["No Email", undefined, false],
    ];
    for (const [name, email] of cases) await submitReview(name, email);

    const moderation: { testimonials: AdminTestimonial[] } = await (
      await staff.request("/api/admin/testimonials")
    ).json();
    const byName = new Map(moderation.testimonials.map((review) => [review.customerName, review]));
    for (const [name, , verified] of cases) expect(byName.get(name)?.verified, name).toBe(verified);

    for (const [name] of cases)
      expect(
        (await staff.request(`/api/testimonials/${byName.get(name)!.id}`, { method: "PUT", json: { approved: true } }))
          .status,
      ).toBe(200);
    const published: PublicTestimonial[] = await (await visitor.request("/api/testimonials")).json();
    for (const [name, , verified] of cases)
      expect(published.find((review) => review.customerName === name)?.verified, name).toBe(verified);
    expect(published[0]).not.toHaveProperty("customerEmail");

    // Nobody can claim it: the flag is not a field of the submission or of a staff edit.
    const claimed = await t.client().request("/api/testimonials/submit", {
      method: "POST",
      headers: { "x-forwarded-for": `203.0.113.${++address}` },
      json: { name: "Impostor", email: "impostor@example.com", content: "Trust me, I am a client.", verified: true },
    });
    expect(claimed.status).toBe(400);
    expect(
      (
        await staff.request(`/api/testimonials/${byName.get("Stranger")!.id}`, {
          method: "PUT",
          json: { verified: true },
        })
      ).status,
    ).toBe(400);
  });

  it("lists a class's enrolments for staff; refuses to delete a class with a seat being paid for or a paid enrolment; deletes one whose holds ran out", async () => {
    const made = await createClass(t);
    const hold = await t.services.enrollments.hold(made.id, {
      userId: null,
      name: "Guest One",
      email: "guest1@example.com",
    });

    const busy = await staff.request(`/api/admin/classes/${made.id}`, { method: "DELETE" });
    expect(busy.status).toBe(409);
    expect((await busy.json()).message).toBe(
      "Someone is paying for a seat in this class right now. Deactivate it, or try again once their payment has ended.",
    );

    expect(await t.services.enrollments.confirmPaid(hold.enrollmentId, "pi_test_1")).toBe(true);
    const paid = await staff.request(`/api/admin/classes/${made.id}`, { method: "DELETE", headers: FR });
    expect(paid.status).toBe(409);
    expect((await paid.json()).message).toMatch(/^Ce cours a des inscriptions payées et ne peut pas être supprimé\./);
    const english = await staff.request(`/api/admin/classes/${made.id}`, { method: "DELETE" });
    expect((await english.json()).message).toBe(
      "This class has paid enrolments and cannot be deleted. Deactivate it instead: it leaves the site and its students stay on record.",
    );

    const list = await staff.request(`/api/admin/classes/${made.id}/enrollments`);
    expect(list.status).toBe(200);
    const enrollments: AdminEnrollment[] = await list.json();
    expect(enrollments).toEqual([
      expect.objectContaining({
        customerName: "Guest One",
        customerEmail: "guest1@example.com",
        state: "enrolled",
        enrollmentStatus: "active",
        paymentStatus: "paid",
        amountCents: 24_900,
        enrolledAt: expect.any(String),
      }),
    ]);

    // Deactivating is the way out: the class leaves the site, its student stays.
    const deactivated = await staff.request(`/api/admin/classes/${made.id}`, {
      method: "PUT",
      json: { active: false },
    });
    expect(deactivated.status).toBe(200);
    expect((await visitor.request(`/api/classes/${made.id}`)).status).toBe(404);
    expect((await t.services.classes.get(made.id)).currentEnrollment).toBe(1);

    // A class whose only hold ran out unpaid is deleted with that record.
    const quiet = await createClass(t, { titleEn: "Quiet Class", titleFr: "Cours calme" });
    await t.services.enrollments.hold(
      quiet.id,
      { userId: null, name: "Guest Two", email: "guest2@example.com" },
      new Date(Date.now() - DAY),
    );
    const expired: AdminEnrollment[] = await (await staff.request(`/api/admin/classes/${quiet.id}/enrollments`)).json();
    expect(expired.map((e) => e.state)).toEqual(["expired"]);
    expect((await staff.request(`/api/admin/classes/${quiet.id}`, { method: "DELETE" })).status).toBe(204);
    expect(
      await t.services.database.db
        .select()
        .from(classEnrollments)
        .where(inArray(classEnrollments.classId, [quiet.id])),
    ).toEqual([]);
    expect((await staff.request(`/api/admin/classes/${quiet.id}/enrollments`)).status).toBe(404);
  });

  describe("revenue", () => {
    const placePaid = async (unitPriceCents: number, cardNumber = CARD) => {
      const { client, order } = await createGuestOrder(t, {
        headers: { "x-forwarded-for": `198.51.100.${++address}` },
        body: {
          customerFirstName: "Rev",
          customerLastName: "Enue",
          customerEmail: "revenue@example.com",
          items: [lines.website(unitPriceCents)],
        },
      });
      await payGuestOrder(client, order.id, cardNumber);
      return order.id;
    };
    const charge = async (orderId: string) =>
      (await t.services.payments.ofSubject(orderId)).find((row) => row.kind === "charge")!;
    const refund = async (orderId: string, amountCents: number) => {
      const response = await staff.request(`/api/admin/orders/${orderId}/refund`, {
        method: "POST",
        json: { amountCents, reason: "Goodwill gesture" },
      });
      expect(response.status).toBe(200);
      const refunds = (await t.services.payments.ofSubject(orderId)).filter((row) => row.kind === "refund");
      expect(refunds.at(-1)?.status).toBe("succeeded");
      return refunds.at(-1)!;
    };
    /** A payment's money as if it had moved at `at` (the test cannot wait for the clock). */
    const movedAt = (paymentId: string, at: Date | string) =>
      t.services.database.db
        .update(payments)
        .set({ settledAt: new Date(at) })
        .where(eq(payments.id, paymentId));
    const subscribe = async (email: string, card = CARD) => {
      const created = await (
        await t.client().request("/api/get-or-create-subscription", {
          method: "POST",
          json: { name: "Sub Scriber", email, priceId: "Professional" },
        })
      ).json();
      if (card)
        await t.client().request("/api/payments/sandbox/confirm", {
          method: "POST",
          json: { clientSecret: created.clientSecret, cardNumber: card, expiry: "12 / 40", cvc: "123" },
        });
      return created.subscriptionId as string;
    };
    const customPayment = async (amount: number, cardNumber: string | null) => {
      const client = t.client();
      const response = await client.request("/api/create-custom-payment", {
        method: "POST",
        headers: { "x-forwarded-for": `198.51.100.${++address}` },
        json: {
          amount,
          paymentPlan: "3times",
          serviceName: "Brand refresh",
          customerName: "Plan Payer",
          customerEmail: "plan@example.com",
        },
      });
      expect(response.status).toBe(201);
      const answer = await response.json();
      if (cardNumber)
        await client.request("/api/payments/sandbox/confirm", {
          method: "POST",
          json: { clientSecret: answer.clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" },
        });
      return answer.paymentData.orderId as string;
    };

    it("counts money received net of refunds today, in the last 7 days, this month and the last 30 days, from the agency's midnight", async () => {
      const before = (await overview()).revenue.periods;
      const now = new Date();
      const midnight = localMidnight(now, TIME_ZONE);
      const dayOfMonth = Number(new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, day: "numeric" }).format(now));

      // Paid today, part of it refunded today.
      const today = await placePaid(70_000);
      await refund(today, 20_000);
      // Paid at 00:00 today, New York time.
      const atMidnight = await placePaid(72_000);
      await movedAt((await charge(atMidnight)).id, midnight);
      // Paid a minute before midnight, and a refund of it half a minute before: yesterday's.
      const lastNight = await placePaid(71_000);
      await movedAt((await charge(lastNight)).id, new Date(midnight.getTime() - 60_000));
      await movedAt((await refund(lastNight, 5_000)).id, new Date(midnight.getTime() - 30_000));
      // Paid ten days ago, forty days ago.
      const tenDays = await placePaid(73_000);
      await movedAt((await charge(tenDays)).id, new Date(midnight.getTime() - 10 * DAY + 12 * 3600_000));
      const fortyDays = await placePaid(74_000);
      await movedAt((await charge(fortyDays)).id, new Date(midnight.getTime() - 40 * DAY + 12 * 3600_000));
      // A declined card brings nothing; a refund the card's bank refused takes nothing back.
      await placePaid(75_000, "4000 0000 0000 0002");
      const refused = await placePaid(76_000, "4000 0000 0000 5126");
      expect(
        (
          await staff.request(`/api/admin/orders/${refused}/refund`, {
            method: "POST",
            json: { amountCents: 10_000, reason: "Goodwill gesture" },
          })
        ).status,
      ).toBe(200);
      expect((await t.services.payments.ofSubject(refused)).find((row) => row.kind === "refund")?.status).toBe(
        "failed",
      );

      const after = (await overview()).revenue.periods;
      const moved = (period: keyof typeof after) => ({
        chargedCents: after[period].chargedCents - before[period].chargedCents,
        refundedCents: after[period].refundedCents - before[period].refundedCents,
        netCents: after[period].netCents - before[period].netCents,
      });
      expect(moved("today")).toEqual({ chargedCents: 218_000, refundedCents: 20_000, netCents: 198_000 });
      expect(moved("last7Days")).toEqual({ chargedCents: 289_000, refundedCents: 25_000, netCents: 264_000 });
      expect(moved("last30Days")).toEqual({ chargedCents: 362_000, refundedCents: 25_000, netCents: 337_000 });
      // This month from its 1st: last night and ten days ago count only when they fell in it.
      const yesterdayInMonth = dayOfMonth > 1;
      const tenDaysInMonth = dayOfMonth > 10;
      expect(moved("thisMonth")).toEqual({
        chargedCents: 218_000 + (yesterdayInMonth ? 71_000 : 0) + (tenDaysInMonth ? 73_000 : 0),
        refundedCents: 20_000 + (yesterdayInMonth ? 5_000 : 0),
        netCents: 198_000 + (yesterdayInMonth ? 66_000 : 0) + (tenDaysInMonth ? 73_000 : 0),
      });
      for (const period of ["today", "last7Days", "thisMonth", "last30Days"] as const)
        expect(after[period].netCents).toBe(after[period].chargedCents - after[period].refundedCents);
    });

    it("reads its periods in the agency's time zone, not in UTC, across a change of the clocks", async () => {
      // 23:30 on Sunday March 14, 2021 in New York (03:30 UTC on the 15th), the day the clocks went forward.
      const now = new Date("2021-03-15T03:30:00Z");
      const { blog, testimonials, media, orders: orderService, leads, payments: paymentService, checkout } = t.services;
      const overviewAt = new OverviewService(
        {
          blog,
          testimonials,
          media,
          orders: orderService,
          leads,
          payments: paymentService,
          subscriptions: checkout.subscriptions,
        },
        { timeZone: TIME_ZONE, now: () => now },
      );
      const paidAt: Array<[string, number]> = [
        ["2021-02-13T04:59:00Z", 50_001], // February 12, 23:59: more than 30 days before
        ["2021-02-13T05:00:00Z", 50_002], // February 13, 00:00: the first instant of the last 30 days
        ["2021-03-01T04:59:00Z", 50_004], // February 28, 23:59: the minute before this month
        ["2021-03-01T05:00:00Z", 50_008], // March 1, 00:00
        ["2021-03-08T04:59:00Z", 50_016], // March 7, 23:59: the minute before the last 7 days
        ["2021-03-08T05:00:00Z", 50_032], // March 8, 00:00
        ["2021-03-14T04:59:00Z", 50_064], // March 13, 23:59: just before midnight, yesterday
        ["2021-03-14T05:00:00Z", 50_128], // March 14, 00:00 (standard time)
        ["2021-03-15T00:30:00Z", 50_256], // March 14, 20:30 (daylight time), already the 15th in UTC
        ["2021-03-15T03:59:00Z", 50_512], // March 14, 23:59: just before tonight's midnight
      ];
      for (const [at, cents] of paidAt) await movedAt((await charge(await placePaid(cents))).id, at);
      const sum = (from: number, to = paidAt.length) =>
        paidAt.slice(from, to).reduce((total, [, cents]) => total + cents, 0);
      const { periods } = (await overviewAt.get()).revenue;
      expect(periods.today).toEqual({ chargedCents: sum(7), refundedCents: 0, netCents: sum(7) });
      expect(periods.last7Days.chargedCents).toBe(sum(5));
      expect(periods.thisMonth.chargedCents).toBe(sum(3));
      expect(periods.last30Days.chargedCents).toBe(sum(1));
      expect((await overviewAt.get()).today.date).toBe("2021-03-14");
    });

    it("counts the monthly recurring revenue of active subscriptions, and the instalments still to collect and those that failed", async () => {
      const before = (await overview()).revenue;
      // Active: counted, also when set to end at the period's end (until it does).
      await subscribe("mrr.active@example.com");
      const ending = await subscribe("mrr.ending@example.com");
      expect(
        (
          await staff.request(`/api/admin/subscriptions/${ending}/cancel`, {
            method: "POST",
            json: { atPeriodEnd: true },
          })
        ).status,
      ).toBe(200);
      // Not counted: never paid, ended, or past due.
      await subscribe("mrr.incomplete@example.com", "");
      const ended = await subscribe("mrr.ended@example.com");
      expect(
        (
          await staff.request(`/api/admin/subscriptions/${ended}/cancel`, {
            method: "POST",
            json: { atPeriodEnd: false },
          })
        ).status,
      ).toBe(200);
      const pastDue = await subscribe("mrr.pastdue@example.com", "4000 0000 0000 0341");
      expect(
        (await (await staff.request(`/api/admin/subscriptions/${pastDue}/renew`, { method: "POST" })).json()).data
          .status,
      ).toBe("past_due");

      // A plan of 3 × $300 paid with a card whose later charges are declined: its second instalment fails.
      const declining = await customPayment(900, "4000 0000 0000 0341");
      await t.services.checkout.schedules.chargeDue(new Date(Date.now() + 32 * DAY));
      const declined = (await t.services.orders.get(declining)).schedule.map((entry) => entry.status);
      expect(declined).toEqual(["paid", "failed", "due"]);
      // A plan of 3 × $500, its first paid: two to collect.
      await customPayment(1_500, CARD);
      // A plan whose first payment was never made, or was declined at checkout, is nothing to collect.
      await customPayment(600, null);
      await customPayment(1_200, "4000 0000 0000 0002");

      const after = (await overview()).revenue;
      expect(after.monthlyRecurringCents - before.monthlyRecurringCents).toBe(2 * 99_900);
      expect(after.activeSubscriptions - before.activeSubscriptions).toBe(2);
      expect({
        count: after.instalmentsToCollect.count - before.instalmentsToCollect.count,
        cents: after.instalmentsToCollect.cents - before.instalmentsToCollect.cents,
      }).toEqual({ count: 4, cents: 2 * 30_000 + 2 * 50_000 });
      expect({
        count: after.failedInstalments.count - before.failedInstalments.count,
        cents: after.failedInstalments.cents - before.failedInstalments.cents,
      }).toEqual({ count: 1, cents: 30_000 });

      // Staff cancel what remains of the declining plan: nothing left to collect from it.
      expect(
        (await staff.request(`/api/admin/orders/${declining}/instalments/cancel`, { method: "POST" })).status,
      ).toBe(200);
      const cancelled = (await overview()).revenue;
      expect(cancelled.instalmentsToCollect.count - before.instalmentsToCollect.count).toBe(2);
      expect(cancelled.failedInstalments.count - before.failedInstalments.count).toBe(0);
    });
  });

  it("describes the Overview and the enrolments in the OpenAPI document", async () => {
    const document = await (await t.app.request("/api/openapi.json")).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/admin/overview", "/admin/classes/{id}/enrollments"]),
    );
    expect(document.components.schemas.Testimonial.properties).toHaveProperty("verified");
  });
});
