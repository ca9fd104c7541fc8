import { describe, expect, it } from "vitest";
import {
  MAX_ATTEMPTS,
  RETRY_BASE_MS,
  afterFailure,
  describeError,
  escapeHtml,
  renderEmail,
  retryDelayMs,
  signOff,
} from "../../core/mail/rules.ts";
import { mailMessageSchema, outboxQuerySchema } from "../../core/mail/schema.ts";
import { company, en, fr, translate } from "../helpers/mail-fixtures.ts";

describe("retry back-off", () => {
  it("waits 1 minute after the first failure and doubles after each further one", () => {
    expect(RETRY_BASE_MS).toBe(60_000);
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1, 2, 4, 8, 16].map((m) => m * 60_000));
  });

  it("keeps a message pending with the next try scheduled until the last attempt, then marks it failed", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    expect(afterFailure(0, now)).toEqual({
      status: "pending",
      attempts: 1,
      nextAttemptAt: new Date("2030-01-01T12:01:00Z"),
    });
    expect(afterFailure(3, now)).toEqual({
      status: "pending",
      attempts: 4,
      nextAttemptAt: new Date("2030-01-01T12:08:00Z"),
    });
    expect(MAX_ATTEMPTS).toBe(6);
    expect(afterFailure(MAX_ATTEMPTS - 2, now).status).toBe("pending");
    expect(afterFailure(MAX_ATTEMPTS - 1, now)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });
});

describe("describeError", () => {
  it("keeps the SMTP code, the response code and the message on one line", () => {
    const error = Object.assign(new Error("Can't send mail - all recipients were rejected:\n550 Mailbox unavailable"), {
      code: "EENVELOPE",
      responseCode: 550,
    });
    expect(describeError(error)).toBe(
      "EENVELOPE: 550: Can't send mail - all recipients were rejected: 550 Mailbox unavailable",
    );
  });

  it("describes anything thrown, and bounds its length", () => {
    expect(describeError("boom")).toBe("boom");
    expect(describeError(new Error(""))).toBe("Error");
    expect(describeError(new Error("x".repeat(5000)))).toHaveLength(1000);
  });
});

describe("renderEmail", () => {
  it("escapes what visitors typed in the HTML body and keeps it as typed in the text body", () => {
    const mail = renderEmail({
      language: "fr",
      subject: "Objet <b>",
      greeting: "Bonjour <script>alert(1)</script>,",
      paragraphs: ["Merci & à bientôt"],
      details: [
        { label: "Message", value: 'Ligne 1\nLigne 2 "citée"' },
        { label: "Téléphone", value: "+33 1 23 45 67 89" },
      ],
      after: ["Répondez <ici>"],
      closing: ["Bien cordialement,", "L'équipe Atelier"],
    });
    expect(mail.subject).toBe("Objet <b>");
    expect(mail.text).toBe(
      'Bonjour <script>alert(1)</script>,\n\nMerci & à bientôt\n\nMessage\u202f:\nLigne 1\nLigne 2 "citée"\nTéléphone\u202f: +33 1 23 45 67 89\n\nRépondez <ici>\n\nBien cordialement,\nL\'équipe Atelier\n',
    );
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain("<title>Objet &lt;b&gt;</title>");
    expect(mail.html).toContain("Bonjour &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Ligne 1<br>Ligne 2 &quot;citée&quot;");
    expect(mail.html).toContain("L&#39;équipe Atelier");
    expect(mail.html.indexOf("Répondez &lt;ici&gt;")).toBeGreaterThan(mail.html.indexOf("</table>"));
  });

  it("escapes the five HTML special characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("signs off in the visitor's language with the company's details", () => {
    expect(signOff(translate, "en", company)).toEqual([
      "Kind regards,",
      "The Atelier team",
      "hello@atelier.example · +1 (555) 010-2030 · https://atelier.example",
    ]);
    expect(signOff(translate, "fr", company).slice(0, 2)).toEqual(["Bien cordialement,", "L'équipe Atelier"]);
  });
});

describe("mail message schema", () => {
  const valid = { to: "client@example.com", subject: "Hello", text: "Body", kind: "contact.confirmation" };

  it("accepts a complete message, with or without HTML", () => {
    expect(mailMessageSchema.safeParse(valid).success).toBe(true);
    expect(mailMessageSchema.safeParse({ ...valid, html: "<p>Body</p>" }).success).toBe(true);
  });

  it("refuses a bad recipient, a subject with a line break (header injection), an empty text and an odd kind", () => {
    const messageOf = (input: object) => {
      const result = mailMessageSchema.safeParse(input);
      return result.success ? null : en(result.error.issues[0].message);
    };
    expect(messageOf({ ...valid, to: "nobody" })).toBe("The recipient must be a valid e-mail address");
    expect(messageOf({ ...valid, subject: "Hi\nBcc: x@example.com" })).toBe(
      "The subject is required and must fit on one line",
    );
    expect(messageOf({ ...valid, text: "" })).toBe("The message text is required");
    expect(messageOf({ ...valid, kind: "Contact Confirmation" })).toBe(
      "The message kind must be a short lower-case name",
    );
    expect(messageOf({ ...valid, cc: "x@example.com" })).not.toBeNull();
  });
});

describe("outbox query", () => {
  it("defaults to the first page of 20, any status", () => {
    expect(outboxQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(outboxQuerySchema.parse({ status: "failed", page: "3", pageSize: "50" })).toEqual({
      status: "failed",
      page: 3,
      pageSize: 50,
    });
  });

  it("refuses an unknown status and pages out of range, with translated messages", () => {
    const first = (input: object) => (outboxQuerySchema.safeParse(input).error?.issues[0].message ?? "") as string;
    expect(en(first({ status: "lost" }))).toBe("Status must be pending, sent or failed");
    expect(fr(first({ status: "lost" }))).toBe(
      "Le statut doit être en attente (pending), envoyé (sent) ou échec (failed)",
    );
    expect(en(first({ page: "0" }))).toBe("Page must be a whole number of at least 1");
    expect(en(first({ pageSize: "101" }))).toBe("Page size must be a whole number from 1 to 100");
    expect(en(first({ pageSize: "2.5" }))).toBe("Page size must be a whole number from 1 to 100");
  });
});
