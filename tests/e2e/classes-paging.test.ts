import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enClasses from "../../app/locales/en/classes.json";
import frClasses from "../../app/locales/fr/classes.json";
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
 * The classes a page at a time in a real browser (docs/decisions/0036-lists-a-page-at-a-time.md), in both
 * languages: twelve classes a page, previous and next links, "Load more" appending the next page in place
 * once the page's JavaScript runs (a plain link before), and a 404 past the last page. The classes are this
 * run's own, found by a full-text search of a word of their titles, and deleted at the end: the demo
 * classes that other files look for on the list's first page stay there.
 */

const browser = fileBrowser();
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CLASSES = 14;
const WORD = { en: `Pagingen${RUN}`, fr: `Paginationfr${RUN}` };
const created: number[] = [];

const LANGUAGES = [
  { language: "en", word: WORD.en, texts: enClasses.list, region: enClasses.list.all },
  { language: "fr", word: WORD.fr, texts: frClasses.list, region: frClasses.list.all },
] as const;

const cardTitles = (page: Page, region: string) =>
  page.getByRole("region", { name: region, exact: true }).locator("article h3").allTextContents();

beforeAll(async () => {
  const staff = await staffRequest();
  for (let i = 1; i <= CLASSES; i++) {
    const number = String(i).padStart(2, "0");
    // Start dates one day apart in creation order: the list shows the earliest first.
    const response = await staff.post("/api/admin/classes", {
      data: {
        titleEn: `${WORD.en} ${number}`,
        titleFr: `${WORD.fr} ${number}`,
        descriptionEn: "A class of the paging test",
        descriptionFr: "Un cours du test des pages",
        instructorName: "Jules Moreau",
        durationEn: "4 weeks",
        durationFr: "4 semaines",
        level: "beginner",
        price: 10_000,
        startDate: new Date(Date.UTC(2031, 0, i)).toISOString(),
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
    const response = await staff.delete(`/api/admin/classes/${id}`, { headers: { origin: baseUrl() } });
    expect(response.status()).toBe(204);
  }
});

describe.each(LANGUAGES)("the classes' pages in $language", ({ language, word, texts, region }) => {
  const list = `/${language}/classes?q=${word}`;
  const inOrder = Array.from({ length: CLASSES }, (_, i) => `${word} ${String(i + 1).padStart(2, "0")}`);
  const pageOf = (page: number, last: number) =>
    texts.pageOf.replace("{{page}}", String(page)).replace("{{last}}", String(last));
  const pagination = (page: Page) => page.getByRole("navigation", { name: texts.pagination });

  it("shows twelve classes, then appends the next page in place with Load more", async () => {
    const session = await openPage(browser, { locale: language === "fr" ? "fr-FR" : "en-US" });
    const { page } = session;
    try {
      await page.goto(list);
      expect(await cardTitles(page, region)).toEqual(inOrder.slice(0, 12));
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
        (expected) => document.querySelectorAll("main article h3").length === expected,
        CLASSES,
      );
      expect(await cardTitles(page, region)).toEqual(inOrder);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(new URL(page.url()).search).toBe(`?q=${word}`);
      // Everything is on screen: neither Load more nor a next page is offered any more.
      expect(await page.getByRole("link", { name: texts.loadMore, exact: true }).count()).toBe(0);
      expect(await page.locator('main a[rel="next"]').count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await session.close();
    }
  });

  it("leads to the next page and back with its links, keeps the level, and answers 404 past the last", async () => {
    const filtered = `${list}&level=beginner`;
    const session = await openPage(browser, {
      locale: language === "fr" ? "fr-FR" : "en-US",
      allow: [expectedStatus(404, `${filtered}&page=3`)],
    });
    const { page } = session;
    try {
      await page.goto(filtered);
      await waitForHydration(page);
      await pagination(page).getByRole("link", { name: texts.nextPage, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      expect(new URL(page.url()).searchParams.get("level")).toBe("beginner");
      await expectText(pagination(page).getByText(pageOf(2, 2), { exact: true }), pageOf(2, 2));
      expect(await cardTitles(page, region)).toEqual(inOrder.slice(12));
      await expect(page.locator('head link[rel="prev"]').getAttribute("href")).resolves.toBe(filtered);
      await expectAccessible(page);

      await page.getByRole("link", { name: texts.previousPage, exact: true }).click();
      await page.waitForURL((url) => !url.searchParams.has("page"));
      await expectText(pagination(page).getByText(pageOf(1, 2), { exact: true }), pageOf(1, 2));
      expect(await cardTitles(page, region)).toEqual(inOrder.slice(0, 12));

      const past = await page.goto(`${filtered}&page=3`);
      expect(past?.status()).toBe(404);
    } finally {
      await session.close();
    }
  });
});
