// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../core/orders/schema.ts";
import { classEnrollments } from "../../db/schema/classes.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { orderHistory, orders } from "../../db/schema/orders.ts";
import { signInAs } from "../helpers/users.ts";

const SANDBOX_SECRET = "whsec_class_enrollment_test_secret";
const MINUTE = 60_000;
const GOOD_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";
const signer = new Stripe("sk_test_signer");

function classInput(overrides: Record<string, unknown> = {}) {
  return {
    titleEn: "Brand Strategy Workshop",
    titleFr: "Atelier de stratégie de marque",
    descriptionEn: "Position a brand and write its story in six sessions.",
    descriptionFr: "Positionner une marque et écrire son histoire en six séances.",
    instructorName: "Camille Laurent",
    durationEn: "6 weeks",
    durationFr: "6 semaines",
    price: 34_900,
    maxStudents: 10,
    ...overrides,
  };
}

const guest = (n: number) => ({ customerName: `Guest Number${n}`, customerEmail: `guest-${n}@example.com` });

describe("paid class enrolment through create-class-payment-intent", () => {
  let t: TestApp;
  let visitor: TestClient;

  const enrol = (client: TestClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    client.request("/api/create-class-payment-intent", { method: "POST", json: body, headers });
  const pay = async (client: TestClient, clientSecret: string, cardNumber = GOOD_CARD) =>
    client.request("/api/payments/sandbox/confirm", { method: "POST", json: { clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" } });
  const order = async (client: TestClient, id: string): Promise<OrderView> => (await (await client.request(`/api/orders/guest/${id}`)).json()).data;
  const enrolmentsOf = (classId: number) => t.services.database.db.select().from(classEnrollments).where(eq(classEnrollments.classId, classId));
  const enrolled = async (classId: number) => (await t.services.classes.get(classId)).currentEnrollment;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, ORDERS_PER_ADDRESS: "100000", CLASS_RESERVATION_MINUTES: "10" });
    visitor = t.client();
  }, 120_000);
  afterAll(async () => t.close());

  it("refuses an unknown or inactive class, a missing or bad guest name or e-mail, and a price in the request; nothing is held or ordered", async () => {
    const open = await t.services.classes.create(classInput());
    const inactive = await t.services.classes.create(classInput({ active: false }));
    const ordersBefore = (await t.services.orders.list({})).total;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ classId: 999_999, ...guest(1) }, 404, "Class Not Found"],
      [{ classId: "abc", ...guest(1) }, 404, "Class Not Found"],
      [{ classId: inactive.id, ...guest(1) }, 404, "Class Not Found"],
      [{ classId: open.id, customerEmail: "ada@example.com" }, 400, "Full name is required"],
      [{ classId: open.id, customerName: "  ", customerEmail: "ada@example.com" }, 400, "Full name is required"],
      [{ classId: open.id, customerName: "Ada Lovelace" }, 400, "Valid email is required"],
      [{ classId: open.id, customerName: "Ada Lovelace", customerEmail: "not-an-email" }, 400, "Valid email is required"],
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
    const made = await t.services.classes.create(classInput({ price: 12_345 }));
    const response = await enrol(visitor, { classId: String(made.id), ...guest(7), language: "fr" });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toMatchObject({ provider: "sandbox", amountCents: 12_345, enrollment: { classId: made.id, title: "Atelier de stratégie de marque", amountCents: 12_345, customerName: "Guest Number7", customerEmail: "guest-7@example.com" } });
    expect(answer.clientSecret).toEqual(expect.any(String));
    const view = await order(visitor, answer.enrollment.orderId);
    expect(view).toMatchObject({ totalCents: 12_345, language: "fr", customerEmail: "guest-7@example.com" });
    expect(view.items.map((item) => [item.name, item.totalCents])).toEqual([["Atelier de stratégie de marque", 12_345]]);

    const member = await signInAs(t, "customer");
    const mine = await (await enrol(member, { classId: made.id, customerName: "Someone Else", customerEmail: "else@example.com" })).json();
    expect(mine.enrollment.customerEmail).toBe(member.user.email);
    const [row] = await t.services.database.db.select().from(classEnrollments).where(eq(classEnrollments.id, mine.enrollment.enrollmentId));
    expect(row).toMatchObject({ userId: member.user.id, customerEmail: member.user.email, enrollmentStatus: "reserved", amountPaid: 12_345 });
  });

  it("30 at once for 5 seats left: exactly 5 hold a seat, 25 get 'Class is Full' before paying; paying the 5 fills the class, with a confirmation each", async () => {
    const made = await t.services.classes.create(classInput({ maxStudents: 20 }), { currentEnrollment: 15 });
    const ordersBefore = (await t.services.orders.list({})).total;
    const responses = await Promise.all(Array.from({ length: 30 }, (_, n) => enrol(t.client(), { classId: made.id, ...guest(100 + n) })));
    const held = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 409);
    expect(held).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const response of refused) expect((await response.json()).message).toBe("Class is Full");
    // Nobody refused was asked to pay: only the 5 holds have orders.
    expect((await t.services.orders.list({})).total).toBe(ordersBefore + 5);

    const answers = await Promise.all(held.map((response) => response.json()));
    const outcomes = await Promise.all(answers.map(async (answer) => (await (await pay(visitor, answer.clientSecret)).json()).data.status));
    expect(outcomes).toEqual(Array(5).fill("succeeded"));
    expect(await enrolled(made.id)).toBe(20);
    const rows = await enrolmentsOf(made.id);
    expect(rows.filter((row) => row.enrollmentStatus === "active" && row.paymentStatus === "paid")).toHaveLength(5);
    for (const answer of answers) expect((await t.services.orders.get(answer.enrollment.orderId)).status).toBe("paid");
    const confirmations = await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "class.enrollment"));
    const payers = answers.map((answer) => answer.enrollment.customerEmail).sort();
    expect(confirmations.filter((mail) => payers.includes(mail.toAddress)).map((mail) => mail.toAddress).sort()).toEqual(payers);
    expect(confirmations.find((mail) => mail.toAddress === payers[0])?.subject).toBe("You are enrolled: Brand Strategy Workshop");
    // Full now: the public class says so and one more is refused.
    expect((await (await visitor.request(`/api/classes/${made.id}`)).json()).full).toBe(true);
    expect((await enrol(visitor, { classId: made.id, ...guest(1) })).status).toBe(409);
  });

  it("an unpaid hold that expires returns its seat; its late payment is refused before the card is charged", async () => {
    const made = await t.services.classes.create(classInput({ maxStudents: 1 }));
    const start = new Date(Date.now() - 11 * MINUTE);
    const first = await t.services.checkout.createClassPayment({ classId: made.id, ...guest(201) }, { language: "en", user: null, now: start });
    // While the first hold lasts, nobody else gets the seat.
    await expect(t.services.checkout.createClassPayment({ classId: made.id, ...guest(202) }, { language: "en", user: null, now: new Date(start.getTime() + 9 * MINUTE) })).rejects.toMatchObject({ messageKey: "classes:errors.full" });
    // Eleven minutes on (now), the first hold has run out: the seat is someone else's.
    expect((await enrol(visitor, { classId: made.id, ...guest(202) })).status).toBe(201);
    // The first person comes back to pay: the class is held by the second, so nothing is charged.
    const late = await pay(visitor, first.clientSecret);
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe("Class is Full");
    expect((await t.services.orders.get(first.enrollment.orderId)).status).not.toBe("paid");
    expect(await enrolled(made.id)).toBe(0);
  });

  it("a failed payment gives the seat back at once; trying again once someone else holds it is refused", async () => {
    const made = await t.services.classes.create(classInput({ maxStudents: 1 }));
    const first = await (await enrol(visitor, { classId: made.id, ...guest(301) })).json();
    const declined = await (await pay(visitor, first.clientSecret, DECLINED_CARD)).json();
    expect(declined.data.status).toBe("failed");
    const [row] = await t.services.database.db.select().from(classEnrollments).where(eq(classEnrollments.id, first.enrollment.enrollmentId));
    expect(row).toMatchObject({ enrollmentStatus: "cancelled", paymentStatus: "failed" });
    const second = await enrol(visitor, { classId: made.id, ...guest(302) });
    expect(second.status).toBe(201);
    const retry = await pay(visitor, first.clientSecret);
    expect(retry.status).toBe(409);
    expect((await retry.json()).message).toBe("Class is Full");
    expect(await enrolled(made.id)).toBe(0);
  });

  it("a declined card can be retried while the seat is still free, and then enrols", async () => {
    const made = await t.services.classes.create(classInput({ maxStudents: 1 }));
    const first = await (await enrol(visitor, { classId: made.id, ...guest(401) })).json();
    expect((await (await pay(visitor, first.clientSecret, DECLINED_CARD)).json()).data.status).toBe("failed");
    const intent = await (await visitor.request(`/api/orders/guest/${first.enrollment.orderId}/payment-intent`)).json();
    expect((await (await pay(visitor, intent.data.clientSecret)).json()).data.status).toBe("succeeded");
    expect(await enrolled(made.id)).toBe(1);
    const [row] = await t.services.database.db.select().from(classEnrollments).where(eq(classEnrollments.id, first.enrollment.enrollmentId));
    expect(row).toMatchObject({ enrollmentStatus: "active", paymentStatus: "paid" });
  });

  it("a repeated webhook enrols once", async () => {
    const made = await t.services.classes.create(classInput({ maxStudents: 3 }));
    const answer = await (await enrol(visitor, { classId: made.id, ...guest(501) })).json();
    const [placed] = await t.services.database.db.select().from(orders).where(eq(orders.id, answer.enrollment.orderId));
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: "event",
        type: "payment_intent.succeeded",
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: placed.stripePaymentIntentId, object: "payment_intent", status: "succeeded", amount: 34_900, metadata: { orderId: placed.id } } },
      });
    for (const [id, duplicate] of [["evt_class_paid_1", false], ["evt_class_paid_1", true], ["evt_class_paid_2", false]] as const) {
      const rawBody = event(id);
      const signature = signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: SANDBOX_SECRET });
      const delivered = await visitor.request("/api/webhooks/stripe", { method: "POST", body: rawBody, headers: { "stripe-signature": signature, "content-type": "application/json" } });
      expect(delivered.status).toBe(200);
      expect((await delivered.json()).duplicate).toBe(duplicate);
    }
    expect(await enrolled(made.id)).toBe(1);
    expect((await enrolmentsOf(made.id)).filter((row) => row.enrollmentStatus === "active")).toHaveLength(1);
    const mails = await t.services.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, "class.enrollment"), eq(mailOutbox.toAddress, "guest-501@example.com")));
    expect(mails).toHaveLength(1);
  });

  it("a payment the provider accepts after its hold ran out and the class filled is refunded, never oversold", async () => {
    const made = await t.services.classes.create(classInput({ maxStudents: 1 }));
    const longAgo = new Date(Date.now() - 30 * MINUTE);
    const late = await t.services.checkout.createClassPayment({ classId: made.id, ...guest(601) }, { language: "en", user: null, now: longAgo });
    const winner = await (await enrol(visitor, { classId: made.id, ...guest(602) })).json();
    expect((await (await pay(visitor, winner.clientSecret)).json()).data.status).toBe("succeeded");
    // The late card is charged at the provider anyway (as Stripe would, the hold being ours), and its event arrives.
    const decision = await t.services.checkout.sandbox!.confirm(late.clientSecret, GOOD_CARD);
    if (decision.kind !== "decided") throw new Error(`unexpected sandbox decision ${decision.kind}`);
    await t.services.checkout.handleWebhook(decision.event.rawBody, decision.event.signature);
    expect(await enrolled(made.id)).toBe(1);
    const [orderRow] = await t.services.database.db.select().from(orders).where(eq(orders.id, late.enrollment.orderId));
    expect(orderRow.status).toBe("refunded");
    const history = await t.services.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, orderRow.id));
    expect(history.map((entry) => entry.cause)).toContain("class_full");
    const [row] = await t.services.database.db.select().from(classEnrollments).where(eq(classEnrollments.id, late.enrollment.enrollmentId));
    expect(row.enrollmentStatus).toBe("cancelled");
  });
  it("a paid enrolment refunded by staff gives its seat back, once", async () => {
    const made = await t.services.classes.create(classInput({ maxStudents: 2 }));
    const answer = await (await enrol(visitor, { classId: made.id, ...guest(701) })).json();
    expect((await (await pay(visitor, answer.clientSecret)).json()).data.status).toBe("succeeded");
    expect(await enrolled(made.id)).toBe(1);
    const staff = await signInAs(t, "staff");
    const refunded = await staff.request(`/api/admin/orders/${answer.enrollment.orderId}/refund`, { method: "POST" });
    expect(refunded.status).toBe(200);
    expect((await refunded.json()).data.status).toBe("refunded");
    expect(await enrolled(made.id)).toBe(0);
    const [row] = await t.services.database.db.select().from(classEnrollments).where(eq(classEnrollments.id, answer.enrollment.enrollmentId));
    expect(row.enrollmentStatus).toBe("cancelled");
    // Refunding again is refused and changes no seat.
    expect((await staff.request(`/api/admin/orders/${answer.enrollment.orderId}/refund`, { method: "POST" })).status).toBe(409);
    expect(await enrolled(made.id)).toBe(0);
  });
});
