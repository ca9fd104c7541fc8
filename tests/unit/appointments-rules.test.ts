import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../config/env.ts";
import { bookingConfirmationEmail, bookingStaffEmail } from "../../core/appointments/emails.ts";
import {
  addDays,
  bookingWindow,
  checkSlot,
  formatDateForHumans,
  fromMinutes,
  isCalendarDate,
  listSlots,
  slotProblemMessage,
  timeZoneCity,
  timeZoneName,
  slotTimes,
  toMinutes,
  zonedNow,
  type BookingHours,
} from "../../core/appointments/rules.ts";
import {
  adminAppointmentsQuerySchema,
  bookingInputSchema,
  slotsQuerySchema,
  type Appointment,
} from "../../core/appointments/schema.ts";
import { FORM_BUDGETS } from "../../core/rate-limit/rules.ts";
import { company, en, fr, translate } from "../helpers/mail-fixtures.ts";
import { fieldErrors } from "../helpers/schema-errors.ts";

const HOURS: BookingHours = {
  openHour: 9,
  closeHour: 17,
  slotMinutes: 60,
  daysAhead: 30,
  timeZone: "America/New_York",
};
// 11:30 in New York on Friday 14 June 2030 (EDT, UTC-4).
const NOW = new Date("2030-06-14T15:30:00Z");

const errorsOf = (input: unknown) => fieldErrors(bookingInputSchema, input);

const valid = {
  customerName: "Grace Hopper",
  customerEmail: "grace@example.com",
  customerPhone: "+1 (555) 123-4567",
  appointmentDate: "2030-06-15",
  appointmentTime: "10:00",
  notes: "Rebranding",
};

describe("appointment record (document 001 section 5)", () => {
  it("accepts a booking; type defaults to consultation and source to website", () => {
    expect(bookingInputSchema.parse(valid)).toEqual({ ...valid, appointmentType: "consultation", source: "website" });
    expect(
      bookingInputSchema.parse({
        ...valid,
        notes: "",
        source: "chatbot",
        appointmentType: "strategy call",
        language: "fr",
      }),
    ).toMatchObject({
      source: "chatbot",
      appointmentType: "strategy call",
      language: "fr",
    });
  });

  it("name required; email valid", () => {
    expect(errorsOf({ ...valid, customerName: " " })).toEqual({ customerName: "Name is required" });
    expect(errorsOf({ ...valid, customerEmail: "grace" })).toEqual({ customerEmail: "Valid email is required" });
  });

  it("'Phone number is required'", () => {
    expect(errorsOf({ ...valid, customerPhone: "" })).toEqual({ customerPhone: "Phone number is required" });
    expect(errorsOf({ ...valid, customerPhone: undefined })).toEqual({ customerPhone: "Phone number is required" });
    expect(errorsOf({ ...valid, customerPhone: "tomorrow" })).toEqual({
      customerPhone: "Please enter a valid phone number",
    });
  });

  it("'Date must be in YYYY-MM-DD format'", () => {
    for (const appointmentDate of ["15/06/2030", "2030-6-15", "tomorrow", "", "2030-06-15T10:00"]) {
      expect(errorsOf({ ...valid, appointmentDate }), appointmentDate).toEqual({
        appointmentDate: "Date must be in YYYY-MM-DD format",
      });
    }
    expect(errorsOf({ ...valid, appointmentDate: "2030-02-30" })).toEqual({
      appointmentDate: "Please choose a date that exists on the calendar",
    });
  });

  it("'Time must be in HH:MM format'", () => {
    for (const appointmentTime of ["9:00", "10h00", "24:00", "10:60", "10:00:00", ""]) {
      expect(errorsOf({ ...valid, appointmentTime }), appointmentTime).toEqual({
        appointmentTime: "Time must be in HH:MM format",
      });
    }
  });

  it("refuses an unknown source, odd appointment types, long notes and unknown fields", () => {
    expect(errorsOf({ ...valid, source: "fax" })).toEqual({
      source: "Source must be website, chatbot, voice or phone",
    });
    expect(errorsOf({ ...valid, appointmentType: "<script>" })).toEqual({
      appointmentType: "Appointment type must be a short name (at most 60 characters)",
    });
    expect(errorsOf({ ...valid, notes: "x".repeat(2001) })).toEqual({ notes: "Notes must be at most 2000 characters" });
    expect(bookingInputSchema.safeParse({ ...valid, status: "completed" }).success).toBe(false);
  });

  it("has the spec's messages in French too", () => {
    const firstPerField = fieldErrors(
      bookingInputSchema,
      { ...valid, customerPhone: "", appointmentDate: "x", appointmentTime: "y" },
      fr,
    );
    expect(Object.values(firstPerField)).toEqual([
      "Le numéro de téléphone est obligatoire",
      "La date doit être au format AAAA-MM-JJ",
      "L'heure doit être au format HH:MM",
    ]);
  });

  it("validates the slots and staff list queries", () => {
    expect(slotsQuerySchema.safeParse({ date: "2030-06-15" }).success).toBe(true);
    expect(en(slotsQuerySchema.safeParse({}).error!.issues[0].message)).toBe("Date must be in YYYY-MM-DD format");
    expect(adminAppointmentsQuerySchema.parse({})).toEqual({});
    expect(en(adminAppointmentsQuerySchema.safeParse({ status: "lost" }).error!.issues[0].message)).toBe(
      "Status must be scheduled, completed or cancelled",
    );
  });
});

