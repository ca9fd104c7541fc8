import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../core/orders/schema.ts";
import { classEnrollments } from "../../db/schema/classes.ts";
import { dealReservations } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

// Issue: seats and deal claims held without paying, indefinitely. A hold belongs to one order and ends
// when its first hold said (asking again never renews it); one person holds one seat of a class and at
// most a deal's limit per person; holds from one address are budgeted (HOLDS_PER_ADDRESS); the public
// API shows what is held, so that a class or a deal "full" of unpaid holds says why.

const MINUTE = 60_000;
const GOOD_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";
const HOARDER = { "x-forwarded-for": "203.0.113.66" };
// Each test hoards from its own address: the budget is per address and per hour.
const DEAL_HOARDER = { "x-forwarded-for": "203.0.113.67" };
const BUYER = { "x-forwarded-for": "198.51.100.7" };
const DAY = 24 * 60 * MINUTE;

describe("holds that cannot be hoarded", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "true",
      HOLDS_PER_ADDRESS: "10",
      CLASS_RESERVATION_MINUTES: "15",
      DEAL_RESERVATION_MINUTES: "15",
    });
  }, 120_000);
  afterAll(async () => t.close());

  const enrol = (client: TestClient, body: Record<string, unknown>, headers: Record<string, string>) =>
    client.request("/api/create-class-payment-intent", { method: "POST", json: body, headers });
  const pay = (client: TestClient, clientSecret: string, cardNumber = GOOD_CARD) =>
    client.request("/api/payments/sandbox/confirm", {
      method: "POST",
      json: { clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" },
    });
  const publicClass = async (id: number) =>
    (await (await t.client().request(`/api/classes/${id}`)).json()) as {
      seatsLeft: number;
      seatsReserved: number;
      full: boolean;
    };
  const publicDeal = async (id: number) =>
    (await (await t.client().request(`/api/hot-deals/${id}`)).json()) as {
      claimCount: number;
      claimsReserved: number;
      allReserved: boolean;
      soldOut: boolean;
      perPersonLimit: number;
    };

  async function makeClass(maxStudents: number, currentEnrollment: number) {
    return t.services.classes.create(
      {
        titleEn: "Motion Design Basics",
        titleFr: "Bases du motion design",
        descriptionEn: "Animate a logo and a title card in four sessions.",
        descriptionFr: "Animer un logo et un carton de titre en quatre séances.",
        instructorName: "Noor Haddad",
        durationEn: "4 weeks",
        durationFr: "4 semaines",
        price: 19_900,
        maxStudents,
      },
      { currentEnrollment },
    );
  }

  async function makeDeal(claimLimit: number, perPersonLimit?: number) {
    return t.services.deals.create({
      titleEn: "Brand Sprint",
      titleFr: "Sprint de marque",
      descriptionEn: "A week-long brand sprint with two designers.",
      descriptionFr: "Un sprint de marque d'une semaine avec deux designers.",
      serviceNameEn: "Branding",
      serviceNameFr: "Image de marque",
      originalPrice: 40_000,
      discountedPrice: 30_000,
      discountPercentage: 25,
      validFrom: new Date(Date.now() - DAY).toISOString(),
      validUntil: new Date(Date.now() + 10 * DAY).toISOString(),
      claimLimit,
      ...(perPersonLimit === undefined ? {} : { perPersonLimit }),
    });
  }

  const dealLine = (dealId: number, quantity = 1) => ({
    serviceId: "hot_deal",
    serviceName: "Brand Sprint",
    pricingType: "fixed",
    unitPriceCents: 30_000,
    quantity,
    serviceData: { dealId },
  });
  const order = (client: TestClient, dealId: number, email: string, headers: Record<string, string>, quantity = 1) =>
    client.request("/api/orders/guest", {
      method: "POST",
      json: {
        customerFirstName: "Sam",
        customerLastName: "Rivera",
        customerEmail: email,
        items: [dealLine(dealId, quantity)],
      },
      headers,
    });

  it("a class: 30 anonymous holds from one address take at most its budget, the page says which seats are reserved, and a real buyer pays", async () => {
    const made = await makeClass(20, 9);
    const attempts = [];
    for (let n = 0; n < 30; n++)
      attempts.push(
        await enrol(
          t.client(),
          { classId: made.id, customerName: `Hoarder ${n}`, customerEmail: `hoarder-${n}@example.com` },
          HOARDER,
        ),
      );
    const held = attempts.filter((response) => response.status === 201);
    const limited = attempts.filter((response) => response.status === 429);
    expect(held).toHaveLength(10);
    expect(limited).toHaveLength(20);
    const refusal = await limited[0].json();
    expect(refusal.message).toMatch(
      /^Too many reservations from this connection\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited[0].headers.get("retry-after"))).toBeGreaterThan(0);

    // The page tells the truth: 1 seat left, 10 reserved by people paying.
    expect(await publicClass(made.id)).toMatchObject({ seatsLeft: 1, seatsReserved: 10, full: false });

    // A real buyer elsewhere still gets the seat left and pays for it.
    const buyer = t.client();
    const bought = await enrol(
      buyer,
      { classId: made.id, customerName: "Real Buyer", customerEmail: "buyer@example.com" },
      BUYER,
    );
    expect(bought.status).toBe(201);
    const answer = await bought.json();
    expect((await (await pay(buyer, answer.clientSecret)).json()).data.status).toBe("succeeded");
    expect(await publicClass(made.id)).toMatchObject({ seatsLeft: 0, seatsReserved: 10 });

    // Asking to pay a hoarded order again never moves its hold's end.
    const hoarded = await held[0].json();
    const [before] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, hoarded.enrollment.enrollmentId));
    const again = await t.services.checkout.startPayment(hoarded.enrollment.orderId, new Date(Date.now() + 5 * MINUTE));
    expect(again.amountCents).toBe(19_900);
    const [after] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, hoarded.enrollment.enrollmentId));
    expect(after.reservedUntil.getTime()).toBe(before.reservedUntil.getTime());

    // Past the holds' end, every hoarded seat is free at once: a newcomer holds one then.
    const later = new Date(before.reservedUntil.getTime() + MINUTE);
    const newcomer = await t.services.enrollments.hold(
      made.id,
      { userId: null, name: "Late Comer", email: "late@example.com" },
      later,
    );
    expect(newcomer.reservedUntil.getTime()).toBe(later.getTime() + 15 * MINUTE);
    // Asking again after the end holds nothing: the hoarder's enrolment keeps its past end.
    await t.services.checkout.startPayment(hoarded.enrollment.orderId, later);
    const [expired] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, hoarded.enrollment.enrollmentId));
    expect(expired.reservedUntil.getTime()).toBe(before.reservedUntil.getTime());
  });

  it("a class: one e-mail holds one seat; its own browser resumes paying it, another browser is told it is held", async () => {
    const made = await makeClass(5, 0);
    const first = t.client();
    const person = { classId: made.id, customerName: "Ada Lovelace", customerEmail: "ada@example.com" };
    const opened = await enrol(first, person, BUYER);
    expect(opened.status).toBe(201);
    const held = await opened.json();

    // The same browser (a reload): the same order and seat, not a second one.
    const reloaded = await enrol(first, person, BUYER);
    expect(reloaded.status).toBe(201);
    expect((await reloaded.json()).enrollment).toMatchObject({
      orderId: held.enrollment.orderId,
      enrollmentId: held.enrollment.enrollmentId,
    });

    // Another browser with the same e-mail (any case), in both languages.
    const other = await enrol(t.client(), { ...person, customerEmail: "ADA@example.com" }, BUYER);
    expect(other.status).toBe(409);
    expect((await other.json()).message).toMatch(
      /^A seat of this class is already held for this e-mail while it is paid for elsewhere\. If it is not paid, it is given back in 1[45] minutes\.$/,
    );
    const french = await enrol(t.client(), person, { ...BUYER, "accept-language": "fr" });
    expect((await french.json()).message).toMatch(/^Une place de ce cours est déjà réservée pour cette adresse e-mail/);
    expect(await publicClass(made.id)).toMatchObject({ seatsReserved: 1, seatsLeft: 4 });

    // A declined card gives the seat back; trying again holds it until the first end only.
    const [before] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, held.enrollment.enrollmentId));
    expect((await (await pay(first, held.clientSecret, DECLINED_CARD)).json()).data.status).toBe("failed");
    expect(await publicClass(made.id)).toMatchObject({ seatsReserved: 0, seatsLeft: 5 });
    const retry = await first.request(`/api/orders/guest/${held.enrollment.orderId}/payment-intent`, {
      headers: BUYER,
    });
    expect(retry.status).toBe(200);
    const [after] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, held.enrollment.enrollmentId));
    expect(after).toMatchObject({ enrollmentStatus: "reserved" });
    expect(after.reservedUntil.getTime()).toBe(before.reservedUntil.getTime());
    expect(await publicClass(made.id)).toMatchObject({ seatsReserved: 1 });
  });

  it("a deal: 30 anonymous orders from one address hold at most the budget, the page says what is reserved, and a real buyer pays", async () => {
    const deal = await makeDeal(12);
    expect((await publicDeal(deal.id)).perPersonLimit).toBe(1);
    const hoarders: Array<{ client: TestClient; response: Response }> = [];
    for (let n = 0; n < 30; n++) {
      const client = t.client();
      hoarders.push({ client, response: await order(client, deal.id, `hoarder-${n}@example.com`, DEAL_HOARDER) });
    }
    const created = hoarders.filter(({ response }) => response.status === 201);
    expect(created).toHaveLength(10);
    expect(hoarders.filter(({ response }) => response.status === 429)).toHaveLength(20);
    const views: OrderView[] = [];
    for (const { client, response } of created) {
      const view: OrderView = (await response.json()).data;
      views.push(view);
      expect(
        (await client.request(`/api/orders/guest/${view.id}/payment-intent`, { headers: DEAL_HOARDER })).status,
      ).toBe(200);
    }
    expect(await publicDeal(deal.id)).toMatchObject({
      claimCount: 0,
      claimsReserved: 10,
      allReserved: false,
      soldOut: false,
    });

    // More than one claim per person is refused, in one order or across orders.
    const greedy = await order(t.client(), deal.id, "greedy@example.com", BUYER, 2);
    expect(greedy.status).toBe(400);
    expect((await greedy.json()).message).toBe("You can claim only one Brand Sprint per person.");
    const twice = await order(t.client(), deal.id, "HOARDER-0@example.com", BUYER);
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe(
      "You have already claimed Brand Sprint with this e-mail: it is limited to one per person.",
    );

    // A real buyer elsewhere pays for one of the two claims left.
    const buyer = t.client();
    const mine: OrderView = (await (await order(buyer, deal.id, "buyer@example.com", BUYER)).json()).data;
    const intent = await buyer.request(`/api/orders/guest/${mine.id}/payment-intent`, { headers: BUYER });
    expect(intent.status).toBe(200);
    expect((await (await pay(buyer, (await intent.json()).data.clientSecret)).json()).data.status).toBe("succeeded");
    expect(await publicDeal(deal.id)).toMatchObject({ claimCount: 1, claimsReserved: 10, allReserved: false });

    // Asking again never renews a hold; past its end the claims are free at once for someone else.
    const hoarded = views[0];
    const [before] = await t.services.database.db
      .select()
      .from(dealReservations)
      .where(eq(dealReservations.orderId, hoarded.id));
    await t.services.checkout.startPayment(hoarded.id, new Date(Date.now() + 5 * MINUTE));
    const [after] = await t.services.database.db
      .select()
      .from(dealReservations)
      .where(eq(dealReservations.orderId, hoarded.id));
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
  });

  it("a deal whose last claims are held says All reserved, and its own limit per person is staff's to set", async () => {
    const deal = await makeDeal(2, 2);
    const client = t.client();
    const held: OrderView = (await (await order(client, deal.id, "pair@example.com", BUYER, 2)).json()).data;
    expect((await client.request(`/api/orders/guest/${held.id}/payment-intent`, { headers: BUYER })).status).toBe(200);
    expect(await publicDeal(deal.id)).toMatchObject({
      claimCount: 0,
      claimsReserved: 2,
      allReserved: true,
      soldOut: false,
      perPersonLimit: 2,
    });
    const other: OrderView = (await (await order(t.client(), deal.id, "late@example.com", BUYER)).json()).data;
    const refused = await t.services.checkout.startPayment(other.id).catch((error: Error) => error.message);
    expect(refused).toBe("orders:errors.dealSoldOut");

    // Staff change the limit per person; a bad value is refused with a translated message.
    const updated = await t.services.deals.update(deal.id, { perPersonLimit: 1 });
    expect(updated.perPersonLimit).toBe(1);
    await expect(t.services.deals.update(deal.id, { perPersonLimit: 0 })).rejects.toMatchObject({
      messageKey: "deals:validation.perPersonLimitInvalid",
    });
  });
});
