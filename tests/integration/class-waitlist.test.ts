import { createHash } from "node:crypto";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatOfferEnd } from "../../core/classes/waitlist-emails.ts";
import { WAITLIST_SWEEP_QUEUE } from "../../core/classes/waitlist.server.ts";
import { classWaitlist } from "../../db/schema/class-waitlist.ts";
import { classEnrollments } from "../../db/schema/classes.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { TEST_ORIGIN, createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { confirmSandboxCard, createClass, signInAs } from "../helpers/factories.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FR = { "accept-language": "fr-FR,fr;q=0.9" };

/** The class these tests wait for: its titles are in the e-mails, two seats unless told otherwise. */
const typography = { titleEn: "Typography for Screens", titleFr: "La typographie pour les écrans", maxStudents: 2 };

const guest = (n: number) => ({ userId: null, name: `Guest ${n}`, email: `guest-${n}@example.com` });

describe("class waiting list", () => {
  let t: TestApp;
  let visitor: TestClient;
  let address = 0;
  let runId = 0;
  /** Each call from its own client address, so that only the per-e-mail budget could bite. */
  const join = (classId: number, json: unknown, headers: Record<string, string> = {}) =>
    visitor.request(`/api/classes/${classId}/waitlist`, {
      method: "POST",
      json,
      headers: { "x-forwarded-for": `198.51.100.${++address % 250}`, ...headers },
    });
  const mailsTo = (to: string) =>
    t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));
  const entryOf = async (classId: number, email: string) =>
    (
      await t.services.database.db
        .select()
        .from(classWaitlist)
        .where(and(eq(classWaitlist.classId, classId), eq(classWaitlist.email, email)))
        .orderBy(asc(classWaitlist.id))
    ).at(-1)!;
  /** The token of the latest offer link e-mailed to an address. */
  async function offerToken(to: string, classId: number): Promise<string> {
    const mails = await mailsTo(to);
    const match = new RegExp(`/classes/${classId}\\?offer=([A-Za-z0-9_-]+)`).exec(mails.at(-1)?.text ?? "");
    if (!match) throw new Error(`no offer link e-mailed to ${to}`);
    return match[1];
  }
  /** A person's address, unique to this test run so that e-mails of earlier tests never match. */
  const person = (name: string) => `${name}-${runId}@example.com`;

  /** A class with every seat paid for. */
  async function fullClass(overrides: Record<string, unknown> = {}) {
    runId += 1;
    const made = await createClass(
      t,
      { ...typography, ...overrides },
      { currentEnrollment: Number(overrides.maxStudents ?? typography.maxStudents) },
    );
    return made.id;
  }

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "true",
      COMPANY_NAME: "Atelier Studio",
      CLASS_RESERVATION_MINUTES: "15",
      CLASS_WAITLIST_OFFER_HOURS: "24",
      BOOKING_TIME_ZONE: "UTC",
      JOB_POLL_SECONDS: "0.5",
    });
    visitor = t.client();
  });
  afterAll(() => t.close());

  describe("joining", () => {
    it("a class with seats refuses 'This class has seats: enrol instead.'; a full one answers each person's place and e-mails it", async () => {
      const open = await createClass(t, { ...typography, maxStudents: 5 });
      const refused = await join(open.id, { name: "Ada", email: "ada@example.com" });
      expect(refused.status).toBe(409);
      expect((await refused.json()).message).toBe("This class has seats: enrol instead.");
      const unlimited = await createClass(t, { ...typography, maxStudents: null });
      expect((await join(unlimited.id, { name: "Ada", email: "ada@example.com" })).status).toBe(409);

      const id = await fullClass();
      const first = await join(id, { name: "Ada Lovelace", email: person("ada").toUpperCase() });
      expect(first.status).toBe(201);
      expect(await first.json()).toEqual({ position: 1 });
      const second = await join(id, { name: "Zoé Martin", email: person("zoe") }, FR);
      expect(await second.json()).toEqual({ position: 2 });

      const [mail] = await mailsTo(person("ada"));
      expect(mail).toMatchObject({
        kind: "class.waitlist-joined",
        subject: "You're on the waiting list for Typography for Screens",
      });
      expect(mail.text).toContain("Hello Ada Lovelace,");
      expect(mail.text).toContain("You are number 1 on the waiting list for Typography for Screens.");
      const leaveToken = /\/en\/waitlist\/leave\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      expect(leaveToken).toBeDefined();
      // Only the token's hash is kept.
      const entry = await entryOf(id, person("ada"));
      expect(entry).toMatchObject({ status: "waiting", language: "en", name: "Ada Lovelace" });
      expect(entry.leaveTokenHash).toBe(createHash("sha256").update(leaveToken!).digest("hex"));

      const [french] = await mailsTo(person("zoe"));
      expect(french.subject).toBe("Vous êtes sur la liste d'attente de La typographie pour les écrans");
      expect(french.text).toContain(`${TEST_ORIGIN}/fr/waitlist/leave?token=`);
    });

    it("a class whose seats are all held by people paying is full for a newcomer too", async () => {
      runId += 1;
      const made = await createClass(t, { ...typography, maxStudents: 1 });
      expect(await t.services.waitlist.acceptsJoins(made.id)).toBe(false);
      await t.services.enrollments.hold(made.id, guest(1));
      // Not "full" by paid seats, yet the waiting list is open: the page shows its form.
      expect((await t.services.classes.getActive(made.id, "en")).full).toBe(false);
      expect(await t.services.waitlist.acceptsJoins(made.id)).toBe(true);
      expect(await (await join(made.id, { name: "Ada", email: person("ada") })).json()).toEqual({ position: 1 });
    });

    it("joining twice with the same e-mail answers the same place, without a second entry or e-mail", async () => {
      const id = await fullClass();
      await join(id, { name: "Ada", email: person("ada") });
      await join(id, { name: "Bob", email: person("bob") });
      const again = await join(id, { name: "Ada L.", email: ` ${person("ada").toUpperCase()} ` });
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual({ position: 1 });
      const rows = await t.services.database.db.select().from(classWaitlist).where(eq(classWaitlist.classId, id));
      expect(rows).toHaveLength(2);
      expect(await mailsTo(person("ada"))).toHaveLength(1);
    });

    it("a sixth join for one e-mail address within 10 minutes, from any connection, is a translated 429 with Retry-After that puts nobody on the list", async () => {
      const id = await fullClass();
      const other = await fullClass();
      const email = person("eager");
      for (let i = 0; i < 5; i++) expect((await join(id, { name: "Eager", email })).status).toBe(201);
      const refused = await join(other, { name: "Eager", email });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("600");
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many messages for this e-mail address. Please try again in 10 minutes.",
      });
      const french = await join(other, { name: "Eager", email: email.toUpperCase() }, FR);
      expect(french.status).toBe(429);
      expect((await french.json()).message).toBe(
        "Trop de messages pour cette adresse e-mail. Veuillez réessayer dans 10 minutes.",
      );
      const waiting = await t.services.database.db.select().from(classWaitlist).where(eq(classWaitlist.classId, other));
      expect(waiting).toEqual([]);
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it("bad input gets a translated 400 and changes nothing; an unknown class is 'Class Not Found'", async () => {
      const id = await fullClass();
      const cases: Array<[unknown, string, string]> = [
        [{ name: "", email: "ada@example.com" }, "name", "Name is required"],
        [{ name: "Ada", email: "not-an-email" }, "email", "Please enter a valid email address"],
        [{ name: "x".repeat(121), email: "ada@example.com" }, "name", "Name must be at most 120 characters"],
        [{ name: "Ada", email: "ada@example.com", language: "de" }, "language", "Language must be English or French"],
      ];
      for (const [body, field, message] of cases) {
        const response = await join(id, body);
        expect(response.status).toBe(400);
        expect((await response.json()).fields[field]).toBe(message);
      }
      const french = await join(id, { name: "Ada", email: "nope" }, FR);
      expect((await french.json()).fields.email).toBe("Veuillez saisir une adresse e-mail valide");
      expect(
        await t.services.database.db.select().from(classWaitlist).where(eq(classWaitlist.classId, id)),
      ).toHaveLength(0);
      for (const path of ["999999", "abc"]) {
        const missing = await visitor.request(`/api/classes/${path}/waitlist`, {
          method: "POST",
          json: { name: "Ada", email: "ada@example.com" },
        });
        expect(missing.status).toBe(404);
        expect((await missing.json()).message).toBe("Class Not Found");
      }
    });
  });

  describe("offers", () => {
    it("a hold runs out: the sweep holds the seat for the first person waiting and e-mails the link; nobody else can take it; unclaimed, it goes to the next", async () => {
      runId += 1;
      const made = await createClass(t, { ...typography, maxStudents: 3 }, { currentEnrollment: 2 });
      const start = new Date();
      const hold = await t.services.enrollments.hold(made.id, guest(10), start);
      expect(hold.reservedUntil).toEqual(new Date(start.getTime() + 15 * MINUTE));
      await join(made.id, { name: "Ada", email: person("ada") });
      await join(made.id, { name: "Zoé", email: person("zoe") }, FR);

      // The hold is still live: nothing to offer, however often the sweep runs.
      await t.services.waitlist.sweep(new Date(start.getTime() + 14 * MINUTE));
      expect((await entryOf(made.id, person("ada"))).status).toBe("waiting");
      // It has run out: two servers sweeping at once make one offer, to the first person waiting.
      const later = new Date(start.getTime() + 16 * MINUTE);
      const offers = await Promise.all([
        t.services.waitlist.offerFreeSeats(made.id, later),
        t.services.waitlist.offerFreeSeats(made.id, later),
      ]);
      expect(offers[0] + offers[1]).toBe(1);
      await t.services.waitlist.sweep(later);
      expect(await t.services.waitlist.offerFreeSeats(made.id, later)).toBe(0);

      const ada = await entryOf(made.id, person("ada"));
      expect(ada).toMatchObject({ status: "offered", offeredUntil: new Date(later.getTime() + 24 * HOUR) });
      expect((await entryOf(made.id, person("zoe"))).status).toBe("waiting");
      const offerMail = (await mailsTo(person("ada"))).at(-1)!;
      expect(offerMail).toMatchObject({
        kind: "class.waitlist-offer",
        subject: "A seat is held for you in Typography for Screens",
      });
      const token = await offerToken(person("ada"), made.id);
      expect(offerMail.text).toContain(`${TEST_ORIGIN}/en/classes/${made.id}?offer=${token}`);
      expect(offerMail.html).toContain(`href="${TEST_ORIGIN}/en/classes/${made.id}?offer=${token}"`);
      expect(offerMail.text).toMatch(/held for you until \w+day, \w+ \d+, \d{4}/);
      expect(ada.offerTokenHash).toBe(createHash("sha256").update(token).digest("hex"));

      // The seat is Ada's: a newcomer is refused, and the page reads the offer.
      await expect(t.services.enrollments.hold(made.id, guest(11), later)).rejects.toMatchObject({
        messageKey: "classes:errors.full",
      });
      expect(await t.services.waitlist.offer(token, { now: later, language: "fr" })).toMatchObject({
        classId: made.id,
        email: person("ada"),
        offeredUntil: ada.offeredUntil!.toISOString(),
        until: formatOfferEnd(ada.offeredUntil!, "fr", "UTC"),
      });

      // A day later Ada has not taken it: it goes to Zoé, in French, and Ada's link is refused.
      const dayLater = new Date(later.getTime() + 24 * HOUR + MINUTE);
      expect(await t.services.waitlist.sweep(dayLater)).toBeGreaterThanOrEqual(1);
      expect((await entryOf(made.id, person("ada"))).status).toBe("expired");
      const [adaHold] = await t.services.database.db
        .select()
        .from(classEnrollments)
        .where(eq(classEnrollments.id, ada.enrollmentId!));
      expect(adaHold.enrollmentStatus).toBe("cancelled");
      expect((await entryOf(made.id, person("zoe"))).status).toBe("offered");
      const zoeMail = (await mailsTo(person("zoe"))).at(-1)!;
      expect(zoeMail.subject).toBe("Une place vous est réservée dans La typographie pour les écrans");
      expect(zoeMail.text).toContain(`${TEST_ORIGIN}/fr/classes/${made.id}?offer=`);
      await expect(t.services.enrollments.holdFromOffer(token, { now: dayLater })).rejects.toMatchObject({
        code: "conflict",
        messageKey: "waitlist:errors.offerExpired",
      });
    });

    it("claiming the offer gives the held seat at the server's price to the offered person; paid, the link is used up", async () => {
      const id = await fullClass({ maxStudents: 1 });
      await join(id, { name: "Ada", email: person("ada") });
      // Staff add a seat: it is offered at once, without waiting for the sweep.
      await t.services.classes.update(id, { maxStudents: 2 });
      const token = await offerToken(person("ada"), id);
      // The price changes after the offer: the server's price now is what is paid.
      await t.services.classes.update(id, { price: 21_500 });
      const hold = await t.services.enrollments.holdFromOffer(token);
      const ada = await entryOf(id, person("ada"));
      expect(hold).toMatchObject({
        classId: id,
        amountCents: 21_500,
        name: "Ada",
        email: person("ada"),
        enrollmentId: ada.enrollmentId,
        reservedUntil: ada.offeredUntil,
      });
      // Opening the link again (a reload) gives the same seat, not a second one.
      expect((await t.services.enrollments.holdFromOffer(token)).enrollmentId).toBe(hold.enrollmentId);

      expect(await t.services.enrollments.confirmPaid(hold.enrollmentId, "pi_waitlist")).toBe(true);
      expect((await entryOf(id, person("ada"))).status).toBe("claimed");
      expect((await t.services.classes.get(id)).currentEnrollment).toBe(2);
      await expect(t.services.enrollments.holdFromOffer(token)).rejects.toMatchObject({
        code: "conflict",
        messageKey: "waitlist:errors.offerUsed",
      });
    });

    it("a bad or garbled offer token is refused", async () => {
      for (const token of ["", "short", "x".repeat(43), 42, null]) {
        await expect(t.services.enrollments.holdFromOffer(token)).rejects.toMatchObject({
          code: "validation",
          messageKey: "waitlist:errors.invalidOffer",
        });
      }
    });

    it("a failed payment frees the seat for the first person waiting at once; a declined card on an offered seat keeps it held for its person", async () => {
      runId += 1;
      const made = await createClass(t, { ...typography, maxStudents: 1 });
      const hold = await t.services.enrollments.hold(made.id, guest(20));
      await join(made.id, { name: "Ada", email: person("ada") });
      await join(made.id, { name: "Bob", email: person("bob") });
      await t.services.enrollments.release(hold.enrollmentId, true);
      const ada = await entryOf(made.id, person("ada"));
      expect(ada.status).toBe("offered");
      // Ada's card is declined: her seat stays hers until the offer ends, and Bob keeps waiting.
      await t.services.enrollments.release(ada.enrollmentId!, true);
      expect((await entryOf(made.id, person("ada"))).status).toBe("offered");
      expect((await entryOf(made.id, person("bob"))).status).toBe("waiting");
      const [adaHold] = await t.services.database.db
        .select()
        .from(classEnrollments)
        .where(eq(classEnrollments.id, ada.enrollmentId!));
      expect(adaHold.enrollmentStatus).toBe("reserved");
    });
  });

  describe("paying for an offered seat", () => {
    const enrol = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      visitor.request("/api/create-class-payment-intent", { method: "POST", json: body, headers });

    it("POST /api/create-class-payment-intent with `offer` pays the held seat at the server's price for the offered person; a declined card keeps it; paid, the link is used up", async () => {
      const id = await fullClass({ maxStudents: 1, price: 15_000 });
      await join(id, { name: "Ada Lovelace", email: person("ada") });
      await join(id, { name: "Bob", email: person("bob") });
      await t.services.classes.update(id, { maxStudents: 2 });
      const token = await offerToken(person("ada"), id);
      // Everyone else finds the class full.
      const other = await enrol({ classId: id, customerName: "Cy", customerEmail: person("cy") });
      expect(other.status).toBe(409);
      expect((await other.json()).message).toBe("Class is Full");

      const created = await enrol({ classId: id, offer: token, language: "en" });
      expect(created.status).toBe(201);
      const answer = await created.json();
      const ada = await entryOf(id, person("ada"));
      expect(answer).toMatchObject({
        amountCents: 15_000,
        enrollment: {
          classId: id,
          enrollmentId: ada.enrollmentId,
          amountCents: 15_000,
          customerName: "Ada Lovelace",
          customerEmail: person("ada"),
        },
      });

      expect((await confirmSandboxCard(visitor, answer.clientSecret, "4000 0000 0000 0002")).status).toBe("failed");
      expect((await entryOf(id, person("ada"))).status).toBe("offered");
      expect((await entryOf(id, person("bob"))).status).toBe("waiting");
      const retry = await (
        await visitor.request(`/api/orders/guest/${answer.enrollment.orderId}/payment-intent`)
      ).json();
      expect((await confirmSandboxCard(visitor, retry.data.clientSecret)).status).toBe("succeeded");
      expect((await entryOf(id, person("ada"))).status).toBe("claimed");
      expect((await t.services.classes.get(id)).currentEnrollment).toBe(2);

      const again = await enrol({ classId: id, offer: token });
      expect(again.status).toBe(409);
      expect((await again.json()).message).toBe("This offer has already been used: the seat is yours.");
    });

    it("a bad token, another class's offer or an expired offer is refused with a translated message, and nothing is held", async () => {
      const id = await fullClass({ maxStudents: 1 });
      const otherId = (await createClass(t, { ...typography, maxStudents: 5 })).id;
      await join(id, { name: "Ada", email: person("ada") });
      await t.services.classes.update(id, { maxStudents: 2 });
      const token = await offerToken(person("ada"), id);
      const ordersBefore = (await t.services.orders.list({})).total;

      const bad = await enrol({ classId: id, offer: "x".repeat(43) });
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe(
        "This offer link is not valid. Please check that you opened the whole link.",
      );
      const elsewhere = await enrol({ classId: otherId, offer: token });
      expect(elsewhere.status).toBe(400);

      // A day and more later, the sweep has ended the offer.
      await t.services.waitlist.offerFreeSeats(id, new Date(Date.now() + 25 * HOUR));
      const expired = await enrol({ classId: id, offer: token }, FR);
      expect(expired.status).toBe(409);
      expect((await expired.json()).message).toBe(
        "Cette offre a expiré : la place est passée à la personne suivante sur la liste d'attente.",
      );
      expect((await t.services.orders.list({})).total).toBe(ordersBefore);
    });
  });

  describe("leaving", () => {
    it("the e-mailed link takes a person off the list; an offered seat goes to the next person; a bad token is refused", async () => {
      const id = await fullClass({ maxStudents: 1 });
      await join(id, { name: "Ada", email: person("ada") });
      await join(id, { name: "Bob", email: person("bob") });
      await join(id, { name: "Cy", email: person("cy") });
      const leaveToken = /waitlist\/leave\?token=([A-Za-z0-9_-]{43})/.exec((await mailsTo(person("bob")))[0].text)![1];
      const left = await visitor.request("/api/waitlist/leave", { method: "POST", json: { token: leaveToken } });
      expect(left.status).toBe(200);
      expect(await left.json()).toEqual({ message: "You have left the waiting list" });
      expect((await entryOf(id, person("bob"))).status).toBe("left");
      // Leaving twice is no error; Cy moves up.
      expect(
        (await visitor.request("/api/waitlist/leave", { method: "POST", json: { token: leaveToken } })).status,
      ).toBe(200);
      expect(await (await join(id, { name: "Cy", email: person("cy") })).json()).toEqual({ position: 2 });

      // Ada is offered a seat and gives it up from the offer e-mail: it goes to Cy at once.
      await t.services.classes.update(id, { maxStudents: 2 });
      const offer = await offerToken(person("ada"), id);
      expect((await visitor.request("/api/waitlist/leave", { method: "POST", json: { token: offer } })).status).toBe(
        200,
      );
      expect((await entryOf(id, person("ada"))).status).toBe("left");
      expect((await entryOf(id, person("cy"))).status).toBe("offered");
      await expect(t.services.enrollments.holdFromOffer(offer)).rejects.toMatchObject({
        messageKey: "waitlist:errors.offerExpired",
      });

      for (const token of ["x".repeat(43), "nope"]) {
        const bad = await visitor.request("/api/waitlist/leave", { method: "POST", json: { token } });
        expect(bad.status).toBe(400);
        expect((await bad.json()).message).toBe("This link is not valid. Please check that you opened the whole link.");
      }
      const french = await visitor.request("/api/waitlist/leave", {
        method: "POST",
        json: { token: "nope" },
        headers: FR,
      });
      expect((await french.json()).message).toBe(
        "Ce lien n'est pas valide. Vérifiez que vous avez ouvert le lien en entier.",
      );
    });
  });

  describe("staff", () => {
    it("only staff read a class's waiting list, in queue order with places", async () => {
      const id = await fullClass({ maxStudents: 1 });
      await join(id, { name: "Ada", email: person("ada") });
      await join(id, { name: "Bob", email: person("bob") }, FR);
      await t.services.classes.update(id, { maxStudents: 2 });
      const path = `/api/admin/classes/${id}/waitlist`;
      expect((await visitor.request(path)).status).toBe(401);
      expect((await (await signInAs(t, "customer")).request(path)).status).toBe(403);
      const staff = await signInAs(t, "staff");
      const response = await staff.request(path);
      expect(response.status).toBe(200);
      const list = await response.json();
      expect(list).toMatchObject([
        { name: "Ada", email: person("ada"), status: "offered", position: 1, language: "en" },
        { name: "Bob", email: person("bob"), status: "waiting", position: 2, language: "fr", offeredUntil: null },
      ]);
      expect(typeof list[0].offeredUntil).toBe("string");
      expect((await staff.request("/api/admin/classes/999999/waitlist")).status).toBe(404);
      // Nothing here leaks into another class's list.
      expect(
        await t.services.database.db
          .select()
          .from(mailOutbox)
          .where(like(mailOutbox.toAddress, `%-${runId}@example.com`)),
      ).toHaveLength(3);
    });
  });

  describe("the periodic sweep", () => {
    it("runs on the job queue: a seat freed without a word to the waiting list is offered within a sweep, and the next sweep is queued", async () => {
      const id = await fullClass({ maxStudents: 1 });
      await join(id, { name: "Ada", email: person("ada") });
      // A seat appears behind the services' backs (as when a hold quietly runs out).
      await t.services.database.db.execute(sql`update classes set max_students = 2 where id = ${id}`);
      expect((await entryOf(id, person("ada"))).status).toBe("waiting");
      await t.services.jobs.start();
      await t.services.waitlist.scheduleSweep();
      await expect
        .poll(async () => (await entryOf(id, person("ada"))).status, { timeout: 20_000, interval: 200 })
        .toBe("offered");
      expect((await mailsTo(person("ada"))).at(-1)!.kind).toBe("class.waitlist-offer");
      // The sweep that ran queued the next one, about a minute later.
      const next = async () => {
        const result = await t.services.database.db.execute(
          sql`select start_after from pgboss.job where name = ${WAITLIST_SWEEP_QUEUE} and state = 'created'`,
        );
        return (
          Array.isArray(result) ? result : (result as unknown as { rows: Array<{ start_after: string | Date }> }).rows
        ) as Array<{ start_after: string | Date }>;
      };
      await expect.poll(async () => (await next()).length, { timeout: 5_000 }).toBeGreaterThan(0);
      const queued = await next();
      expect(queued).toHaveLength(1);
      expect(new Date(queued[0].start_after).getTime()).toBeGreaterThan(Date.now() + 30_000);
    });
  });
});
