import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enAuth from "../../app/locales/en/auth.json";
import enContact from "../../app/locales/en/contact.json";
import enDeals from "../../app/locales/en/deals.json";
import enHome from "../../app/locales/en/home.json";
import enNewsletter from "../../app/locales/en/newsletter.json";
import frAuth from "../../app/locales/fr/auth.json";
import frContact from "../../app/locales/fr/contact.json";
import frDeals from "../../app/locales/fr/deals.json";
import frHome from "../../app/locales/fr/home.json";
import frNewsletter from "../../app/locales/fr/newsletter.json";
import { expectText, fileBrowser, openPage, waitForHydration, type PageSession } from "./browser.ts";

/**
 * Primary actions clicked as soon as the page has painted, while its JavaScript is still loading (issue
 * 24). The page's scripts are held back until the test lets them go, as on a slow phone. A button whose
 * work needs JavaScript is disabled until the page has hydrated, so a click made meanwhile waits for it
 * instead of being lost; once the scripts arrive, the same click does its work (the cart counts the
 * service, the deal is claimed). Sign in, Send and Subscribe are checked disabled then enabled.
 */
const TEXTS = {
  en: { home: enHome, deals: enDeals, contact: enContact, auth: enAuth, newsletter: enNewsletter },
  fr: { home: frHome, deals: frDeals, contact: frContact, auth: frAuth, newsletter: frNewsletter },
} as const;

const browser = fileBrowser();

/** Holds every script of the app until `release()`; the HTML and the stylesheet arrive at once. */
async function holdScripts(page: Page): Promise<{ release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.m?js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Opens `path` with its scripts held, and waits until `button` is painted. */
async function paintedWithoutScripts(session: PageSession, path: string, button: (page: Page) => Locator) {
  const gate = await holdScripts(session.page);
  await session.page.goto(path, { waitUntil: "commit" });
  const locator = button(session.page);
  await locator.waitFor({ state: "visible" });
  return { gate, locator };
}

for (const language of ["en", "fr"] as const) {
  const t = TEXTS[language];
  const prefix = language === "en" ? "" : "/fr";
  const locale = language === "en" ? "en-US" : "fr-FR";

  describe(`primary actions before hydration (${language})`, () => {
    it("Add to Cart clicked while the scripts load waits for them, then adds the service", async () => {
      const session = await openPage(browser, { locale });
      const { gate, locator } = await paintedWithoutScripts(session, `${prefix}/`, (page) =>
        page
          .locator("main")
          .getByRole("button", { name: new RegExp(`^${t.home.services.addToCart}`) })
          .first(),
      );
      expect(await locator.isDisabled()).toBe(true);
      const clicked = locator.click();
      gate.release();
      await clicked;
      await expectText(session.page.getByTestId("cart-badge"), "1");
      await session.close();
    });

    it("Claim clicked while the scripts load waits for them, then puts the deal in the cart", async () => {
      const session = await openPage(browser, { locale });
      const { gate, locator } = await paintedWithoutScripts(session, `${prefix}/hot-deals`, (page) =>
        page.locator("main").getByRole("button", { name: t.deals.card.claim, exact: true }).first(),
      );
      expect(await locator.isDisabled()).toBe(true);
      const clicked = locator.click();
      gate.release();
      await clicked;
      await expectText(session.page.getByTestId("cart-badge"), "1");
      await session.close();
    });

    it("Subscribe, Send and Sign in are disabled until the page can act, then enabled", async () => {
      const session = await openPage(browser, { locale });
      const pages: [string, (page: Page) => Locator][] = [
        [`${prefix}/hot-deals`, (page) => page.getByRole("button", { name: t.newsletter.box.subscribe, exact: true })],
        [`${prefix}/contact`, (page) => page.getByRole("button", { name: t.contact.form.send, exact: true })],
        [`${prefix}/login`, (page) => page.getByRole("button", { name: t.auth.login.submit, exact: true })],
      ];
      for (const [path, button] of pages) {
        await session.page.unrouteAll({ behavior: "ignoreErrors" });
        const { gate, locator } = await paintedWithoutScripts(session, path, button);
        expect(await locator.isDisabled(), path).toBe(true);
        gate.release();
        await waitForHydration(session.page);
        await locator.waitFor({ state: "visible" });
        expect(await locator.isEnabled(), path).toBe(true);
      }
      await session.close();
    });
  });
}
