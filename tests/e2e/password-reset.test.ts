import { describe, expect, it } from "vitest";
import enAuth from "../../app/locales/en/auth.json";
import frAuth from "../../app/locales/fr/auth.json";
import {
  collapsed,
  expectAccessible,
  expectedStatus,
  expectText,
  fileBrowser,
  mailLinkFor,
  openPage,
  registerCustomer,
  registerCustomerByApi,
  saveScreenshot,
  waitForHydration,
} from "./browser.ts";

/**
 * "Forgot password?" from the sign-in page to a new password, as a person would, in both languages:
 * the request form, the e-mail (read through the staff outbox API), the page its link opens, and
 * signing in with the new password. Then changing a password while signed in. Before them, signing up:
 * the account is created from the e-mailed link, and a taken address gets the same answer.
 */

const browser = fileBrowser();

const languages = [
  { name: "English", prefix: "/en", auth: enAuth },
  { name: "French", prefix: "/fr", auth: frAuth },
];

describe.each(languages)("sign-up by e-mail, in $name", ({ name, prefix, auth }) => {
  it("creates the account only from the e-mailed link, and answers a taken address the same way", async () => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const account = { username: `signup-${id}`, email: `signup-${id}@example.com`, password: `pw-${id}-long-enough` };
    const sent = collapsed(auth.register.sent.replace("{{email}}", account.email));
    const visitor = await openPage(browser, { allow: [expectedStatus(400, "/api/auth/register/confirm")] });
    const { page } = visitor;
    const signUp = async (username: string) => {
      await page.goto(`${prefix}/register?returnTo=${encodeURIComponent(`${prefix}/posts`)}`);
      await waitForHydration(page);
      const form = page.getByRole("form", { name: auth.register.title });
      await form.getByLabel(auth.register.username, { exact: true }).fill(username);
      await form.getByLabel(auth.register.email, { exact: true }).fill(account.email);
      await form.getByLabel(auth.register.password, { exact: true }).fill(account.password);
      await form.getByRole("button", { name: auth.register.submit, exact: true }).click();
      await expectText(form.getByRole("status"), sent);
      // Nobody is signed in yet, and the password is not left in the page.
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect(await form.getByLabel(auth.register.password, { exact: true }).inputValue()).toBe("");
    };
    await signUp(account.username);
    await expectAccessible(page);
    await saveScreenshot(page, `sign-up-sent-${name.toLowerCase()}`);

    const link = await mailLinkFor(account.email, "auth.sign-up-confirm", "/register/confirm");
    expect(new URL(link).pathname).toBe(`${prefix}/register/confirm`);
    await page.goto(link);
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), auth.registerConfirm.title);
    await expectAccessible(page);
    await page
      .getByRole("form", { name: auth.registerConfirm.title })
      .getByRole("button", { name: auth.registerConfirm.submit, exact: true })
      .click();
    // Signed in, back where the visitor was going.
    await page.waitForURL((url) => url.pathname === `${prefix}/posts`);
    expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({
      email: account.email,
      username: account.username,
    });

    // The link is spent.
    await page.goto(link);
    await waitForHydration(page);
    const again = page.getByRole("form", { name: auth.registerConfirm.title });
    await again.getByRole("button", { name: auth.registerConfirm.submit, exact: true }).click();
    await expectText(again.getByRole("alert"), collapsed(auth.errors.signUpTokenUsed));

    // Signing up again with the address, now taken, answers the same; its owner is told by e-mail.
    await visitor.context.clearCookies();
    await signUp(`other-${id}`);
    expect(new URL(await mailLinkFor(account.email, "auth.sign-up-taken", "/login")).pathname).toBe(`${prefix}/login`);
    await visitor.close();
  });
});

describe.each(languages)("password reset by e-mail, in $name", ({ name, prefix, auth }) => {
  it("goes from Forgot password? to a new password, and the old one stops working", async () => {
    // An account, signed out again.
    // The spent link's refusal (400) is part of the test; the browser logs it.
    const owner = await openPage(browser, {
      viewport: { width: 390, height: 844 },
      allow: [expectedStatus(400, "/api/auth/password-reset")],
    });
    // Made through the /register page: the one browser test of signing up (the others use the API).
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

    const link = await mailLinkFor(account.email, "auth.password-reset", "/reset-password");
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
    expect(
      (
        await page.request.post("/api/auth/login", { data: { identifier: account.email, password: account.password } })
      ).status(),
    ).toBe(401);
    await page.goto(`${prefix}/login`);
    await waitForHydration(page);
    await page.getByLabel(auth.login.identifier, { exact: true }).fill(account.username);
    await page.getByLabel(auth.login.password, { exact: true }).fill(newPassword);
    await page.locator("main form").getByRole("button", { name: auth.login.submit, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/login"));
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);

    await owner.close();
  });
});

describe.each(languages)("changing a password while signed in, in $name", ({ prefix, auth }) => {
  it("asks for the current password, then signs out the other devices", async () => {
    // The wrong current password's refusal (400) is part of the test; the browser logs it.
    const here = await openPage(browser, { allow: [expectedStatus(400, "/api/auth/password")] });
    const account = await registerCustomerByApi(here.page.request, `change-${prefix.slice(1)}`);
    const elsewhere = await openPage(browser, { signedInAs: account });

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
    await visitor.page.waitForURL(
      (url) => url.pathname === `${prefix}/login` && url.searchParams.get("returnTo") === `${prefix}/account/password`,
    );
    await visitor.close();
  });
});
