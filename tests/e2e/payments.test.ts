import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enCheckout from "../../app/locales/en/checkout.json";
import enPayments from "../../app/locales/en/payments.json";
import frCheckout from "../../app/locales/fr/checkout.json";
import frPayments from "../../app/locales/fr/payments.json";
import { expectAccessible, expectedStatus, expectText, expectToast, launchBrowser, openPage, saveScreenshot, waitForHydration, waitForToastsToSettle } from "./browser.ts";

/**
 * The other ways to pay (issue 9; specification 001, sections 2, 5, 8), on the sandbox provider, in
 * English and French: Get started from a specialised service to /payment, 3 instalments, the first
 * paid with the sandbox card, the schedule on the success page and the receipt; a bank transfer with a
 * bad routing number first, verified, paid, and the success page showing it processing. Axe on each page.
 */

let browser: Browser;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

for (const language of ["en", "fr"] as const) {
  const t = language === "fr" ? frPayments : enPayments;
  const tc = language === "fr" ? frCheckout : enCheckout;
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";

  async function payWith(page: Page, card: string) {
    await page.getByLabel(tc.payment.cardNumber, { exact: true }).fill(card);
    await page.getByLabel(tc.payment.expiry, { exact: true }).fill("1234");
    await page.getByLabel(tc.payment.cvc, { exact: true }).fill("123");
    await page.getByTestId("pay-button").click();
  }

  describe(`payments (${language})`, () => {
    it("subscribes to the Professional plan with the sandbox card and sees the subscription activated", async () => {
      const session = await openPage(browser, { locale, allow: [expectedStatus(404, `${prefix}/subscribe?plan=Enterprise`)] });
      const { page } = session;
      await page.goto(`${prefix}/subscribe?plan=Enterprise`);
      await expectText(page.getByTestId("unknown-plan"), t.subscription.unknownTitle);
      // A price in the address never sets what is charged.
      await page.goto(`${prefix}/subscribe?plan=Professional&price=99`);
      await waitForHydration(page);
      await expectText(page.getByTestId("subscribe-included"), new RegExp(language === "fr" ? "Assistance prioritaire" : "Priority Support"));
      await expectAccessible(page);
      await expectToast(page, () => page.getByTestId("subscribe-start").click(), { title: t.toast.missingTitle, description: t.toast.missingText });
      await page.getByLabel(t.subscription.fullName, { exact: true }).fill("Ada Lovelace");
      await page.getByLabel(t.subscription.email, { exact: true }).fill(`subscriber-${language}-${Date.now()}@example.com`);
      await page.getByTestId("subscribe-start").click();
      await page.getByTestId("payment-step").waitFor();
      await expectText(page.getByTestId("pay-button"), fill(t.subscription.subscribe, { price: "$999.00" }));
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await expectToast(page, () => payWith(page, "4242 4242 4242 4242"), { title: t.subscription.successToastTitle, description: t.subscription.successToastText });
      await page.waitForURL((url) => url.pathname === `${prefix}/subscribe/success`);
      await expectText(page.getByTestId("subscribe-success-title"), t.subscription.successTitle);
      await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
      await expectAccessible(page);
      await session.close();
    });

    it("pays the first of 3 instalments of a custom amount and shows the schedule on the success page and the receipt", async () => {
      const session = await openPage(browser, { locale });
      const { page } = session;
      // What a specialised service's Get started opens.
      await page.goto(`${prefix}/payment?amount=1000&service=${encodeURIComponent("Video Marketing")}&paymentPlan=1time`);
      await waitForHydration(page);
      await expectText(page.getByTestId("payment-heading"), t.custom.headingPayment);
      expect(await page.getByLabel(t.custom.serviceName, { exact: true }).inputValue()).toBe("Video Marketing");
      expect(await page.getByLabel(t.custom.amount, { exact: true }).inputValue()).toBe("1000");
      await expectAccessible(page);

      // The rules of section 5, in the form.
      await page.getByLabel(t.custom.amount, { exact: true }).fill("5");
      await page.getByTestId("payment-continue").click();
      await expectText(page.getByTestId("payment-setup"), new RegExp(t.custom.amountMin.replace(/\$/g, "\\$")));
      await expectText(page.getByTestId("payment-setup"), new RegExp(t.custom.nameRequired));

      await page.getByLabel(t.custom.amount, { exact: true }).fill("1000");
      await page.getByLabel(t.custom.paymentPlan, { exact: true }).selectOption("3times");
      await page.getByLabel(t.custom.customerName, { exact: true }).fill("Ada Lovelace");
      await page.getByLabel(t.custom.customerEmail, { exact: true }).fill(`instalments-${language}@example.com`);
      await expectText(page.getByTestId("payment-summary"), /\$333\.34/);
      await page.getByTestId("payment-continue").click();
      await page.getByTestId("payment-step").waitFor();
      await expectText(page.getByTestId("pay-button"), fill(t.custom.payNow, { amount: "$333.34" }));
      await expectAccessible(page);
      await saveScreenshot(page, `payment-step-${language}-1280`);

      // The "Payment Processing!" toast is checked on /checkout (checkout.test.ts); here the sandbox answers
      // so fast that the page may leave for the success page before the toast's code has arrived.
      await payWith(page, "4242 4242 4242 4242");
      await page.waitForURL((url) => url.pathname === `${prefix}/payment-success` && url.searchParams.has("order_id"));
      await expectText(page.getByTestId("success-title"), t.success.title);
      const rows = page.getByTestId("schedule-row");
      await expect.poll(() => rows.count()).toBe(3);
      await expectText(rows.nth(0), new RegExp(`\\$333\\.34.*${t.schedule.statuses.paid}`));
      await expectText(rows.nth(1), new RegExp(`\\$333\\.33.*${t.schedule.statuses.due}`));
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `payment-success-${language}-1280`);

      await page.getByTestId("view-receipt").click();
      await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/receipt/`));
      await expectText(page.getByTestId("payment-schedule"), new RegExp(t.schedule.statuses.paid));
      await expect.poll(() => page.getByTestId("schedule-row").count()).toBe(3);
      await expectAccessible(page);
      await session.close();
    });

    it("verifies a bank account (a bad routing number first), pays by bank transfer and lands on the order, processing", async () => {
      // The refused routing number is a 400 the page handles (a toast).
      const session = await openPage(browser, { locale, allow: [expectedStatus(400, "/api/verify-bank-account")] });
      const { page } = session;
      await page.goto(`${prefix}/bank-checkout?service=${encodeURIComponent("Marketing Consultation")}&amount=750`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: t.bank.title }).waitFor();
      await expectText(page.getByTestId("bank-pay"), fill(t.bank.pay, { amount: "$750.00" }));
      await expectAccessible(page);

      // Payment is blocked until the account is verified.
      await expectToast(page, () => page.getByTestId("bank-pay").click(), { title: t.toast.notVerifiedTitle, description: t.bank.notVerified });
      await page.getByLabel(t.bank.fullName, { exact: true }).fill("Ada Lovelace");
      await page.getByLabel(t.bank.email, { exact: true }).fill(`bank-${language}@example.com`);
      await page.getByLabel(t.bank.holderName, { exact: true }).fill("Ada Lovelace");
      await page.getByLabel(t.bank.routingNumber, { exact: true }).fill("1100000019999");
      expect(await page.getByLabel(t.bank.routingNumber, { exact: true }).inputValue()).toBe("110000001");
      await page.getByLabel(t.bank.accountNumber, { exact: true }).fill("000123456789");
      await expectToast(page, () => page.getByTestId("verify-bank").click(), { title: t.toast.verificationFailedTitle, description: t.bank.routingInvalid });

      await page.getByLabel(t.bank.routingNumber, { exact: true }).fill("110000000");
      await expectToast(page, () => page.getByTestId("verify-bank").click(), { title: t.toast.verifiedTitle, description: t.bank.verified });
      await expectText(page.getByTestId("bank-verified"), new RegExp(`${t.bank.verifiedTitle}.*${t.bank.endingIn}.*6789`));
      // Axe reads the page once the toasts have gone (one fading out is half transparent).
      await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
      await expectAccessible(page);
      await saveScreenshot(page, `bank-checkout-${language}-1280`);

      await expectToast(page, () => page.getByTestId("bank-pay").click(), { title: t.toast.initiatedTitle, description: t.bank.initiated });
      await page.waitForURL((url) => url.pathname === `${prefix}/checkout/success` && url.searchParams.has("order_id"), { timeout: 10_000 });
      await expectText(page.getByTestId("success-title"), tc.success.bankProcessingTitle);
      await expectText(page.getByTestId("success-total"), "$750.00");
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await session.close();
    });
  });
}
