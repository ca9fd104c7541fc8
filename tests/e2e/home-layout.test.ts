import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enCart from "../../app/locales/en/cart.json";
import frCart from "../../app/locales/fr/cart.json";
import enCommon from "../../app/locales/en/common.json";
import frCommon from "../../app/locales/fr/common.json";
import enHome from "../../app/locales/en/home.json";
import frHome from "../../app/locales/fr/home.json";
import enTestimonials from "../../app/locales/en/testimonials.json";
import frTestimonials from "../../app/locales/fr/testimonials.json";
import { CART_STORAGE_KEY } from "../../core/cart/limits.ts";
import {
  expectAccessible,
  expectText,
  expectToast,
  fileBrowser,
  onSecondDatabase,
  openPage,
  saveScreenshot,
  waitForHydration,
} from "./browser.ts";

/**
 * The compact home page (one row of core offers, the specialised services as a filterable list whose
 * rows open) in English and French, on a desktop and a phone: how tall it is, a row opened with its
 * digits-only budget and inline error, Add to Cart announced with the focus kept, the fixed price of
 * Logo Design, the sample invoice in the page's language, and axe with a row and the invoice open.
 */

const browser = fileBrowser();

/**
 * The page's height (document.body.scrollHeight) before the redesign, with the demo content: 9,755 and
 * 18,809 px in English, 10,214 and 19,951 px in French, at 1280 and 390 px wide. After it: 47 % at
 * 1280 px (4,596 and 4,800 px) and 41 % at 390 px (7,653 and 8,044 px). The caps leave a little room
 * for the brand fonts' metrics and a longer demo text.
 */
const BEFORE = { 1280: { en: 9755, fr: 10214 }, 390: { en: 18809, fr: 19951 } } as const;
const MAX_SHARE = { 1280: 0.49, 390: 0.43 } as const;

