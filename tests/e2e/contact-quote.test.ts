import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enContact from "../../app/locales/en/contact.json";
import frContact from "../../app/locales/fr/contact.json";
import {
  expectAccessibleWithin,
  expectValue,
  fileBrowser,
  openPage,
  waitForHydration,
  onSecondDatabase,
} from "./browser.ts";

/**
 * "Request Quote" buttons lead to #request-quote: the contact form opens with "Request quote" chosen,
 * in view and with the focus on its first field, on arrival (home page or /contact) and when the hash
 * changes while the visitor is on the page.
 */

const browser = fileBrowser();

const inView = (page: Page) =>
  page.waitForFunction(() => {
    const box = document.querySelector("#request-quote form")?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
  });
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name") ?? null);

const languages = [
  { name: "English", prefix: "/en", t: enContact },
  { name: "French", prefix: "/fr", t: frContact },
];

// What the address's #request-quote opens does not depend on the database: checked on the first run only.
describe.skipIf(onSecondDatabase()).each(languages)("#request-quote, in $name", ({ prefix, t }) => {
  it.each(["/contact", "/"])("opens the form on %s with Request quote chosen", async (path) => {
    const session = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const { page } = session;
    await page.goto(`${prefix}${path === "/" ? "" : path}#request-quote`);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: t.form.title });
    await expectValue(form.getByLabel(new RegExp(`^${t.fields.inquiryType}`)), "quote");
    await inView(page);
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "name");
    await expectAccessibleWithin(page, "#request-quote");
    await session.close();
  });

  it("opens it again when the hash changes on the page", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await page.goto(`${prefix}/contact`);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: t.form.title });
    const type = form.getByLabel(new RegExp(`^${t.fields.inquiryType}`));
    await expectValue(type, "question");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => {
      window.location.hash = "request-quote";
    });
    await expectValue(type, "quote");
    await inView(page);
    expect(await focusedName(page)).toBe("name");
    await session.close();
  });
});
