import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import enAdmin from "../../app/locales/en/admin.json";
import enClasses from "../../app/locales/en/classes.json";
import enDeals from "../../app/locales/en/deals.json";
import frClasses from "../../app/locales/fr/classes.json";
import frDeals from "../../app/locales/fr/deals.json";
import {
  adminAccount,
  expectAccessible,
  expectText,
  fileBrowser,
  openPage,
  saveScreenshot,
  waitForHydration,
} from "./browser.ts";

/**
 * Holds people see (issue 29, item 1), in English and French: seats held by people paying are shown as
 * reserved on a class's page and card, a deal whose last claims are held says "All reserved" (disabled)
 * rather than Sold Out, and staff set a deal's limit per person on its form.
 */

const browser = fileBrowser();
let staff: Page;
beforeAll(async () => {
  staff = (await openPage(browser, { signedInAs: adminAccount() })).page;
});

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** A request with the page's cookies (no page needs to be open), answering the status and the JSON body. */
async function call(
  page: Page,
  path: string,
  method: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await page.request.fetch(path, { method, ...(body === undefined ? {} : { data: body }) });
  return { status: response.status(), body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

for (const language of ["en", "fr"] as const) {
  const t = language === "fr" ? frClasses : enClasses;
  const td = language === "fr" ? frDeals : enDeals;
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";

  describe(`holds (${language})`, () => {
    it("a class's page shows the seats held by people paying, and closes with the reason once holds fill it", async () => {
      const stamp = `${language}-${Date.now().toString(36)}`;
      const made = await call(staff, "/api/admin/classes", "POST", {
        titleEn: `Held Seats ${stamp}`,
        titleFr: `Places réservées ${stamp}`,
        descriptionEn: "A short class whose seats are being paid for right now.",
        descriptionFr: "Un cours court dont les places sont en train d'être payées.",
        instructorName: "Noor Haddad",
        durationEn: "2 weeks",
        durationFr: "2 semaines",
        price: 9_900,
        maxStudents: 3,
      });
      expect(made.status).toBe(201);
      const classId = (made.body as { id: number }).id;
      const { page } = await openPage(browser, { locale });
      await page.goto(`${prefix}/classes/${classId}`);
      for (const n of [1, 2]) {
        const held = await call(page, "/api/create-class-payment-intent", "POST", {
          classId,
          customerName: `Payer Number${n}`,
          customerEmail: `payer-${n}-${stamp}@example.com`,
        });
        expect(held.status).toBe(201);
      }
      await page.goto(`${prefix}/classes/${classId}`);
      await waitForHydration(page);
      await expectText(
        page.getByTestId("seats-left"),
        `${fill(t.detail.seatsLeft_one, { count: 1 })}${fill(t.detail.seatsReserved_other, { count: 2 })}`,
      );
      await expectText(page.getByTestId("seats-reserved"), fill(t.detail.seatsReserved_other, { count: 2 }));
      await expectAccessible(page);

      // The last seat held too: closed, and the page says why (not "every seat is taken").
      expect(
        (
          await call(page, "/api/create-class-payment-intent", "POST", {
            classId,
            customerName: "Payer Number3",
            customerEmail: `payer-3-${stamp}@example.com`,
          })
        ).status,
      ).toBe(201);
      await page.goto(`${prefix}/classes/${classId}`);
      await waitForHydration(page);
      await expectText(page.getByTestId("class-full-text"), t.detail.reservedText);
      expect(await page.getByTestId("enroll-now").count()).toBe(0);
      await saveScreenshot(page, `class-reserved-${language}`);
      // Searched by its stamp: the list shows twelve a page, and other files' classes may come first.
      await page.goto(`${prefix}/classes?q=${encodeURIComponent(stamp)}`);
      const card = page.locator("article").filter({
        has: page.getByRole("heading", {
          name: language === "fr" ? `Places réservées ${stamp}` : `Held Seats ${stamp}`,
        }),
      });
      await expectText(card.getByTestId("class-reserved"), fill(t.detail.seatsReserved_other, { count: 3 }));
      await page.context().close();
      expect((await call(staff, `/api/admin/classes/${classId}`, "PUT", { active: false })).status).toBe(200);
    });

    it("a deal whose last claim is held says All reserved, and staff set its limit per person", async () => {
      const stamp = `${language}-${Date.now().toString(36)}`;
      const now = Date.now();
      const title = `Held Deal ${stamp}`;
      const made = await call(staff, "/api/admin/hot-deals", "POST", {
        titleEn: title,
        titleFr: title,
        descriptionEn: "A deal with one claim, held by someone paying for it.",
        descriptionFr: "Une offre d'un seul exemplaire, réservée par une personne qui paie.",
        serviceNameEn: "Website",
        serviceNameFr: "Site web",
        originalPrice: 20_000,
        discountedPrice: 10_000,
        discountPercentage: 50,
        validFrom: new Date(now - 3_600_000).toISOString(),
        validUntil: new Date(now + 10 * 86_400_000).toISOString(),
        claimLimit: 1,
      });
      expect(made.status).toBe(201);
      const dealId = (made.body as { id: number }).id;
      try {
        const { page } = await openPage(browser, { locale });
        await page.goto(`${prefix}/hot-deals`);
        const order = await call(page, "/api/orders/guest", "POST", {
          customerFirstName: "Held",
          customerLastName: "Buyer",
          customerEmail: `held-${stamp}@example.com`,
          items: [
            {
              serviceId: "hot_deal",
              serviceName: title,
              pricingType: "fixed",
              unitPriceCents: 10_000,
              quantity: 1,
              serviceData: { dealId },
            },
          ],
        });
        expect(order.status).toBe(201);
        const orderId = (order.body.data as { id: string }).id;
        expect((await call(page, `/api/orders/guest/${orderId}/payment-intent`, "GET")).status).toBe(200);

        const visitor = (await openPage(browser, { locale })).page;
        await visitor.goto(`${prefix}/hot-deals`);
        await waitForHydration(visitor);
        const card = visitor
          .getByTestId("deal-card")
          .filter({ has: visitor.getByRole("heading", { name: title, exact: true }) });
        await expectText(card.getByRole("button"), td.card.allReserved);
        expect(await card.getByRole("button").isDisabled()).toBe(true);
        await expectText(card.getByTestId("all-reserved-text"), td.card.allReservedText);
        await expectText(card.getByTestId("per-person"), td.card.perPerson_one);
        await expectAccessible(visitor);
        await saveScreenshot(visitor, `deal-reserved-${language}`);
        await visitor.context().close();
        await page.context().close();
      } finally {
        if (language === "en") {
          // Staff raise its limit per person on the deal's form.
          await staff.goto("/admin");
          await waitForHydration(staff);
          await staff
            .getByRole("navigation", { name: enAdmin.tabsLabel })
            .getByRole("link", { name: enAdmin.tabs.deals, exact: true })
            .click();
          await staff.waitForURL((url) => url.pathname === "/admin/deals");
          await staff.getByRole("button", { name: fill(enAdmin.deals.list.editLabel, { title }), exact: true }).click();
          const limit = staff.getByLabel(`${enAdmin.deals.form.perPersonLimit} *`, { exact: true });
          expect(await limit.inputValue()).toBe("1");
          await limit.fill("3");
          await staff.getByRole("button", { name: enAdmin.deals.form.update }).click();
          await expect
            .poll(
              async () =>
                ((await call(staff, `/api/hot-deals/${dealId}`, "GET")).body as { perPersonLimit?: number })
                  .perPersonLimit,
              { timeout: 10_000 },
            )
            .toBe(3);
        }
        // The other tests count the demo deals: this one goes.
        expect((await call(staff, `/api/admin/hot-deals/${dealId}`, "DELETE")).status).toBe(204);
      }
    });
  });
}
