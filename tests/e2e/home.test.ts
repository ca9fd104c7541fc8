import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import frHome from "../../app/locales/fr/home.json";
import {
  expectAccessible,
  fileBrowser,
  openPage,
  saveScreenshot,
  waitForHydration,
  onSecondDatabase,
} from "./browser.ts";

/**
 * The whole home page as a visitor sees it on a desktop and on a phone, in English and French: every
 * section rendered, the testimonials streamed in, nothing wider than the screen, no accessibility
 * violation, and a full-page screenshot under test-results/ to look at.
 */

const browser = fileBrowser();

/** Waits until the streamed testimonials replaced their skeletons and every image and font is in. */
async function settled(page: Page) {
  await waitForHydration(page);
  await page.getByTestId("testimonial-skeleton").first().waitFor({ state: "detached" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images below the fold would stay blank in a full-page screenshot: load them now.
    for (const image of document.images) image.loading = "eager";
    await Promise.all(
      Array.from(document.images, (image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener("load", resolve, { once: true });
              image.addEventListener("error", resolve, { once: true });
            }),
      ),
    );
  });
}

const SECTIONS = ["services", "testimonials", "contact", "consultation"];

for (const [language, path, width, height] of [
  ["en", "/", 1280, 800],
  ["en", "/", 390, 844],
  ["fr", "/fr", 390, 844],
] as const) {
  // Layout does not change with the database: checked on the first run only (onSecondDatabase).
  describe.skipIf(onSecondDatabase())(
    `the home page at ${width} px in ${language === "en" ? "English" : "French"}`,
    () => {
      it("shows every section, fits the screen and passes axe-core; screenshot saved", async () => {
        const session = await openPage(browser, { viewport: { width, height } });
        const { page } = session;
        await page.goto(path);
        await settled(page);
        expect(await page.locator("html").getAttribute("lang")).toBe(language);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
          language === "fr" ? frHome.hero.title : "Human creativity, amplified by AI",
        );
        for (const id of SECTIONS) expect(await page.locator(`#${id}`).count(), `section #${id}`).toBe(1);
        expect(await page.locator('[data-testid^="service-card-"]').count()).toBe(5);
        expect(await page.locator('[data-testid^="specialised-card-"]').count()).toBe(11);
        expect(
          await page
            .getByRole("list", { name: language === "fr" ? "Témoignages de clients" : "Client testimonials" })
            .getByRole("listitem")
            .count(),
        ).toBeGreaterThan(0);
        // Nothing wider than the screen: no sideways scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page);
        await saveScreenshot(page, `home-page-${language}-${width}`);
        await session.close();
      });
    },
  );
}
