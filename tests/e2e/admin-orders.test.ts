import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enAdmin from "../../app/locales/en/admin.json";
import enCheckout from "../../app/locales/en/checkout.json";
import enOrders from "../../app/locales/en/orders.json";
import enPayments from "../../app/locales/en/payments.json";
import frAdmin from "../../app/locales/fr/admin.json";
import frCheckout from "../../app/locales/fr/checkout.json";
import frOrders from "../../app/locales/fr/orders.json";
import frPayments from "../../app/locales/fr/payments.json";
import {
  adminAccount,
  expectAccessible,
  expectText,
  expectToast,
  fileBrowser,
  mailLinkFor,
  openPage,
  saveScreenshot,
  waitForHydration,
  waitForToastsToSettle,
} from "./browser.ts";

/**
 * The Orders tab of /admin (issues 8 and 23, "Staff"), in English and in French: orders newest first,
 * the status filter, search by e-mail and by order number, an order's lines, status and what it means,
 * payments and history; the Refund dialog (an amount, a required reason) refunding a paid order in full,
 * and part of another, whose refund staff then see with its reason and whose buyer sees it on the receipt
 * the refund e-mail links to, Partly refunded; the cancel of an unpaid order behind a confirm dialog.
 * Statuses and their sentences are the orders' one vocabulary (orders.json, docs/decisions/0028).
 */

const browser = fileBrowser();

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!);
/** A text of ours as a pattern, its whitespace collapsed as `expectText` reads the page. */
const escape = (text: string) => text.replace(/\s+/g, " ").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A template as a pattern: `{{name}}` stands for what `values` gives, else for anything, captured. */
const template = (text: string, values: Record<string, string> = {}) =>
  new RegExp(
    `^${escape(text).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, key: string) => (key in values ? escape(values[key]!) : "(.+)"))}$`,
  );

interface Placed {
  id: string;
  number: string;
}

/** A guest order placed through the API as the checkout page places it; paid with the sandbox's 4242 card when asked. */
async function placeOrder(page: Page, email: string, pay: boolean): Promise<Placed> {
  return page.evaluate(
    async ({ email, pay }) => {
      const json = async (response: Response) => {
        if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
        return ((await response.json()) as { data: Record<string, unknown> }).data;
      };
      const order = await json(
        await fetch("/api/orders/guest", {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({
            customerFirstName: "Grace",
            customerLastName: "Hopper",
            customerEmail: email,
            items: [
              {
                serviceId: "marketing_consultation",
                serviceName: "Marketing Consultation",
                pricingType: "custom",
                unitPriceCents: 50_000,
                quantity: 1,
                customPriceCents: 50_000,
                serviceData: {},
              },
            ],
            currency: "usd",
            promoCode: null,
            taxCents: 0,
          }),
        }),
      );
      if (pay) {
        const intent = await json(await fetch(`/api/orders/guest/${order.id as string}/payment-intent`));
        const outcome = await json(
          await fetch("/api/payments/sandbox/confirm", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              clientSecret: intent.clientSecret,
              cardNumber: "4242 4242 4242 4242",
              expiry: "12 / 34",
              cvc: "123",
            }),
          }),
        );
        if (outcome.status !== "succeeded") throw new Error(`payment ${String(outcome.status)}`);
      }
      return { id: order.id as string, number: order.number as string };
    },
    { email, pay },
  );
}

