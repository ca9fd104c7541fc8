// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderView, OrderView } from "../../core/orders/schema.ts";
import { classWaitlist } from "../../db/schema/class-waitlist.ts";
import { classEnrollments } from "../../db/schema/classes.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { confirmSandboxCard, createClass, GOOD_CARD, signInAs } from "../helpers/factories.ts";

const SANDBOX_SECRET = "whsec_class_enrollment_test_secret";
const MINUTE = 60_000;
const DECLINED_CARD = "4000 0000 0000 0002";
const signer = new Stripe("sk_test_signer");

/** The class these tests pay for: its titles and price are in the orders and e-mails. */
const workshop = {
  titleEn: "Brand Strategy Workshop",
  titleFr: "Atelier de stratégie de marque",
  price: 34_900,
  maxStudents: 10,
};

const guest = (n: number) => ({ customerName: `Guest Number${n}`, customerEmail: `guest-${n}@example.com` });

describe("paid class enrolment through create-class-payment-intent", () => {
  let t: TestApp;
  let visitor: TestClient;
  let staff: Awaited<ReturnType<typeof signInAs>>;

  const enrol = (client: TestClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    client.request("/api/create-class-payment-intent", { method: "POST", json: body, headers });
  const order = async (client: TestClient, id: string): Promise<OrderView> =>
    (await (await client.request(`/api/orders/guest/${id}`)).json()).data;
  const enrolmentsOf = (classId: number) =>
    t.services.database.db.select().from(classEnrollments).where(eq(classEnrollments.classId, classId));
  const enrolled = async (classId: number) => (await t.services.classes.get(classId)).currentEnrollment;
  const webhook = (event: Record<string, unknown>) => {
    const rawBody = JSON.stringify({ object: "event", created: Math.floor(Date.now() / 1000), ...event });
    const signature = signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: SANDBOX_SECRET });
    return visitor.request("/api/webhooks/stripe", {
      method: "POST",
      body: rawBody,
      headers: { "stripe-signature": signature, "content-type": "application/json" },
    });
  };

  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      ORDERS_PER_ADDRESS: "100000",
      HOLDS_PER_ADDRESS: "100000",
      CLASS_RESERVATION_MINUTES: "10",
    });
    visitor = t.client();
    staff = await signInAs(t, "staff");
  }, 120_000);
  afterAll(async () => t.close());

  it("refuses an unknown or inactive class, a missing or bad guest name or e-mail, and a price in the request; nothing is held or ordered", async () => {
    const open = await createClass(t, workshop);
    const inactive = await createClass(t, { ...workshop, active: false });
    const ordersBefore = (await t.services.orders.list({})).total;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ classId: 999_999, ...guest(1) }, 404, "Class Not Found"],
      [{ classId: "abc", ...guest(1) }, 404, "Class Not Found"],
      [{ classId: inactive.id, ...guest(1) }, 404, "Class Not Found"],
      [{ classId: open.id, customerEmail: "ada@example.com" }, 400, "Full name is required"],
      [{ classId: open.id, customerName: "  ", customerEmail: "ada@example.com" }, 400, "Full name is required"],
      [{ classId: open.id, customerName: "Ada Lovelace" }, 400, "Valid email is required"],
      [
        { classId: open.id, customerName: "Ada Lovelace", customerEmail: "not-an-email" },
        400,
        "Valid email is required",
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await enrol(visitor, body);
      expect(response.status, message).toBe(status);
      expect((await response.json()).message).toBe(message);
    }
    // The price is the server's: a request that names one is refused, not obeyed.
    expect((await enrol(visitor, { classId: open.id, ...guest(1), amount: 1 })).status).toBe(400);
    const french = await enrol(visitor, { classId: 999_999, ...guest(1) }, { "accept-language": "fr-FR" });
    expect((await french.json()).message).toBe("Cours introuvable");
    expect(await enrolmentsOf(open.id)).toHaveLength(0);
    expect((await t.services.orders.list({})).total).toBe(ordersBefore);
  });

  it("charges the class's price as the server knows it, for the guest named at payment or the signed-in account", async () => {
    const made = await createClass(t, { ...workshop, price: 12_345 });
    const response = await enrol(visitor, { classId: String(made.id), ...guest(7), language: "fr" });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toMatchObject({
      provider: "sandbox",
      amountCents: 12_345,
      enrollment: {
        classId: made.id,
        title: "Atelier de stratégie de marque",
        amountCents: 12_345,
        customerName: "Guest Number7",
        customerEmail: "guest-7@example.com",
      },
    });
    expect(answer.clientSecret).toEqual(expect.any(String));
    const view = await order(visitor, answer.enrollment.orderId);
    expect(view).toMatchObject({ totalCents: 12_345, language: "fr", customerEmail: "guest-7@example.com" });
    expect(view.orderItems.map((item) => [item.serviceName, item.lineTotalCents])).toEqual([
      ["Atelier de stratégie de marque", 12_345],
    ]);
    expect(view.status).toBe("requires_payment");

    const member = await signInAs(t, "customer");
    const mine = await (
      await enrol(member, { classId: made.id, customerName: "Someone Else", customerEmail: "else@example.com" })
    ).json();
    expect(mine.enrollment.customerEmail).toBe(member.user.email);
    const [row] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, mine.enrollment.enrollmentId));
    expect(row).toMatchObject({
      userId: member.user.id,
      customerEmail: member.user.email,
      enrollmentStatus: "reserved",
      amountPaid: 12_345,
    });
  });

  it("30 at once for 5 seats left: exactly 5 hold a seat, 25 get 'Class is Full' before paying; paying the 5 fills the class, with a confirmation each", async () => {
    const made = await createClass(t, { ...workshop, maxStudents: 20 }, { currentEnrollment: 15 });
    const ordersBefore = (await t.services.orders.list({})).total;
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => enrol(t.client(), { classId: made.id, ...guest(100 + n) })),
    );
    const held = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 409);
    expect(held).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const response of refused) expect((await response.json()).message).toBe("Class is Full");
    // Nobody refused was asked to pay: only the 5 holds have orders.
    expect((await t.services.orders.list({})).total).toBe(ordersBefore + 5);

    const answers = await Promise.all(held.map((response) => response.json()));
    const outcomes = await Promise.all(
      answers.map(async (answer) => (await confirmSandboxCard(visitor, answer.clientSecret)).status),
    );
    expect(outcomes).toEqual(Array(5).fill("succeeded"));
    expect(await enrolled(made.id)).toBe(20);
    const rows = await enrolmentsOf(made.id);
    expect(rows.filter((row) => row.enrollmentStatus === "active" && row.paymentStatus === "paid")).toHaveLength(5);
    for (const answer of answers) expect((await t.services.orders.get(answer.enrollment.orderId)).status).toBe("paid");
    const confirmations = await t.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "class.enrollment"));
    const payers = answers.map((answer) => answer.enrollment.customerEmail).sort();
    expect(
      confirmations
        .filter((mail) => payers.includes(mail.toAddress))
        .map((mail) => mail.toAddress)
        .sort(),
    ).toEqual(payers);
    expect(confirmations.find((mail) => mail.toAddress === payers[0])?.subject).toBe(
      "You are enrolled: Brand Strategy Workshop",
    );
    // Full now: the public class says so and one more is refused.
    expect((await (await visitor.request(`/api/classes/${made.id}`)).json()).full).toBe(true);
    expect((await enrol(visitor, { classId: made.id, ...guest(1) })).status).toBe(409);
  });

  it("an unpaid hold that expires returns its seat: coming back to pay is refused before the card, and a card confirmed anyway is refunded at once", async () => {
    const made = await createClass(t, { ...workshop, maxStudents: 1 });
    const start = new Date(Date.now() - 11 * MINUTE);
    const first = await t.services.checkout.createClassPayment(
      { classId: made.id, ...guest(201), language: "fr" },
      { language: "fr", user: null, now: start },
    );
    // While the first hold lasts, nobody else gets the seat.
    await expect(
      t.services.checkout.createClassPayment(
        { classId: made.id, ...guest(202) },
        { language: "en", user: null, now: new Date(start.getTime() + 9 * MINUTE) },
      ),
    ).rejects.toMatchObject({ messageKey: "classes:errors.full" });
    // Eleven minutes on (now), the first hold has run out: the seat is someone else's.
    const second = await (await enrol(visitor, { classId: made.id, ...guest(202) })).json();
    expect(second.enrollment).toMatchObject({ classId: made.id });
    // The first person comes back to the payment step: the class is held by the second, so nothing is charged.
    await expect(t.services.checkout.startPayment(first.enrollment.orderId)).rejects.toMatchObject({
      code: "conflict",
      messageKey: "classes:errors.full",
    });
    // A card confirmed on the old page anyway: the provider takes it, and Atelier gives it back at once.
    expect((await confirmSandboxCard(visitor, first.clientSecret)).status).toBe("succeeded");
    const refunded = await t.services.orders.get(first.enrollment.orderId);
    expect(refunded).toMatchObject({ status: "refunded", paidCents: 34_900, refundedCents: 34_900 });
    expect(refunded.payments.at(-1)).toMatchObject({
      kind: "refund",
      status: "succeeded",
      amountCents: 34_900,
      automatic: "class_full",
    });
    expect(await enrolled(made.id)).toBe(0);
    // Told why, in the language the order was placed in.
    const [mail] = await t.services.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "order.refund"), eq(mailOutbox.toAddress, "guest-201@example.com")));
    expect(mail.text).toContain(
      "Le cours s’est rempli pendant votre paiement\u202f: nous n’avons pas pu vous inscrire et nous vous avons remboursé en totalité.",
    );
    // The second person still pays and takes the seat.
    expect((await confirmSandboxCard(visitor, second.clientSecret)).status).toBe("succeeded");
    expect(await enrolled(made.id)).toBe(1);
  });

  it("a failed payment gives the seat back at once; trying again once someone else holds it is refused", async () => {
    const made = await createClass(t, { ...workshop, maxStudents: 1 });
    const first = await (await enrol(visitor, { classId: made.id, ...guest(301) })).json();
    const declined = await confirmSandboxCard(visitor, first.clientSecret, DECLINED_CARD);
    expect(declined).toEqual({ status: "failed", message: "Your card was declined." });
    expect(await order(visitor, first.enrollment.orderId)).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined.",
    });
    const [row] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, first.enrollment.enrollmentId));
    expect(row).toMatchObject({ enrollmentStatus: "cancelled", paymentStatus: "failed" });
    const second = await enrol(visitor, { classId: made.id, ...guest(302) });
    expect(second.status).toBe(201);
    const retry = await visitor.request(`/api/orders/guest/${first.enrollment.orderId}/payment-intent`);
    expect(retry.status).toBe(409);
    expect((await retry.json()).message).toBe("Class is Full");
    expect(await enrolled(made.id)).toBe(0);
    expect((await order(visitor, first.enrollment.orderId)).status).toBe("failed");
  });

  it("a declined card can be retried while the seat is still free, and then enrols", async () => {
    const made = await createClass(t, { ...workshop, maxStudents: 1 });
    const first = await (await enrol(visitor, { classId: made.id, ...guest(401) })).json();
    expect((await confirmSandboxCard(visitor, first.clientSecret, DECLINED_CARD)).status).toBe("failed");
    const intent = await (await visitor.request(`/api/orders/guest/${first.enrollment.orderId}/payment-intent`)).json();
    expect((await confirmSandboxCard(visitor, intent.data.clientSecret)).status).toBe("succeeded");
    expect(await enrolled(made.id)).toBe(1);
    const [row] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, first.enrollment.enrollmentId));
    expect(row).toMatchObject({ enrollmentStatus: "active", paymentStatus: "paid" });
  });

  it("a repeated or out-of-order webhook enrols once", async () => {
    const made = await createClass(t, { ...workshop, maxStudents: 3 });
    const answer = await (await enrol(visitor, { classId: made.id, ...guest(501) })).json();
    const [charge] = await t.services.payments.ofSubject(answer.enrollment.orderId);
    const object = {
      id: charge.providerPaymentId,
      object: "payment_intent",
      amount: 34_900,
      amount_received: 34_900,
      currency: "usd",
      metadata: { paymentId: charge.id },
    };
    const deliveries: Array<[string, string, Record<string, unknown>, boolean]> = [
      ["evt_class_paid_1", "payment_intent.succeeded", { ...object, status: "succeeded" }, false],
      ["evt_class_paid_1", "payment_intent.succeeded", { ...object, status: "succeeded" }, true],
      ["evt_class_paid_2", "payment_intent.succeeded", { ...object, status: "succeeded" }, false],
      // An older failure and a processing report arrive last: the seat stays taken.
      [
        "evt_class_failed_0",
        "payment_intent.payment_failed",
        { ...object, status: "requires_payment_method", last_payment_error: { message: "Your card was declined." } },
        false,
      ],
      ["evt_class_processing_0", "payment_intent.processing", { ...object, status: "processing" }, false],
    ];
    for (const [id, type, data, duplicate] of deliveries) {
      const delivered = await webhook({ id, type, data: { object: data } });
      expect(delivered.status).toBe(200);
      expect((await delivered.json()).duplicate).toBe(duplicate);
    }
    expect(await enrolled(made.id)).toBe(1);
    expect((await enrolmentsOf(made.id)).filter((row) => row.enrollmentStatus === "active")).toHaveLength(1);
    expect(await order(visitor, answer.enrollment.orderId)).toMatchObject({ status: "paid", paidCents: 34_900 });
    const mails = await t.services.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "class.enrollment"), eq(mailOutbox.toAddress, "guest-501@example.com")));
    expect(mails).toHaveLength(1);
  });

  it("a payment the provider accepts after its hold ran out and the class filled is refunded at once and explained, never oversold", async () => {
    const made = await createClass(t, { ...workshop, maxStudents: 1 });
    const longAgo = new Date(Date.now() - 30 * MINUTE);
    const late = await t.services.checkout.createClassPayment(
      { classId: made.id, ...guest(601) },
      { language: "en", user: null, now: longAgo },
    );
    const winner = await (await enrol(visitor, { classId: made.id, ...guest(602) })).json();
    expect((await confirmSandboxCard(visitor, winner.clientSecret)).status).toBe("succeeded");
    // The late card is charged at the provider anyway (as Stripe would, the hold being ours), and its event arrives.
    const decision = await t.services.sandbox!.confirmCard(late.clientSecret, GOOD_CARD);
    expect(decision).toMatchObject({ kind: "decided", status: "succeeded" });
    expect(await enrolled(made.id)).toBe(1);
    const view: AdminOrderView = (await (await staff.request(`/api/admin/orders/${late.enrollment.orderId}`)).json())
      .data;
    expect(view).toMatchObject({ status: "refunded", paidCents: 34_900, refundedCents: 34_900 });
    expect(view.history.map((entry) => entry.cause)).toContain("class_full");
    expect(view.payments.map((payment) => [payment.kind, payment.status, payment.automatic, payment.actor])).toEqual([
      ["charge", "succeeded", null, null],
      ["refund", "succeeded", "class_full", null],
    ]);
    const [row] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, late.enrollment.enrollmentId));
    expect(row).toMatchObject({ enrollmentStatus: "cancelled", paymentStatus: "refunded" });
    const sent = await t.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "guest-601@example.com"));
    expect(sent.map((mail) => mail.kind)).toEqual(["order.refund"]);
    expect(sent[0].text).toContain(
      "The class filled up while you were paying, so we could not enrol you, and we have refunded your payment in full.",
    );
    expect(sent[0].text).toContain("We have refunded $349.00 to your Visa •••• 4242.");
  });

  it("a full refund of a paid enrolment frees the seat and offers it to the waiting list; a partial one does not", async () => {
    const made = await createClass(t, { ...workshop, maxStudents: 1 });
    const answer = await (await enrol(visitor, { classId: made.id, ...guest(701) })).json();
    expect((await confirmSandboxCard(visitor, answer.clientSecret)).status).toBe("succeeded");
    expect(await enrolled(made.id)).toBe(1);
    // The class is full: someone joins its waiting list.
    const joined = await visitor.request(`/api/classes/${made.id}/waitlist`, {
      method: "POST",
      json: { name: "Wanda Waiting", email: "wanda@example.com" },
    });
    expect(joined.status).toBe(201);
    const offers = () =>
      t.services.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "class.waitlist-offer"), eq(mailOutbox.toAddress, "wanda@example.com")));
    const refund = (body: Record<string, unknown>) =>
      staff.request(`/api/admin/orders/${answer.enrollment.orderId}/refund`, { method: "POST", json: body });

    const partial = await refund({ amountCents: 4_900, reason: "One session moved online" });
    expect(partial.status).toBe(200);
    expect((await partial.json()).data).toMatchObject({ status: "partially_refunded", refundedCents: 4_900 });
    expect(await enrolled(made.id)).toBe(1);
    expect(await offers()).toHaveLength(0);

    const full = await refund({ amountCents: 30_000, reason: "The student cannot attend" });
    expect((await full.json()).data).toMatchObject({ status: "refunded", refundedCents: 34_900 });
    expect(await enrolled(made.id)).toBe(0);
    const [row] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, answer.enrollment.enrollmentId));
    expect(row).toMatchObject({ enrollmentStatus: "cancelled", paymentStatus: "refunded" });
    // The freed seat is held for the first person waiting, and they are told.
    const [offer] = await offers();
    expect(offer.subject).toBe("A seat is held for you in Brand Strategy Workshop");
    const [entry] = await t.services.database.db
      .select()
      .from(classWaitlist)
      .where(and(eq(classWaitlist.classId, made.id), eq(classWaitlist.email, "wanda@example.com")));
    expect(entry.status).toBe("offered");
    // Nobody else may take it meanwhile.
    const other = await enrol(visitor, { classId: made.id, ...guest(702) });
    expect(other.status).toBe(409);
    expect((await other.json()).message).toBe("Class is Full");
    // Refunding again is refused and changes no seat.
    const again = await refund({ amountCents: 100, reason: "Again" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(
      "Everything paid on this order has already been refunded, or is being refunded.",
    );
    expect(await enrolled(made.id)).toBe(0);
    expect(await offers()).toHaveLength(1);
  });
});
