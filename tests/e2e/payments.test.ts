import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enCheckout from "../../app/locales/en/checkout.json";
import enOrders from "../../app/locales/en/orders.json";
import enPayments from "../../app/locales/en/payments.json";
import frCheckout from "../../app/locales/fr/checkout.json";
import frOrders from "../../app/locales/fr/orders.json";
import frPayments from "../../app/locales/fr/payments.json";
import {
  expectAccessible,
  expectedStatus,
  expectText,
  expectToast,
  fileBrowser,
  mailLinkFor,
  openPage,
  saveScreenshot,
  staffRequest,
  waitForHydration,
  waitForToastsToSettle,
} from "./browser.ts";

/**
 * The other ways to pay (issues 9 and 23; specification 001, sections 2, 5, 8), on the sandbox provider,
 * in English and French: a subscription to the Professional plan, then its page reached from the
 * receipt e-mail's "Manage your subscription", cancelled at the period's end (confirmed on the page, which
 * then says when it ends) and kept again; Get started from a specialised service to /payment, 3
 * instalments, the first paid with the sandbox card, the success page and the receipt Partly paid with
 * its sentence and the schedule; a bank transfer with a bad routing number first, verified, paid, and
 * the success page Processing with its sentence, never awaiting payment nor promising a receipt already
 * sent. Statuses and their sentences come from orders.json (docs/decisions/0028). Axe on each page.
 */

const browser = fileBrowser();

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
/** A text of ours as a pattern, its whitespace collapsed as `expectText` reads the page. */
const escape = (text: string) => text.replace(/\s+/g, " ").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What a template's `{{name}}` stands for in a text the page wrote with it (the other values given), or a
 * failure saying what was read: a date the page computed, say, which later texts must repeat.
 */
function valueIn(text: string | null, template: string, name: string, values: Record<string, string> = {}): string {
  const source = escape(template.replace(/\s+/g, " ")).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, key: string) =>
    key === name ? "(.+)" : escape(values[key] ?? ""),
  );
  const found = new RegExp(`^${source}$`).exec((text ?? "").replace(/\s+/g, " ").trim())?.[1];
  expect(found, `"${text}" does not read as "${template}"`).toBeDefined();
  return found!;
}

/** The kinds of e-mail written to an address so far, read as staff through the outbox. */
async function mailKindsTo(to: string): Promise<string[]> {
  const staff = await staffRequest();
  const list = await staff.get("/api/admin/outbox?pageSize=100");
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: Array<{ to: string; kind: string }> };
  return items.filter((item) => item.to === to).map((item) => item.kind);
}

