import { describe, expect, it } from "vitest";
import { contactConfirmationEmail, contactStaffEmail, type ContactEmailFacts } from "../../core/contact/emails.ts";
import { FORM_BUDGETS } from "../../core/rate-limit/rules.ts";
import { assistantMessage, isPlausiblePhone } from "../../core/contact/rules.ts";
import { INQUIRY_TYPES, assistantContactSchema, contactInputSchema } from "../../core/contact/schema.ts";
import { company, en, fr, translate } from "../helpers/mail-fixtures.ts";
import { fieldErrors as errorsOf } from "../helpers/schema-errors.ts";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  inquiryType: "quote",
  message: "I would like a quote for a new website.",
};

describe("contact inquiry (server schema, document 000 section 5)", () => {
  it("accepts a complete inquiry; phone and company are optional", () => {
    expect(contactInputSchema.parse(valid)).toEqual(valid);
    expect(
      contactInputSchema.parse({ ...valid, phone: "+1 (555) 123-4567", company: "Analytical Engines Ltd" }),
    ).toMatchObject({ phone: "+1 (555) 123-4567", company: "Analytical Engines Ltd" });
    expect(contactInputSchema.parse({ ...valid, phone: "", company: "  " })).toEqual(valid);
  });

  it("'Name is required'", () => {
    expect(errorsOf(contactInputSchema, { ...valid, name: "  " })).toEqual({ name: "Name is required" });
    expect(errorsOf(contactInputSchema, { ...valid, name: undefined })).toEqual({ name: "Name is required" });
  });

  it("'Valid email is required'", () => {
    expect(errorsOf(contactInputSchema, { ...valid, email: "ada@" })).toEqual({ email: "Valid email is required" });
    expect(errorsOf(contactInputSchema, { ...valid, email: undefined })).toEqual({ email: "Valid email is required" });
  });

  it("'Please select an inquiry type': one of question, quote, consultation, partnership, support; default question", () => {
    expect(INQUIRY_TYPES).toEqual(["question", "quote", "consultation", "partnership", "support"]);
    for (const inquiryType of INQUIRY_TYPES)
      expect(contactInputSchema.parse({ ...valid, inquiryType }).inquiryType).toBe(inquiryType);
    expect(contactInputSchema.parse({ ...valid, inquiryType: undefined }).inquiryType).toBe("question");
    expect(errorsOf(contactInputSchema, { ...valid, inquiryType: "sales" })).toEqual({
      inquiryType: "Please select an inquiry type",
    });
    expect(errorsOf(contactInputSchema, { ...valid, inquiryType: "" })).toEqual({
      inquiryType: "Please select an inquiry type",
    });
  });

  it("'Message must be at least 10 characters' (spaces around it do not count)", () => {
    expect(errorsOf(contactInputSchema, { ...valid, message: "Too short" })).toEqual({
      message: "Message must be at least 10 characters",
    });
    expect(errorsOf(contactInputSchema, { ...valid, message: "   123456789   " })).toEqual({
      message: "Message must be at least 10 characters",
    });
    expect(contactInputSchema.safeParse({ ...valid, message: "1234567890" }).success).toBe(true);
  });

  it("bounds every field and refuses unknown ones", () => {
    expect(errorsOf(contactInputSchema, { ...valid, name: "x".repeat(101) })).toEqual({
      name: "Name must be at most 100 characters",
    });
    expect(errorsOf(contactInputSchema, { ...valid, company: "x".repeat(201) })).toEqual({
      company: "Company must be at most 200 characters",
    });
    expect(errorsOf(contactInputSchema, { ...valid, message: "x".repeat(5001) })).toEqual({
      message: "Message must be at most 5000 characters",
    });
    expect(errorsOf(contactInputSchema, { ...valid, phone: "call me maybe" })).toEqual({
      phone: "Please enter a valid phone number",
    });
    expect(contactInputSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
  });

  it("gives every message in French too", () => {
    const result = contactInputSchema.safeParse({ name: "", email: "x", inquiryType: "x", message: "short" });
    expect(result.error?.issues.map((issue) => fr(issue.message))).toEqual([
      "Le nom est obligatoire",
      "Une adresse e-mail valide est obligatoire",
      "Veuillez sélectionner un type de demande",
      "Le message doit comporter au moins 10 caractères",
    ]);
  });
});

describe("assistant contact (document 001: name, email, phone, service, message)", () => {
  it("needs a name, a valid email and a message; phone and service are optional", () => {
    expect(assistantContactSchema.parse({ name: "Bo", email: "bo@example.com", message: "Call me" })).toEqual({
      name: "Bo",
      email: "bo@example.com",
      message: "Call me",
    });
    expect(errorsOf(assistantContactSchema, { name: "", email: "bo", message: " " })).toEqual({
      name: "Name is required",
      email: "Valid email is required",
      message: "Message is required",
    });
  });

  it("stores the service asked about in the message", () => {
    expect(assistantMessage("Logo Design", "Need a logo")).toBe("Service: Logo Design\n\nNeed a logo");
    expect(assistantMessage(undefined, "Need a logo")).toBe("Need a logo");
  });
});

describe("phone numbers", () => {
  it("accepts numbers as people write them", () => {
    for (const phone of [
      "+1 (555) 123-4567",
      "555.123.4567",
      "+33 1 23 45 67 89",
      "0612345678",
      "+44 20 7946 0958 ext. 12",
      "555-1234 x9",
    ])
      expect(isPlausiblePhone(phone), phone).toBe(true);
  });

  it("refuses words, too few digits and too many", () => {
    for (const phone of ["call me", "12345", "+1 555 CALL NOW", "1".repeat(21), "555-1234; drop table"])
      expect(isPlausiblePhone(phone), phone).toBe(false);
  });
});

describe("rate limit", () => {
  it("allows 30 messages per address and 5 per e-mail address per 10 minutes (an office shares one address)", () => {
    expect(FORM_BUDGETS.contact.perAddress).toEqual({ name: "contact:address", limit: 30, windowMs: 600_000 });
    expect(FORM_BUDGETS.contact.perEmail).toEqual({ name: "contact:email", limit: 5, windowMs: 600_000 });
  });

  it("says so in both languages", () => {
    expect(en("errors:rateLimit.messages.connection", { count: 10 })).toBe(
      "Too many messages from this connection. Please try again in 10 minutes.",
    );
    expect(fr("errors:rateLimit.messages.connection", { count: 1 })).toBe(
      "Trop de messages depuis cette connexion. Veuillez réessayer dans 1 minute.",
    );
  });
});

describe("contact e-mails", () => {
  const facts: ContactEmailFacts = {
    name: "Zoé Martin",
    email: "zoe@example.com",
    phone: null,
    company: "Studio <Zoé>",
    inquiryType: "partnership",
    message: "Bonjour,\nparlons d'un partenariat.",
    language: "fr",
    channel: "form",
  };

  it("confirms to the visitor in their language, with the spec's thank-you and a copy of the message", () => {
    const mail = contactConfirmationEmail(facts, translate, company);
    expect(mail).toMatchObject({
      to: "zoe@example.com",
      kind: "contact.confirmation",
      subject: "Nous avons bien reçu votre message - Atelier",
    });
    expect(mail.text).toContain("Bonjour Zoé Martin,");
    expect(mail.text).toContain("Merci pour votre message ! Nous vous répondrons très bientôt.");
    expect(mail.text).toContain("Type de demande\u202f: Partenariat");
    expect(mail.text).toContain("Bonjour,\nparlons d'un partenariat.");
    expect(mail.text).not.toContain("Numéro de téléphone");
    expect(mail.html).toContain("Studio &lt;Zoé&gt;");
    const english = contactConfirmationEmail({ ...facts, language: "en" }, translate, company);
    expect(english.subject).toBe("We received your message - Atelier");
    expect(english.text).toContain("Thank you for your message! We will get back to you soon.");
  });

  it("notifies staff in English at the staff address with every detail", () => {
    const mail = contactStaffEmail(facts, translate, company);
    expect(mail).toMatchObject({
      to: "team@atelier.example",
      kind: "contact.staff",
      subject: "New inquiry (Partnership) from Zoé Martin",
    });
    expect(mail.text).toContain("A visitor sent a message through the website's contact form.");
    expect(mail.text).toContain("Email: zoe@example.com");
    expect(mail.text).toContain("Phone number: (not given)");
    expect(mail.text).toContain("Language: French");
    expect(contactStaffEmail({ ...facts, channel: "assistant" }, translate, company).text).toContain(
      "chat or voice assistant",
    );
  });
});
