import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import enCart from "../../app/locales/en/cart.json";
import enCheckout from "../../app/locales/en/checkout.json";
import frCart from "../../app/locales/fr/cart.json";
import frCheckout from "../../app/locales/fr/checkout.json";
import enOrders from "../../app/locales/en/orders.json";
import frOrders from "../../app/locales/fr/orders.json";
import { CART_STORAGE_KEY } from "../../core/cart/limits.ts";
import {
  cartLine,
  expectAccessible,
  expectedStatus,
  expectText,
  expectToast,
  fileBrowser,
  openPage,
  saveScreenshot,
  staffRequest,
  waitForHydration,
  waitForToastsToSettle,
} from "./browser.ts";

/**
 * Checkout end to end on the sandbox provider (issue 8; specification 001, sections 2, 5 and 8), in
 * English and in French: a cart with a promo and a hot deal, the customer form, the sandbox card, the
 * success page, the receipt and its PDF; a declined card, "Payment Failed" and a second try; the legacy
 * ?service=&amount= link; a cart of 50 lines reaching the payment step; a broken cart address.
 */

const browser = fileBrowser();
let deal: { id: number; title: string };

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

beforeAll(async () => {
  const staff = await staffRequest();
  const title = `Checkout Launch Pack ${Date.now().toString(36)}`;
  const now = Date.now();
  const response = await staff.post("/api/admin/hot-deals", {
    data: {
      titleEn: title,
      titleFr: `Pack de lancement ${title}`,
      descriptionEn: "A launch pack for checkout tests.",
      descriptionFr: "Un pack de lancement pour les tests du paiement.",
      serviceNameEn: "Website",
      serviceNameFr: "Site web",
      originalPrice: 40_000,
      discountedPrice: 20_000,
      discountPercentage: 50,
      validFrom: new Date(now - 3_600_000).toISOString(),
      validUntil: new Date(now + 10 * 86_400_000).toISOString(),
      claimLimit: 20,
    },
  });
  expect(response.status()).toBe(201);
  deal = { id: ((await response.json()) as { id: number }).id, title };
});

function dealLine() {
  return cartLine({
    id: "deal-line",
    serviceId: "hot_deal",
    serviceName: deal.title,
    description: "A launch pack for checkout tests.",
    pricingType: "fixed",
    unitPriceCents: 20_000,
    serviceData: { dealId: deal.id },
    minPriceCents: 20_000,
    maxPriceCents: 20_000,
    fixedPriceCents: 20_000,
  });
}

