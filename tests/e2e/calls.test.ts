import twilio from "twilio";
import { beforeAll, describe, expect, it } from "vitest";
import enCalls from "../../app/locales/en/calls.json";
import frCalls from "../../app/locales/fr/calls.json";
import {
  adminAccount,
  baseUrl,
  expectAccessible,
  expectText,
  fileBrowser,
  openPage,
  saveScreenshot,
} from "./browser.ts";
import { E2E_TWILIO_AUTH_TOKEN } from "./global-setup.ts";

/** Staff read a simulated phone call (signed Twilio webhooks) on /calls, in English and French, with axe. */

const browser = fileBrowser();
const callSid = `CA${Date.now().toString(16).padStart(32, "0").slice(-32)}`;

/** Posts a webhook as Twilio would, signed for the public address. */
async function twilioPost(path: string, params: Record<string, string>): Promise<string> {
  const url = `${baseUrl()}${path}`;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilio.getExpectedTwilioSignature(E2E_TWILIO_AUTH_TOKEN, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  expect(response.status, path).toBeLessThan(300);
  return response.text();
}

const action = (twiml: string) => /<Gather[^>]*action="([^"]+)"/.exec(twiml)![1].replace(/&amp;/g, "&");

beforeAll(async () => {
  const call = { CallSid: callSid, From: "+15557654321", To: "+15550102030" };
  let twiml = await twilioPost("/api/twilio/voice/incoming", { ...call, CallStatus: "ringing" });
  twiml = await twilioPost(action(twiml), { ...call, Digits: "1" });
  for (const said of [
    "I'd like to get in touch",
    "Grace Caller",
    "grace caller at example dot com",
    "555 765 4321",
    "Video marketing",
    "A launch video",
  ]) {
    twiml = await twilioPost(action(twiml), { ...call, SpeechResult: said });
  }
  expect(twiml).toContain("Your message has been sent");
  await twilioPost("/api/twilio/voice/status", { ...call, CallStatus: "completed", CallDuration: "64" });
});

describe.each([
  { name: "English", prefix: "/en", t: enCalls },
  { name: "French", prefix: "/fr", t: frCalls },
])("/calls in $name", ({ prefix, t }) => {
  it("shows the simulated call with its badges, details, summary and transcript", async () => {
    const session = await openPage(browser, { viewport: { width: 390, height: 844 }, signedInAs: adminAccount() });
    const { page } = session;
    await page.goto(`${prefix}/calls`);
    await expectText(page.locator("h1"), t.title);
    const card = page.locator("[data-testid=call-card]", { hasText: callSid });
    await expectText(card, new RegExp(t.leadCaptured));
    await expectText(card, new RegExp(t.status.completed));
    await expectText(card, new RegExp(t.seconds.replace("{{count}}", "64")));
    await expectText(card.locator("[data-testid=call-transcript]"), /Grace Caller/);
    await expectAccessible(page);
    await saveScreenshot(page, `calls${prefix.replace("/", "-")}`);
    // Filtered out when asking for calls without a lead.
    await page.goto(`${prefix}/calls?leadCaptured=no`);
    expect(await page.locator("[data-testid=call-card]", { hasText: callSid }).count()).toBe(0);
    await session.close();
  });
});