describe("calendar helpers", () => {
  it("knows which dates exist", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2030-02-29")).toBe(false);
    expect(isCalendarDate("2030-13-01")).toBe(false);
    expect(isCalendarDate("2030-04-31")).toBe(false);
    expect(isCalendarDate("0000-01-01")).toBe(false);
  });

  it("converts times and adds days across months and years", () => {
    expect(toMinutes("09:30")).toBe(570);
    expect(fromMinutes(570)).toBe("09:30");
    expect(addDays("2030-01-31", 1)).toBe("2030-02-01");
    expect(addDays("2030-12-31", 1)).toBe("2031-01-01");
    expect(addDays("2030-03-01", -1)).toBe("2030-02-28");
    expect(addDays("2030-06-14", 30)).toBe("2030-07-14");
  });

  it("reads today and the time in the agency's zone, whatever the server's zone", () => {
    expect(zonedNow(NOW, "America/New_York")).toEqual({ date: "2030-06-14", time: "11:30", minutes: 690 });
    expect(zonedNow(NOW, "Europe/Paris")).toEqual({ date: "2030-06-14", time: "17:30", minutes: 1050 });
    expect(zonedNow(NOW, "Pacific/Auckland").date).toBe("2030-06-15");
    // Midnight is 00:00, never 24:00.
    expect(zonedNow(new Date("2030-06-14T04:00:00Z"), "America/New_York").time).toBe("00:00");
    // Daylight saving: 9:00 EST is 14:00 UTC in January, 9:00 EDT is 13:00 UTC in July.
    expect(zonedNow(new Date("2030-01-10T14:00:00Z"), "America/New_York").time).toBe("09:00");
    expect(zonedNow(new Date("2030-07-10T13:00:00Z"), "America/New_York").time).toBe("09:00");
  });

  it("formats a date for people in each language", () => {
    expect(formatDateForHumans("2030-06-15", "en")).toBe("Saturday, June 15, 2030");
    expect(formatDateForHumans("2030-06-15", "fr")).toBe("samedi 15 juin 2030");
  });
});

