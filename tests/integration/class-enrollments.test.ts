import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors.ts";
import { classWaitlist } from "../../db/schema/class-waitlist.ts";
import { classEnrollments } from "../../db/schema/classes.ts";
import { createClass } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const MINUTE = 60_000;

const guest = (n: number) => ({ userId: null, name: `Guest ${n}`, email: `guest-${n}@example.com` });

describe("class enrolments: seat holds, paid enrolments and expiry", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ CLASS_RESERVATION_MINUTES: "10" });
  });
  afterAll(() => t.close());

  it("30 people enrolling at once in a class with 5 seats left: exactly 5 hold a seat, the others are refused before paying, and 5 paid enrolments fill it", async () => {
    const made = await createClass(t, {}, { currentEnrollment: 15 });
    const now = new Date();
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, n) => t.services.enrollments.hold(made.id, guest(n), now)),
    );
    const held = results
      .filter(
        (r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof t.services.enrollments.hold>>> =>
          r.status === "fulfilled",
      )
      .map((r) => r.value);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(held).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const refusal of refused)
      expect(refusal.reason).toMatchObject({ code: "conflict", messageKey: "classes:errors.full" });
    // The server decides the price and the hold's end.
    for (const hold of held)
      expect(hold).toMatchObject({
        classId: made.id,
        amountCents: 24_900,
        reservedUntil: new Date(now.getTime() + 10 * MINUTE),
      });

    const paid = await Promise.all(
      held.map((hold, n) => t.services.enrollments.confirmPaid(hold.enrollmentId, `pi_${n}`, now)),
    );
    expect(paid).toEqual([true, true, true, true, true]);
    expect((await t.services.classes.get(made.id)).currentEnrollment).toBe(20);
    const rows = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.classId, made.id));
    expect(rows.filter((row) => row.enrollmentStatus === "active" && row.paymentStatus === "paid")).toHaveLength(5);
    expect(rows.every((row) => row.userId === null && /^guest-\d+@example\.com$/.test(row.customerEmail))).toBe(true);
    // A repeated webhook changes nothing.
    expect(await t.services.enrollments.confirmPaid(held[0].enrollmentId, "pi_0", now)).toBe(true);
    expect((await t.services.classes.get(made.id)).currentEnrollment).toBe(20);
    // Full: 'Class is Full'.
    await expect(t.services.enrollments.hold(made.id, guest(99), now)).rejects.toMatchObject({
      messageKey: "classes:errors.full",
    });
    expect((await (await t.client().request(`/api/classes/${made.id}`)).json()).full).toBe(true);
  });

  it("an unpaid hold expires and its seat returns; a payment arriving after others took the seat is refused, never oversold", async () => {
    const made = await createClass(t, { maxStudents: 1 });
    const start = new Date();
    const first = await t.services.enrollments.hold(made.id, guest(1), start);
    await expect(
      t.services.enrollments.hold(made.id, guest(2), new Date(start.getTime() + 9 * MINUTE)),
    ).rejects.toBeInstanceOf(DomainError);
    // Ten minutes later the first hold is over: the seat is someone else's to take.
    const second = await t.services.enrollments.hold(made.id, guest(2), new Date(start.getTime() + 10 * MINUTE + 1));
    expect(await t.services.enrollments.confirmPaid(second.enrollmentId, "pi_second")).toBe(true);
    // The first person pays late: there is no room left, and nothing passes the limit.
    expect(await t.services.enrollments.confirmPaid(first.enrollmentId, "pi_first")).toBe(false);
    expect((await t.services.classes.get(made.id)).currentEnrollment).toBe(1);
  });

  it("a payment whose hold ran out takes a seat only if one is left beside the seats others hold now", async () => {
    const made = await createClass(t, { maxStudents: 1 });
    const start = new Date(Date.now() - 20 * MINUTE);
    const late = await t.services.enrollments.hold(made.id, guest(10), start);
    // The late hold is over: someone else holds the only seat and has not paid yet.
    const holder = await t.services.enrollments.hold(made.id, guest(11));
    expect(await t.services.enrollments.confirmPaid(late.enrollmentId, "pi_late_10")).toBe(false);
    expect((await t.services.classes.get(made.id)).currentEnrollment).toBe(0);
    // The person holding the seat still gets it.
    expect(await t.services.enrollments.confirmPaid(holder.enrollmentId, "pi_holder_11")).toBe(true);
    expect((await t.services.classes.get(made.id)).currentEnrollment).toBe(1);

    // With nobody else holding or waiting, a late payment still takes the free seat.
    const roomy = await createClass(t, { maxStudents: 1 });
    const alone = await t.services.enrollments.hold(roomy.id, guest(12), start);
    expect(await t.services.enrollments.confirmPaid(alone.enrollmentId, "pi_alone_12")).toBe(true);
    expect((await t.services.classes.get(roomy.id)).currentEnrollment).toBe(1);
  });

  it("a refunded enrolment gives its seat back once, and the seat is offered to the first person waiting", async () => {
    const made = await createClass(t, { maxStudents: 1 });
    const hold = await t.services.enrollments.hold(made.id, guest(20));
    expect(await t.services.enrollments.confirmPaid(hold.enrollmentId, "pi_paid_20")).toBe(true);
    await t.services.waitlist.join(
      made.id,
      { name: "Wanda Waiting", email: "wanda-20@example.com" },
      { language: "en" },
    );
    await t.services.enrollments.withdraw(hold.enrollmentId);
    await t.services.enrollments.withdraw(hold.enrollmentId);
    expect((await t.services.classes.get(made.id)).currentEnrollment).toBe(0);
    const [row] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, hold.enrollmentId));
    expect(row).toMatchObject({ enrollmentStatus: "cancelled", paymentStatus: "refunded" });
    const [entry] = await t.services.database.db
      .select()
      .from(classWaitlist)
      .where(and(eq(classWaitlist.classId, made.id), eq(classWaitlist.email, "wanda-20@example.com")));
    expect(entry.status).toBe("offered");
    // The offered seat is held for that person: a newcomer is refused.
    await expect(t.services.enrollments.hold(made.id, guest(21))).rejects.toMatchObject({
      messageKey: "classes:errors.full",
    });
  });

  it("a failed payment gives its seat back at once", async () => {
    const made = await createClass(t, { maxStudents: 1 });
    const hold = await t.services.enrollments.hold(made.id, { userId: null, name: "Ada", email: "ada@example.com" });
    await expect(t.services.enrollments.hold(made.id, guest(3))).rejects.toMatchObject({
      messageKey: "classes:errors.full",
    });
    await t.services.enrollments.release(hold.enrollmentId, true);
    const [row] = await t.services.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, hold.enrollmentId));
    expect(row).toMatchObject({ enrollmentStatus: "cancelled", paymentStatus: "failed" });
    expect(await t.services.enrollments.confirmPaid(hold.enrollmentId, "pi_late")).toBe(false);
    const next = await t.services.enrollments.hold(made.id, guest(3));
    expect(next.classId).toBe(made.id);
  });

  it("a class without a seat limit never refuses; an inactive or unknown class is 'Class Not Found'", async () => {
    const open = await createClass(t, { maxStudents: null });
    const holds = await Promise.all(
      Array.from({ length: 12 }, (_, n) => t.services.enrollments.hold(open.id, guest(n))),
    );
    expect(holds).toHaveLength(12);
    const inactive = await createClass(t, { active: false });
    for (const id of [inactive.id, 999_999, "abc"])
      await expect(t.services.enrollments.hold(id, guest(1))).rejects.toMatchObject({
        messageKey: "classes:errors.notFound",
      });
  });
});
