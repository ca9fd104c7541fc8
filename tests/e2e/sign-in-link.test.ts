import { request } from "playwright-core";
import { describe, expect, it } from "vitest";
import enAuth from "../../app/locales/en/auth.json";
import frAuth from "../../app/locales/fr/auth.json";
import {
  baseUrl,
  collapsed,
  expectAccessible,
  expectedStatus,
  expectText,
  fileBrowser,
  mailLinkFor,
  openPage,
  registerCustomerByApi,
  saveScreenshot,
  waitForHydration,
} from "./browser.ts";

/**
 * After an account's free failed sign-ins, a browser it never signed in from proves itself with the
 * e-mailed link rather than by waiting, in both languages: the sign-in page says the browser must be
 * confirmed by e-mail, the link's page signs this browser in at the press of its button, once.
 */

const browser = fileBrowser();

describe.each([
  { name: "English", prefix: "/en", auth: enAuth },
  { name: "French", prefix: "/fr", auth: frAuth },
])("a new browser after failed sign-ins, in $name", ({ name, prefix, auth }) => {
  it("signs in with the e-mailed link, once", async () => {
    const api = await request.newContext({ baseURL: baseUrl() });
    const account = await registerCustomerByApi(api, "link");
    await api.post("/api/auth/logout");
    for (let i = 0; i < 5; i++)
      expect(
        (
          await api.post("/api/auth/login", { data: { identifier: account.username, password: "a wrong password" } })
        ).status(),
      ).toBe(401);
    await api.dispose();

    const visitor = await openPage(browser, {
      allow: [expectedStatus(403, "/api/auth/login"), expectedStatus(400, "/api/auth/login/confirm")],
    });
    const { page } = visitor;
    await page.goto(`${prefix}/login`);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: auth.login.title });
    await form.getByLabel(auth.login.identifier, { exact: true }).fill(account.email);
    await form.getByLabel(auth.login.password, { exact: true }).fill(account.password);
    await form.getByRole("button", { name: auth.login.submit, exact: true }).click();
    await expectText(form.getByRole("alert"), collapsed(auth.errors.confirmByEmail));
    // The right password alone did not sign this browser in.
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);

    const link = await mailLinkFor(account.email, "auth.sign-in-link", "/login/confirm");
    expect(new URL(link).pathname).toBe(`${prefix}/login/confirm`);
    await page.goto(link);
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), auth.loginConfirm.title);
    await expectAccessible(page);
    await saveScreenshot(page, `sign-in-link-${name.toLowerCase()}`);
    await page
      .getByRole("form", { name: auth.loginConfirm.title })
      .getByRole("button", { name: auth.loginConfirm.submit, exact: true })
      .click();
    await page.waitForURL((url) => !url.pathname.includes("/login"));
    expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({ email: account.email });

    // The link is spent.
    await page.goto(link);
    await waitForHydration(page);
    const again = page.getByRole("form", { name: auth.loginConfirm.title });
    await again.getByRole("button", { name: auth.loginConfirm.submit, exact: true }).click();
    await expectText(again.getByRole("alert"), collapsed(auth.errors.signInLinkInvalid));
    await visitor.close();
  });
});
