import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enCommon from "../../app/locales/en/common.json";
import frCommon from "../../app/locales/fr/common.json";
import {
  adminAccount,
  expectAccessible,
  expectAccessibleWithin,
  fileBrowser,
  onSecondDatabase,
  openPage,
  waitForHydration,
  type PageSession,
} from "./browser.ts";

/**
 * The one header of the site (spec 000, "App navigation bar" and "Landing header"), in both languages,
 * on a wide screen and on a phone: the same on the home page and on inner pages, its menus and its
 * drawer with the keyboard and axe, staff links for staff only, no link to a page that does not exist
 * yet, toasts clear of it and gone with the page, and the brand fonts loaded without moving anything.
 */

const browser = fileBrowser();

const UNBUILT = ["/calls"];
/**
 * "No layout shift": Lighthouse shows CLS to two decimals. A swap can still move a label of the bar by a
 * pixel or two sideways (no fallback matches every word's width), which scores 0.0001 to 0.003 (the
 * French home page at 390 px, the most text); a line that wraps differently, the shift a missing
 * fallback causes, scores 0.01 and more.
 */
const LAYOUT_SHIFT_NONE = 0.005;
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const languages = [
  { lang: "en", prefix: "/en", common: enCommon, locale: "en-US" },
  { lang: "fr", prefix: "/fr", common: frCommon, locale: "fr-FR" },
] as const;

/** The header's links, as the visitor can reach them: the bar (menus included) or, on a phone, the drawer. */
async function headerLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector("[data-testid=site-header]")!;
    const menus = [...header.querySelectorAll("[aria-controls]")].map((trigger) =>
      document.getElementById(trigger.getAttribute("aria-controls")!),
    );
    const drawer = document.querySelector("[data-testid=site-drawer]");
    return [header, ...menus, drawer]
      .filter((scope): scope is Element => scope !== null)
      .flatMap((scope) =>
        [...scope.querySelectorAll("a")].map((a) => `${a.textContent?.trim()} ${a.getAttribute("href")}`),
      )
      .sort();
  });
}

async function openDrawerByKeyboard(page: Page) {
  const button = page.getByTestId("menu-button");
  await button.focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("site-drawer").waitFor();
}

async function signInAsStaff(page: Page) {
  const admin = adminAccount();
  const response = await page.request.post("/api/auth/login", {
    data: { identifier: admin.email, password: admin.password },
  });
  expect(response.status()).toBe(200);
}

/**
 * Waits until the page has drawn two more frames and run the tasks queued after them: a layout shift
 * from the last change (a font swapped in) has then happened and reached the observer.
 */
