import { describe, expect, it } from "vitest";
import { pendingTotal, startOfLocalDay, todayRange, zoneOffsetMinutes } from "../../core/admin/rules.ts";
import { consultationsOver, isConsultationOver } from "../../core/appointments/rules.ts";
import { enrollmentState } from "../../core/classes/rules.ts";
import { emailKey, findClients, isVerifiedClient } from "../../core/testimonials/rules.ts";
import { missingLanguages } from "../../app/features/admin/bilingual-form.tsx";

describe("the Overview's 'today'", () => {
  it("runs from the agency's local midnight to the next one", () => {
    const range = todayRange(new Date("2026-03-02T03:30:00Z"), "America/New_York");
    // 03:30 UTC is still 1 March in New York (UTC-5 in winter).
    expect(range.date).toBe("2026-03-01");
    expect(range.start.toISOString()).toBe("2026-03-01T05:00:00.000Z");
    expect(range.end.toISOString()).toBe("2026-03-02T05:00:00.000Z");
  });

  it("is 23 hours long on the day the clocks go forward, 25 when they go back", () => {
    const spring = todayRange(new Date("2026-03-08T15:00:00Z"), "America/New_York");
    expect(spring.start.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    const autumn = todayRange(new Date("2026-10-25T12:00:00Z"), "Europe/Paris");
    expect(autumn.start.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(autumn.end.toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });

  it("works in UTC and east of it", () => {
    expect(startOfLocalDay("2026-06-15", "UTC").toISOString()).toBe("2026-06-15T00:00:00.000Z");
    expect(startOfLocalDay("2026-06-15", "Asia/Tokyo").toISOString()).toBe("2026-06-14T15:00:00.000Z");
    expect(zoneOffsetMinutes(new Date("2026-07-01T12:00:00Z"), "Europe/Paris")).toBe(120);
    expect(zoneOffsetMinutes(new Date("2026-01-01T12:00:00Z"), "America/New_York")).toBe(-300);
  });

  it("counts everything the Moderation badge counts", () => {
    expect(pendingTotal({ comments: 2, reviews: 1, media: 3, mediaComments: 4 })).toBe(10);
    expect(pendingTotal({ comments: 0, reviews: 0, media: 0, mediaComments: 0 })).toBe(0);
  });
});

describe("'Verified client'", () => {
  it("matches the review's e-mail to a client's without regard to case or spaces; no e-mail is never verified", () => {
    const clients = new Set(["ana@example.com"]);
    expect(isVerifiedClient("Ana@Example.COM", clients)).toBe(true);
    expect(isVerifiedClient(" ana@example.com ", clients)).toBe(true);
    expect(isVerifiedClient("ana@example.org", clients)).toBe(false);
    expect(isVerifiedClient(null, clients)).toBe(false);
    expect(isVerifiedClient("", new Set([""]))).toBe(false);
    expect(emailKey("  ")).toBeNull();
  });

  it("asks every source once with the distinct lower-cased e-mails, and none when no review has one", async () => {
    const asked: string[][] = [];
    const orders = async (emails: readonly string[]) => (
      asked.push([...emails]), new Set(emails.filter((email) => email.startsWith("paid")))
    );
    const bookings = async (emails: readonly string[]) => (asked.push([...emails]), new Set(["MET@example.com"]));
    const found = await findClients(
      ["Paid@example.com", "paid@example.com", null, "met@example.com", "other@example.com"],
      [orders, bookings],
    );
    expect(asked).toEqual([
      ["paid@example.com", "met@example.com", "other@example.com"],
      ["paid@example.com", "met@example.com", "other@example.com"],
    ]);
    expect([...found].sort()).toEqual(["met@example.com", "paid@example.com"]);
    asked.length = 0;
    expect(await findClients([null, " "], [orders])).toEqual(new Set());
    expect(asked).toEqual([]);
  });

  it("counts a consultation once its slot has ended in the agency's time zone, never a cancelled one", () => {
    const hours = { slotMinutes: 60, timeZone: "America/New_York" };
    // 15:30 in New York.
    const now = new Date("2026-03-02T20:30:00Z");
    expect(consultationsOver(now, hours)).toEqual({ today: "2026-03-02", lastEndedStart: "14:30" });
    const booking = (appointmentDate: string, appointmentTime: string, status = "scheduled") => ({
      appointmentDate,
      appointmentTime,
      status,
    });
    expect(isConsultationOver(booking("2026-03-01", "16:00"), now, hours)).toBe(true);
    expect(isConsultationOver(booking("2026-03-02", "14:00"), now, hours)).toBe(true);
    expect(isConsultationOver(booking("2026-03-02", "15:00"), now, hours)).toBe(false);
    expect(isConsultationOver(booking("2026-03-03", "09:00"), now, hours)).toBe(false);
    expect(isConsultationOver(booking("2026-03-01", "16:00", "cancelled"), now, hours)).toBe(false);
    expect(isConsultationOver(booking("2026-02-01", "10:00", "completed"), now, hours)).toBe(true);
    // Just after midnight no slot of the day has ended.
    expect(consultationsOver(new Date("2026-03-02T05:10:00Z"), hours).lastEndedStart).toBeNull();
  });
});

describe("a class enrolment as staff read it", () => {
  const now = new Date("2026-03-02T12:00:00Z");
  it("is enrolled once paid, held while its hold runs, expired after, or cancelled", () => {
    expect(enrollmentState({ enrollmentStatus: "active", reservedUntil: new Date("2026-03-01T00:00:00Z") }, now)).toBe(
      "enrolled",
    );
    expect(
      enrollmentState({ enrollmentStatus: "reserved", reservedUntil: new Date("2026-03-02T12:10:00Z") }, now),
    ).toBe("held");
    expect(
      enrollmentState({ enrollmentStatus: "reserved", reservedUntil: new Date("2026-03-02T12:00:00Z") }, now),
    ).toBe("expired");
    expect(
      enrollmentState({ enrollmentStatus: "cancelled", reservedUntil: new Date("2026-03-03T00:00:00Z") }, now),
    ).toBe("cancelled");
  });
});

describe("the missing-translation flag of bilingual admin forms", () => {
  it("names the language a written text lacks; texts empty in both are not flagged", () => {
    expect(missingLanguages([["Bio", ""]])).toEqual(["fr"]);
    expect(
      missingLanguages([
        ["", "Bio"],
        ["  ", ""],
      ]),
    ).toEqual(["en"]);
    expect(
      missingLanguages([
        ["Bio", ""],
        ["", "Lieu"],
      ]),
    ).toEqual(["en", "fr"]);
    expect(missingLanguages([[["tag"], []]])).toEqual(["fr"]);
    expect(
      missingLanguages([
        ["Bio", "Bio"],
        [[], []],
      ]),
    ).toEqual([]);
  });
});
