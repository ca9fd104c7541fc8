import { describe, expect, it } from "vitest";
import enAdmin from "../../app/locales/en/admin.json";
import frAdmin from "../../app/locales/fr/admin.json";
import {
  adminAccount,
  expectAccessible,
  fileBrowser,
  openPage,
  saveScreenshot,
  staffRequest,
  waitForHydration,
} from "./browser.ts";

/**
 * Each section of the staff dashboard is a page of its own (decision 36, "Staff screens"): opened by its
 * address, titled after the section, its link marked current, its rows a page at a time with previous
 * and next links, and the back button returns to the page before. English and French, axe on each page.
 */

const browser = fileBrowser();

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe("the staff dashboard's sections", () => {
  for (const language of ["en", "fr"] as const) {
    it(`opens the Posts section by its own address and walks its pages (${language})`, async () => {
      const a = language === "fr" ? frAdmin : enAdmin;
      const prefix = `/${language}`;
      // More posts than one page holds: twenty-one drafts of this run, the newest first in the list.
      const api = await staffRequest();
      const stamp = `${language}-${Date.now().toString(36)}`;
      const ids: number[] = [];
      for (let index = 1; index <= 21; index++) {
        const response = await api.post("/api/posts", {
          data: { title: `Section draft ${stamp} ${index}`, category: "design", language },
        });
        expect(response.status()).toBe(201);
        ids.push(((await response.json()) as { id: number }).id);
      }
      const listed = await api.get("/api/admin/posts?limit=1");
      const total = Number(listed.headers()["x-total-count"]);
      const lastPage = Math.ceil(total / 20);

      const { page } = await openPage(browser, { signedInAs: adminAccount() });
      try {
        await page.goto(`${prefix}/admin/posts`);
        await waitForHydration(page);
        expect(await page.title()).toMatch(new RegExp(`^${a.tabs.posts} \\| ${a.title} \\| `));
        const sections = page.getByRole("navigation", { name: a.tabsLabel });
        const current = sections.locator("a[aria-current=page]");
        expect(await current.textContent()).toBe(a.tabs.posts);
        const list = page.getByRole("region", { name: new RegExp(`^${a.posts.list.heading}`) });
        expect(await list.getByRole("heading", { level: 2 }).textContent()).toBe(`${a.posts.list.heading} (${total})`);
        // The newest post first: the last draft made above.
        expect(await list.locator("li h3").first().textContent()).toBe(`Section draft ${stamp} 21`);
        await expect(list.locator("li article").count()).resolves.toBe(20);
        const pager = page.getByRole("navigation", { name: a.pager.label });
        expect(await pager.textContent()).toContain(fill(a.pager.pageOf, { page: 1, last: lastPage, total }));
        await expectAccessible(page);
        await saveScreenshot(page, `admin-posts-${language}-1280`);

        // The next page is a link: its own address, the 21st newest post first.
        await pager.getByRole("link", { name: a.pager.next }).click();
        await page.waitForURL((url) => url.pathname === `${prefix}/admin/posts` && url.search === "?page=2");
        await expect.poll(() => list.locator("li h3").first().textContent()).toBe(`Section draft ${stamp} 1`);
        expect(await pager.textContent()).toContain(fill(a.pager.pageOf, { page: 2, last: lastPage, total }));
        expect(await current.textContent()).toBe(a.tabs.posts);
        await expectAccessible(page);

        // Back returns to the first page, then to the section opened before.
        await page.goBack();
        await page.waitForURL((url) => url.search === "");
        await expect.poll(() => list.locator("li h3").first().textContent()).toBe(`Section draft ${stamp} 21`);
        await sections.getByRole("link", { name: a.tabs.reviews, exact: true }).click();
        await page.waitForURL((url) => url.pathname === `${prefix}/admin/reviews`);
        await expect.poll(() => page.title()).toMatch(new RegExp(`^${a.tabs.reviews} \\| `));
        await page.goBack();
        await page.waitForURL((url) => url.pathname === `${prefix}/admin/posts`);

        // The dashboard's former tab addresses lead to the sections; a page past the last is not found.
        await page.goto(`${prefix}/admin?tab=moderation`);
        expect(new URL(page.url()).pathname).toBe(`${prefix}/admin/moderation`);
        expect(await current.textContent()).toContain(a.tabs.moderation);
        const beyond = await page.goto(`${prefix}/admin/posts?page=${lastPage + 1}`);
        expect(beyond?.status()).toBe(404);
      } finally {
        await page.context().close();
        for (const id of ids) expect((await api.delete(`/api/posts/${id}`)).status()).toBe(204);
      }
    });
  }
});