describe("slots", () => {
  it("run from the opening hour, each ending by the closing hour, 7 days a week", () => {
    expect(slotTimes(HOURS)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(slotTimes({ openHour: 9, closeHour: 12, slotMinutes: 45 })).toEqual(["09:00", "09:45", "10:30", "11:15"]);
    expect(slotTimes({ openHour: 22, closeHour: 24, slotMinutes: 30 })).toEqual(["22:00", "22:30", "23:00", "23:30"]);
  });

  it("can be booked from today to today + daysAhead", () => {
    expect(bookingWindow(HOURS, NOW)).toEqual({ today: "2030-06-14", lastDate: "2030-07-14" });
    expect(checkSlot("2030-07-14", "16:00", HOURS, NOW)).toBeNull();
    expect(checkSlot("2030-07-15", "09:00", HOURS, NOW)).toBe("tooFarAhead");
    // A Sunday is a day like any other.
    expect(checkSlot("2030-06-16", "09:00", HOURS, NOW)).toBeNull();
  });

  it("refuse the past: an earlier date, or a slot of today that has started", () => {
    expect(checkSlot("2030-06-13", "16:00", HOURS, NOW)).toBe("past");
    expect(checkSlot("2030-06-14", "11:00", HOURS, NOW)).toBe("past");
    expect(checkSlot("2030-06-14", "12:00", HOURS, NOW)).toBeNull();
    expect(checkSlot("2030-06-14", "11:30", { ...HOURS, slotMinutes: 30 }, NOW)).toBe("past");
    expect(checkSlot("2030-06-14", "12:00", HOURS, new Date("2030-06-14T16:00:00Z"))).toBe("past");
  });

  it("refuse times outside the hours or between two slot starts", () => {
    expect(checkSlot("2030-06-15", "08:00", HOURS, NOW)).toBe("outsideHours");
    expect(checkSlot("2030-06-15", "17:00", HOURS, NOW)).toBe("outsideHours");
    expect(checkSlot("2030-06-15", "16:30", HOURS, NOW)).toBe("outsideHours");
    expect(checkSlot("2030-06-15", "10:30", HOURS, NOW)).toBe("offGrid");
    expect(checkSlot("2030-06-15", "10:30", { ...HOURS, slotMinutes: 30 }, NOW)).toBeNull();
  });

  it("have clear translated messages for each refusal", () => {
    const say = (problem: Parameters<typeof slotProblemMessage>[0], t = en) => {
      const { key, params } = slotProblemMessage(problem, HOURS);
      return t(key, params);
    };
    expect(say("past")).toBe("This time slot has already passed. Please choose a later time.");
    expect(say("tooFarAhead")).toBe("Consultations can be booked up to 30 days ahead. Please choose an earlier date.");
    expect(say("outsideHours")).toBe(
      "Consultations can be booked between 09:00 and 17:00 (New York time). Please choose another time.",
    );
    expect(
      fr(slotProblemMessage("outsideHours", HOURS, "fr").key, slotProblemMessage("outsideHours", HOURS, "fr").params),
    ).toBe(
      "Les consultations peuvent être réservées entre 09:00 et 17:00 (heure de New York). Veuillez choisir un autre horaire.",
    );
    expect(say("offGrid")).toBe("Please choose one of the offered start times (every 60 minutes).");
    expect(say("past", fr)).toBe("Ce créneau est déjà passé. Veuillez choisir un horaire plus tardif.");
    expect(en("appointments:errors.slotTaken")).toBe(
      "This time slot is no longer available. Please choose another time.",
    );
    expect(fr("appointments:errors.slotTaken")).toBe(
      "Ce créneau n'est plus disponible. Veuillez choisir un autre horaire.",
    );
  });

  it("of today are unavailable once started, booked ones are unavailable, the rest available", () => {
    const today = listSlots("2030-06-14", HOURS, NOW, new Set(["14:00"]));
    expect(today.filter((slot) => slot.available).map((slot) => slot.time)).toEqual([
      "12:00",
      "13:00",
      "15:00",
      "16:00",
    ]);
    expect(today).toHaveLength(8);
    expect(listSlots("2030-06-15", HOURS, NOW, new Set()).every((slot) => slot.available)).toBe(true);
    expect(listSlots("2030-06-13", HOURS, NOW, new Set()).some((slot) => slot.available)).toBe(false);
    expect(listSlots("2030-08-01", HOURS, NOW, new Set()).some((slot) => slot.available)).toBe(false);
  });

  it("are limited per address (30) and per e-mail address (5) in 10 minutes", () => {
    expect(FORM_BUDGETS.booking.perAddress).toEqual({ name: "booking:address", limit: 30, windowMs: 600_000 });
    expect(FORM_BUDGETS.booking.perEmail).toEqual({ name: "booking:email", limit: 5, windowMs: 600_000 });
  });
});

describe("time zone names", () => {
  it("name a zone after its city, as people say it, never by its IANA id", () => {
    expect(timeZoneName("America/New_York", "en")).toBe("New York time");
    expect(timeZoneName("America/New_York", "fr")).toBe("heure de New York");
    expect(timeZoneName("Europe/Paris", "fr")).toBe("heure de Paris");
    expect(timeZoneName("America/Los_Angeles", "en")).toBe("Los Angeles time");
    expect(timeZoneName("America/Argentina/Buenos_Aires", "en")).toBe("Buenos Aires time");
  });

  it("elide « de » before a vowel in French", () => {
    expect(timeZoneName("Europe/Amsterdam", "fr")).toBe("heure d’Amsterdam");
    expect(timeZoneName("Pacific/Auckland", "fr")).toBe("heure d’Auckland");
  });

  it("use the generic name for zones named after no city", () => {
    expect(timeZoneCity("UTC")).toBeNull();
    expect(timeZoneCity("Etc/GMT+5")).toBeNull();
    expect(timeZoneName("UTC", "en")).not.toContain("/");
    expect(timeZoneName("UTC", "en")).toMatch(/Coordinated Universal Time|UTC/);
    expect(timeZoneName("Not-a-zone", "en")).toBe("Not-a-zone");
  });
});

describe("booking configuration", () => {
  it("defaults to 9:00-17:00, one-hour slots, 30 days ahead, New York time", () => {
    const config = parseConfig({});
    expect([
      config.BOOKING_OPEN_HOUR,
      config.BOOKING_CLOSE_HOUR,
      config.BOOKING_SLOT_MINUTES,
      config.BOOKING_DAYS_AHEAD,
      config.BOOKING_TIME_ZONE,
    ]).toEqual([9, 17, 60, 30, "America/New_York"]);
  });

  it("refuses an unknown time zone, hours out of range, and hours with no room for a slot", () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ BOOKING_TIME_ZONE: "Mars/Olympus" })[0]).toMatch(/^BOOKING_TIME_ZONE: must be an IANA time zone/);
    expect(problems({ BOOKING_TIME_ZONE: "Europe/Paris" })).toEqual([]);
    expect(problems({ BOOKING_OPEN_HOUR: "24" })[0]).toMatch(/^BOOKING_OPEN_HOUR: must be between 0 and 23/);
    expect(problems({ BOOKING_SLOT_MINUTES: "2" })[0]).toMatch(/^BOOKING_SLOT_MINUTES/);
    expect(problems({ BOOKING_OPEN_HOUR: "17", BOOKING_CLOSE_HOUR: "9" })[0]).toMatch(
      /^BOOKING_CLOSE_HOUR: BOOKING_CLOSE_HOUR must leave room/,
    );
    expect(problems({ BOOKING_OPEN_HOUR: "16", BOOKING_CLOSE_HOUR: "17", BOOKING_SLOT_MINUTES: "90" })[0]).toMatch(
      /^BOOKING_CLOSE_HOUR/,
    );
  });

  it("checks the mail settings too", () => {
    const config = parseConfig({});
    expect(config.MAIL_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe("Atelier <no-reply@atelier.example>");
    expect(config.MAIL_POLL_SECONDS).toBe(10);
    expect(
      parseConfig({ MAIL_URL: "smtps://user:pass@mail.example.com:465", MAIL_FROM: "team@example.com" }).MAIL_URL,
    ).toBe("smtps://user:pass@mail.example.com:465");
    expect(() => parseConfig({ MAIL_URL: "http://mail.example.com" })).toThrow(/MAIL_URL: must be an SMTP URL/);
    expect(() => parseConfig({ MAIL_FROM: "no address" })).toThrow(/MAIL_FROM/);
    expect(() => parseConfig({ STAFF_NOTIFICATION_EMAIL: "team" })).toThrow(/STAFF_NOTIFICATION_EMAIL/);
  });
});