for (const language of ["en", "fr"] as const) {
  const t = (language === "fr" ? frAdmin : enAdmin).orders;
  const o = language === "fr" ? frOrders : enOrders;
  const tp = language === "fr" ? frPayments : enPayments;
  const tc = language === "fr" ? frCheckout : enCheckout;
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";
  const card = fill(t.card, { brand: "Visa", last4: "4242" });

  /** Staff signed in, on the Orders tab in the language under test. */
  async function openOrdersTab() {
    const staff = await openPage(browser, { signedInAs: adminAccount() });
    await staff.page.goto(`${prefix}/admin?tab=orders`);
    await waitForHydration(staff.page);
    await staff.page.getByTestId("admin-order").first().waitFor();
    return staff;
  }

  /** Searches the Orders tab and opens the one order found. */
  async function openOrder(page: Page, search: string, order: Placed) {
    await page.getByTestId("admin-orders-search").fill(search);
    await page.getByRole("button", { name: t.searchButton, exact: true }).click();
    await expectText(page.locator("#all-orders-heading"), `${t.heading} (1)`);
    await page.getByRole("button", { name: fill(t.viewLabel, { number: order.number }), exact: true }).click();
    const detail = page.getByTestId("admin-order-detail");
    await expectText(detail.locator("#order-detail-heading"), fill(t.detailHeading, { number: order.number }));
    return detail;
  }

  /**
   * Refund in the dialog: the amount (when not all that can be refunded, prefilled), a reason left out
   * first (the dialog refuses it at its field), then given; the confirmation says the amount and card.
   */
  async function refund(page: Page, order: Placed, amount: string | null, reason: string) {
    await page.getByTestId("admin-order-detail").getByTestId("admin-order-refund").click();
    const dialog = page.getByRole("dialog");
    await expectText(dialog.getByRole("heading"), fill(t.refundDialog.title, { number: order.number }));
    expect(await dialog.getByTestId("admin-refund-amount").inputValue()).toBe("500.00");
    if (amount) await dialog.getByTestId("admin-refund-amount").fill(amount);
    const shown = `$${Number(amount ?? "500").toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    await expectText(
      dialog.getByTestId("admin-refund-confirm-text"),
      fill(t.refundDialog.confirm, { amount: shown, method: card, number: order.number }),
    );
    await dialog.getByTestId("admin-refund-submit").click();
    await expectText(dialog.getByRole("alert"), tp.refund.reasonRequired);
    expect(await dialog.getByTestId("admin-refund-reason").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);
    await saveScreenshot(page, `admin-refund-dialog-${amount ? "part" : "full"}-${language}-1280`);
    await dialog.getByTestId("admin-refund-reason").fill(reason);
    await expectText(dialog.getByTestId("admin-refund-submit"), fill(t.refundDialog.submit, { amount: shown }));
    await expectToast(page, () => dialog.getByTestId("admin-refund-submit").click(), {
      title: fill(t.refundRecorded, { amount: shown }),
    });
    await dialog.waitFor({ state: "detached" });
    return shown;
  }

  describe(`the Orders tab (${language})`, () => {
    it("finds, refunds in full and cancels orders, newest first, with their lines, status, payments and history", {
      timeout: 120_000,
    }, async () => {
      const customer = await openPage(browser, { locale });
      await customer.page.goto(`${prefix}/`);
      const stamp = `${language}-${Date.now().toString(36)}`;
      const paid = await placeOrder(customer.page, `paid-${stamp}@example.com`, true);
      const pending = await placeOrder(customer.page, `pending-${stamp}@example.com`, false);
      await customer.close();

      const staff = await openOrdersTab();
      const { page } = staff;
      const orders = page.getByTestId("admin-order");
      // Newest first: the pending order was placed last.
      await expectText(orders.first().locator("h3"), `#${pending.number}`);
      await expectText(orders.nth(1).locator("h3"), `#${paid.number}`);
      await expectAccessible(page);
      await saveScreenshot(page, `admin-orders-${language}-1280`);

      // Search by e-mail, open the paid order, refund it in full.
      const detail = await openOrder(page, `paid-${stamp}@example.com`, paid);
      await expectText(detail.getByTestId("admin-order-status"), o.statuses.paid);
      await expectText(
        detail.getByTestId("admin-order-status-detail"),
        template(o.statusDetail.paid, { amount: "$500.00" }),
      );
      await expectText(detail.getByTestId("admin-charge"), new RegExp(`${escape(card)}`));
      await expectText(
        detail.getByTestId("admin-charge").getByTestId("admin-payment-status"),
        o.paymentStatuses.charge.succeeded,
      );
      await expectText(detail.getByTestId("admin-order-lines"), /\$500\.00/);
      expect(await detail.getByTestId("admin-order-history").locator("li").count()).toBeGreaterThanOrEqual(2);
      await expectAccessible(page);
      await saveScreenshot(page, `admin-order-detail-${language}-1280`);
      const reason = language === "fr" ? "Le client a annulé le projet." : "The client cancelled the project.";
      await refund(page, paid, null, reason);
      await expectText(detail.getByTestId("admin-order-status"), o.statuses.refunded);
      await expectText(
        detail.getByTestId("admin-refund").getByTestId("admin-payment-status"),
        o.paymentStatuses.refund.succeeded,
      );
      await expectText(detail.getByTestId("admin-refund-reason-text"), fill(t.refundReason, { reason }));
      await expectText(detail.getByTestId("admin-order-refunded"), "−$500.00");
      await expectText(detail.getByTestId("admin-order-history"), new RegExp(escape(o.statuses.refunded)));
      // Nothing is left to refund.
      expect(await detail.getByTestId("admin-order-refund").count()).toBe(0);

      // Search by order number, cancel the unpaid order.
      await openOrder(page, pending.number.toLowerCase(), pending);
      expect(await detail.getByTestId("admin-order-refund").count()).toBe(0);
      await detail.getByTestId("admin-order-cancel").click();
      await expectToast(
        page,
        () => page.getByRole("alertdialog").getByRole("button", { name: t.cancelConfirm, exact: true }).click(),
        { title: t.cancelled },
      );
      await expectText(detail.getByTestId("admin-order-status"), o.statuses.cancelled);

      // The status filter: the cancelled order is among the cancelled ones, and not among the paid.
      await page.getByTestId("admin-orders-search").fill("");
      await page.getByRole("button", { name: t.searchButton, exact: true }).click();
      await page.getByTestId("admin-orders-status").selectOption("cancelled");
      await expectText(orders.first().locator("h3"), `#${pending.number}`);
      await page.getByTestId("admin-orders-status").selectOption("paid");
      await page.waitForFunction(
        (number) =>
          ![...document.querySelectorAll("[data-testid=admin-order] h3")].some((h) => h.textContent === `#${number}`),
        pending.number,
      );
      await waitForToastsToSettle(page);
      await staff.close();
    });

    it("refunds part of a paid order with a reason: staff see the refund and its reason, the buyer's receipt shows it, Partly refunded", {
      timeout: 120_000,
    }, async () => {
      const customer = await openPage(browser, { locale });
      await customer.page.goto(`${prefix}/`);
      const email = `partial-${language}-${Date.now().toString(36)}@example.com`;
      const order = await placeOrder(customer.page, email, true);
      await customer.close();

      const staff = await openOrdersTab();
      const { page } = staff;
      const detail = await openOrder(page, email, order);
      await expectText(detail.getByTestId("admin-order-status"), o.statuses.paid);
      // More than was paid is refused at its field, before anything is sent.
      await page.getByTestId("admin-order-detail").getByTestId("admin-order-refund").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("admin-refund-amount").fill("600");
      await dialog.getByTestId("admin-refund-reason").fill("Too much");
      await dialog.getByTestId("admin-refund-submit").click();
      await expectText(dialog.getByRole("alert"), fill(tp.refund.amountTooHigh, { amount: "$500.00" }));
      await dialog.getByRole("button", { name: t.keep, exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await detail.getByTestId("admin-refund").count()).toBe(0);

      const reason =
        language === "fr"
          ? "Deuxième série de maquettes retirée du devis."
          : "Second round of mock-ups dropped from the quote.";
      await refund(page, order, "120", reason);
      await expectText(detail.getByTestId("admin-order-status"), o.statuses.partially_refunded);
      const refundLine = detail.getByTestId("admin-refund");
      await expectText(refundLine.getByTestId("admin-payment-status"), o.paymentStatuses.refund.succeeded);
      await expectText(refundLine, new RegExp(`−\\$120\\.00`));
      await expectText(refundLine.getByTestId("admin-refund-reason-text"), fill(t.refundReason, { reason }));
      await expectText(refundLine, new RegExp(escape(fill(t.askedBy, { actor: adminAccount().email }))));
      expect(await refundLine.count()).toBe(1);
      await expectText(detail.getByTestId("admin-order-paid"), "$500.00");
      await expectText(detail.getByTestId("admin-order-refunded"), "−$120.00");
      const sentence = template(o.statusDetail.partlyRefunded, { amount: "$120.00", paid: "$500.00" });
      await expectText(detail.getByTestId("admin-order-status-detail"), sentence);
      const refundDay = sentence.exec(
        (await detail.getByTestId("admin-order-status-detail").textContent())!.replace(/\s+/g, " ").trim(),
      )![1]!;
      await expectText(
        detail.getByTestId("admin-order-history"),
        new RegExp(`${escape(t.causes.refund_requested)}.*${escape(fill(t.refundReason, { reason }))}`),
      );
      // What was not refunded still can be.
      await expectText(detail.getByTestId("admin-order-refund"), t.refund);
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `admin-order-partly-refunded-${language}-1280`);
      await staff.close();

      // The buyer: the refund e-mail links to the receipt, which shows the refund beside the payment.
      const link = new URL(await mailLinkFor(email, "order.refund", "/receipt"));
      expect(link.pathname).toMatch(new RegExp(`^${prefix}/receipt/[^/]+$`));
      const buyer = await openPage(browser, { locale });
      const receipt = buyer.page;
      await receipt.goto(link.pathname);
      await expectText(receipt.getByTestId("receipt-number"), fill(tc.receipt.orderNumber, { number: order.number }));
      await expectText(receipt.getByTestId("receipt-status"), o.statuses.partially_refunded);
      await expectText(
        receipt.getByTestId("receipt-status-detail"),
        fill(o.statusDetail.partlyRefunded, { amount: "$120.00", paid: "$500.00", date: refundDay }),
      );
      await expectText(receipt.getByTestId("receipt-total"), "$500.00");
      await expectText(receipt.getByTestId("receipt-paid"), "$500.00");
      await expectText(receipt.getByTestId("receipt-refunded"), "−$120.00");
      const lines = receipt.getByTestId("receipt-payment");
      await expect.poll(() => lines.count()).toBe(2);
      await expectText(
        lines.nth(0),
        new RegExp(`Visa •••• 4242 · ${escape(o.paymentStatuses.charge.succeeded)}\\s*\\$500\\.00$`),
      );
      await expectText(
        lines.nth(1),
        new RegExp(
          `${escape(fill(tc.receipt.refundTo, { method: "Visa •••• 4242" }))} · ${escape(o.paymentStatuses.refund.succeeded)}\\s*−\\$120\\.00$`,
        ),
      );
      await expectText(lines.nth(1).locator("time"), refundDay);
      // The reason is for staff: the buyer does not see it.
      expect(await receipt.locator("main").textContent()).not.toContain(reason);
      await expectAccessible(receipt);
      await saveScreenshot(receipt, `receipt-partly-refunded-${language}-1280`);
      await receipt.setViewportSize({ width: 390, height: 844 });
      expect(await receipt.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(receipt, `receipt-partly-refunded-${language}-390`);
      await buyer.close();
    });
  });
}
