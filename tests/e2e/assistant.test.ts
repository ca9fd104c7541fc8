import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enAssistant from "../../app/locales/en/assistant.json";
import frAssistant from "../../app/locales/fr/assistant.json";
import {
  expectAccessibleWithin,
  expectText,
  fileBrowser,
  openPage,
  saveScreenshot,
  waitForHydration,
} from "./browser.ts";

/**
 * The assistant's widgets on a real page, in English and French: the chat window (keyboard only, a
 * booking and a contact capture, full screen, Escape), the voice assistant with a scripted recogniser
 * (Chromium's own never hears anything headless) and its fallback where recognition is missing.
 */

const browser = fileBrowser();

const RUN = Date.now().toString(36);
const languages = [
  { name: "English", code: "en", locale: "en-US", t: enAssistant },
  { name: "French", code: "fr", locale: "fr-FR", t: frAssistant },
] as const;

/** A free consultation slot some days ahead, read from the scheduler's API (other tests book too). */
async function freeSlot(page: Page, offset: number): Promise<{ date: string; time: string }> {
  for (let day = offset; day < offset + 20; day++) {
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const date = new Date(Date.parse(`${today}T12:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
    const answer = await page.request.get(`/api/appointments/slots?date=${date}`);
    const slots = (await answer.json()).slots as Array<{ time: string; available: boolean }>;
    const free = slots.filter((slot) => slot.available);
    if (free.length > 0) return { date, time: free[Math.floor(Math.random() * free.length)].time };
  }
  throw new Error("no free slot in 20 days");
}

/** Types a message with the keyboard and waits for the assistant's answer to it. */
async function say(page: Page, message: string): Promise<string> {
  const replies = page.locator('[data-testid=chat-log] [data-role="assistant"]');
  const before = await replies.count();
  await page.locator("[data-testid=chat-input]").fill(message);
  await page.keyboard.press("Enter");
  await expect.poll(() => replies.count(), { timeout: 15_000 }).toBe(before + 1);
  return (await replies.last().textContent()) ?? "";
}

describe.each(languages)("the chat window in $name", ({ code, locale, t }) => {
  it("opens from the keyboard, books a consultation, goes full screen, and closes with Escape giving the focus back", async () => {
    const session = await openPage(browser, { locale, viewport: { width: 390, height: 844 } });
    const { page } = session;
    await page.goto(`/${code}/about`);
    await waitForHydration(page);
    // Not configured here: the messaging-app button is hidden.
    expect(await page.locator("[data-testid=whatsapp-button]").count()).toBe(0);
    await page.locator("[data-testid=chat-button]").focus();
    await page.keyboard.press("Enter");
    const dialog = page.locator("[data-testid=chat-window]");
    await dialog.waitFor();
    await expectText(dialog, new RegExp(t.chat.title));
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("chat-input");
    // A blank message is never sent.
    await page.locator("[data-testid=chat-input]").fill("   ");
    expect(await page.locator("[data-testid=chat-send]").isDisabled()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.locator('[data-testid=chat-log] [data-role="user"]').count()).toBe(0);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectAccessibleWithin(page, "[data-testid=chat-window]");

    const slot = await freeSlot(page, code === "en" ? 3 : 5);
    const start = await say(
      page,
      code === "en" ? "I'd like to book a consultation" : "Je voudrais prendre rendez-vous",
    );
    expect(start).toContain(code === "en" ? "What is your full name?" : "Quel est votre nom complet\u202f?");
    await say(page, `Ada ${RUN}`);
    const wrong = await say(page, "not-an-email");
    expect(wrong).toContain(
      code === "en" ? "That email address doesn't look right." : "Cette adresse e-mail ne semble pas valide.",
    );
    await say(page, `ada-${RUN}-${code}@example.com`);
    await say(page, "+1 (555) 123-4567");
    const times = await say(page, slot.date);
    expect(times).toContain(slot.time);
    await say(page, slot.time);
    const done = await say(page, code === "en" ? "none" : "aucune");
    expect(done).toContain(code === "en" ? "Your consultation is booked" : "Votre consultation est réservée");
    expect(done).toContain(slot.time);

    await page.locator("[data-testid=chat-fullscreen]").click();
    expect(await dialog.getAttribute("data-fullscreen")).toBe("true");
    const full = await dialog.boundingBox();
    expect(full!.width).toBe(390);
    await saveScreenshot(page, `assistant-chat-${code}-390`);
    await expectAccessibleWithin(page, "[data-testid=chat-window]");
    await page.locator("[data-testid=chat-input]").focus();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("chat-button");
    await session.close();
  });

  it("takes contact details and answers price questions from the catalogue", async () => {
    const session = await openPage(browser, { locale });
    const { page } = session;
    await page.goto(`/${code}`);
    await waitForHydration(page);
    await page.locator("[data-testid=chat-button]").click();
    await page.locator("[data-testid=chat-window]").waitFor();
    const prices = await say(page, code === "en" ? "What are your prices?" : "Quels sont vos tarifs ?");
    expect(prices).toMatch(/\$\d/);
    await say(page, code === "en" ? "I'd like a quote" : "Je voudrais un devis");
    for (const answer of [`Marie ${RUN}`, `marie-${RUN}-${code}@example.com`, "+33 1 23 45 67 89", "Logo"])
      await say(page, answer);
    const done = await say(page, code === "en" ? "A logo for our lab" : "Un logo pour notre laboratoire");
    expect(done).toContain(code === "en" ? "Your message has been sent." : "Votre message a été envoyé.");
    await session.close();
  });
});

/**
 * A scripted stand-in for the Web Speech API: each start() hears the next scripted phrase (or fails
 * with the scripted error); speechSynthesis records what is spoken, with its settings, and takes 300 ms.
 */
function fakeSpeech() {
  return (steps: Array<string | { error: string }>) => {
    const spoken: Array<{ text: string; lang: string; rate: number; pitch: number }> = [];
    const recognitions: Array<{ lang: string; continuous: boolean; interimResults: boolean }> = [];
    const states: string[] = [];
    Object.assign(window, { __spoken: spoken, __recognitions: recognitions, __states: states });
    new MutationObserver((changes) => {
      for (const change of changes) {
        const target = change.target as Element;
        if (target.getAttribute("data-testid") === "voice-panel") states.push(target.getAttribute("data-state") ?? "");
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
    class FakeRecognition {
      lang = "";
      continuous = true;
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        recognitions.push({ lang: this.lang, continuous: this.continuous, interimResults: this.interimResults });
        const step = steps.shift();
        setTimeout(() => {
          if (typeof step === "string") this.onresult?.({ results: [[{ transcript: step }]] });
          else this.onerror?.({ error: step?.error ?? "no-speech" });
          this.onend?.();
        }, 400);
      }
      stop() {}
      abort() {}
    }
    Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
    const synthesis = {
      speak(utterance: SpeechSynthesisUtterance) {
        spoken.push({ text: utterance.text, lang: utterance.lang, rate: utterance.rate, pitch: utterance.pitch });
        setTimeout(() => utterance.onend?.(new Event("end") as SpeechSynthesisEvent), 300);
      },
      cancel() {},
    };
    Object.defineProperty(window, "speechSynthesis", { value: synthesis, configurable: true });
  };
}

describe.each(languages)("the voice assistant in $name", ({ code, locale, t }) => {
  it("listens, answers aloud at rate 0.9 and pitch 1, runs the contact flow, and asks to repeat when it did not catch it", async () => {
    const session = await openPage(browser, { locale });
    const { page } = session;
    const script: Array<string | { error: string }> =
      code === "en"
        ? [
            "I'd like to get in touch",
            `Vic ${RUN}`,
            `vic ${RUN} at example dot com`,
            "555 123 4567",
            "Website",
            { error: "network" },
            "A new website for our shop",
            { error: "no-speech" },
          ]
        : [
            "Je voudrais un devis",
            `Vic ${RUN}`,
            `vic ${RUN} arobase example point fr`,
            "01 23 45 67 89",
            "Site web",
            { error: "network" },
            "Un site pour notre boutique",
            { error: "no-speech" },
          ];
    await page.addInitScript(fakeSpeech(), script);
    await page.goto(`/${code}/about`);
    await waitForHydration(page);
    await page.locator("[data-testid=voice-button]").click();
    const panel = page.locator("[data-testid=voice-panel]");
    await panel.waitFor();
    await expectText(page.locator("[data-testid=voice-status]"), t.voice.idle);
    await expectAccessibleWithin(page, "[data-testid=voice-panel]");

    const mic = page.locator("[data-testid=voice-mic]");
    // The panel's states, as the page went through them (fakeSpeech records them): listening and
    // speaking last a few hundred milliseconds, which polling from the test can miss on a busy machine.
    const states = () => page.evaluate(() => (window as unknown as { __states: string[] }).__states.slice());
    const turn = async () => {
      const from = (await states()).length;
      await mic.click();
      await expect
        .poll(async () => (await states()).slice(from).join(" > "), { timeout: 15_000 })
        .toMatch(/^listening > .*speaking > idle$/);
      return (await page.locator("[data-testid=voice-reply]").textContent()) ?? "";
    };
    expect(await turn()).toContain(code === "en" ? "What is your full name?" : "Quel est votre nom complet\u202f?");
    await turn();
    await turn();
    await turn();
    await turn();
    expect(await turn()).toBe(t.voice.didntCatch);
    expect(await turn()).toContain(code === "en" ? "Your message has been sent." : "Votre message a été envoyé.");
    // Silence: no apology, back to waiting.
    const from = (await states()).length;
    await mic.click();
    await expect
      .poll(async () => (await states()).slice(from).join(" > "), { timeout: 5_000 })
      .toBe("listening > idle");
    expect(await page.locator("[data-testid=voice-reply]").textContent()).toContain(
      code === "en" ? "Your message has been sent." : "Votre message a été envoyé.",
    );

    const spoken = await page.evaluate(
      () => (window as unknown as { __spoken: Array<{ lang: string; rate: number; pitch: number }> }).__spoken,
    );
    expect(spoken.length).toBe(7);
    // The browser keeps the rate as a 32-bit float (0.8999999761...).
    for (const utterance of spoken)
      expect({ lang: utterance.lang, rate: Math.round(utterance.rate * 100) / 100, pitch: utterance.pitch }).toEqual({
        lang: code === "en" ? "en-US" : "fr-FR",
        rate: 0.9,
        pitch: 1,
      });
    const recognitions = await page.evaluate(() => (window as unknown as { __recognitions: unknown[] }).__recognitions);
    expect(recognitions[0]).toEqual({
      lang: code === "en" ? "en-US" : "fr-FR",
      continuous: false,
      interimResults: false,
    });
    await saveScreenshot(page, `assistant-voice-${code}`);
    await session.close();
  });

  it("says so where the browser has no speech recognition, and offers the text chat", async () => {
    const session = await openPage(browser, { locale });
    const { page } = session;
    await page.addInitScript(() => {
      Object.defineProperty(window, "SpeechRecognition", { value: undefined, configurable: true });
      Object.defineProperty(window, "webkitSpeechRecognition", { value: undefined, configurable: true });
    });
    await page.goto(`/${code}/about`);
    await waitForHydration(page);
    await page.locator("[data-testid=voice-button]").click();
    await expectText(page.locator("[data-testid=voice-unsupported]"), t.voice.unsupported);
    await expectAccessibleWithin(page, "[data-testid=voice-panel]");
    await page.locator("[data-testid=voice-use-chat]").click();
    await page.locator("[data-testid=chat-window]").waitFor();
    await session.close();
  });
});