for (const language of ["en", "fr"] as const) {
  const t = language === "fr" ? frCheckout : enCheckout;
  const cartText = language === "fr" ? frCart : enCart;
  // Statuses have one vocabulary, the orders', and one sentence each (docs/decisions/0028).
  const o = language === "fr" ? frOrders : enOrders;
  const statuses = o.statuses;
  // "$720.00 paid on November 27, 2026.": the day is the agency's, read from the page and then compared.
  const paidSentence = new RegExp(
    `^${o.statusDetail.paid.replace(/[.$]/g, "\\$&").replace("{{amount}}", "\\$720\\.00").replace("{{date}}", "(.+)")}$`,
  );
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";

  async function fillCustomer(page: Page, email: string) {
    await page.getByLabel(t.customer.firstName, { exact: true }).fill("Ada");
    await page.getByLabel(t.customer.lastName, { exact: true }).fill("Lovelace");
    await page.getByLabel(t.customer.email, { exact: true }).fill(email);
  }

  async function createOrder(page: Page) {
    await expectToast(page, () => page.getByRole("button", { name: t.customer.createOrder, exact: true }).click(), {
      title: t.toast.orderCreatedTitle,
      description: t.toast.orderCreatedText,
    });
    await page.getByTestId("payment-step").waitFor();
  }

  async function payWith(page: Page, card: string) {
    await page.getByLabel(t.payment.cardNumber, { exact: true }).fill(card);
    await page.getByLabel(t.payment.expiry, { exact: true }).fill("1234");
    await page.getByLabel(t.payment.cvc, { exact: true }).fill("123");
    await page.getByTestId("pay-button").click();
  }

  describe(`checkout (${language})`, () => {
    // Proceed to Checkout is a document navigation (issue 24): twice in about ten CI runs a router
    // navigation started right after the promo's request never moved the page. The message below says
    // what was pending if the page ever stays, so that a cause can be found; the test is not retried.
    it("takes a cart with a promo and a hot deal to a paid order, its success page, receipt and PDF", {
      timeout: 150_000,
    }, async () => {
      const session = await openPage(browser, { locale, cart: [cartLine({ id: "site" }), dealLine()] });
      const { page } = session;
      const pending = new Set<string>();
      const consoleLines: string[] = [];
      page.on("request", (request) => pending.add(request.url()));
      page.on("requestfinished", (request) => pending.delete(request.url()));
      page.on("requestfailed", (request) => pending.delete(request.url()));
      page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
      await page.goto(`${prefix}/cart`);
      await waitForHydration(page);
      await page.getByLabel(cartText.page.promoCode, { exact: true }).fill("WELCOME10");
      await expectToast(page, () => page.getByRole("button", { name: cartText.page.apply, exact: true }).click(), {
        title: cartText.promo.appliedTitle,
      });
      await expectText(page.getByTestId("total"), "$720.00");

      await page.getByTestId("proceed-to-checkout").click();
      await page
        .waitForURL((url) => url.pathname === `${prefix}/checkout` && url.search === "?from=cart", { timeout: 20_000 })
        .catch((error: Error) => {
          const report = `${error.message}\nstill at ${page.url()}\nrequests without an answer: ${JSON.stringify([...pending])}\nconsole: ${JSON.stringify(consoleLines)}`;
          throw new Error(report);
        });
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: t.page.title }).waitFor();
      expect(await page.getByTestId("checkout-back").textContent()).toBe(t.page.backToCart);
      await expectText(page.getByTestId("checkout-total"), "$720.00");
      expect(await page.getByTestId("checkout-line").count()).toBe(2);
      await expectText(page.getByTestId("checkout-summary"), new RegExp(t.summary.customPrice));
      await expectText(page.getByTestId("checkout-summary"), new RegExp(t.summary.fixedPrice));
      await expectText(
        page.getByTestId("checkout-summary"),
        new RegExp(`${t.summary.tax}.*${t.summary.taxCalculated}`),
      );
      await expectAccessible(page);
      await saveScreenshot(page, `checkout-step1-${language}-1280`);

      // The customer form's messages (specification 001, section 5), then a real order.
      await page.getByRole("button", { name: t.customer.createOrder, exact: true }).click();
      await expectText(page.getByTestId("customer-form"), new RegExp(t.customer.firstNameRequired));
      await expectText(page.getByTestId("customer-form"), new RegExp(t.customer.lastNameRequired));
      await expectText(page.getByTestId("customer-form"), new RegExp(t.customer.emailInvalid));
      await fillCustomer(page, `checkout-${language}@example.com`);
      await createOrder(page);
      // The server's figures: the order number, the code and its discount, the total.
      await expectText(
        page.getByTestId("checkout-order-number"),
        new RegExp(fill(t.summary.orderNumber, { number: "[0-9A-F]{8}" })),
      );
      await expectText(page.getByTestId("checkout-discount"), "−$80.00");
      await expectText(
        page.getByTestId("checkout-summary"),
        new RegExp(fill(t.summary.discountWithCode, { code: "WELCOME10" }).replace(/[()]/g, "\\$&")),
      );
      await expectText(page.getByTestId("pay-button"), fill(t.payment.completeOrder, { total: "$720.00" }));
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `checkout-step2-${language}-1280`);

      await expectToast(page, () => payWith(page, "4242 4242 4242 4242"), {
        title: t.toast.processingTitle,
        description: t.toast.processingText,
      });
      await page.waitForURL((url) => url.pathname === `${prefix}/checkout/success` && url.searchParams.has("order_id"));
      await expectText(page.getByTestId("success-title"), t.success.title);
      await expectText(page.getByTestId("success-status"), statuses.paid);
      await expectText(page.getByTestId("success-detail"), paidSentence);
      const paidSentenceText = (await page.getByTestId("success-detail").textContent())!;
      await expectText(page.getByTestId("success-order-number"), /^#[0-9A-F]{8}$/);
      await expectText(page.getByTestId("success-discount"), "−$80.00");
      await expectText(page.getByTestId("success-total"), "$720.00");
      await expectText(page.getByTestId("order-details"), new RegExp(t.success.totalPaid));
      await expectText(page.getByTestId("order-details"), new RegExp(t.success.discountApplied));
      await expectText(page.locator("main"), new RegExp(t.success.nextContact));
      // The cart is cleared once the payment is confirmed.
      expect(
        JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)) ?? "{}").items,
      ).toEqual([]);
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `checkout-success-${language}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(page, `checkout-success-${language}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });

      const number = (await page.getByTestId("success-order-number").textContent())!.slice(1);
      await page.getByTestId("view-receipt").click();
      await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/receipt/`));
      await expectText(page.getByTestId("receipt-number"), fill(t.receipt.orderNumber, { number }));
      await expectText(page.getByTestId("receipt-card"), "Visa •••• 4242");
      await expectText(page.getByTestId("receipt-status"), statuses.paid);
      await expectText(page.getByTestId("receipt-status-detail"), paidSentenceText);
      await expectText(page.getByTestId("receipt-total"), "$720.00");
      await expectText(page.getByTestId("receipt-paid"), "$720.00");
      expect(await page.getByTestId("receipt-payment").count()).toBe(1);
      await expectText(
        page.getByTestId("receipt-payment"),
        new RegExp(`Visa •••• 4242 · ${o.paymentStatuses.charge.succeeded}\\s*\\$720\\.00$`),
      );
      await expectAccessible(page);
      await saveScreenshot(page, `receipt-${language}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(page, `receipt-${language}-390`);

      // The receipt opens on any device by its link (a fresh browser, no cookie), and so does its PDF.
      const receiptUrl = page.url();
      const pdfHref = (await page.getByTestId("receipt-pdf").getAttribute("href"))!;
      const other = await openPage(browser, { locale });
      await other.page.goto(receiptUrl);
      await expectText(other.page.getByTestId("receipt-number"), fill(t.receipt.orderNumber, { number }));
      const pdf = await other.page.request.get(pdfHref);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toContain("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
      await other.close();
      await session.close();
    });

    it("shows 'Payment Failed' with the provider's message for a declined card, then pays on a second try (legacy link)", async () => {
      const session = await openPage(browser, { locale });
      const { page } = session;
      await page.goto(`${prefix}/checkout?service=Marketing%20Consultation&amount=500`);
      await waitForHydration(page);
      expect(await page.getByTestId("checkout-back").textContent()).toBe(t.page.backHome);
      await expectText(page.getByTestId("checkout-total"), "$500.00");
      await fillCustomer(page, `declined-${language}@example.com`);
      await createOrder(page);
      await expectText(page.getByTestId("pay-button"), fill(t.payment.pay, { amount: "$500.00" }));

      await expectToast(page, () => payWith(page, "4000 0000 0000 0002"), { title: t.toast.paymentFailedTitle });
      const failed = page.getByTestId("payment-failed");
      await expectText(failed, new RegExp(t.toast.paymentFailedTitle));
      await expectText(failed, /declined/i);
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `checkout-declined-${language}-1280`);

      await page.getByTestId("payment-retry").click();
      await page.getByTestId("sandbox-card-form").waitFor();
      await payWith(page, "4242424242424242");
      await page.waitForURL((url) => url.pathname === `${prefix}/checkout/success`);
      await expectText(page.getByTestId("success-status"), statuses.paid);
      await expectText(page.getByTestId("success-total"), "$500.00");
      await session.close();
    });

    it("takes a cart of 50 lines to the payment step (the address stays short)", async () => {
      const session = await openPage(browser, {
        locale,
        cart: Array.from({ length: 50 }, (_, index) =>
          cartLine({ id: `line-${index}`, unitPriceCents: 50_000 + index * 100 }),
        ),
      });
      const { page } = session;
      await page.goto(`${prefix}/cart`);
      await waitForHydration(page);
      await page.getByTestId("proceed-to-checkout").click();
      await page.waitForURL((url) => url.pathname === `${prefix}/checkout`);
      expect(page.url().length).toBeLessThan(200);
      await waitForHydration(page);
      // The cart is read from this browser's storage after hydration.
      await page.getByTestId("checkout-line").nth(49).waitFor();
      expect(await page.getByTestId("checkout-line").count()).toBe(50);
      await fillCustomer(page, `fifty-${language}@example.com`);
      await createOrder(page);
      expect(await page.getByTestId("checkout-line").count()).toBe(50);
      await expectText(page.getByTestId("checkout-total"), "$26,225.00");
      await page.getByLabel(t.payment.cardNumber, { exact: true }).waitFor();
      await session.close();
    });

    it("says 'Invalid Cart Data' for a broken cart address, and 'Unable to load order details.' for an unknown order", async () => {
      const unknown = "00000000-0000-4000-8000-000000000000";
      const session = await openPage(browser, {
        locale,
        allow: [expectedStatus(404, `/api/orders/guest/${unknown}`), /Could not load the order/],
      });
      const { page } = session;
      await expectToast(page, () => page.goto(`${prefix}/checkout?cart=%7Bnot-json`), {
        title: t.toast.invalidCartTitle,
        description: t.toast.invalidCartText,
      });
      await expectText(page.getByTestId("checkout-error"), new RegExp(t.toast.invalidCartTitle));
      await waitForToastsToSettle(page);
      await expectAccessible(page);

      // The documents' return address forwards to /checkout/success with its query.
      await page.goto(`${prefix}/checkout-success?order_id=${unknown}`);
      await page.waitForURL(
        (url) => url.pathname === `${prefix}/checkout/success` && url.searchParams.get("order_id") === unknown,
      );
      await expectText(page.getByTestId("success-error"), t.success.loadError);
      await expectAccessible(page);
      await session.close();
    });
  });
}

describe("checkout on a phone", () => {
  it("fits 390 px at both steps", async () => {
    const session = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const { page } = session;
    await page.goto("/checkout");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, "checkout-step1-390");
    await page.getByLabel("First name", { exact: true }).fill("Grace");
    await page.getByLabel("Last name", { exact: true }).fill("Hopper");
    await page.getByLabel("Email", { exact: true }).fill("grace@example.com");
    // Wait for the toast itself (sonner loads with the first toast), so that it has settled before axe.
    await expectToast(page, () => page.getByRole("button", { name: "Create Order", exact: true }).click(), {
      title: "Order Created Successfully!",
    });
    await page.getByTestId("payment-step").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await waitForToastsToSettle(page);
    await expectAccessible(page);
    await saveScreenshot(page, "checkout-step2-390");
    await session.close();
  });
});
