import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import frCommon from "../../app/locales/fr/common.json";
import {
  adminAccount,
  baseUrl,
  expectAccessible,
  expectedStatus,
  fileBrowser,
  onSecondDatabase,
  openPage,
  registerCustomerByApi,
  saveScreenshot,
  signIn,
  waitForHydration,
} from "./browser.ts";

const browser = fileBrowser();

/** The document's main heading. */
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const htmlLang = (page: Page) => page.locator("html").getAttribute("lang");
const linkHref = (page: Page, selector: string) => page.locator(`head ${selector}`).getAttribute("href");

describe("the home page", () => {
  it("renders on the server, hydrates, and follows a navigation link without reloading", async () => {
    const session = await openPage(browser);
    const { page } = session;
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(heading(page).count()).resolves.toBe(1);
    expect(await page.title()).not.toBe("");
    await expect(page.locator("main#main").count()).resolves.toBe(1);
    await waitForHydration(page);
    await expectAccessible(page);
    await saveScreenshot(page, "home-1280");

    // A full page load would wipe this marker; a client-side navigation keeps it.
    await page.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = "still the same document"));
    let loads = 0;
    page.on("load", () => loads++);
    // The blog is in the header's Learn menu, with the tutorials and the classes.
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("button", { name: "Learn", exact: true })
      .click();
    await page.getByRole("menuitem", { name: "Blog", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/posts");
    await expect(heading(page).count()).resolves.toBe(1);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      "still the same document",
    );
    expect(loads).toBe(0);
    await session.close();
  });

  it("fits a 390 px wide phone screen", async () => {
    const session = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const { page } = session;
    await page.goto("/");
    await waitForHydration(page);
    // Nothing wider than the screen: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await saveScreenshot(page, "home-390");
    await session.close();
  });
});

describe.skipIf(onSecondDatabase())("a missing page", () => {
  it("answers 404 with the Page Not Found heading", async () => {
    const session = await openPage(browser, { allow: [expectedStatus(404, "/this-page-does-not-exist")] });
    const { page } = session;
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(heading(page).textContent()).resolves.toBe("Page Not Found");
    expect(await page.title()).toContain("Page Not Found");
    await waitForHydration(page);
    await expectAccessible(page);
    await session.close();
  });

  it("is a 404 in French under /fr, and for an unknown language prefix", async () => {
    const session = await openPage(browser, {
      allow: [expectedStatus(404, "/fr/cette-page-n-existe-pas"), expectedStatus(404, "/de/posts")],
    });
    const { page } = session;
    const french = await page.goto("/fr/cette-page-n-existe-pas");
    expect(french?.status()).toBe(404);
    expect(await htmlLang(page)).toBe("fr");
    await expect(heading(page).textContent()).resolves.toBe(frCommon.errorPage.notFound.title);
    const unknownLanguage = await page.goto("/de/posts");
    expect(unknownLanguage?.status()).toBe(404);
    await session.close();
  });
});

// Which language a page is in, and its links, do not depend on the database: checked on the first run only.
describe.skipIf(onSecondDatabase())("language in the address", () => {
  for (const [language, path] of [
    ["fr", "/fr"],
    ["en", "/en"],
    ["fr", "/fr/posts"],
    ["en", "/en/posts"],
  ] as const) {
    it(`${path} is in ${language}, with its canonical and hreflang links`, async () => {
      const session = await openPage(browser, { locale: language === "fr" ? "en-US" : "fr-FR" });
      const { page } = session;
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // The address wins over the browser's language (set to the other one here).
      expect(await htmlLang(page)).toBe(language);
      const rest = path.slice(3) || "";
      expect(await linkHref(page, 'link[rel="canonical"]')).toBe(`${baseUrl()}${path}`);
      expect(await linkHref(page, 'link[rel="alternate"][hreflang="en"]')).toBe(`${baseUrl()}/en${rest}`);
      expect(await linkHref(page, 'link[rel="alternate"][hreflang="fr"]')).toBe(`${baseUrl()}/fr${rest}`);
      expect(await linkHref(page, 'link[rel="alternate"][hreflang="x-default"]')).toBe(`${baseUrl()}${rest || "/"}`);
      await waitForHydration(page);
      if (path === "/fr") await expectAccessible(page);
      await session.close();
    });
  }

  it("keeps a visitor browsing /fr in the French tree when following links", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await page.goto("/fr");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: frCommon.nav.mainLabel })
      .getByRole("button", { name: frCommon.nav.learn, exact: true })
      .click();
    await page.getByRole("menuitem", { name: frCommon.nav.blog, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/fr/posts");
    expect(await htmlLang(page)).toBe("fr");
    await session.close();
  });

  it("serves French on the plain address to a browser that asks for French", async () => {
    const session = await openPage(browser, { locale: "fr-FR" });
    const { page } = session;
    await page.goto("/");
    expect(await htmlLang(page)).toBe("fr");
    // The plain address is the x-default of its alternates, and its own canonical.
    expect(await linkHref(page, 'link[rel="canonical"]')).toBe(`${baseUrl()}/`);
    expect(await linkHref(page, 'link[rel="alternate"][hreflang="x-default"]')).toBe(`${baseUrl()}/`);
    const nav = page.getByRole("navigation", { name: frCommon.nav.mainLabel });
    await expect(nav.getByRole("link", { name: frCommon.nav.home, exact: true }).count()).resolves.toBe(1);
    await waitForHydration(page);
    await expectAccessible(page);
    await session.close();
  });
});

