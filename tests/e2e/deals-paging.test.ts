import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enDeals from "../../app/locales/en/deals.json";
import frDeals from "../../app/locales/fr/deals.json";
import {
  baseUrl,
  expectAccessible,
  expectText,
  fileBrowser,
  openPage,
  saveScreenshot,
  staffRequest,
  waitForHydration,
} from "./browser.ts";

/**
 * The hot deals a page at a time in a real browser (docs/decisions/0036-lists-a-page-at-a-time.md), in both
 * languages: twelve deals a page, previous and next links, "Load more" appending the next page in place,
 * in the page's language, once the page's JavaScript runs (a plain link before). The deals are this run's
 * own, added by staff and deleted at the end, ending after the demo deals so that those stay on the first
 * page that other files look at: thirteen, so that with the three demo deals the list has two pages.
 */

const browser = fileBrowser();
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DEALS = 13;
const DAY = 86_400_000;
const created: number[] = [];

const LANGUAGES = [
  {
    language: "en",
    texts: enDeals.page,
    card: enDeals.card,
    title: (i: number) => `Paged Deal ${RUN} ${String(i).padStart(2, "0")}`,
  },
  {
    language: "fr",
    texts: frDeals.page,
    card: frDeals.card,
    title: (i: number) => `Offre paginée ${RUN} ${String(i).padStart(2, "0")}`,
  },
] as const;

/** The run's deals on screen, by title, in their order. */
const runDeals = async (page: Page) =>
  (await page.getByTestId("deal-card").locator("h2").allTextContents()).filter((title) => title.includes(RUN));
const cards = (page: Page) => page.getByTestId("deal-card").count();

beforeAll(async () => {
  const staff = await staffRequest();
  const now = Date.now();
  // Ending soonest first: deal 1 ends first, each a minute before the next, months after the demo deals.
  for (let i = 1; i <= DEALS; i++) {
    const response = await staff.post("/api/admin/hot-deals", {
      data: {
        titleEn: LANGUAGES[0].title(i),
        titleFr: LANGUAGES[1].title(i),
        descriptionEn: "A deal of the paging test, on the second page of the list or the first.",
        descriptionFr: "Une offre du test des pages, sur la deuxième page de la liste ou la première.",
        serviceNameEn: "Website",
        serviceNameFr: "Site web",
        originalPrice: 20_000,
        discountedPrice: 15_000,
        discountPercentage: 25,
        validFrom: new Date(now - 3_600_000).toISOString(),
        validUntil: new Date(now + 200 * DAY + i * 60_000).toISOString(),
        claimLimit: 10,
      },
      headers: { origin: baseUrl() },
    });
    expect(response.status(), await response.text()).toBe(201);
    created.push(((await response.json()) as { id: number }).id);
  }
}, 120_000);

afterAll(async () => {
  const staff = await staffRequest();
  // The other tests count the demo deals on the first page: these go.
  for (const id of created) {
    const response = await staff.delete(`/api/admin/hot-deals/${id}`, { headers: { origin: baseUrl() } });
    expect(response.status()).toBe(204);
  }
});

describe.each(LANGUAGES)("the hot deals' pages in $language", ({ language, texts, card, title }) => {
  const list = `/${language}/hot-deals`;
  const all = Array.from({ length: DEALS }, (_, i) => title(i + 1));
  const pagination = (page: Page) => page.getByRole("navigation", { name: texts.pagination });
  const pageOf = (page: number, last: number) =>
    texts.pageOf.replace("{{page}}", String(page)).replace("{{last}}", String(last));

  it("shows twelve deals, then appends the next page in place with Load more", async () => {
    const session = await openPage(browser, { locale: language === "fr" ? "fr-FR" : "en-US" });
    const { page } = session;
    try {
      await page.goto(list);
      expect(await cards(page)).toBe(12);
      const first = await runDeals(page);
      expect(first.length).toBeLessThan(DEALS);
      expect(first).toEqual(all.slice(0, first.length));
      await expect(page.locator('head link[rel="next"]').getAttribute("href")).resolves.toBe(`${list}?page=2`);
      await expect(page.locator('main a[rel="next"]').getAttribute("href")).resolves.toBe(`${list}?page=2`);
      expect(await page.locator('main a[rel="prev"]').count()).toBe(0);
      await expectText(pagination(page).getByText(pageOf(1, 2), { exact: true }), pageOf(1, 2));
      // Before the page's JavaScript runs, Load more is a link to the next page.
      const loadMore = page.getByRole("link", { name: texts.loadMore, exact: true });
      await expect(loadMore.getAttribute("href")).resolves.toBe(`${list}?page=2`);
      await expectAccessible(page);

      await waitForHydration(page);
      // A mark on the window survives only if the page is not loaded again.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await loadMore.click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="deal-card"]').length > 12);
      // The next page's deals, in the page's language, after the first page's.
      expect(await runDeals(page)).toEqual(all);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(new URL(page.url()).search).toBe("");
      // Everything is on screen: neither Load more nor a next page is offered any more.
      expect(await page.getByRole("link", { name: texts.loadMore, exact: true }).count()).toBe(0);
      expect(await page.locator('main a[rel="next"]').count()).toBe(0);
      // An appended deal is claimed like the others: the focus moves to the link that replaces Claim.
      const last = page
        .getByTestId("deal-card")
        .filter({ has: page.getByRole("heading", { name: all[DEALS - 1], exact: true }) });
      await last.getByRole("button", { name: card.claim, exact: true }).click();
      const inCart = last.getByRole("link", { name: card.inCart, exact: true });
      await inCart.waitFor();
      await expect.poll(() => inCart.evaluate((link) => link === document.activeElement)).toBe(true);
      await expectAccessible(page);
      await saveScreenshot(page, `deals-load-more-${language}`);
    } finally {
      await session.close();
    }
  });

  it("leads to the next page and back with its links", async () => {
    const session = await openPage(browser, { locale: language === "fr" ? "fr-FR" : "en-US" });
    const { page } = session;
    try {
      await page.goto(list);
      await waitForHydration(page);
      const first = await runDeals(page);
      await pagination(page).getByRole("link", { name: texts.nextPage, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await expectText(pagination(page).getByText(pageOf(2, 2), { exact: true }), pageOf(2, 2));
      expect(await runDeals(page)).toEqual(all.slice(first.length));
      await expect(page.locator('head link[rel="prev"]').getAttribute("href")).resolves.toBe(list);
      await expect(page.locator('main a[rel="prev"]').getAttribute("href")).resolves.toBe(list);
      expect(await page.locator('main a[rel="next"]').count()).toBe(0);
      await expectAccessible(page);

      await page.getByRole("link", { name: texts.previousPage, exact: true }).click();
      await page.waitForURL((url) => !url.searchParams.has("page"));
      await expectText(pagination(page).getByText(pageOf(1, 2), { exact: true }), pageOf(1, 2));
      expect(await runDeals(page)).toEqual(first);
    } finally {
      await session.close();
    }
  });
});