const TEXTS = {
  en: { home: enHome, cart: enCart, common: enCommon, testimonials: enTestimonials },
  fr: { home: frHome, cart: frCart, common: frCommon, testimonials: frTestimonials },
} as const;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
/** A pattern matching the text as expectText reads it: any run of spaces (narrow no-break ones too) as one. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");

async function settled(page: Page) {
  await waitForHydration(page);
  await page.getByTestId("testimonial-skeleton").first().waitFor({ state: "detached" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (const image of document.images) image.loading = "eager";
  });
}

for (const language of ["en", "fr"] as const) {
  const { home, cart, common, testimonials } = TEXTS[language];
  const path = language === "fr" ? "/fr" : "/";
  const locale = language === "fr" ? "fr-FR" : "en-US";

  for (const width of [1280, 390] as const) {
    // Layout does not change with the database: measured on the first run only (onSecondDatabase).
    describe.skipIf(onSecondDatabase())(
      `the home page at ${width} px in ${language === "en" ? "English" : "French"}`,
      () => {
        it(`is less than ${Math.round(MAX_SHARE[width] * 100)} % as tall as before, with every section still there`, async () => {
          const session = await openPage(browser, { locale, viewport: { width, height: 900 } });
          const { page } = session;
          await page.goto(path);
          await settled(page);
          for (const id of ["home", "about", "services", "testimonials", "contact", "consultation"])
            expect(await page.locator(`#${id}`).count(), id).toBe(1);
          expect(await page.locator('[data-testid^="service-card-"]').count()).toBe(5);
          expect(await page.locator('[data-testid^="specialised-card-"]').count()).toBe(11);
          const height = await page.evaluate(() => document.body.scrollHeight);
          expect(height).toBeLessThan(BEFORE[width][language] * MAX_SHARE[width]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          // The reviews are one row that scrolls sideways (and takes the keyboard focus to do so).
          const reviews = page.locator("#testimonials ul[tabindex='0'] > li");
          const reviewTops = await reviews.evaluateAll((items) =>
            items.map((item) => Math.round(item.getBoundingClientRect().top)),
          );
          expect(reviewTops.length).toBeGreaterThan(0);
          expect(new Set(reviewTops).size).toBe(1);
          // On a wide screen the contact form and the calendar sit side by side; on a phone, one under the other.
          const form = (await page.locator("#request-quote").boundingBox())!;
          const calendar = (await page.locator("#consultation").boundingBox())!;
          if (width === 1280) expect(Math.abs(form.y - calendar.y)).toBeLessThan(2);
          else expect(calendar.y).toBeGreaterThanOrEqual(form.y + form.height);
          await saveScreenshot(page, `home-layout-${language}-${width}`);
          await session.close();
        });
      },
    );
  }

  describe(`a specialised service's row (${language})`, () => {
    it("opens, keeps only digits in the budget, says what is wrong under it, adds with the focus kept and announces it", async () => {
      const session = await openPage(browser, { locale, viewport: { width: 390, height: 844 } });
      const { page } = session;
      await page.goto(path);
      await waitForHydration(page);
      const website = page.getByTestId("specialised-card-website");
      const toggle = website.locator("h3 button");
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const budget = website.getByLabel(home.specialised.budget);
      expect(await budget.getAttribute("inputmode")).toBe("numeric");

      // Typed characters other than digits never appear.
      await budget.fill("");
      await budget.pressSequentially("3a0-0x0");
      expect(await budget.inputValue()).toBe("3000");
      const addName = new RegExp(`^${escape(cart.page.addToCart)}`);
      const add = website.getByRole("button", { name: addName });
      const error = fill(cart.budget.outOfRange, { min: "$500", max: "$2,500" });
      // In the toast, with the specification's title, and under the field.
      await expectToast(page, () => add.click(), {
        title: cart.budget.invalidTitle,
        description: error,
        type: "error",
      });
      await expectText(website.getByRole("alert"), error);
      expect(await budget.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await budget.getAttribute("aria-describedby"))!;
      await expectText(page.locator(`[id="${describedBy}"]`), error);
      await expectAccessible(page);

      await budget.fill("1200");
      expect(await budget.getAttribute("aria-invalid")).toBe("false");
      await add.focus();
      await page.keyboard.press("Enter");
      const status = website.getByRole("status");
      expect(await status.getAttribute("aria-live")).toBe("polite");
      const added = fill(cart.toast.addedText, { service: language === "fr" ? "Site web" : "Website" });
      await expectText(status, new RegExp(escape(added)));
      expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
      // Not repeated in a toast over the header.
      expect(await page.locator("[data-sonner-toast]").filter({ hasText: added }).count()).toBe(0);
      const stored = JSON.parse(
        (await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)) ?? "{}",
      ) as { items: { serviceId: string; unitPriceCents: number }[] };
      expect(stored.items.map((item) => [item.serviceId, item.unitPriceCents])).toEqual([["website", 120_000]]);

      // The page with the row open has no accessibility violation either.
      await expectAccessible(page);
      await saveScreenshot(page, `home-row-open-${language}-390`);
      await session.close();
    });

    it("shows Logo Design's fixed price instead of a budget field, and filters the list by family", async () => {
      const session = await openPage(browser, { locale });
      const { page } = session;
      await page.goto(path);
      await waitForHydration(page);
      const logo = page.getByTestId("specialised-card-logo_design");
      await expectText(
        logo.locator("h3 button"),
        new RegExp(escape(fill(home.specialised.fixedPrice, { amount: "$75" }))),
      );
      await logo.locator("h3 button").click();
      expect(await logo.getByLabel(home.specialised.budget).count()).toBe(0);
      await expectText(logo.getByTestId("fixed-price"), /\$75/);

      const filters = page.getByRole("group", { name: home.specialised.filterLabel });
      await filters.getByRole("button", { name: new RegExp(`^${escape(home.specialised.filters.media)}`) }).click();
      expect(await page.locator('[data-testid^="specialised-card-"]').count()).toBe(3);
      await filters.getByRole("button", { name: new RegExp(`^${escape(home.specialised.filters.all)}`) }).click();
      expect(await page.locator('[data-testid^="specialised-card-"]').count()).toBe(11);
      await session.close();
    });

    it("shares on Facebook and WhatsApp from the first click, the share code loading only as a share button is approached", async () => {
      const session = await openPage(browser, { locale });
      const { page, context } = session;
      // The platforms are out of reach: their answer is faked, and the addresses asked for are kept.
      const shared: URL[] = [];
      await context.route(/^https:\/\/(www\.facebook\.com|wa\.me)\//, (route) => {
        shared.push(new URL(route.request().url()));
        return route.fulfill({ contentType: "text/html", body: "<title>Shared</title>" });
      });
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(scripts.filter((script) => script.includes("share-actions"))).toEqual([]);

      const pageUrl = new URL(page.url());
      const homeUrl = `${pageUrl.origin}${language === "fr" ? "/fr" : "/"}`;
      const whatsapp = page
        .locator("#testimonials")
        .getByRole("button", { name: fill(common.share.shareOn, { platform: "WhatsApp" }) });
      const [whatsappWindow] = await Promise.all([page.waitForEvent("popup"), whatsapp.click()]);
      await whatsappWindow.waitForLoadState();
      expect(scripts.filter((script) => script.includes("share-actions"))).toHaveLength(1);
      const text = shared.at(-1)!.searchParams.get("text")!;
      expect(shared.at(-1)!.origin).toBe("https://wa.me");
      expect(text.startsWith(testimonials.section.shareTitle)).toBe(true);
      expect(text.endsWith(`${homeUrl}#testimonials`)).toBe(true);
      await whatsappWindow.close();

      const conception = page.getByTestId("service-card-conception");
      await conception
        .getByRole("button", { name: /Conception/, expanded: false })
        .filter({ hasText: /Share|Partager/ })
        .click();
      const [facebookWindow] = await Promise.all([
        page.waitForEvent("popup"),
        page.getByRole("menu").getByRole("menuitem", { name: "Facebook" }).click(),
      ]);
      await facebookWindow.waitForLoadState();
      const facebook = shared.at(-1)!;
      expect(`${facebook.origin}${facebook.pathname}`).toBe("https://www.facebook.com/sharer/sharer.php");
      expect(facebook.searchParams.get("u")).toBe(`${homeUrl}#services`);
      expect(facebook.searchParams.get("quote")).toMatch(/^Conception/);
      await facebookWindow.close();
      // One download of the share code served both.
      expect(scripts.filter((script) => script.includes("share-actions"))).toHaveLength(1);
      await session.close();
    });

    it("opens a core offer's share menu from its button, and the sample invoice in the page's language", async () => {
      const session = await openPage(browser, { locale });
      const { page } = session;
      await page.goto(path);
      await waitForHydration(page);
      const conception = page.getByTestId("service-card-conception");
      await conception
        .getByRole("button", { name: /Conception/, expanded: false })
        .filter({ hasText: /Share|Partager/ })
        .click();
      const menu = page.getByRole("menu");
      await menu.waitFor();
      expect(await menu.getByRole("menuitem").count()).toBe(5);
      await page.keyboard.press("Escape");

      await page.getByTestId("invoice-sample").click();
      const dialog = page.getByRole("dialog", { name: home.invoice.title });
      await dialog.waitFor();
      await expectText(dialog.getByRole("heading", { level: 2 }), home.invoice.title);
      const text = (await dialog.textContent()) ?? "";
      expect(text).not.toContain("[Company Name]");
      expect(text).toContain("Atelier");
      expect(text).toContain(home.invoice.lines.logo.name);
      expect(text).toContain(home.invoice.thanks);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: home.invoice.close }).click();
      await dialog.waitFor({ state: "detached" });
      await session.close();
    });
  });
}

describe("Request Quote and Get Free Quote", () => {
  it("lead to #request-quote on the home page, while Book Consultation leads to the calendar", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.locator("#home").getByRole("link", { name: enHome.hero.requestQuote }).getAttribute("href")).toBe(
      "#request-quote",
    );
    expect(await page.getByRole("link", { name: enHome.cta.button }).getAttribute("href")).toBe("#request-quote");
    expect(
      await page.locator("#home").getByRole("link", { name: enHome.hero.bookConsultation }).getAttribute("href"),
    ).toBe("#consultation");
    await page.locator("#home").getByRole("link", { name: enHome.hero.requestQuote }).click();
    await page.waitForFunction(() => window.location.hash === "#request-quote");
    await session.close();
  });
});