for (const language of ["en", "fr"] as const) {
  const t = language === "fr" ? frPayments : enPayments;
  const tc = language === "fr" ? frCheckout : enCheckout;
  const o = language === "fr" ? frOrders : enOrders;
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";
  const plural = (count: number) => new Intl.PluralRules(language).select(count);
  // What a page must never say of money that has arrived or is on its way: awaiting payment, under the
  // status's name today or the label it had before (decision 28), and a receipt that was not sent.
  const awaiting = new RegExp(
    `${escape(o.statuses.requires_payment)}|${escape(o.statuses.pending)}|Requires payment|Paiement requis`,
    "i",
  );

  async function payWith(page: Page, card: string) {
    await page.getByLabel(tc.payment.cardNumber, { exact: true }).fill(card);
    await page.getByLabel(tc.payment.expiry, { exact: true }).fill("1234");
    await page.getByLabel(tc.payment.cvc, { exact: true }).fill("123");
    await page.getByTestId("pay-button").click();
  }

  describe(`payments (${language})`, () => {
    it("subscribes to the Professional plan, then cancels at the period's end from the e-mail's link and keeps the subscription again", {
      timeout: 90_000,
    }, async () => {
      const session = await openPage(browser, {
        locale,
        allow: [expectedStatus(404, `${prefix}/subscribe?plan=Enterprise`)],
      });
      const { page } = session;
      const email = `subscriber-${language}-${Date.now().toString(36)}@example.com`;
      await page.goto(`${prefix}/subscribe?plan=Enterprise`);
      await expectText(page.getByTestId("unknown-plan"), t.subscription.unknownTitle);
      // A price in the address never sets what is charged.
      await page.goto(`${prefix}/subscribe?plan=Professional&price=99`);
      await waitForHydration(page);
      await expectText(
        page.getByTestId("subscribe-included"),
        new RegExp(language === "fr" ? "Assistance prioritaire" : "Priority Support"),
      );
      await expectAccessible(page);
      await expectToast(page, () => page.getByTestId("subscribe-start").click(), {
        title: t.toast.missingTitle,
        description: t.toast.missingText,
      });
      await page.getByLabel(t.subscription.fullName, { exact: true }).fill("Ada Lovelace");
      await page.getByLabel(t.subscription.email, { exact: true }).fill(email);
      await page.getByTestId("subscribe-start").click();
      await page.getByTestId("payment-step").waitFor();
      await expectText(page.getByTestId("pay-button"), fill(t.subscription.subscribe, { price: "$999.00" }));
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await expectToast(page, () => payWith(page, "4242 4242 4242 4242"), {
        title: t.subscription.successToastTitle,
        description: t.subscription.successToastText,
      });
      await page.waitForURL(
        (url) => url.pathname === `${prefix}/subscribe/success` && url.searchParams.has("subscription"),
      );
      await expectText(page.getByTestId("subscribe-success-title"), t.subscription.successTitle);
      await expectText(page.getByTestId("subscription-charged"), "$999.00");
      await expectText(page.getByTestId("subscription-next-charge"), /^\$999\.00\s*\S.*\d{4}$/);
      const nextChargeDay = (await page.getByTestId("subscription-next-charge").locator("time").textContent())!;
      const manageHref = await page.getByTestId("manage-subscription").getAttribute("href");
      await expectText(page.getByTestId("manage-subscription"), t.subscription.manageLink);
      await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
      await expectAccessible(page);
      await saveScreenshot(page, `subscribe-success-${language}-1280`);

      // The receipt e-mail's "Manage your subscription" opens the same page as the success page's link, in
      // the subscriber's language, on any device: no account, no cookie.
      const link = new URL(await mailLinkFor(email, "subscription.receipt", "/subscription"));
      expect(link.pathname).toMatch(new RegExp(`^${prefix}/subscription/[^/]+$`));
      expect(link.pathname).toBe(manageHref);
      await session.close();
      const manage = await openPage(browser, { locale });
      const mine = manage.page;
      // Another browser naming the same e-mail learns nothing of the subscription: its link goes to that mailbox.
      await mine.goto(`${prefix}/subscribe?plan=Professional`);
      await waitForHydration(mine);
      await mine.getByLabel(t.subscription.fullName, { exact: true }).fill("Someone Else");
      await mine.getByLabel(t.subscription.email, { exact: true }).fill(email.toUpperCase());
      await mine.getByTestId("subscribe-start").click();
      await expectText(mine.getByTestId("subscribe-link-emailed").getByRole("heading"), t.subscription.linkSentTitle);
      await expectText(mine.getByTestId("subscribe-link-emailed").locator("p"), t.subscription.linkSent);
      expect(await mine.getByTestId("payment-step").count()).toBe(0);
      await expectAccessible(mine);
      await mine.goto(link.pathname);
      await waitForHydration(mine);
      await mine.getByRole("heading", { level: 1, name: t.manage.title }).waitFor();
      await expectText(mine.getByTestId("subscription-status"), t.manage.statuses.active);
      await expectText(
        mine.getByTestId("subscription-plan").getByRole("heading", { level: 2 }),
        `Professional ${fill(t.subscription.perMonth, { price: "$999.00" })}`,
      );
      const renewal = mine.getByTestId("subscription-renewal").locator("p");
      await expectText(renewal, /\d{4}$/);
      const periodEnd = valueIn(await renewal.first().textContent(), t.manage.nextCharge, "date", {
        amount: "$999.00",
      });
      expect(periodEnd).toBe(nextChargeDay);
      await expectText(
        mine.getByTestId("invoice-row"),
        new RegExp(`${escape(t.manage.invoiceStatuses.paid)}.*\\$999\\.00.*${escape(t.manage.receipt)}`),
      );
      expect(await mine.getByTestId("invoice-row").count()).toBe(1);
      await expectAccessible(mine);
      await saveScreenshot(mine, `subscription-${language}-1280`);

      // Cancel at the end of the period: asked on the page first, with the day it will end.
      await mine.getByTestId("subscription-cancel").click();
      await mine.waitForURL((url) => url.searchParams.get("confirm") === "cancel");
      const confirm = mine.getByTestId("cancel-confirm");
      await expectText(confirm.getByRole("heading"), t.manage.confirmTitle);
      await expectText(confirm.locator("p"), fill(t.manage.confirmText, { date: periodEnd }));
      await expectText(mine.getByTestId("subscription-status"), t.manage.statuses.active);
      await expectAccessible(mine);
      await saveScreenshot(mine, `subscription-confirm-cancel-${language}-1280`);
      await confirm.getByRole("button", { name: t.manage.confirmYes, exact: true }).click();
      await mine.waitForURL((url) => url.searchParams.get("done") === "cancelled");
      await expectText(mine.getByTestId("subscription-done"), fill(t.manage.doneCancelled, { date: periodEnd }));
      await expectText(renewal.nth(0), fill(t.manage.endsOn, { date: periodEnd }));
      await expectText(renewal.nth(1), t.manage.endsOnText);
      // Still active until that day; no more "Cancel", but the way back.
      await expectText(mine.getByTestId("subscription-status"), t.manage.statuses.active);
      expect(await mine.getByTestId("subscription-cancel").count()).toBe(0);
      await expectText(mine.getByTestId("subscription-resume"), t.manage.keep);
      await expectAccessible(mine);
      await saveScreenshot(mine, `subscription-ending-${language}-1280`);
      // What the page says it did: the confirmation e-mail, with the same link.
      expect(new URL(await mailLinkFor(email, "subscription.cancel_scheduled", "/subscription")).pathname).toBe(
        link.pathname,
      );

      // "Keep my subscription" undoes it: the next charge is back, on the same day.
      await mine.getByTestId("subscription-resume").click();
      await mine.waitForURL((url) => url.searchParams.get("done") === "resumed");
      await expectText(mine.getByTestId("subscription-done"), t.manage.doneResumed);
      await expectText(renewal, fill(t.manage.nextCharge, { amount: "$999.00", date: periodEnd }));
      expect(await renewal.count()).toBe(1);
      await expectText(mine.getByTestId("subscription-cancel"), t.manage.cancel);
      expect(await mine.getByTestId("subscription-resume").count()).toBe(0);
      await expectAccessible(mine);
      expect(new URL(await mailLinkFor(email, "subscription.resumed", "/subscription")).pathname).toBe(link.pathname);
      await manage.close();
    });

    it("pays, from the e-mailed link in another browser, a subscription started and left unpaid elsewhere", {
      timeout: 90_000,
    }, async () => {
      const email = `unpaid-${language}-${Date.now().toString(36)}@example.com`;
      // Started on one device, left at the payment step.
      const first = await openPage(browser, { locale });
      await first.page.goto(`${prefix}/subscribe?plan=Professional`);
      await waitForHydration(first.page);
      await first.page.getByLabel(t.subscription.fullName, { exact: true }).fill("Grace Hopper");
      await first.page.getByLabel(t.subscription.email, { exact: true }).fill(email);
      await first.page.getByTestId("subscribe-start").click();
      await first.page.getByTestId("payment-step").waitFor();
      await first.close();

      // On another device the same e-mail gets the link by e-mail, and pays from it.
      const other = await openPage(browser, { locale });
      const page = other.page;
      await page.goto(`${prefix}/subscribe?plan=Professional`);
      await waitForHydration(page);
      await page.getByLabel(t.subscription.fullName, { exact: true }).fill("Grace Hopper");
      await page.getByLabel(t.subscription.email, { exact: true }).fill(email);
      await page.getByTestId("subscribe-start").click();
      await page.getByTestId("subscribe-link-emailed").waitFor();
      const link = new URL(await mailLinkFor(email, "subscription.link", "/subscription"));
      await page.goto(link.pathname);
      await waitForHydration(page);
      await expectText(page.getByTestId("subscription-status"), t.manage.statuses.incomplete);
      await expectText(page.getByTestId("subscription-unpaid").locator("p").first(), t.manage.payText);
      await expectAccessible(page);
      await page.getByTestId("subscription-pay").click();
      await page.waitForURL((url) => url.pathname === `${prefix}/subscribe` && url.searchParams.has("resume"));
      await waitForHydration(page);
      expect(await page.getByLabel(t.subscription.email, { exact: true }).inputValue()).toBe(email);
      await page.getByTestId("subscribe-start").click();
      await page.getByTestId("payment-step").waitFor();
      await expectToast(page, () => payWith(page, "4242 4242 4242 4242"), {
        title: t.subscription.successToastTitle,
        description: t.subscription.successToastText,
      });
      await page.waitForURL((url) => url.pathname === `${prefix}/subscribe/success`);
      await expectText(page.getByTestId("subscription-charged"), "$999.00");
      await page.goto(link.pathname);
      await expectText(page.getByTestId("subscription-status"), t.manage.statuses.active);
      expect(await page.getByTestId("subscription-pay").count()).toBe(0);
      await other.close();
    });

    it("pays the first of 3 instalments of a custom amount: Partly paid with the schedule on the success page and the receipt", async () => {
      const session = await openPage(browser, { locale });
      const { page } = session;
      // What a specialised service's Get started opens.
      await page.goto(
        `${prefix}/payment?amount=1000&service=${encodeURIComponent("Video Marketing")}&paymentPlan=1time`,
      );
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
      await page
        .getByLabel(t.custom.customerEmail, { exact: true })
        .fill(`instalments-${language}-${Date.now().toString(36)}@example.com`);
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
      await expectText(page.getByTestId("success-status"), o.statuses.partially_paid);
      const rows = page.getByTestId("schedule-row");
      await expect.poll(() => rows.count()).toBe(3);
      await expectText(rows.nth(0), new RegExp(`\\$333\\.34.*${t.schedule.statuses.paid}`));
      await expectText(rows.nth(1), new RegExp(`\\$333\\.33.*${t.schedule.statuses.due}`));
      await expectText(rows.nth(2), new RegExp(`\\$333\\.33.*${t.schedule.statuses.due}`));
      // "1 of 3 instalments paid: $333.34 of $1,000.00; next $333.33 on <the second payment's date>."
      const secondDate = (await rows.nth(1).locator("time").textContent())!;
      const partlyPaid = fill(o.statusDetail.joined, {
        first: fill(o.statusDetail[`partlyPaid_${plural(1)}` as "partlyPaid_one"], {
          paid: 1,
          instalments: 3,
          paidAmount: "$333.34",
          total: "$1,000.00",
        }),
        second: fill(o.statusDetail.next, { amount: "$333.33", date: secondDate }),
      });
      await expectText(page.getByTestId("success-detail"), partlyPaid);
      await expectText(page.getByTestId("success-paid").locator("dt"), o.receipt.paidToDate);
      await expectText(page.getByTestId("success-paid").locator("dd"), "$333.34");
      // What happens next promises the receipt for the whole amount later, not one sent now.
      await expectText(page.locator("main"), new RegExp(escape(tc.success.nextReceiptWhenPaid)));
      expect(await page.locator("main").textContent()).not.toContain(tc.success.nextReceipt);
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `payment-success-${language}-1280`);

      await page.getByTestId("view-receipt").click();
      await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/receipt/`));
      await expectText(page.getByTestId("receipt-status"), o.statuses.partially_paid);
      await expectText(page.getByTestId("receipt-status-detail"), partlyPaid);
      await expectText(page.getByTestId("receipt-total"), "$1,000.00");
      await expectText(page.getByTestId("receipt-paid"), "$333.34");
      expect(await page.getByTestId("receipt-refunded").count()).toBe(0);
      await expect.poll(() => page.getByTestId("receipt-payment").count()).toBe(1);
      await expectText(
        page.getByTestId("receipt-payment"),
        new RegExp(`Visa •••• 4242 · ${escape(o.paymentStatuses.charge.succeeded)}\\s*\\$333\\.34$`),
      );
      const receiptRows = page.getByTestId("payment-schedule").getByTestId("schedule-row");
      await expect.poll(() => receiptRows.count()).toBe(3);
      await expectText(receiptRows.nth(0), new RegExp(`\\$333\\.34.*${t.schedule.statuses.paid}`));
      await expectText(
        receiptRows.nth(1),
        new RegExp(`\\$333\\.33.*${escape(secondDate)}.*${t.schedule.statuses.due}`),
      );
      await expectText(receiptRows.nth(2), new RegExp(`\\$333\\.33.*${t.schedule.statuses.due}`));
      expect(await page.locator("main").textContent()).not.toMatch(awaiting);
      await expectAccessible(page);
      await saveScreenshot(page, `receipt-partly-paid-${language}-1280`);
      await session.close();
    });

    it("verifies a bank account (a bad routing number first), pays by bank transfer and lands on the order, Processing", async () => {
      // The refused routing number is a 400 the page handles (a toast).
      const session = await openPage(browser, { locale, allow: [expectedStatus(400, "/api/verify-bank-account")] });
      const { page } = session;
      const email = `bank-${language}-${Date.now().toString(36)}@example.com`;
      await page.goto(`${prefix}/bank-checkout?service=${encodeURIComponent("Marketing Consultation")}&amount=750`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: t.bank.title }).waitFor();
      await expectText(page.getByTestId("bank-pay"), fill(t.bank.pay, { amount: "$750.00" }));
      await expectAccessible(page);

      // Payment is blocked until the account is verified.
      await expectToast(page, () => page.getByTestId("bank-pay").click(), {
        title: t.toast.notVerifiedTitle,
        description: t.bank.notVerified,
      });
      await page.getByLabel(t.bank.fullName, { exact: true }).fill("Ada Lovelace");
      await page.getByLabel(t.bank.email, { exact: true }).fill(email);
      await page.getByLabel(t.bank.holderName, { exact: true }).fill("Ada Lovelace");
      await page.getByLabel(t.bank.routingNumber, { exact: true }).fill("1100000019999");
      expect(await page.getByLabel(t.bank.routingNumber, { exact: true }).inputValue()).toBe("110000001");
      await page.getByLabel(t.bank.accountNumber, { exact: true }).fill("000123456789");
      await expectToast(page, () => page.getByTestId("verify-bank").click(), {
        title: t.toast.verificationFailedTitle,
        description: t.bank.routingInvalid,
      });

      await page.getByLabel(t.bank.routingNumber, { exact: true }).fill("110000000");
      await expectToast(page, () => page.getByTestId("verify-bank").click(), {
        title: t.toast.verifiedTitle,
        description: t.bank.verified,
      });
      await expectText(
        page.getByTestId("bank-verified"),
        new RegExp(`${t.bank.verifiedTitle}.*${t.bank.endingIn}.*6789`),
      );
      // Axe reads the page once the toasts have gone (one fading out is half transparent).
      await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
      await expectAccessible(page);
      await saveScreenshot(page, `bank-checkout-${language}-1280`);

      await expectToast(page, () => page.getByTestId("bank-pay").click(), {
        title: t.toast.initiatedTitle,
        description: t.bank.initiated,
      });
      await page.waitForURL(
        (url) => url.pathname === `${prefix}/checkout/success` && url.searchParams.has("order_id"),
        { timeout: 10_000 },
      );
      await expectText(page.getByTestId("success-title"), tc.success.bankProcessingTitle);
      await expectText(page.getByTestId("success-status"), o.statuses.processing);
      await expectText(page.getByTestId("success-detail"), o.statusDetail.processing);
      await expectText(page.getByTestId("success-total"), "$750.00");
      // What happens next: the transfer's e-mail now, the receipt once the bank confirms; nothing paid yet.
      const next = page.locator("main");
      await expectText(next, new RegExp(`${escape(tc.success.nextBankEmail)}.*${escape(tc.success.nextBankReceipt)}`));
      const text = (await next.textContent())!;
      expect(text).not.toMatch(awaiting);
      expect(text).not.toContain(tc.success.nextReceipt);
      expect(text).not.toContain(tc.success.totalPaid);
      expect(await page.getByTestId("view-receipt").count()).toBe(0);
      // And the outbox agrees: the transfer's e-mail was written, no receipt.
      const kinds = await mailKindsTo(email);
      expect(kinds).toContain("order.bank_processing");
      expect(kinds).not.toContain("order.receipt");
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `bank-processing-${language}-1280`);
      await session.close();
    });
  });
}
