import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enCheckout from "../../app/locales/en/checkout.json";
import enClasses from "../../app/locales/en/classes.json";
import enPayments from "../../app/locales/en/payments.json";
import frCheckout from "../../app/locales/fr/checkout.json";
import frClasses from "../../app/locales/fr/classes.json";
import frPayments from "../../app/locales/fr/payments.json";
import { DEMO_CLASSES } from "../../db/seed-classes.server.ts";
import {
  expectAccessible,
  expectedStatus,
  expectText,
  expectToast,
  fileBrowser,
  openPage,
  saveScreenshot,
  waitForHydration,
  waitForToastsToSettle,
} from "./browser.ts";

/**
 * Classes in a real browser (issue 12), in English and French: the list with its featured section,
 * a class's page, Enroll Now through /payment with the sandbox card to "Class Enrollment Successful!",
 * Back to Class with one more student, and a full class showing "Class is Full" instead of Enroll Now.
 * Axe on /classes, /classes/:id, /payment and /payment-success.
 */

const browser = fileBrowser();

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
const [BOOTCAMP, WORKSHOP] = DEMO_CLASSES.map((demo) => demo.class);

for (const language of ["en", "fr"] as const) {
  const t = language === "fr" ? frClasses : enClasses;
  const tp = language === "fr" ? frPayments : enPayments;
  const tc = language === "fr" ? frCheckout : enCheckout;
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";
  const title = (demo: typeof BOOTCAMP) => (language === "fr" ? demo.titleFr : demo.titleEn);

  async function payWith(page: Page, card: string) {
    await page.getByLabel(tc.payment.cardNumber, { exact: true }).fill(card);
    await page.getByLabel(tc.payment.expiry, { exact: true }).fill("1234");
    await page.getByLabel(tc.payment.cvc, { exact: true }).fill("123");
    await page.getByTestId("pay-button").click();
  }

  describe(`classes (${language})`, () => {
    it("browses the classes, enrols in one with the sandbox card, goes Back to Class with one more student, and finds a full class closed", async () => {
      const session = await openPage(browser, { locale, allow: [expectedStatus(404, `${prefix}/classes/999999`)] });
      const { page } = session;

      // The list: featured classes first, then every class, each card with its facts.
      await page.goto(`${prefix}/classes`);
      await waitForHydration(page);
      await expectText(page.getByRole("heading", { level: 1 }), t.list.heading);
      expect(await page.locator('link[rel="alternate"][hreflang="fr"]').getAttribute("href")).toMatch(/\/fr\/classes$/);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
        new RegExp(`${prefix}/classes$`),
      );
      const featured = page.getByRole("region", { name: t.list.featured, exact: true });
      await expect(featured.getByRole("heading", { name: title(BOOTCAMP) }).count()).resolves.toBe(1);
      await expect(featured.getByRole("heading", { name: title(WORKSHOP) }).count()).resolves.toBe(0);
      const all = page.getByRole("region", { name: t.list.all, exact: true });
      const workshopCard = all.locator("article").filter({ has: page.getByRole("heading", { name: title(WORKSHOP) }) });
      await expectText(workshopCard.getByTestId("class-students"), "8 / 8");
      await expectText(workshopCard.getByTestId("class-full"), t.detail.full);
      const unlimited = all
        .locator("article")
        .filter({ has: page.getByRole("heading", { name: title(DEMO_CLASSES[2].class) }) });
      await expectText(unlimited.getByTestId("class-students"), /^\d+ \/ ∞$/);
      const workshopHref = await workshopCard
        .getByRole("link", { name: fill(t.list.viewAbout, { title: title(WORKSHOP) }) })
        .getAttribute("href");
      await expectAccessible(page);
      await saveScreenshot(page, `classes-${language}-1280`);

      // A class's page: every field, the price card, seats left.
      await featured.getByRole("link", { name: fill(t.list.viewAbout, { title: title(BOOTCAMP) }) }).click();
      await page.waitForURL((url) => new RegExp(`^${prefix}/classes/\\d+$`).test(url.pathname));
      const classPath = new URL(page.url()).pathname;
      await expectText(page.getByRole("heading", { level: 1 }), title(BOOTCAMP));
      for (const heading of [t.detail.learn, t.detail.requirements, t.detail.aboutInstructor])
        await expect(page.getByRole("heading", { level: 2, name: heading }).count()).resolves.toBe(1);
      for (const note of [t.detail.lifetime, t.detail.certificate, t.detail.guarantee])
        await expect(page.getByText(note, { exact: true }).count()).resolves.toBe(1);
      await expectText(page.getByTestId("class-price"), "$499.00");
      const before = Number((await page.getByTestId("class-enrollment").textContent())?.split("/")[0]);
      await expectText(page.getByTestId("seats-left"), fill(t.detail.seatsLeft_other, { count: 20 - before }));
      await expectAccessible(page);

      // Enroll Now: /payment with the class at the server's price.
      await page.getByTestId("enroll-now").click();
      await page.waitForURL((url) => url.pathname === `${prefix}/payment`);
      await expectText(page.getByTestId("payment-heading"), tp.custom.headingClass);
      await expectText(page.getByTestId("enrol-class-title"), title(BOOTCAMP));
      await expectText(page.getByTestId("enrol-class-price"), "$499.00");
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      // A guest names themselves: the seat and the confirmation are theirs.
      await page.getByTestId("payment-continue").click();
      await expectText(page.getByTestId("class-enrollment-setup"), new RegExp(tp.custom.nameRequired));
      await page.getByLabel(tp.custom.customerName, { exact: true }).fill("Ada Lovelace");
      await page
        .getByLabel(tp.custom.customerEmail, { exact: true })
        .fill(`class-${language}-${Date.now()}@example.com`);
      await saveScreenshot(page, `payment-class-${language}-1280`);
      // The seat held and the intent made: "Payment Required", then the card.
      await expectToast(page, () => page.getByTestId("payment-continue").click(), {
        title: t.toast.paymentRequiredTitle,
        description: t.toast.paymentRequiredText,
      });
      await expectText(page.getByTestId("pay-button"), fill(tp.custom.payNow, { amount: "$499.00" }));
      await expectText(page.getByTestId("payment-due"), "$499.00");

      await expectToast(
        page,
        async () => {
          await payWith(page, "4242 4242 4242 4242");
          await page.waitForURL(
            (url) => url.pathname === `${prefix}/payment-success` && url.searchParams.has("order_id"),
          );
        },
        { title: t.toast.completeTitle },
      );
      await expectText(page.getByTestId("success-title"), tp.success.classTitle);
      expect(await page.evaluate(() => sessionStorage.getItem("atelier.classEnrollment"))).toBeNull();
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `class-enrolled-${language}-1280`);

      // Back to Class: one more student.
      await page.getByTestId("back-to-class").click();
      await page.waitForURL((url) => url.pathname === classPath);
      await expectText(page.getByTestId("class-enrollment"), `${before + 1} / 20`);

      // A full class: "Class is Full" instead of Enroll Now.
      await page.goto(workshopHref!);
      await waitForHydration(page);
      await expectText(page.getByTestId("class-full-state").getByRole("status"), t.detail.full);
      await expect(page.getByTestId("enroll-now").count()).resolves.toBe(0);
      await saveScreenshot(page, `class-full-${language}-1280`);

      // An unknown class.
      const missing = await page.goto(`${prefix}/classes/999999`);
      expect(missing?.status()).toBe(404);
      await expectText(page.getByRole("heading", { level: 1 }), t.detail.notFoundTitle);
      await session.close();
    });
  });
}
