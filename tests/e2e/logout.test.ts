import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enAuth from "../../app/locales/en/auth.json";
import enCommon from "../../app/locales/en/common.json";
import frAuth from "../../app/locales/fr/auth.json";
import frCommon from "../../app/locales/fr/common.json";
import {
  baseUrl,
  expectAccessible,
  expectText,
  fileBrowser,
  openPage,
  signInByApi,
  waitForHydration,
} from "./browser.ts";

/**
 * Signing out by a plain link: from a page of the site it happens at once; from a link on another site
 * the visitor lands on a one-button "Sign out?" page instead, in their language, and stays signed in
 * until they press it.
 */

const browser = fileBrowser();

// Another site, answered by the browser itself: a page with a link to our sign-out address.
const OTHER_SITE = "http://elsewhere.example/";

async function followLinkFromAnotherSite(page: Page) {
  await page.route(OTHER_SITE, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Elsewhere</title><a href="${baseUrl()}/api/logout">a harmless-looking link</a>`,
    }),
  );
  await page.goto(OTHER_SITE);
  await page.getByRole("link", { name: "a harmless-looking link" }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/logout") && !url.pathname.startsWith("/api"));
  await waitForHydration(page);
}

/** expectText collapses whitespace, the narrow no-break space of French punctuation included. */
const collapsed = (text: string) => text.replace(/\s+/g, " ");

const languages = [
  { name: "English", locale: "en-US", auth: enAuth, common: enCommon },
  { name: "French", locale: "fr-FR", auth: frAuth, common: frCommon },
];

describe.each(languages)("a sign-out link on another site, in $name", ({ locale, auth, common }) => {
  it("shows the accessible confirmation page and signs out only when its button is pressed", async () => {
    const session = await openPage(browser, { locale });
    const { page } = session;
    try {
      await signInByApi(page);
      await followLinkFromAnotherSite(page);

      expect(new URL(page.url()).pathname).toBe("/logout");
      await expectText(page.getByRole("heading", { level: 1 }), collapsed(auth.logout.title));
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(auth.logout.title);
      await expectText(page.locator("main p").first(), auth.logout.intro);
      expect(await page.title()).toContain(auth.logout.metaTitle);
      // Still signed in: the link alone changed nothing.
      const me = await page.request.get("/api/auth/user");
      expect(me.status()).toBe(200);
      await expectAccessible(page);

      await page.getByRole("button", { name: auth.logout.submit, exact: true }).click();
      await page.waitForURL((url) => !url.pathname.endsWith("/logout"));
      await waitForHydration(page);
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      await expect(page.getByRole("link", { name: common.nav.login }).first().isVisible()).resolves.toBe(true);
    } finally {
      await session.close();
    }
  });
});

describe("the site's own Logout link", () => {
  it("signs out at once, without the confirmation page", async () => {
    const session = await openPage(browser);
    const { page } = session;
    try {
      await signInByApi(page);
      await page.goto("/posts");
      await waitForHydration(page);
      // On a wide screen Logout is in the account menu, under the avatar.
      await page.getByRole("button", { name: /^Your account: / }).click();
      await page.getByRole("menuitem", { name: enCommon.nav.logout }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    } finally {
      await session.close();
    }
  });

  it("the confirmation page sends a visitor who is not signed in home", async () => {
    const session = await openPage(browser);
    const { page } = session;
    try {
      await page.goto("/fr/logout");
      expect(new URL(page.url()).pathname).toBe("/fr");
    } finally {
      await session.close();
    }
  });
});
