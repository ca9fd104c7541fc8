import type { APIRequestContext, Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enAuth from "../../app/locales/en/auth.json";
import frAuth from "../../app/locales/fr/auth.json";
import { adminAccount, expectAccessible, expectedStatus, expectText, launchBrowser, openPage, registerCustomer, saveScreenshot, waitForHydration } from "./browser.ts";

/**
 * "Forgot password?" from the sign-in page to a new password, as a person would, in both languages:
 * the request form, the e-mail (read through the staff outbox API), the page its link opens, and
 * signing in with the new password. Then changing a password while signed in.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** expectText collapses whitespace, the narrow no-break space of French punctuation included. */
const collapsed = (text: string) => text.replace(/\s+/g, " ").trim();

/** The reset link of the newest password reset e-mail to an address, read as staff through the outbox API. */
async function resetLinkFor(request: APIRequestContext, to: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const list = await request.get("/api/admin/outbox?pageSize=100");
    expect(list.status()).toBe(200);
    const { items } = (await list.json()) as { items: Array<{ id: number; to: string; kind: string }> };
    const mail = items.find((item) => item.to === to && item.kind === "auth.password-reset");
    if (mail) {
      const message = (await (await request.get(`/api/admin/outbox/${mail.id}`)).json()) as { text: string };
      const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(message.text)?.[0];
      expect(link, message.text).toBeDefined();
      return link!;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no password reset e-mail to ${to}`);
}

const languages = [
  { name: "English", prefix: "/en", auth: enAuth },
  { name: "French", prefix: "/fr", auth: frAuth },
];

describe.each(languages)("password reset by e-mail, in $name", ({ name, prefix, auth }) => {
  it("goes from Forgot password? to a new password, and the old one stops working", async () => {
    const staff = await openPage(browser);
    const admin = adminAccount();
    expect((await staff.page.request.post("/api/auth/login", { data: { identifier: admin.email, password: admin.password } })).status()).toBe(200);

    // An account, signed out again.
    // The spent link's refusal (400) is part of the test; the browser logs it.
    const owner = await openPage(browser, { viewport: { width: 390, height: 844 }, allow: [expectedStatus(400, "/api/auth/password-reset")] });
    const account = await registerCustomer(owner.page, `reset-${prefix.slice(1)}`);
    await owner.context.clearCookies();

    const { page } = owner;
    await page.goto(`${prefix}/login`);
    await waitForHydration(page);
    await page.getByRole("link", { name: collapsed(auth.login.forgot) }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/forgot-password`);
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), auth.forgot.title);
    await expectAccessible(page);

    // The same answer for an address without an account...
    const form = page.getByRole("form", { name: auth.forgot.title });
    await form.getByLabel(auth.forgot.email, { exact: true }).fill(`nobody-${Date.now()}@example.com`);
    await form.getByRole("button", { name: auth.forgot.submit, exact: true }).click();
    await expectText(form.getByRole("status"), collapsed(auth.forgot.sent));
    // ...as for one with an account; the focus stays on the button.
    await form.getByLabel(auth.forgot.email, { exact: true }).fill(account.email);
    const submit = form.getByRole("button", { name: auth.forgot.submit, exact: true });
    await submit.click();
    await expectText(form.getByRole("status"), collapsed(auth.forgot.sent));
    expect(await submit.evaluate((element) => element === document.activeElement)).toBe(true);
    await saveScreenshot(page, `password-reset-sent-${name.toLowerCase()}-390`);

    const link = await resetLinkFor(staff.page.request, account.email);
    expect(new URL(link).pathname).toBe(`${prefix}/reset-password`);

    // Opening the link uses nothing up; the form does.
    await page.goto(link);
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), auth.reset.title);
    await expectAccessible(page);
    await saveScreenshot(page, `password-reset-form-${name.toLowerCase()}-390`);
    const reset = page.getByRole("form", { name: auth.reset.title });
    await reset.getByLabel(auth.reset.password, { exact: true }).fill("short");
    await reset.getByRole("button", { name: auth.reset.submit, exact: true }).click();
    await reset.getByRole("alert").first().waitFor();
    const newPassword = `${account.password}-renewed`;
    await reset.getByLabel(auth.reset.password, { exact: true }).fill(newPassword);
    await reset.getByRole("button", { name: auth.reset.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/login` && url.searchParams.get("reset") === "1");
    await waitForHydration(page);
    await expectText(page.locator("main form").getByRole("status"), collapsed(auth.login.resetNotice));
    await expectAccessible(page);
    await saveScreenshot(page, `password-reset-signin-${name.toLowerCase()}-390`);

    // The link is spent.
    await page.goto(link);
    await waitForHydration(page);
    const again = page.getByRole("form", { name: auth.reset.title });
    await again.getByLabel(auth.reset.password, { exact: true }).fill(`${newPassword}-again`);
    await again.getByRole("button", { name: auth.reset.submit, exact: true }).click();
    await expectText(again.getByRole("alert"), collapsed(auth.errors.resetTokenUsed));

    // The old password no longer signs in; the new one does.
    expect((await page.request.post("/api/auth/login", { data: { identifier: account.email, password: account.password } })).status()).toBe(401);
    await page.goto(`${prefix}/login`);
    await waitForHydration(page);
    await page.getByLabel(auth.login.identifier, { exact: true }).fill(account.username);
    await page.getByLabel(auth.login.password, { exact: true }).fill(newPassword);
    await page.locator("main form").getByRole("button", { name: auth.login.submit, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/login"));
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);

    await owner.close();
    await staff.close();
  });
});

describe.each(languages)("changing a password while signed in, in $name", ({ prefix, auth }) => {
  it("asks for the current password, then signs out the other devices", async () => {
    // The wrong current password's refusal (400) is part of the test; the browser logs it.
    const here = await openPage(browser, { allow: [expectedStatus(400, "/api/auth/password")] });
    const account = await registerCustomer(here.page, `change-${prefix.slice(1)}`);
    const elsewhere = await openPage(browser);
    expect((await elsewhere.page.request.post("/api/auth/login", { data: { identifier: account.email, password: account.password } })).status()).toBe(200);

    const { page } = here;
    await page.goto(`${prefix}/account/password`);
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), auth.password.title);
    await expectAccessible(page);
    const form = page.getByRole("form", { name: auth.password.title });
    await form.getByLabel(auth.password.current, { exact: true }).fill("not my password");
    await form.getByLabel(auth.password.new, { exact: true }).fill(`${account.password}-2`);
    await form.getByRole("button", { name: auth.password.submit, exact: true }).click();
    await expectText(form.getByRole("alert"), collapsed(auth.errors.currentPasswordWrong));

    await form.getByLabel(auth.password.current, { exact: true }).fill(account.password);
    await form.getByLabel(auth.password.new, { exact: true }).fill(`${account.password}-2`);
    await form.getByRole("button", { name: auth.password.submit, exact: true }).click();
    await expectText(form.getByRole("status"), collapsed(auth.password.done));
    await expectAccessible(page);
    await saveScreenshot(page, `password-change-${prefix.slice(1)}-1280`);
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    expect((await elsewhere.page.request.get("/api/auth/user")).status()).toBe(401);
    await here.close();
    await elsewhere.close();
  });

  it("sends a visitor who is not signed in to the sign-in page first", async () => {
    const visitor = await openPage(browser);
    await visitor.page.goto(`${prefix}/account/password`);
    await visitor.page.waitForURL((url) => url.pathname === `${prefix}/login` && url.searchParams.get("returnTo") === `${prefix}/account/password`);
    await visitor.close();
  });
});
