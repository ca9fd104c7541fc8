import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enAdmin from "../../app/locales/en/admin.json";
import frAdmin from "../../app/locales/fr/admin.json";
import { adminAccount, expectAccessible, expectText, expectToast, launchBrowser, openPage, saveScreenshot, signIn, waitForHydration, waitForToastsToSettle } from "./browser.ts";

/**
 * The Orders tab of /admin (issue 8, "Staff"), in English and in French: orders newest first, the
 * status filter, search by e-mail and by order number, an order's lines, payment and history, a full
 * refund of a paid order and the cancel of an unpaid one, each behind a confirm dialog.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
            items: [{ serviceId: "marketing_consultation", serviceName: "Marketing Consultation", pricingType: "custom", unitPriceCents: 50_000, quantity: 1, customPriceCents: 50_000, serviceData: {} }],
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
            body: JSON.stringify({ clientSecret: intent.clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }),
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
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";
  const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!);

  describe(`the Orders tab (${language})`, () => {
    it("finds, refunds and cancels orders, newest first, with their lines, payment and history", { timeout: 120_000 }, async () => {
      const customer = await openPage(browser, { locale });
      await customer.page.goto(`${prefix}/`);
      const stamp = `${language}-${Date.now().toString(36)}`;
      const paid = await placeOrder(customer.page, `paid-${stamp}@example.com`, true);
      const pending = await placeOrder(customer.page, `pending-${stamp}@example.com`, false);
      await customer.close();

      // The sign-in helper speaks English; the dashboard is then opened in the language under test.
      const staff = await openPage(browser);
      const { page } = staff;
      const admin = adminAccount();
      await signIn(page, admin.email, admin.password);
      await page.goto(`${prefix}/admin?tab=orders`);
      await waitForHydration(page);
      const orders = page.getByTestId("admin-order");
      await orders.first().waitFor();
      // Newest first: the pending order was placed last.
      await expectText(orders.first().locator("h3"), `#${pending.number}`);
      await expectText(orders.nth(1).locator("h3"), `#${paid.number}`);
      await expectAccessible(page);
      await saveScreenshot(page, `admin-orders-${language}-1280`);

      // Search by e-mail, open the paid order, refund it in full.
      await page.getByTestId("admin-orders-search").fill(`paid-${stamp}@example.com`);
      await page.getByRole("button", { name: t.searchButton, exact: true }).click();
      await expectText(page.locator("#all-orders-heading"), `${t.heading} (1)`);
      await page.getByRole("button", { name: fill(t.viewLabel, { number: paid.number }), exact: true }).click();
      const detail = page.getByTestId("admin-order-detail");
      await expectText(detail.getByTestId("admin-order-status"), t.statuses.paid);
      await expectText(detail.getByTestId("admin-order-payment"), new RegExp(fill(t.card, { brand: "VISA", last4: "4242" })));
      await expectText(detail.getByTestId("admin-order-lines"), /\$500\.00/);
      expect(await detail.getByTestId("admin-order-history").locator("li").count()).toBeGreaterThanOrEqual(2);
      await expectAccessible(page);
      await saveScreenshot(page, `admin-order-detail-${language}-1280`);
      await detail.getByTestId("admin-order-refund").click();
      const dialog = page.getByRole("alertdialog");
      await expectText(dialog.getByRole("heading"), t.refundTitle);
      await expectAccessible(page);
      await expectToast(page, () => dialog.getByRole("button", { name: t.refundConfirm, exact: true }).click(), { title: t.refunded });
      await expectText(detail.getByTestId("admin-order-status"), t.statuses.refunded);
      await expectText(detail.getByTestId("admin-order-history"), new RegExp(t.statuses.refunded));

      // Search by order number, cancel the unpaid order.
      await page.getByTestId("admin-orders-search").fill(pending.number.toLowerCase());
      await page.getByRole("button", { name: t.searchButton, exact: true }).click();
      await expectText(page.locator("#all-orders-heading"), `${t.heading} (1)`);
      await page.getByRole("button", { name: fill(t.viewLabel, { number: pending.number }), exact: true }).click();
      expect(await detail.getByTestId("admin-order-refund").count()).toBe(0);
      await detail.getByTestId("admin-order-cancel").click();
      await expectToast(page, () => page.getByRole("alertdialog").getByRole("button", { name: t.cancelConfirm, exact: true }).click(), { title: t.cancelled });
      await expectText(detail.getByTestId("admin-order-status"), t.statuses.cancelled);

      // The status filter: the cancelled order is among the cancelled ones, and not among the paid.
      await page.getByTestId("admin-orders-search").fill("");
      await page.getByRole("button", { name: t.searchButton, exact: true }).click();
      await page.getByTestId("admin-orders-status").selectOption("cancelled");
      await expectText(orders.first().locator("h3"), `#${pending.number}`);
      await page.getByTestId("admin-orders-status").selectOption("paid");
      await page.waitForFunction((number) => ![...document.querySelectorAll("[data-testid=admin-order] h3")].some((h) => h.textContent === `#${number}`), pending.number);
      await waitForToastsToSettle(page);
      await staff.close();
    });
  });
}
