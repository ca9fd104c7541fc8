import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enLegal from "../../app/locales/en/legal.json";
import frBlog from "../../app/locales/fr/blog.json";
import frContact from "../../app/locales/fr/contact.json";
import frLegal from "../../app/locales/fr/legal.json";
import {
  baseUrl,
  expectText,
  fileBrowser,
  onSecondDatabase,
  openPage,
  waitForHydration,
  type PageSession,
} from "./browser.ts";

/**
 * Translations per route: the server inlines the namespaces of the page it renders, the browser
 * fetches the others when a client navigation needs them, before the page renders (never a key in
 * place of a text), and a change of language loads every namespace used so far in the new language.
 */
const browser = fileBrowser();
let session: PageSession;
let page: Page;
const localeFiles: string[] = [];

beforeAll(async () => {
  session = await openPage(browser, { locale: "en-US" });
  page = session.page;
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (/^\/assets\/(legal|blog|mail|common|errors)-[\w-]{8}\.js$/.test(url.pathname)) localeFiles.push(url.pathname);
  });
  // Every text the page's main heading shows, from the first paint on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __headings: string[] }).__headings = seen;
    const record = () => {
      const text = document.querySelector("main h1")?.textContent?.trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
});
afterAll(async () => {
  await session?.close();
});

const headings = () => page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);

interface Inlined {
  language: string;
  resources: Record<string, Record<string, unknown>>;
  partial?: string[];
}
const inlined = () =>
  page.evaluate(() => JSON.parse(document.getElementById("i18n-resources")?.textContent ?? "null") as Inlined | null);

// Which translations a page loads does not depend on the database: checked on the first run only.
describe.skipIf(onSecondDatabase())("translations per route", () => {
  it("inlines only the page's namespaces in its language, and fetches no locale file to hydrate", async () => {
    await page.goto("/fr/privacy");
    await waitForHydration(page);
    const data = await inlined();
    expect(data?.language).toBe("fr");
    // "assistant": the site layout's chat and voice buttons, on every page.
    expect(Object.keys(data?.resources ?? {}).sort()).toEqual(["assistant", "common", "legal"]);
    expect(localeFiles).toEqual([]);
    await expectText(page.getByRole("heading", { level: 1 }), frLegal.privacy.title);
  });

  it("leaves the schemas' messages and the e-mails out of the page, and shows a message translated once a form is sent", async () => {
    await page.goto("/fr/contact");
    await waitForHydration(page);
    const data = await inlined();
    expect(data?.resources.contact?.form).toBeDefined();
    expect(data?.resources.contact?.validation).toBeUndefined();
    expect(data?.resources.contact?.email).toBeUndefined();
    expect(Object.keys(data?.resources.errors ?? {})).toEqual(["network"]);
    expect(data?.partial).toEqual(expect.arrayContaining(["contact", "errors"]));

    const form = page.getByRole("form", { name: frContact.form.title });
    await form.getByLabel(new RegExp(`^${frContact.fields.name}`)).fill("Camille");
    await form.getByLabel(new RegExp(`^${frContact.fields.email}`)).fill("pas-une-adresse");
    await form.getByLabel(new RegExp(`^${frContact.fields.message}`)).fill("Un message assez long pour passer.");
    await form.getByRole("button", { name: frContact.form.send, exact: true }).click();
    await expectText(form.getByText(frContact.validation.emailInvalid), frContact.validation.emailInvalid);
    expect(
      await form
        .getByLabel(new RegExp(`^${frContact.fields.email}`))
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
  });

  it("loads a page's namespaces on a client navigation before showing it: no key on screen", async () => {
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/fr/posts");
    await expectText(page.getByRole("heading", { level: 1 }), frBlog.list.heading);
    expect(localeFiles.some((file) => file.startsWith("/assets/blog-"))).toBe(true);
    expect(localeFiles.some((file) => file.startsWith("/assets/mail-"))).toBe(false);
    const shown = await headings();
    expect(
      shown.filter((text) => /^[a-z]+(\.[a-zA-Z]+)+$/.test(text)),
      `headings shown: ${JSON.stringify(shown)}`,
    ).toEqual([]);
  });

  it("switches language after navigating: the pages seen so far come back in the new language", async () => {
    await page.goto("/privacy");
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), enLegal.privacy.title);
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: "Français" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    await expectText(page.getByRole("heading", { level: 1 }), frLegal.privacy.title);
  });

  it("renders concurrent requests in two languages each in its own (the server shares one instance per language)", async () => {
    const addresses = Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? "/privacy" : "/fr/privacy"));
    const pages = await Promise.all(
      addresses.map(async (path) => ({
        path,
        html: await (await fetch(new URL(path, baseUrl()), { headers: { "accept-language": "en-US" } })).text(),
      })),
    );
    for (const { path, html } of pages) {
      const french = path.startsWith("/fr");
      expect(html, path).toContain(`<html lang="${french ? "fr" : "en"}"`);
      expect(html, path).toContain(french ? frLegal.privacy.title : enLegal.privacy.title);
      expect(html, path).not.toContain(french ? enLegal.privacy.title : frLegal.privacy.title);
      const block = /<script id="i18n-resources" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
      expect((JSON.parse(block ?? "null") as Inlined | null)?.language, path).toBe(french ? "fr" : "en");
    }
  });
});
