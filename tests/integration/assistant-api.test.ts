import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, zonedNow } from "../../core/appointments/rules.ts";
import { formatCents } from "../../core/money/money.ts";
import { eq } from "drizzle-orm";
import { appointments } from "../../db/schema/appointments.ts";
import { contactSubmissions } from "../../db/schema/contact.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const ZONE = "America/New_York";
const FR = { "accept-language": "fr-FR,fr;q=0.9" };

describe("the assistant's API (POST /api/chatbot)", () => {
  let t: TestApp;
  let staff: TestClient;
  let address = 0;
  const tomorrow = () => addDays(zonedNow(new Date(), ZONE).date, 1);

  /** One visitor's conversation: each message carries the conversation id the previous reply gave. */
  function visitor(language: "en" | "fr" = "en") {
    const client = t.client();
    const headers = { "x-forwarded-for": `203.0.113.${++address}`, ...(language === "fr" ? FR : {}) };
    let conversationId: string | undefined;
    return {
      get conversationId() {
        return conversationId;
      },
      async say(message: string) {
        const response = await client.request("/api/chatbot", {
          method: "POST",
          json: { message, conversationHistory: [], language, ...(conversationId ? { conversationId } : {}) },
          headers,
        });
        expect(response.status).toBe(200);
        const body = await response.json();
        expect(body.success).toBe(true);
        conversationId = body.conversationId;
        return body as { response: string; kind: string; flow: { kind: string; step: string } | null };
      },
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true", BOOKING_TIME_ZONE: ZONE });
    await seedReferenceData(t.services, createLogger("silent"));
    staff = await signInAs(t, "staff");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.database.db.delete(appointments);
    await t.services.database.db.delete(rateLimits);
    await t.services.database.db.delete(mailOutbox);
  });

  it("books a consultation step by step, re-asking invalid answers; the confirmation is in the outbox and the lead (source chatbot) shows the conversation", async () => {
    const chat = visitor();
    expect((await chat.say("Hi, I'd like to book a consultation")).flow).toEqual({ kind: "booking", step: "name" });
    expect((await chat.say("Ada Lovelace")).flow?.step).toBe("email");
    const badEmail = await chat.say("ada-at-example");
    expect(badEmail.response).toContain("That email address doesn't look right.");
    expect(badEmail.flow?.step).toBe("email");
    await chat.say("ada@example.com");
    const badPhone = await chat.say("555-1234");
    expect(badPhone.response).toContain("at least 10 digits");
    await chat.say("+1 (555) 123-4567");
    const past = await chat.say(addDays(tomorrow(), -3));
    expect(past.flow?.step).toBe("date");
    const date = await chat.say(tomorrow());
    expect(date.flow?.step).toBe("time");
    expect(date.response).toContain("10:00");
    expect((await chat.say("25:00")).response).toContain("24-hour format HH:MM");
    expect((await chat.say("10:00")).flow?.step).toBe("notes");
    const done = await chat.say("none");
    expect(done.flow).toBeNull();
    expect(done.response).toMatch(
      /Your consultation is booked for .* at 10:00 \(New York time\)\. A confirmation has been sent to ada@example\.com\./,
    );

    const [booked] = await t.services.database.db.select().from(appointments);
    expect(booked).toMatchObject({
      appointmentDate: tomorrow(),
      appointmentTime: "10:00",
      customerEmail: "ada@example.com",
      notes: null,
      source: "chatbot",
      language: "en",
    });
    const mail = await t.services.database.db.select().from(mailOutbox);
    expect(mail.map((m) => m.toAddress)).toContain("ada@example.com");

    const leads = await (await staff.request("/api/leads?leadSource=chatbot")).json();
    const lead = leads.leads.find((l: { email: string }) => l.email === "ada@example.com");
    expect(lead).toBeDefined();
    const detail = await (await staff.request(`/api/leads/${lead.id}`)).json();
    expect(detail.timeline[0]).toMatchObject({
      channel: "chatbot",
      appointmentId: booked.id,
      conversationId: chat.conversationId,
    });
    const conversation = await (await staff.request(`/api/conversations/${chat.conversationId}`)).json();
    expect(conversation.transcript.map((entry: { role: string }) => entry.role).slice(0, 2)).toEqual([
      "user",
      "assistant",
    ]);
    expect(conversation.transcript[0].content).toBe("Hi, I'd like to book a consultation");
    expect(conversation.transcript).toHaveLength(2 * 11);
    // Visitors cannot read conversations.
    expect((await t.client().request(`/api/conversations/${chat.conversationId}`)).status).toBe(401);
  });

  it("offers the nearest free slots when the slot asked for is taken meanwhile", async () => {
    const chat = visitor();
    for (const answer of [
      "book an appointment",
      "Alan Turing",
      "alan@example.com",
      "555 123 4567",
      tomorrow(),
      "13:00",
    ])
      await chat.say(answer);
    // Someone else takes 13:00 through the scheduler before the visitor finishes.
    const other = await t.client().request("/api/appointments/book", {
      method: "POST",
      headers: { "x-forwarded-for": "198.51.100.200" },
      json: {
        customerName: "Grace Hopper",
        customerEmail: "grace@example.com",
        customerPhone: "+1 555 987 6543",
        appointmentDate: tomorrow(),
        appointmentTime: "13:00",
      },
    });
    expect(other.status).toBe(201);
    const taken = await chat.say("Logo brief");
    expect(taken.response).toContain("13:00");
    expect(taken.response).toContain("has just been taken");
    expect(taken.response).toContain("11:00, 12:00 or 14:00");
    expect(taken.flow?.step).toBe("time");
    await chat.say("14:00");
    const done = await chat.say("aucune");
    expect(done.response).toContain("at 14:00");
    const rows = await t.services.database.db.select().from(appointments);
    expect(rows.map((row) => row.appointmentTime).sort()).toEqual(["13:00", "14:00"]);
  });

  it("asking for a taken slot offers the nearest free ones before going on", async () => {
    const chat = visitor();
    for (const answer of ["schedule a meeting", "Alan Turing", "alan@example.com", "555 123 4567", tomorrow()])
      await chat.say(answer);
    await t.services.appointments.book(
      {
        customerName: "Grace",
        customerEmail: "grace@example.com",
        customerPhone: "+1 555 987 6543",
        appointmentDate: tomorrow(),
        appointmentTime: "09:00",
      },
      { language: "en" },
    );
    const reply = await chat.say("09:00");
    expect(reply.response).toContain("09:00 is not available");
    expect(reply.response).toContain("10:00, 11:00 or 12:00");
    expect(reply.flow?.step).toBe("time");
  });

  it("captures contact details in French and makes a contact message and a chatbot lead", async () => {
    const chat = visitor("fr");
    const start = await chat.say("Bonjour, je voudrais un devis");
    expect(start.flow).toEqual({ kind: "contact", step: "name" });
    expect(start.response).toContain("Quel est votre nom complet\u202f?");
    for (const answer of ["Marie Curie", "marie@example.fr", "+33 1 23 45 67 89", "Logo"]) await chat.say(answer);
    const done = await chat.say("Un logo pour notre laboratoire");
    expect(done.response).toBe(
      "Merci, Marie Curie\u202f! Votre message a été envoyé. Notre équipe vous répondra sous 24 heures.",
    );
    const leads = await (await staff.request("/api/leads?leadSource=chatbot")).json();
    const lead = leads.leads.find((l: { email: string }) => l.email === "marie@example.fr");
    const detail = await (await staff.request(`/api/leads/${lead.id}`)).json();
    expect(detail.timeline[0].conversationId).toBe(chat.conversationId);
    expect(detail.timeline[0].contactSubmissionId).toEqual(expect.any(Number));
  });

  it("cancels a flow with cancel or annuler", async () => {
    const chat = visitor();
    await chat.say("get in touch");
    const cancelled = await chat.say("cancel");
    expect(cancelled.flow).toBeNull();
    expect(cancelled.response).toBe("No problem, I've cancelled that. How else can I help?");
    const fr = visitor("fr");
    await fr.say("je veux prendre rendez-vous");
    expect((await fr.say("annuler")).flow).toBeNull();
  });

  it("takes only one of the services as the contact flow's service, naming them when it asks again", async () => {
    const chat = visitor();
    await chat.say("I'd like a quote");
    for (const answer of ["Ada Lovelace", "ada.service@example.com", "+1 555 010 0199"]) await chat.say(answer);
    const yes = await chat.say("yes");
    expect(yes.flow).toEqual({ kind: "contact", step: "service" });
    expect(yes.response).toMatch(
      /^Please choose one of our services: Conception, .*Logo Design, .* or Other\. Which service are you interested in .*\(Say "cancel" to stop\.\)$/,
    );
    expect((await chat.say("video marketing")).flow).toEqual({ kind: "contact", step: "message" });
    const done = await chat.say("A launch video for our new product");
    expect(done.flow).toBeNull();
    const [submission] = await t.services.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "ada.service@example.com"));
    expect(submission.message).toBe("Service: Video Marketing\n\nA launch video for our new product");

    const fr = visitor("fr");
    await fr.say("Je voudrais un devis");
    for (const answer of ["Marie Curie", "marie.service@example.fr", "+33 1 23 45 67 89"]) await fr.say(answer);
    const oui = await fr.say("oui");
    expect(oui.response).toMatch(
      /^Veuillez choisir l’un de nos services\u202f: Conception, .*Création de logo, .* ou Autre\. .*\(Dites «\u202fannuler\u202f» pour arrêter\.\)$/,
    );
  });

  it("lets a visitor stuck at the phone step leave, in English and French, with a translated confirmation", async () => {
    const chat = visitor();
    await chat.say("get in touch");
    for (const answer of ["Ada Lovelace", "ada.phone@example.com"]) await chat.say(answer);
    const wrong = await chat.say("I don't have one");
    expect(wrong.flow).toEqual({ kind: "contact", step: "phone" });
    expect(wrong.response).toContain('(Say "cancel" to stop.)');
    const left = await chat.say("Stop please");
    expect(left).toMatchObject({ flow: null, response: "No problem, I've cancelled that. How else can I help?" });
    // What comes next is a new question, not an answer to the flow.
    expect((await chat.say("what are your prices?")).flow).toBeNull();

    const fr = visitor("fr");
    await fr.say("je veux être recontacté, je suis intéressée");
    for (const answer of ["Marie Curie", "marie.phone@example.fr", "pas de téléphone"]) await fr.say(answer);
    const quit = await fr.say("Je veux arrêter");
    expect(quit).toMatchObject({
      flow: null,
      response: "Pas de problème, c’est annulé. Que puis-je faire d’autre pour vous\u202f?",
    });
  });

  it("quotes prices from the catalogue, formatted as the site formats money", async () => {
    const logo = await t.services.catalogue.find("logo_design");
    const reply = await visitor().say("How much is a logo?");
    expect(reply.kind).toBe("keyword");
    expect(reply.response).toContain(formatCents(logo!.fixedPriceCents!, { wholeDollars: true }));
    const all = await visitor("fr").say("Quels sont vos tarifs ?");
    const website = await t.services.catalogue.find("website");
    expect(all.response).toContain(
      `de ${formatCents(website!.minPriceCents, { wholeDollars: true })} à ${formatCents(website!.maxPriceCents, { wholeDollars: true })}`,
    );
  });

  it("answers a 121st message from one address within 10 minutes with a translated 429 and Retry-After, keeping it out of the conversation", async () => {
    const client = t.client();
    let conversationId: string | undefined;
    const send = (message: string, headers: Record<string, string> = {}) =>
      client.request("/api/chatbot", {
        method: "POST",
        json: { message, conversationHistory: [], language: "en", ...(conversationId ? { conversationId } : {}) },
        headers: { "x-forwarded-for": "192.0.2.120", ...headers },
      });
    for (let i = 0; i < 120; i++) {
      const reply = await send(`hello ${i}`);
      expect(reply.status).toBe(200);
      conversationId = (await reply.json()).conversationId;
    }
    const refused = await send("one more");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(await refused.json()).toEqual({
      code: "rate_limited",
      message: "Too many messages from this connection. Please try again in 10 minutes.",
    });
    const french = await send("encore un", FR);
    expect(french.status).toBe(429);
    expect((await french.json()).message).toBe(
      "Trop de messages depuis cette connexion. Veuillez réessayer dans 10 minutes.",
    );
    const conversation = await (await staff.request(`/api/conversations/${conversationId}`)).json();
    expect(conversation.transcript).toHaveLength(2 * 120);
    expect(conversation.transcript.at(-2).content).toBe("hello 119");
    // Another connection is not held back (say() expects a 200).
    await visitor().say("hello");
  });

  it("refuses an empty or too long message, and a history of more than 12 entries, changing nothing", async () => {
    const send = (json: unknown) =>
      t.client().request("/api/chatbot", { method: "POST", json, headers: { "x-forwarded-for": "192.0.2.9" } });
    const blank = await send({ message: "   ", conversationHistory: [], language: "en" });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe("Please type a message.");
    expect((await send({ message: "x".repeat(1001), conversationHistory: [], language: "en" })).status).toBe(400);
    const history = Array.from({ length: 13 }, () => ({ role: "user", content: "hi" }));
    expect((await send({ message: "hi", conversationHistory: history, language: "en" })).status).toBe(400);
  });
});
