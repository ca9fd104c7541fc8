import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enTestimonials from "../../app/locales/en/testimonials.json";
import frTestimonials from "../../app/locales/fr/testimonials.json";
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
 * The reviews a page at a time in a real browser (docs/decisions/0036-lists-a-page-at-a-time.md), in both
 * languages: twelve reviews a page, previous and next links, "Load more" appending the next page in place
 * once the page's JavaScript runs (a plain link before), and a 404 past the last page. The reviews are
 * this run's own, sent as visitors send them and approved by staff, then deleted at the end: the demo
 * reviews that other files look for on the list's first page are back there afterwards. Thirteen, so
 * that the visitors' budget of reviews per address (20 in 10 minutes) leaves room for the other files'.
 */

const browser = fileBrowser();
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const REVIEWS = 13;
const created: number[] = [];

const LANGUAGES = [
  { language: "en", texts: enTestimonials.page },
  { language: "fr", texts: frTestimonials.page },
] as const;

/** The run's reviews on screen, by author, in their order (the other reviews are older: after them). */
const authors = async (page: Page) =>
  (await page.locator("main section ul > li figcaption span.font-semibold").allTextContents()).filter((name) =>
    name.startsWith(`Reviewer ${RUN}`),
  );
const newestFirst = Array.from(
  { length: REVIEWS },
  (_, i) => `Reviewer ${RUN} ${String(REVIEWS - i).padStart(2, "0")}`,
);

beforeAll(async () => {
  const staff = await staffRequest();
  for (let i = 1; i <= REVIEWS; i++) {
    const name = `Reviewer ${RUN} ${String(i).padStart(2, "0")}`;
    const sent = await staff.post("/api/testimonials/submit", {
      data: { name, content: `A review of the paging test, number ${i}.`, rating: 5 },
      headers: { origin: baseUrl() },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const queue = (await (await staff.get("/api/admin/testimonials")).json()) as {
    testimonials: Array<{ id: number; customerName: string }>;
  };
  // The list is newest first by the time they were sent: 13 to 1, before the older reviews.
  const ours = queue.testimonials.filter((review) => review.customerName.startsWith(`Reviewer ${RUN}`));
  expect(ours).toHaveLength(REVIEWS);
  for (const review of ours) {
    const approved = await staff.put(`/api/testimonials/${review.id}`, {
      data: { approved: true },
      headers: { origin: baseUrl() },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    created.push(review.id);
  }
}, 120_000);

afterAll(async () => {
  const staff = await staffRequest();
  for (const id of created) {
    const response = await staff.delete(`/api/testimonials/${id}`, { headers: { origin: baseUrl() } });
    expect(response.status()).toBe(204);
  }
});

describe.each(LANGUAGES)("the reviews' pages in $language", ({ language, texts }) => {
  const list = `/${language}/testimonials`;
  const pagination = (page: Page) => page.getByRole("navigation", { name: texts.pagination });
  // The run's thirteen and the few the demo and other files approved: two pages.
  const pageOf = (page: number) => texts.pageOf.replace("{{page}}", String(page)).replace("{{last}}", "2");

  it("shows twelve reviews, then appends the next page in place with Load more", async () => {
    const session = await openPage(browser, { locale: language === "fr" ? "fr-FR" : "en-US" });
    const { page } = session;
    try {
      await page.goto(list);
      expect(await authors(page)).toEqual(newestFirst.slice(0, 12));
      await expect(page.locator('head link[rel="next"]').getAttribute("href")).resolves.toBe(`${list}?page=2`);
      await expect(page.locator('main a[rel="next"]').getAttribute("href")).resolves.toBe(`${list}?page=2`);
      expect(await page.locator('main a[rel="prev"]').count()).toBe(0);
      await expectText(pagination(page).getByText(pageOf(1), { exact: true }), pageOf(1));
      // Before the page's JavaScript runs, Load more is a link to the next page.
      const loadMore = page.getByRole("link", { name: texts.loadMore, exact: true });
      await expect(loadMore.getAttribute("href")).resolves.toBe(`${list}?page=2`);
      await expectAccessible(page);

      await waitForHydration(page);
      // A mark on the window survives only if the page is not loaded again.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      const before = await page.locator("main section ul > li").count();
      await loadMore.click();
      await page.waitForFunction((count) => document.querySelectorAll("main section ul > li").length > count, before);
      expect(await authors(page)).toEqual(newestFirst);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(new URL(page.url()).search).toBe("");
      await expectAccessible(page);
    } finally {
      await session.close();
    }
  });

  it("leads to the next page and back with its links, and answers 404 past the last", async () => {
    const session = await openPage(browser, {
      locale: language === "fr" ? "fr-FR" : "en-US",
      allow: [expectedStatus(404, `${list}?page=99`)],
    });
    const { page } = session;
    try {
      await page.goto(list);
      await waitForHydration(page);
      await pagination(page).getByRole("link", { name: texts.nextPage, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await expectText(pagination(page).getByText(pageOf(2), { exact: true }), pageOf(2));
      expect(await authors(page)).toEqual(newestFirst.slice(12));
      await expect(page.locator('head link[rel="prev"]').getAttribute("href")).resolves.toBe(list);
      await expectAccessible(page);

      await page.getByRole("link", { name: texts.previousPage, exact: true }).click();
      await page.waitForURL((url) => !url.searchParams.has("page"));
      await expectText(pagination(page).getByText(pageOf(1), { exact: true }), pageOf(1));
      expect(await authors(page)).toEqual(newestFirst.slice(0, 12));

      const past = await page.goto(`${list}?page=99`);
      expect(past?.status()).toBe(404);
    } finally {
      await session.close();
    }
  });
});
