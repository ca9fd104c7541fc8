import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enWaitlist from "../../app/locales/en/waitlist.json" with { type: "json" };
import frWaitlist from "../../app/locales/fr/waitlist.json" with { type: "json" };
import { baseUrl, expectAccessible, expectText, launchBrowser, mailLinkFor, openPage, waitForHydration } from "./browser.ts";

/**
 * The waiting list of a full class in a real browser, in English and French: the e-mailed link to leave
 * the list asks for a click and says the person has left.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TEXTS = { en: enWaitlist, fr: frWaitlist } as const;

/** The id of a full class of the demo content (Brand Identity: 8 seats, 8 enrolled). */
async function fullClassId(page: Page): Promise<number> {
  const response = await page.request.get("/api/classes");
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Array<{ id: number; full: boolean }> };
  const full = data.find((item) => item.full);
  expect(full, "a full demo class").toBeDefined();
  return full!.id;
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitForHydration(page);
}

describe.each(["en", "fr"] as const)("class waiting list (%s)", (language) => {
  const t = TEXTS[language];

  it("the e-mailed leave link asks for a click, then says the person has left; it passes axe", async () => {
    const { page, close } = await openPage(browser, { locale: language === "fr" ? "fr-FR" : "en-US" });
    try {
      const classId = await fullClassId(page);
      const email = `leave-${language}-${RUN}@example.com`;
      const joined = await page.request.post(`/api/classes/${classId}/waitlist`, { data: { name: `Leaver ${RUN}`, email, language }, headers: { origin: baseUrl() } });
      expect(joined.status(), await joined.text()).toBe(201);
      const link = await mailLinkFor(email, "class.waitlist-joined", `/${language}/waitlist/leave`);
      await visit(page, new URL(link).pathname + new URL(link).search);
      await expectText(page.getByRole("heading", { level: 1 }), t.leavePage.title);
      await expectAccessible(page);
      await page.getByRole("button", { name: t.leavePage.submit, exact: true }).click();
      await expectText(page.getByRole("heading", { level: 1 }), t.leavePage.doneTitle);
      await expectText(page.getByText(t.leavePage.doneText, { exact: true }), t.leavePage.doneText);
      await expectAccessible(page);
    } finally {
      await close();
    }
  });
});