describe("booking e-mails", () => {
  const appointment: Appointment = {
    id: 7,
    customerName: "Zoé Martin",
    customerEmail: "zoe@example.com",
    customerPhone: "+33 6 12 34 56 78",
    appointmentDate: "2030-06-15",
    appointmentTime: "10:00",
    appointmentType: "consultation",
    notes: null,
    status: "scheduled",
    source: "chatbot",
    language: "fr",
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  };

  it("confirms to the customer in their language with the date, time and time zone", () => {
    const mail = bookingConfirmationEmail(appointment, "fr", "America/New_York", translate, company);
    expect(mail).toMatchObject({
      to: "zoe@example.com",
      kind: "appointment.confirmation",
      subject: "Votre consultation est confirmée : samedi 15 juin 2030 à 10:00",
    });
    expect(mail.text).toContain("Bonjour Zoé Martin,");
    expect(mail.text).toContain("Heure : 10:00 (heure de New York)");
    expect(mail.text).toMatch(
      /Heure\u202f: 10:00 \(heure de New York\)\nNuméro de téléphone\u202f: \+33 6 12 34 56 78\n\nBesoin de modifier ou d'annuler\u202f\? Écrivez à hello@atelier\.example ou appelez le \+1 \(555\) 010-2030\.\n\nBien cordialement,/,
    );
    expect(bookingConfirmationEmail(appointment, "en", "America/New_York", translate, company).subject).toBe(
      "Your consultation is confirmed: Saturday, June 15, 2030 at 10:00",
    );
  });

  it("notifies staff in English with every detail", () => {
    const mail = bookingStaffEmail({ ...appointment, notes: "Brand refresh" }, "America/New_York", translate, company);
    expect(mail).toMatchObject({
      to: "team@atelier.example",
      kind: "appointment.staff",
      subject: "New consultation booked: 2030-06-15 at 10:00 with Zoé Martin",
    });
    expect(mail.text).toContain("Booked through: Chatbot");
    expect(mail.text).toContain("Language: French");
    expect(mail.text).toContain("Notes: Brand refresh");
  });
});
