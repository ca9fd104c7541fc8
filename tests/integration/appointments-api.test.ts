import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays, formatDateForHumans, zonedNow } from "../../core/appointments/rules.ts";
import { appointments } from "../../db/schema/appointments.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const ZONE = "America/New_York";

describe("consultation booking API", () => {
  let t: TestApp;
  let address = 0;
  const from = () => ({ "x-forwarded-for": `198.51.100.${++address}` });
  const today = () => zonedNow(new Date(), ZONE).date;
  const tomorrow = () => addDays(today(), 1);
  const outbox = () => t.services.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  const booking = (overrides: Record<string, unknown> = {}) => ({
    customerName: "Grace Hopper",
    customerEmail: "Grace@Example.com",
    customerPhone: "+1 (555) 123-4567",
    appointmentDate: tomorrow(),
    appointmentTime: "10:00",
    notes: "Brand refresh for our launch",
    ...overrides,
  });
  const book = (body: unknown, headers: Record<string, string> = from()) =>
    t.client().request("/api/appointments/book", { method: "POST", json: body, headers });

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "true",
      BOOKING_TIME_ZONE: ZONE,
      STAFF_NOTIFICATION_EMAIL: "team@atelier.example",
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.database.db.delete(appointments);
    // Each test starts with fresh rate-limit budgets: most of them reuse one e-mail address.
    await t.services.database.db.delete(rateLimits);
    await t.services.database.db.delete(mailOutbox);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe("GET /api/appointments/slots", () => {
    it("lists a day's slots within the hours, 7 days a week, in the agency's time zone", async () => {
      const date = tomorrow();
      const response = await t.client().request(`/api/appointments/slots?date=${date}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        date,
        timeZone: ZONE,
        slotMinutes: 60,
        today: today(),
        lastDate: addDays(today(), 30),
        slots: ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"].map((time) => ({
          time,
          available: true,
        })),
      });
    });

    it("marks booked slots, past dates and dates beyond the window unavailable", async () => {
      expect((await book(booking({ appointmentTime: "14:00" }))).status).toBe(201);
      const slots = (await (await t.client().request(`/api/appointments/slots?date=${tomorrow()}`)).json()).slots;
      expect(slots.filter((s: { available: boolean }) => !s.available).map((s: { time: string }) => s.time)).toEqual([
        "14:00",
      ]);
      for (const date of [addDays(today(), -1), addDays(today(), 31)]) {
        const day = await (await t.client().request(`/api/appointments/slots?date=${date}`)).json();
        expect(day.slots).toHaveLength(8);
        expect(day.slots.some((s: { available: boolean }) => s.available)).toBe(false);
      }
    });

    it("marks today's slots that have started unavailable", async () => {
      // 11:30 in New York.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-06-14T15:30:00Z"));
      const day = await (await t.client().request("/api/appointments/slots?date=2030-06-14")).json();
      expect(day.today).toBe("2030-06-14");
      expect(day.slots.filter((s: { available: boolean }) => s.available).map((s: { time: string }) => s.time)).toEqual(
        ["12:00", "13:00", "14:00", "15:00", "16:00"],
      );
      const started = await book(booking({ appointmentDate: "2030-06-14", appointmentTime: "11:00" }));
      expect(started.status).toBe(400);
      expect((await started.json()).message).toBe("This time slot has already passed. Please choose a later time.");
      expect((await book(booking({ appointmentDate: "2030-06-14", appointmentTime: "12:00" }))).status).toBe(201);
    });

    it("refuses a date that is missing or malformed, in the visitor's language", async () => {
      const missing = await t.client().request("/api/appointments/slots");
      expect(missing.status).toBe(400);
      expect((await missing.json()).message).toBe("Date must be in YYYY-MM-DD format");
      const malformed = await t.client().request("/api/appointments/slots?date=14/06/2030", { headers: FR });
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).message).toBe("La date doit être au format AAAA-MM-JJ");
      const impossible = await t.client().request("/api/appointments/slots?date=2030-02-30");
      expect((await impossible.json()).message).toBe("Please choose a date that exists on the calendar");
    });
  });

  describe("POST /api/appointments/book", () => {
    it("books a free slot, answers 201 with the appointment, and queues the confirmation and the staff notification", async () => {
      const date = tomorrow();
      const response = await book(booking());
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(body).toMatchObject({
        success: true,
        message: `Your consultation is booked for ${formatDateForHumans(date, "en")} at 10:00 (New York time). A confirmation email is on its way.`,
        appointment: {
          customerName: "Grace Hopper",
          customerEmail: "grace@example.com",
          customerPhone: "+1 (555) 123-4567",
          appointmentDate: date,
          appointmentTime: "10:00",
          appointmentType: "consultation",
          notes: "Brand refresh for our launch",
          status: "scheduled",
          source: "website",
          language: "en",
        },
      });
      const mails = await outbox();
      expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([
        ["appointment.confirmation", "grace@example.com"],
        ["appointment.staff", "team@atelier.example"],
      ]);
      expect(mails[0].subject).toBe(`Your consultation is confirmed: ${formatDateForHumans(date, "en")} at 10:00`);
      expect(mails[0].text).toContain("Hello Grace Hopper,");
      expect(mails[0].text).toContain(`Time: 10:00 (New York time)`);
      expect(mails[1].subject).toBe(`New consultation booked: ${date} at 10:00 with Grace Hopper`);
      expect(mails[1].text).toContain("Notes: Brand refresh for our launch");
    });

    it("speaks French to a French visitor, and records the chatbot as the source", async () => {
      const date = tomorrow();
      const response = await book(booking({ source: "chatbot", appointmentTime: "09:00" }), { ...FR, ...from() });
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(body.message).toBe(
        `Votre consultation est réservée le ${formatDateForHumans(date, "fr")} à 09:00 (heure de New York). Un e-mail de confirmation est en route.`,
      );
      expect(body.appointment).toMatchObject({ source: "chatbot", language: "fr" });
      const [confirmation, staff] = await outbox();
      expect(confirmation.subject).toBe(
        `Votre consultation est confirmée\u202f: ${formatDateForHumans(date, "fr")} à 09:00`,
      );
      expect(staff.text).toContain("Booked through: Chatbot");
    });

    it("refuses a slot that is already booked with a translated 409, and queues no e-mail for it", async () => {
      expect((await book(booking())).status).toBe(201);
      const again = await book(booking({ customerName: "Someone Else", customerEmail: "else@example.com" }));
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        code: "conflict",
        message: "This time slot is no longer available. Please choose another time.",
        fields: { appointmentTime: "This time slot is no longer available. Please choose another time." },
      });
      const againFr = await book(booking(), { ...FR, ...from() });
      expect(againFr.status).toBe(409);
      expect((await againFr.json()).message).toBe(
        "Ce créneau n'est plus disponible. Veuillez choisir un autre horaire.",
      );
      expect(await outbox()).toHaveLength(2);
      expect(await t.services.database.db.select().from(appointments)).toHaveLength(1);
    });

    it("lets exactly one of 10 simultaneous bookings of one slot through; the others get 409", async () => {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          book(
            booking({ customerName: `Racer ${i}`, customerEmail: `racer${i}@example.com`, appointmentTime: "15:00" }),
          ),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      const rows = await t.services.database.db.select().from(appointments);
      expect(rows).toHaveLength(1);
      const mails = await outbox();
      expect(mails).toHaveLength(2);
      expect(mails[0].toAddress).toBe(rows[0].customerEmail);
    });

    it("frees a cancelled booking's slot", async () => {
      const first = await (await book(booking())).json();
      await t.services.database.db
        .update(appointments)
        .set({ status: "cancelled" })
        .where(eq(appointments.id, first.appointment.id));
      expect((await book(booking({ customerName: "Next Customer" }))).status).toBe(201);
    });

    it("refuses the past, times outside the hours or between slots, and dates beyond the window", async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { appointmentDate: addDays(today(), -1) },
          "appointmentDate",
          "This time slot has already passed. Please choose a later time.",
        ],
        [
          { appointmentTime: "08:00" },
          "appointmentTime",
          `Consultations can be booked between 09:00 and 17:00 (New York time). Please choose another time.`,
        ],
        [
          { appointmentTime: "17:00" },
          "appointmentTime",
          `Consultations can be booked between 09:00 and 17:00 (New York time). Please choose another time.`,
        ],
        [
          { appointmentTime: "10:30" },
          "appointmentTime",
          "Please choose one of the offered start times (every 60 minutes).",
        ],
        [
          { appointmentDate: addDays(today(), 31) },
          "appointmentDate",
          "Consultations can be booked up to 30 days ahead. Please choose an earlier date.",
        ],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await book(booking(overrides));
        expect(response.status, JSON.stringify(overrides)).toBe(400);
        expect(await response.json()).toEqual({ code: "validation", message, fields: { [field]: message } });
      }
      const fr = await book(booking({ appointmentTime: "07:00" }), { ...FR, ...from() });
      expect((await fr.json()).message).toBe(
        `Les consultations peuvent être réservées entre 09:00 et 17:00 (heure de New York). Veuillez choisir un autre horaire.`,
      );
      expect((await book(booking({ appointmentDate: addDays(today(), 30), appointmentTime: "16:00" }))).status).toBe(
        201,
      );
      expect(await t.services.database.db.select().from(appointments)).toHaveLength(1);
    });

    it("refuses bad input with the spec's messages in English and French", async () => {
      const response = await book({
        customerName: "",
        customerEmail: "grace",
        customerPhone: "",
        appointmentDate: "06/15/2030",
        appointmentTime: "10am",
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "validation",
        message: "Name is required",
        fields: {
          customerName: "Name is required",
          customerEmail: "Valid email is required",
          customerPhone: "Phone number is required",
          appointmentDate: "Date must be in YYYY-MM-DD format",
          appointmentTime: "Time must be in HH:MM format",
        },
      });
      const fr = await book(booking({ customerPhone: "" }), { ...FR, ...from() });
      expect(await fr.json()).toMatchObject({
        message: "Le numéro de téléphone est obligatoire",
        fields: { customerPhone: "Le numéro de téléphone est obligatoire" },
      });
      const unknownSource = await book(booking({ source: "fax" }));
      expect((await unknownSource.json()).message).toBe("Source must be website, chatbot, voice or phone");
      const extra = await book(booking({ status: "completed" }));
      expect(extra.status).toBe(400);
      expect(await t.services.database.db.select().from(appointments)).toEqual([]);
      expect(await outbox()).toEqual([]);
    });

    it("limits bookings per e-mail address with a kind, translated 429; a lost race is not counted", async () => {
      const headers = { "x-forwarded-for": "203.0.113.77" };
      expect((await book(booking({ appointmentTime: "09:00" }), { "x-forwarded-for": "203.0.113.1" })).status).toBe(
        201,
      );
      expect(
        (await book(booking({ appointmentTime: "09:00", customerEmail: "repeat@example.com" }), headers)).status,
      ).toBe(409);
      for (const time of ["10:00", "11:00", "12:00", "13:00", "14:00"]) {
        expect(
          (await book(booking({ appointmentTime: time, customerEmail: "repeat@example.com" }), headers)).status,
        ).toBe(201);
      }
      const refused = await book(booking({ appointmentTime: "15:00", customerEmail: "repeat@example.com" }), headers);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(590);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many bookings for this e-mail address. Please try again in 10 minutes.",
      });
      const refusedFr = await book(booking({ appointmentTime: "15:00", customerEmail: "repeat@example.com" }), {
        ...headers,
        ...FR,
      });
      expect((await refusedFr.json()).message).toBe(
        "Trop de réservations pour cette adresse e-mail. Veuillez réessayer dans 10 minutes.",
      );
      // Someone else at the same office books the same slot right away.
      expect(
        (await book(booking({ appointmentTime: "15:00", customerEmail: "colleague@example.com" }), headers)).status,
      ).toBe(201);
    });
  });

  describe("GET /api/admin/appointments", () => {
    it("is for staff only", async () => {
      expect((await t.client().request("/api/admin/appointments")).status).toBe(401);
      const customer = await signInAs(t, "customer");
      const refused = await customer.request("/api/admin/appointments", { headers: FR });
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toBe("Cet espace est réservé au personnel.");
    });

    it("lists appointments in date and time order, optionally from a date and by status", async () => {
      const later = addDays(today(), 2);
      await book(booking({ appointmentDate: later, appointmentTime: "09:00", customerName: "C" }));
      await book(booking({ appointmentTime: "16:00", customerName: "B" }));
      await book(booking({ appointmentTime: "09:00", customerName: "A" }));
      const staff = await signInAs(t, "staff");
      const all = await staff.request("/api/admin/appointments");
      expect(all.status).toBe(200);
      expect((await all.json()).map((a: { customerName: string }) => a.customerName)).toEqual(["A", "B", "C"]);
      const fromLater = await (await staff.request(`/api/admin/appointments?from=${later}`)).json();
      expect(fromLater.map((a: { customerName: string }) => a.customerName)).toEqual(["C"]);
      const cancelled = await (await staff.request("/api/admin/appointments?status=cancelled")).json();
      expect(cancelled).toEqual([]);
      const bad = await staff.request("/api/admin/appointments?from=tomorrow");
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe("Date must be in YYYY-MM-DD format");
    });
  });
});
