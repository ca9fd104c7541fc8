import { describe, expect, it } from "vitest";
import { enrollmentConfirmationEmail } from "../../core/classes/emails.ts";
import { enrolleeSchema } from "../../core/classes/enrollment-schema.ts";
import { CLASS_SERVICE_ID, enrollmentOfItems } from "../../core/checkout/class-seats.server.ts";
import { company, translate } from "../helpers/mail-fixtures.ts";

const enrolled = {
  titleEn: "Brand Identity Workshop",
  titleFr: "Atelier identité de marque",
  instructorName: "Hugo Martin",
  startDate: new Date("2026-12-17T09:30:00Z"),
  scheduleDays: ["saturday", "sunday"],
  scheduleTime: "09:30",
  locationEn: "Atelier Studio, Montreal",
  locationFr: "Studio Atelier, Montréal",
};
const who = { name: "Ada Lovelace", email: "ada@example.com", amountCents: 89_000, orderNumber: "AB12CD34" };

describe("the enrolment confirmation e-mail", () => {
  it("names the class, its instructor, start, schedule and place, and the amount, in English", () => {
    const mail = enrollmentConfirmationEmail(enrolled, who, "en", translate, company);
    expect(mail).toMatchObject({
      to: "ada@example.com",
      subject: "You are enrolled: Brand Identity Workshop",
      kind: "class.enrollment",
    });
    for (const text of [
      "Hello Ada,",
      "Hugo Martin",
      "December 17, 2026",
      "Saturday, Sunday · 09:30",
      "Atelier Studio, Montreal",
      "AB12CD34",
      "$890.00",
    ])
      expect(mail.text).toContain(text);
  });

  it("is in French for an enrolment paid in French", () => {
    const mail = enrollmentConfirmationEmail(enrolled, who, "fr", translate, company);
    expect(mail.subject).toBe("Vous êtes inscrit\u202f: Atelier identité de marque");
    for (const text of ["Bonjour Ada,", "17 décembre 2026", "Samedi, Dimanche · 09:30", "Studio Atelier, Montréal"])
      expect(mail.text).toContain(text);
    expect(mail.html).toContain('lang="fr"');
  });
});

describe("class enrolment rules", () => {
  it("finds the enrolment an order pays for from its class line only", () => {
    expect(
      enrollmentOfItems([{ serviceId: CLASS_SERVICE_ID, serviceData: { classId: 3, enrollmentId: "e-1" } }]),
    ).toEqual({ classId: 3, enrollmentId: "e-1" });
    expect(
      enrollmentOfItems([{ serviceId: "custom_payment", serviceData: { classId: 3, enrollmentId: "e-1" } }]),
    ).toBeNull();
    expect(enrollmentOfItems([{ serviceId: CLASS_SERVICE_ID, serviceData: {} }])).toBeNull();
  });

  it("asks a guest for a name and a valid e-mail", () => {
    expect(
      enrolleeSchema.safeParse({ customerName: " ", customerEmail: "ada@example.com" }).error?.issues[0].message,
    ).toBe("payments:custom.nameRequired");
    expect(enrolleeSchema.safeParse({ customerName: "Ada", customerEmail: "ada@" }).error?.issues[0].message).toBe(
      "payments:custom.emailInvalid",
    );
    expect(enrolleeSchema.parse({ customerName: " Ada ", customerEmail: "Ada@Example.com " })).toEqual({
      customerName: "Ada",
      customerEmail: "ada@example.com",
    });
  });
});