describe.skipIf(onSecondDatabase())("the language selector", () => {
  async function chooseLanguage(page: Page, trigger: string, name: string) {
    await page.getByRole("button", { name: trigger }).click();
    await page.getByRole("menuitemradio", { name }).click();
  }

  it("switches the plain address to French and remembers it after a reload", async () => {
    const session = await openPage(browser, { locale: "en-US" });
    const { page } = session;
    await page.goto("/");
    await waitForHydration(page);
    expect(await htmlLang(page)).toBe("en");
    await page.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = "same document"));

    await chooseLanguage(page, "Language: English", "Français");
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    const nav = page.getByRole("navigation", { name: frCommon.nav.mainLabel });
    await nav.getByRole("link", { name: frCommon.nav.home, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    // Switched in place, without a full reload.
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe("same document");
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("fr");

    await page.reload();
    expect(await htmlLang(page)).toBe("fr");
    await expect(nav.getByRole("link", { name: frCommon.nav.home, exact: true }).count()).resolves.toBe(1);
    await waitForHydration(page);

    // And back to English.
    await chooseLanguage(page, `${frCommon.language.label}: Français`, "English");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await page.reload();
    expect(await htmlLang(page)).toBe("en");
    await session.close();
  });

  it("moves a visitor under /en to the same page under /fr", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await page.goto("/en/posts");
    await waitForHydration(page);
    await chooseLanguage(page, "Language: English", "Français");
    await page.waitForURL((url) => url.pathname === "/fr/posts");
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    await session.close();
  });
});

describe("the staff dashboard", () => {
  it("asks a visitor to sign in (401)", async () => {
    const session = await openPage(browser, { allow: [expectedStatus(401, "/admin")] });
    const { page } = session;
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(401);
    await expect(heading(page).textContent()).resolves.toBe("Sign in required");
    await waitForHydration(page);
    await expectAccessible(page);
    await session.close();
  });

  it("refuses a freshly registered customer (403)", async () => {
    const session = await openPage(browser, { allow: [expectedStatus(403, "/admin")] });
    const { page } = session;
    await registerCustomerByApi(page.request, "e2e-customer");
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(heading(page).textContent()).resolves.toBe("Access denied");
    await waitForHydration(page);
    await expectAccessible(page);
    await session.close();
  });

  it("opens for the admin after signing in", async () => {
    const session = await openPage(browser);
    const { page } = session;
    // Through the /login form: the browser suite's one successful sign-in by hand (signIn).
    const admin = adminAccount();
    await signIn(page, admin.email, admin.password);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(200);
    await expect(heading(page).textContent()).resolves.toBe("Admin Dashboard");
    await waitForHydration(page);
    await expectAccessible(page);
    await session.close();
  });
});

describe("signing in", () => {
  it("shows the error message and stays on the page when the password is wrong", async () => {
    const session = await openPage(browser, { allow: [expectedStatus(401, "/api/auth/login")] });
    const { page } = session;
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("E-mail or username", { exact: true }).fill(adminAccount().email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.locator("main form").getByRole("button", { name: "Sign in", exact: true }).click();
    const alert = page.locator("main").getByRole("alert");
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain("Invalid e-mail/username or password.");
    expect(new URL(page.url()).pathname).toBe("/login");
    await expectAccessible(page);
    await session.close();
  });
});
