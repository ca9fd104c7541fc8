import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOverview } from "../../core/admin/schema.ts";
import { zonedNow, addDays } from "../../core/appointments/rules.ts";
import type { AdminEnrollment } from "../../core/classes/schema.ts";
import type { AdminTestimonial, PublicTestimonial } from "../../core/testimonials/schema.ts";
import { appointments } from "../../db/schema/appointments.ts";
import { classEnrollments } from "../../db/schema/classes.ts";
import { orders } from "../../db/schema/orders.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/users.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 24 * 3600_000;
const TIME_ZONE = "America/New_York";
const website = { serviceId: "website", serviceName: "Website", pricingType: "custom", unitPriceCents: 60_000, quantity: 1 };

function classInput(overrides: Record<string, unknown> = {}) {
  return {
    titleEn: "Motion Design Basics",
    titleFr: "Les bases du motion design",
    descriptionEn: "Animate logos and titles for social media.",
    descriptionFr: "Animer logos et titres pour les réseaux sociaux.",
    instructorName: "Jules Moreau",
    durationEn: "4 weeks",
    durationFr: "4 semaines",
    price: 24_900,
    maxStudents: 20,
    ...overrides,
  };
}

describe("the staff Overview, the class enrolments and the 'Verified client' badge", () => {
  let t: TestApp;
  let visitor: TestClient;
  let customer: TestClient;
  let staff: TestClient;
  let address = 0;

  const placeOrder = async (email: string) => {
    const client = t.client();
    const response = await client.request("/api/orders/guest", {
      method: "POST",
      headers: { "x-forwarded-for": `198.51.100.${++address}` },
      json: { customerFirstName: "Ada", customerLastName: "Lovelace", customerEmail: email, items: [website] },
    });
    expect(response.status).toBe(201);
    return { client, id: (await response.json()).data.id as string };
  };
  const pay = async ({ client, id }: { client: TestClient; id: string }) => {
    const { clientSecret } = (await (await client.request(`/api/orders/guest/${id}/payment-intent`)).json()).data;
    const response = await client.request("/api/payments/sandbox/confirm", { method: "POST", json: { clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" } });
    expect(response.status).toBe(200);
  };
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
    t.services.database.db.insert(appointments).values({ customerName: "Booked", customerEmail: email, customerPhone: "+1 555 0100", appointmentDate: date, appointmentTime: time, status });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true", BOOKING_TIME_ZONE: TIME_ZONE, ORDERS_PER_ADDRESS: "100000" });
    await seedReferenceData(t.services, createLogger("silent"));
    visitor = t.client();
    customer = await signInAs(t, "customer");
    staff = await signInAs(t, "staff");
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
    expect(empty.today).toMatchObject({ timeZone: TIME_ZONE, orders: { placed: 0, paid: 0, paidCents: 0 }, newLeads: 0 });
    expect(empty.today.date).toBe(zonedNow(new Date(), TIME_ZONE).date);
    expect(empty.pending).toEqual({ comments: 0, reviews: 0, media: 0, mediaComments: 0, total: 0 });

    await placeOrder("unpaid@example.com");
    await pay(await placeOrder("paid@example.com"));
    await pay(await placeOrder("paid-too@example.com"));
    // An order of two days ago counts on its own day, not today.
    const old = await placeOrder("old@example.com");
    await pay(old);
    await t.services.database.db.update(orders).set({ createdAt: new Date(Date.now() - 2 * DAY), paidAt: new Date(Date.now() - 2 * DAY) }).where(eq(orders.id, old.id));

    const contact = await t.client().request("/api/contact", {
      method: "POST",
      headers: { "x-forwarded-for": `192.0.2.${++address}` },
      json: { name: "Lee Park", email: "lee@example.com", inquiryType: "quote", message: "We need a new logo and a website." },
    });
    expect(contact.status).toBe(201);

    for (let n = 1; n <= 5; n++) await t.services.blog.createPost({ title: `Post ${n}`, category: "design", published: n % 2 === 0 }, { createdAt: new Date(Date.now() - (10 - n) * 60_000) });
    const post = await t.services.blog.createPost({ title: "Commented", category: "design", published: true }, { createdAt: new Date(Date.now() - DAY) });
    const comment = await t.client().request(`/api/posts/${post.id}/comments`, { method: "POST", headers: { "x-forwarded-for": `192.0.2.${++address}` }, json: { author: "Sam", email: "sam@example.com", content: "Very useful, thank you." } });
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

    const moderation: { testimonials: AdminTestimonial[] } = await (await staff.request("/api/admin/testimonials")).json();
    const byName = new Map(moderation.testimonials.map((review) => [review.customerName, review]));
    for (const [name, , verified] of cases) expect(byName.get(name)?.verified, name).toBe(verified);

    for (const [name] of cases) expect((await staff.request(`/api/testimonials/${byName.get(name)!.id}`, { method: "PUT", json: { approved: true } })).status).toBe(200);
    const published: PublicTestimonial[] = await (await visitor.request("/api/testimonials")).json();
    for (const [name, , verified] of cases) expect(published.find((review) => review.customerName === name)?.verified, name).toBe(verified);
    expect(published[0]).not.toHaveProperty("customerEmail");

    // Nobody can claim it: the flag is not a field of the submission or of a staff edit.
    const claimed = await t.client().request("/api/testimonials/submit", {
      method: "POST",
      headers: { "x-forwarded-for": `203.0.113.${++address}` },
      json: { name: "Impostor", email: "impostor@example.com", content: "Trust me, I am a client.", verified: true },
    });
    expect(claimed.status).toBe(400);
    expect((await staff.request(`/api/testimonials/${byName.get("Stranger")!.id}`, { method: "PUT", json: { verified: true } })).status).toBe(400);
  });

  it("lists a class's enrolments for staff; refuses to delete a class with a seat being paid for or a paid enrolment; deletes one whose holds ran out", async () => {
    const made = await t.services.classes.create(classInput());
    const hold = await t.services.enrollments.hold(made.id, { userId: null, name: "Guest One", email: "guest1@example.com" });

    const busy = await staff.request(`/api/admin/classes/${made.id}`, { method: "DELETE" });
    expect(busy.status).toBe(409);
    expect((await busy.json()).message).toBe("Someone is paying for a seat in this class right now. Deactivate it, or try again once their payment has ended.");

    expect(await t.services.enrollments.confirmPaid(hold.enrollmentId, "pi_test_1")).toBe(true);
    const paid = await staff.request(`/api/admin/classes/${made.id}`, { method: "DELETE", headers: FR });
    expect(paid.status).toBe(409);
    expect((await paid.json()).message).toMatch(/^Ce cours a des inscriptions payées et ne peut pas être supprimé\./);
    const english = await staff.request(`/api/admin/classes/${made.id}`, { method: "DELETE" });
    expect((await english.json()).message).toBe("This class has paid enrolments and cannot be deleted. Deactivate it instead: it leaves the site and its students stay on record.");

    const list = await staff.request(`/api/admin/classes/${made.id}/enrollments`);
    expect(list.status).toBe(200);
    const enrollments: AdminEnrollment[] = await list.json();
    expect(enrollments).toEqual([
      expect.objectContaining({ customerName: "Guest One", customerEmail: "guest1@example.com", state: "enrolled", enrollmentStatus: "active", paymentStatus: "paid", amountCents: 24_900, enrolledAt: expect.any(String) }),
    ]);

    // Deactivating is the way out: the class leaves the site, its student stays.
    const deactivated = await staff.request(`/api/admin/classes/${made.id}`, { method: "PUT", json: { active: false } });
    expect(deactivated.status).toBe(200);
    expect((await visitor.request(`/api/classes/${made.id}`)).status).toBe(404);
    expect((await t.services.classes.get(made.id)).currentEnrollment).toBe(1);

    // A class whose only hold ran out unpaid is deleted with that record.
    const quiet = await t.services.classes.create(classInput({ titleEn: "Quiet Class", titleFr: "Cours calme" }));
    await t.services.enrollments.hold(quiet.id, { userId: null, name: "Guest Two", email: "guest2@example.com" }, new Date(Date.now() - DAY));
    const expired: AdminEnrollment[] = await (await staff.request(`/api/admin/classes/${quiet.id}/enrollments`)).json();
    expect(expired.map((e) => e.state)).toEqual(["expired"]);
    expect((await staff.request(`/api/admin/classes/${quiet.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await t.services.database.db.select().from(classEnrollments).where(inArray(classEnrollments.classId, [quiet.id]))).toEqual([]);
    expect((await staff.request(`/api/admin/classes/${quiet.id}/enrollments`)).status).toBe(404);
  });

  it("describes the Overview and the enrolments in the OpenAPI document", async () => {
    const document = await (await t.app.request("/api/openapi.json")).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/admin/overview", "/admin/classes/{id}/enrollments"]));
    expect(document.components.schemas.Testimonial.properties).toHaveProperty("verified");
  });
});
