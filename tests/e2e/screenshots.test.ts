import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enDeals from "../../app/locales/en/deals.json";
import frDeals from "../../app/locales/fr/deals.json";
import {
  RESULTS_DIR,
  adminAccount,
  expectAccessible,
  fileBrowser,
  onSecondDatabase,
  openPage,
  waitForHydration,
} from "./browser.ts";

/**
 * The pages a visitor and staff see most, photographed in both languages at a desktop and a phone width
 * for a person to look at (test-results/screenshots/, git-ignored; not in CI), each checked for
 * horizontal overflow and with axe as it is.
 */

const browser = fileBrowser();

const DIR = path.join(RESULTS_DIR, "screenshots");

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  // Nothing half-drawn: lazy images near the top have arrived, toasts of the last page have gone.
  await page.waitForLoadState("networkidle");
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 10_000 });
  // From the top, as a visitor arrives: the sticky header would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  // The pictures are for a person at this machine: CI, where nobody opens them, skips drawing them (a
  // whole phone-width page is 8,000 px tall) and keeps the checks below.
  if (!process.env.CI) {
    fs.mkdirSync(DIR, { recursive: true });
    // JPEG: Chromium encodes such a tall page as PNG several times slower.
    await page.screenshot({ path: path.join(DIR, `${name}.jpg`), fullPage: true, type: "jpeg", quality: 85 });
  }
  // Nothing wider than the screen (the header with a cart total and the longest French labels included).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible(page);
}

const languages = [
  { lang: "en", locale: "en-US", deals: enDeals },
  { lang: "fr", locale: "fr-FR", deals: frDeals },
] as const;

describe.skipIf(onSecondDatabase()).each(languages)("screenshots in $lang", ({ lang, locale, deals }) => {
  it.each([1280, 390])("of home, a post, hot deals, the cart with an item and admin at %i px", async (width) => {
    const session = await openPage(browser, { locale, viewport: { width, height: width < 1280 ? 844 : 800 } });
    const { page } = session;
    const name = (what: string) => `${what}-${width}-${lang}`;

    await page.goto(`/${lang}`);
    await waitForHydration(page);
    await shoot(page, name("home"));

    await page.goto(`/${lang}/posts`);
    await waitForHydration(page);
    const post = await page.locator(`main a[href^="/${lang}/posts/"]`).first().getAttribute("href");
    expect(post).toBeTruthy();
    await page.goto(post!);
    await waitForHydration(page);
    await shoot(page, name("post"));

    await page.goto(`/${lang}/hot-deals`);
    await waitForHydration(page);
    await page.locator("main").getByRole("button", { name: deals.card.claim, exact: true }).first().click();
    await page.locator("main").getByRole("link", { name: deals.card.inCart }).first().waitFor();
    await page.getByTestId("cart-badge").waitFor();
    await page.reload();
    await waitForHydration(page);
    await shoot(page, name("hot-deals"));

    await page.goto(`/${lang}/cart`);
    await waitForHydration(page);
    await page.getByTestId("cart-line").first().waitFor();
    await shoot(page, name("cart"));

    const admin = adminAccount();
    const response = await page.request.post("/api/auth/login", {
      data: { identifier: admin.email, password: admin.password },
    });
    expect(response.status()).toBe(200);
    await page.goto(`/${lang}/admin`);
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: lang === "fr" ? "Sections du tableau de bord" : "Dashboard sections" })
      .waitFor();
    await shoot(page, name("admin"));
    await session.close();
  });
});