async function framesDrawn(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/** The layout shifts recorded since the page started loading, summed as CLS counts them (none after input). */
async function recordLayoutShifts(session: PageSession) {
  await session.page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

// The header does not change with the database: checked on the first run only (onSecondDatabase).
describe.skipIf(onSecondDatabase()).each(languages)("the header in $lang", ({ prefix, common, locale }) => {
  describe.each([
    { size: "1280", viewport: WIDE },
    { size: "390", viewport: PHONE },
  ])("at $size px", ({ viewport }) => {
    const phone = viewport.width < 1280;

    it("is the same on the home page and on inner pages, and links to no page that does not exist yet", async () => {
      const session = await openPage(browser, { locale, viewport });
      const { page } = session;
      const seen: string[][] = [];
      for (const path of [prefix, `${prefix}/posts`, `${prefix}/hot-deals`]) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.getByRole("banner").count()).resolves.toBe(1);
        await expect(page.getByTestId("site-header").count()).resolves.toBe(1);
        // The hamburger at the same breakpoint everywhere; the bar's links on wide screens only.
        expect(await page.getByTestId("menu-button").isVisible()).toBe(phone);
        expect(await page.getByRole("navigation", { name: common.nav.mainLabel }).isVisible()).toBe(!phone);
        if (phone) await openDrawerByKeyboard(page);
        const links = await headerLinks(page);
        for (const unbuilt of UNBUILT) expect(links.some((link) => link.endsWith(`${prefix}${unbuilt}`))).toBe(false);
        seen.push(links);
        for (const label of [
          common.nav.home,
          common.nav.about,
          common.nav.services,
          common.nav.contact,
          common.nav.blog,
          common.nav.tutorials,
          common.nav.classes,
          common.nav.reviews,
          common.nav.hotDeals,
          common.nav.login,
        ]) {
          expect(
            links.some((link) => link.startsWith(`${label} `)),
            `${label} in ${links.join(", ")}`,
          ).toBe(true);
        }
        expect(links).not.toContainEqual(expect.stringMatching(/ \/(en|fr)\/admin$/));
      }
      expect(seen[1]).toEqual(seen[0]);
      expect(seen[2]).toEqual(seen[0]);
      await session.close();
    });

    it("opens its menus and drawer with the keyboard, passes axe open, and closes them with Escape", async () => {
      const session = await openPage(browser, { locale, viewport });
      const { page } = session;
      await page.goto(`${prefix}/posts`);
      await waitForHydration(page);
      if (!phone) {
        const explore = page.getByRole("button", { name: common.nav.explore, exact: true });
        await explore.focus();
        await page.keyboard.press("Enter");
        const menu = page.getByRole("menu", { name: common.nav.explore });
        await menu.waitFor();
        // The first item takes the focus (as the menu's toggle event runs); the arrows move it.
        const focused = (text: string) =>
          page.waitForFunction((expected) => document.activeElement?.textContent === expected, text, {
            timeout: 5_000,
          });
        await focused(common.nav.portfolio);
        await page.keyboard.press("ArrowDown");
        await focused(common.nav.reviews);
        await page.keyboard.press("ArrowDown");
        await focused(common.nav.hotDeals);
        await expectAccessible(page);
        await page.keyboard.press("Escape");
        await menu.waitFor({ state: "hidden" });
        expect(await explore.evaluate((element) => element === document.activeElement)).toBe(true);
        // And a menu item is a client-side navigation.
        await explore.click();
        await menu.getByRole("menuitem", { name: common.nav.hotDeals }).click();
        await page.waitForURL((url) => url.pathname === `${prefix}/hot-deals`);
      } else {
        await openDrawerByKeyboard(page);
        const drawer = page.getByRole("dialog", { name: common.nav.menuTitle });
        // The page behind is inert: Tab goes round inside the drawer.
        for (let i = 0; i < 25; i++) {
          await page.keyboard.press("Tab");
          // (Past the last control the browser's own UI may hold the focus for a step: the body, never the page.)
          expect(
            await page.evaluate(
              () => document.activeElement === document.body || document.activeElement?.closest("dialog") !== null,
            ),
          ).toBe(true);
        }
        await expectAccessible(page);
        await page.keyboard.press("Escape");
        await drawer.waitFor({ state: "hidden" });
        expect(await page.getByTestId("menu-button").evaluate((element) => element === document.activeElement)).toBe(
          true,
        );
        // Following a link closes it.
        await openDrawerByKeyboard(page);
        await drawer.getByRole("link", { name: common.nav.hotDeals }).click();
        await page.waitForURL((url) => url.pathname === `${prefix}/hot-deals`);
        await drawer.waitFor({ state: "hidden" });
      }
      // After a client-side navigation the focus is on the new page's heading.
      await page.waitForFunction(() => document.activeElement?.tagName === "H1");
      await session.close();
    });

    it("shows staff the Admin link, and only staff", async () => {
      const session = await openPage(browser, { locale, viewport });
      const { page } = session;
      await signInAsStaff(page);
      await page.goto(`${prefix}/posts`);
      await waitForHydration(page);
      if (phone) {
        await openDrawerByKeyboard(page);
        await page.getByTestId("site-drawer").getByRole("link", { name: common.nav.admin, exact: true }).waitFor();
        await expectAccessibleWithin(page, "dialog");
      } else {
        // "Your account: Avery" (the French colon follows a narrow no-break space, which names collapse).
        await page.getByRole("button", { name: new RegExp(`^${common.nav.accountOf.split(/\s*:/)[0]}`) }).click();
        await page.getByRole("menuitem", { name: common.nav.admin, exact: true }).waitFor();
        await expectAccessible(page);
      }
      const links = await headerLinks(page);
      expect(links).toContain(`${common.nav.admin} ${prefix}/admin`);
      expect(links).toContain(`${common.nav.leads} ${prefix}/leads`);
      for (const unbuilt of UNBUILT) expect(links.some((link) => link.endsWith(`${prefix}${unbuilt}`))).toBe(false);
      await session.close();
    });

    it("shows toasts clear of the header and takes them away on the next page", async () => {
      const session = await openPage(browser, { locale, viewport });
      const { page, context } = session;
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto(`${prefix}/posts`);
      await waitForHydration(page);
      await page
        .locator("main")
        .getByRole("button", { name: new RegExp(`^${common.share.button}`) })
        .first()
        .click();
      await page.getByRole("menuitem", { name: common.share.copyLink }).click();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: common.share.linkCopied });
      await toast.waitFor();
      // The toasts' region is named in the page's language (sonner's own "Notifications alt+T" otherwise).
      await expect(page.locator("section:has(> [data-sonner-toaster])").getAttribute("aria-label")).resolves.toBe(
        common.toast.region,
      );
      const header = (await page.getByTestId("site-header").boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y, "the toast starts below the header").toBeGreaterThanOrEqual(header.y + header.height);
      // At the bottom of the screen.
      expect(box.y + box.height).toBeGreaterThan(viewport.height / 2);

      if (phone) {
        await openDrawerByKeyboard(page);
        await page.getByTestId("site-drawer").getByRole("link", { name: common.nav.reviews }).click();
      } else {
        await page.getByRole("button", { name: common.nav.explore, exact: true }).click();
        await page.getByRole("menuitem", { name: common.nav.reviews }).click();
      }
      await page.waitForURL((url) => url.pathname === `${prefix}/testimonials`);
      await toast.waitFor({ state: "detached", timeout: 3_000 });
      await session.close();
    });

    it("loads the brand fonts without moving anything on the home page", async () => {
      const session = await openPage(browser, { locale, viewport });
      const { page } = session;
      await recordLayoutShifts(session);
      await page.goto(prefix);
      await waitForHydration(page);
      await page.evaluate(() => document.fonts.ready);
      const fonts = await page.evaluate(() =>
        [...document.fonts].filter((font) => font.status === "loaded").map((font) => font.family.replace(/"/g, "")),
      );
      expect(fonts).toContain("Inter");
      expect(fonts).toContain("Fraunces");
      expect(await page.evaluate(() => document.fonts.check('600 40px "Fraunces"', "Créativité « à » œuvre"))).toBe(
        true,
      );
      // The files the stylesheet uses are the ones the document preloads.
      const preloaded = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>("link[rel=preload][as=font]")].map((link) => link.href),
      );
      expect(preloaded).toHaveLength(2);
      const used = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".woff2"))
          .map((entry) => entry.name),
      );
      expect(used.sort()).toEqual(preloaded.sort());
      await framesDrawn(page);
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(
        LAYOUT_SHIFT_NONE,
      );
      await session.close();
    });

    it("keeps every line in place when the fonts arrive late (metric-matched fallbacks)", async () => {
      const session = await openPage(browser, { locale, viewport });
      const { page } = session;
      await recordLayoutShifts(session);
      // A slow network: the page is drawn in the fallback fonts first, then swaps.
      await page.route(/\.woff2$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(prefix);
      await waitForHydration(page);
      const headline = page.getByRole("heading", { level: 1 });
      const before = (await headline.boundingBox())!;
      await page.waitForFunction(() =>
        [...document.fonts].some((font) => font.family.replace(/"/g, "") === "Fraunces" && font.status === "loaded"),
      );
      await page.evaluate(() => document.fonts.ready);
      await framesDrawn(page);
      // The headline (the largest text, the LCP element) wraps into the same lines in both fonts.
      expect((await headline.boundingBox())!.height).toBe(before.height);
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(
        LAYOUT_SHIFT_NONE,
      );
      await session.close();
    });
  });

  it("offers a skip link to the main content as the first Tab stop", async () => {
    const session = await openPage(browser, { locale });
    const { page } = session;
    await page.goto(`${prefix}/posts`);
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: common.nav.skipToContent });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash === "#main");
    await session.close();
  });

  it("scrolls to a home page section from another page, clear of the sticky header", async () => {
    const session = await openPage(browser, { locale, viewport: WIDE });
    const { page } = session;
    await page.goto(`${prefix}/posts`);
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: common.nav.mainLabel })
      .getByRole("link", { name: common.nav.services, exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === prefix && url.hash === "#services");
    await page.waitForFunction(() => {
      const top = document.getElementById("services")?.getBoundingClientRect().top ?? -1;
      return top >= 64 && top <= 100;
    });
    await expectAccessibleWithin(page, "header");
    await session.close();
  });
});
