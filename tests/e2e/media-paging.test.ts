import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enMedia from "../../app/locales/en/media.json";
import frMedia from "../../app/locales/fr/media.json";
import {
  baseUrl,
  expectAccessible,
  expectedStatus,
  expectText,
  fileBrowser,
  openPage,
  staffRequest,
  waitForHydration,
} from "./browser.ts";

/**
 * The media gallery a page at a time in a real browser (docs/decisions/0036-lists-a-page-at-a-time.md), in
 * both languages: twelve items a page, previous and next links, "Load more" appending the next page in
 * place once the page's JavaScript runs (a plain link before), and a 404 past the last page. The items are
 * this run's own, in a category the demo media and the other files leave alone ("audio": pictures of it
 * here, the category is only a label), and deleted at the end.
 */

const browser = fileBrowser();
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ITEMS = 14;
const CATEGORY = "audio";
const created: number[] = [];

const LANGUAGES = [
  { language: "en", texts: enMedia.page },
  { language: "fr", texts: frMedia.page },
] as const;

const cardTitles = (page: Page) => page.getByTestId("media-gallery").locator("h3").allTextContents();
/** The run's items, newest first as the gallery shows items of the same sort order. */
const newestFirst = Array.from({ length: ITEMS }, (_, i) => `Paging ${RUN} ${String(ITEMS - i).padStart(2, "0")}`);

beforeAll(async () => {
  const staff = await staffRequest();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2e86de" } })
    .png()
    .toBuffer();
  // Only this run's items may be in the category: a run stopped before its clean-up leaves its own.
  const left = (await (await staff.get(`/api/media?category=${CATEGORY}&limit=100`)).json()) as Array<{ id: number }>;
  for (const item of left) await staff.delete(`/api/media/${item.id}`, { headers: { origin: baseUrl() } });
  for (let i = 1; i <= ITEMS; i++) {
    const response = await staff.post("/api/media", {
      multipart: {
        title: `Paging ${RUN} ${String(i).padStart(2, "0")}`,
        category: CATEGORY,
        file: { name: "shot.png", mimeType: "image/png", buffer: png },
      },
      headers: { origin: baseUrl() },
    });
    expect(response.status(), await response.text()).toBe(201);
    created.push(((await response.json()) as { id: number }).id);
  }
}, 120_000);

afterAll(async () => {
  const staff = await staffRequest();
  for (const id of created) {
    const response = await staff.delete(`/api/media/${id}`, { headers: { origin: baseUrl() } });
    expect(response.status()).toBe(204);
  }
});

describe.each(LANGUAGES)("the gallery's pages in $language", ({ language, texts }) => {
  const list = `/${language}/media?category=${CATEGORY}`;
  const pageOf = (page: number, last: number) =>
    texts.pageOf.replace("{{page}}", String(page)).replace("{{last}}", String(last));
  const pagination = (page: Page) => page.getByRole("navigation", { name: texts.pagination });

  it("shows twelve items, then appends the next page in place with Load more", async () => {
    const session = await openPage(browser, { locale: language === "fr" ? "fr-FR" : "en-US" });
    const { page } = session;
    try {
      await page.goto(list);
      expect(await cardTitles(page)).toEqual(newestFirst.slice(0, 12));
      await expect(page.locator('head link[rel="next"]').getAttribute("href")).resolves.toBe(`${list}&page=2`);
      await expect(page.locator('main a[rel="next"]').getAttribute("href")).resolves.toBe(`${list}&page=2`);
      expect(await page.locator('main a[rel="prev"]').count()).toBe(0);
      await expectText(pagination(page).getByText(pageOf(1, 2), { exact: true }), pageOf(1, 2));
      // Before the page's JavaScript runs, Load more is a link to the next page.
      const loadMore = page.getByRole("link", { name: texts.loadMore, exact: true });
      await expect(loadMore.getAttribute("href")).resolves.toBe(`${list}&page=2`);
      await expectAccessible(page);

      await waitForHydration(page);
      // A mark on the window survives only if the page is not loaded again.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await loadMore.click();
      await page.waitForFunction(
        (expected) => document.querySelectorAll('[data-testid="media-gallery"] h3').length === expected,
        ITEMS,
      );
      expect(await cardTitles(page)).toEqual(newestFirst);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(new URL(page.url()).search).toBe(`?category=${CATEGORY}`);
      // Everything is on screen: neither Load more nor a next page is offered any more.
      expect(await page.getByRole("link", { name: texts.loadMore, exact: true }).count()).toBe(0);
      expect(await page.locator('main a[rel="next"]').count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await session.close();
    }
  });

  it("leads to the next page and back with its links, keeps the category, and answers 404 past the last", async () => {
    const session = await openPage(browser, {
      locale: language === "fr" ? "fr-FR" : "en-US",
      allow: [expectedStatus(404, `${list}&page=3`)],
    });
    const { page } = session;
    try {
      await page.goto(list);
      await waitForHydration(page);
      await pagination(page).getByRole("link", { name: texts.nextPage, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      expect(new URL(page.url()).searchParams.get("category")).toBe(CATEGORY);
      await expectText(pagination(page).getByText(pageOf(2, 2), { exact: true }), pageOf(2, 2));
      expect(await cardTitles(page)).toEqual(newestFirst.slice(12));
      await expect(page.locator('head link[rel="prev"]').getAttribute("href")).resolves.toBe(list);
      await expectAccessible(page);

      await page.getByRole("link", { name: texts.previousPage, exact: true }).click();
      await page.waitForURL((url) => !url.searchParams.has("page"));
      await expectText(pagination(page).getByText(pageOf(1, 2), { exact: true }), pageOf(1, 2));
      expect(await cardTitles(page)).toEqual(newestFirst.slice(0, 12));

      const past = await page.goto(`${list}&page=3`);
      expect(past?.status()).toBe(404);
    } finally {
      await session.close();
    }
  });
});
