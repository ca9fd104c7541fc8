import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedNow } from "../../core/appointments/rules.ts";
import { appointments } from "../../db/schema/appointments.ts";
import { phoneCalls } from "../../db/schema/calls.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const AUTH_TOKEN = "test-auth-token-0123456789abcdef";
const ZONE = "Europe/Paris";

describe("the AI phone line (Twilio webhooks) and the call log", () => {
  let t: TestApp;
  let staff: TestClient;

  /** Posts a webhook as Twilio would: form fields, signed for the public address, no browser headers. */
  async function twilioPost(
    path: string,
    params: Record<string, string>,
    sign: (url: string, params: Record<string, string>) => string | null = (url, p) =>
      twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, p),
  ) {
    const signature = sign(`${TEST_ORIGIN}${path}`, params);
    return t.app.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(signature ? { "x-twilio-signature": signature } : {}),
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  /** The action of the TwiML's <Gather> (what Twilio would call next) and what it says. */
  function read(twiml: string) {
    const action = /<Gather[^>]*action="([^"]+)"/.exec(twiml)?.[1]?.replace(/&amp;/g, "&") ?? null;
    const said = [...twiml.matchAll(/<Say[^>]*>([^<]*)<\/Say>/g)]
      .map((match) => match[1].replace(/&apos;/g, "'").replace(/&amp;/g, "&"))
      .join(" ");
    return { action, said, hangup: twiml.includes("<Hangup/>") };
  }

  beforeAll(async () => {
    t = await createTestApp({
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_PHONE_NUMBER: "+15550102030",
      BOOKING_TIME_ZONE: ZONE,
    });
    staff = await signInAs(t, "staff");
  });
  afterAll(() => t.close());

  it("answers a whole call in French: the language chosen, a consultation booked turn by turn, the call logged with its transcript and a phone_call lead", async () => {
    const call = {
      CallSid: "CA0123456789abcdef0123456789abcdef",
      From: "+33612345678",
      To: "+15550102030",
      AccountSid: `AC${"0".repeat(32)}`,
    };
    const incoming = await twilioPost("/api/twilio/voice/incoming", { ...call, CallStatus: "ringing" });
    expect(incoming.status).toBe(200);
    expect(incoming.headers.get("content-type")).toContain("text/xml");
    const greeting = read(await incoming.text());
    expect(greeting.said).toContain("For English, press 1");
    expect(greeting.said).toContain("Pour le français, appuyez sur 2");

    let step = read(await (await twilioPost(greeting.action!, { ...call, Digits: "2" })).text());
    expect(step.said).toContain("Comment puis-je vous aider");
    expect(step.action).toMatch(/lang=fr/);

    const answers = [
      "Je voudrais prendre rendez-vous",
      "Jean Dupont",
      "jean arobase example point fr",
      "01 23 45 67 89",
      "demain",
      "10 heures",
      "aucune",
    ];
    let lastAction = "";
    for (const answer of answers) {
      lastAction = step.action!;
      const response = await twilioPost(lastAction, { ...call, SpeechResult: answer, Confidence: "0.9" });
      expect(response.status).toBe(200);
      step = read(await response.text());
    }
    expect(step.said).toContain("Votre consultation est réservée");
    const tomorrow = addDays(zonedNow(new Date(), ZONE).date, 1);
    // Twilio retries a turn it got no answer to: the same reply, and nothing booked twice.
    const retry = read(
      await (await twilioPost(lastAction, { ...call, SpeechResult: "aucune", Confidence: "0.9" })).text(),
    );
    expect(retry.said).toBe(step.said);
    const booked = await t.services.database.db.select().from(appointments);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      appointmentDate: tomorrow,
      appointmentTime: "10:00",
      customerEmail: "jean@example.fr",
      source: "phone",
      language: "fr",
    });
    const mail = await t.services.database.db.select().from(mailOutbox);
    expect(mail.some((m) => m.toAddress === "jean@example.fr")).toBe(true);

    // Silence is asked again, politely; goodbye ends the call.
    const silent = read(await (await twilioPost(step.action!, { ...call })).text());
    expect(silent.said).toBe("Désolé, je n’ai rien entendu. Pouvez-vous répéter\u202f?");
    const bye = read(await (await twilioPost(silent.action!, { ...call, SpeechResult: "Merci, au revoir" })).text());
    expect(bye.hangup).toBe(true);

    const status = { ...call, CallStatus: "completed", CallDuration: "95" };
    expect((await twilioPost("/api/twilio/voice/status", status)).status).toBe(204);
    expect((await twilioPost("/api/twilio/voice/status", status)).status).toBe(204);
    expect(await t.services.database.db.select().from(phoneCalls)).toHaveLength(1);

    const list = await staff.request("/api/calls");
    expect(list.status).toBe(200);
    const { data } = await list.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      twilioCallId: call.CallSid,
      fromNumber: call.From,
      toNumber: call.To,
      status: "completed",
      duration: 95,
      leadCaptured: "yes",
      followUpRequired: "no",
      language: "fr",
    });
    expect(data[0].summary).toContain(`Consultation réservée le ${tomorrow} à 10:00.`);
    expect(data[0].transcript).toContain("Appelant: Jean Dupont");
    expect(data[0].transcript).toMatch(/^Assistant: .*Quel est votre nom complet\u202f\?$/m);
    expect(data[0].endedAt).not.toBeNull();
    const lead = await (await staff.request(`/api/leads/${data[0].leadId}`)).json();
    expect(lead).toMatchObject({ leadSource: "phone_call", email: "jean@example.fr" });
    expect(lead.timeline[0]).toMatchObject({ channel: "phone_call", callId: call.CallSid });
    // Filters.
    expect((await (await staff.request("/api/calls?leadCaptured=no")).json()).data).toHaveLength(0);
    expect((await (await staff.request("/api/calls?status=completed&followUpRequired=no")).json()).data).toHaveLength(
      1,
    );
    expect((await staff.request("/api/calls?leadCaptured=maybe")).status).toBe(400);
    expect((await t.client().request("/api/calls")).status).toBe(401);
  });

  it("refuses an unsigned or tampered webhook with 403 and records nothing", async () => {
    const call = {
      CallSid: "CAffffffffffffffffffffffffffffffff",
      From: "+15550000001",
      To: "+15550102030",
      CallStatus: "completed",
      CallDuration: "10",
    };
    expect((await twilioPost("/api/twilio/voice/status", call, () => null)).status).toBe(403);
    const tampered = await twilioPost("/api/twilio/voice/status", call, (url, params) =>
      twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, { ...params, CallDuration: "9999" }),
    );
    expect(tampered.status).toBe(403);
    // Signed for the internal address instead of PUBLIC_URL.
    const internal = await twilioPost("/api/twilio/voice/incoming", call, (_url, params) =>
      twilio.getExpectedTwilioSignature(AUTH_TOKEN, "http://127.0.0.1:3000/api/twilio/voice/incoming", params),
    );
    expect(internal.status).toBe(403);
    // Whatever an unsigned request sends, the signature is checked first: no 415 or 400 tells a stranger
    // what the webhook would accept.
    for (const [type, body] of [
      ["application/json", JSON.stringify(call)],
      ["text/plain", "CallSid=CA1"],
      ["application/x-www-form-urlencoded", "CallSid=CA1&CallSid=CA2"],
    ]) {
      const unsigned = await t.app.request("/api/twilio/voice/incoming", {
        method: "POST",
        headers: { "content-type": type! },
        body,
      });
      expect(unsigned.status, type).toBe(403);
    }
    const rows = await t.services.database.db.select().from(phoneCalls);
    expect(rows.map((row) => row.twilioCallId)).not.toContain(call.CallSid);
  });

  it("records a call's final status whatever the phone network passed on: a NUL in a number, a length that fits no column, words with control characters", async () => {
    const call = { CallSid: "CA22222222222222222222222222222222", From: "+1555\u00000002", To: "+15550102030" };
    const step = read(
      await (await twilioPost("/api/twilio/voice/language", { ...call, SpeechResult: "English" })).text(),
    );
    expect((await twilioPost(step.action!, { ...call, SpeechResult: "Hello\u0000 there" })).status).toBe(200);
    const status = await twilioPost("/api/twilio/voice/status", {
      ...call,
      CallStatus: "completed\u0000",
      CallDuration: "12345678901234567890",
    });
    expect(status.status).toBe(204);
    const { data } = await (await staff.request("/api/calls")).json();
    expect(data.find((row: { twilioCallId: string }) => row.twilioCallId === call.CallSid)).toMatchObject({
      fromNumber: "+15550002",
      status: "completed",
      duration: null,
    });
    // Not Twilio's call id: a 400 wherever the call is read, nothing stored.
    const odd = { ...call, CallSid: "CA\u0000x" };
    for (const [path, fields] of [
      ["/api/twilio/voice/incoming", odd],
      ["/api/twilio/voice/turn?lang=en&turn=1", { ...odd, SpeechResult: "Hello" }],
      ["/api/twilio/voice/status", { ...odd, CallStatus: "completed" }],
    ] as const) {
      const refused = await twilioPost(path, fields);
      expect(refused.status, path).toBe(400);
    }
    const rows = await t.services.database.db.select().from(phoneCalls);
    expect(rows.filter((row) => row.twilioCallId.startsWith("CA\u0000"))).toEqual([]);
  });

  it("marks a call whose flow was left unfinished, or whose caller asked to be called back, for follow-up", async () => {
    const call = { CallSid: "CA11111111111111111111111111111111", From: "+15551234567", To: "+15550102030" };
    let step = read(
      await (await twilioPost("/api/twilio/voice/language", { ...call, SpeechResult: "English" })).text(),
    );
    step = read(await (await twilioPost(step.action!, { ...call, SpeechResult: "Please call me back" })).text());
    expect(step.said).toContain("What is your full name?");
    await twilioPost("/api/twilio/voice/status", { ...call, CallStatus: "completed", CallDuration: "20" });
    const { data } = await (await staff.request("/api/calls?followUpRequired=yes")).json();
    const logged = data.find((row: { twilioCallId: string }) => row.twilioCallId === call.CallSid);
    expect(logged).toMatchObject({ followUpRequired: "yes", leadCaptured: "no", language: "en" });
    expect(logged.summary).toContain("The caller asked to be called back.");
  });
});
