import { describe, expect, it } from "vitest";
import enCart from "../../app/locales/en/cart.json";
import frCart from "../../app/locales/fr/cart.json";
import { CART_STORAGE_KEY } from "../../core/cart/limits.ts";
import {
  cartLine,
  expectAccessible,
  expectText,
  fileBrowser,
  openPage,
  saveScreenshot,
  waitForHydration,
  onSecondDatabase,
} from "./browser.ts";

/**
 * The order limits of specification 001, section 9, told before they are passed: on the cart page
 * (a total close to $100,000, the plus button of a line that would pass it), and on the home page (an
 * add that would pass it is refused with its reason); and cart lines read in the page's language.
 */

const browser = fileBrowser();

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");

/** A stored website line at its maximum budget ($2,500), as the cart saves it. */
const websiteLine = (id: string, quantity: number) => cartLine({ id, unitPriceCents: 250_000, quantity });

for (const language of ["en", "fr"] as const) {
  const cart = language === "fr" ? frCart : enCart;
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";

  // The cart's limits are worked out in the browser from the catalogue: checked on the first run only.
  describe.skipIf(onSecondDatabase())(`order limits (${language})`, () => {
    it("the cart page warns near $100,000 and disables the plus button that would pass it, saying why", async () => {
      const session = await openPage(browser, { locale, cart: [websiteLine("a", 36)] });
      const { page } = session;
      await page.goto(`${prefix}/cart`);
      await waitForHydration(page);
      const warnings = page.getByTestId("cart-warnings");
      await expectText(warnings, new RegExp(escape(fill(cart.limits.totalNear, { amount: "$100,000" }))));

      const line = page.getByTestId("cart-line");
      const quantity = line.getByRole("spinbutton");
      await quantity.fill("40");
      await quantity.press("Enter");
      await expectText(line.getByTestId("line-total"), "$100,000.00");
      const plus = line.getByRole("button", {
        name: new RegExp(`^${escape(fill(cart.page.increaseItem, { name: "" }).trim())}`),
      });
      expect(await plus.isDisabled()).toBe(true);
      // One line: its own total reaches the limit first.
      const reason = fill(cart.limits.lineTotalMax, { amount: "$100,000" });
      await expectText(line.getByTestId("line-limit"), reason);
      const describedBy = (await plus.getAttribute("aria-describedby"))!;
      await expectText(page.locator(`[id="${describedBy}"]`), reason);
      await expectAccessible(page);
      await saveScreenshot(page, `cart-limits-${language}-1280`);
      await session.close();
    });

    it("the home page refuses an add that would take the cart past $100,000, with the reason beside the button", async () => {
      const session = await openPage(browser, {
        locale,
        viewport: { width: 390, height: 844 },
        cart: [websiteLine("a", 40)],
      });
      const { page } = session;
      await page.goto(`${prefix}/`);
      await waitForHydration(page);
      const row = page.getByTestId("specialised-card-graphics");
      await row.locator("h3 button").click();
      await row.getByRole("button", { name: new RegExp(`^${escape(cart.page.addToCart)}`) }).click();
      await expectText(
        row.getByRole("status"),
        new RegExp(
          `${escape(cart.toast.addErrorTitle)}\\s*${escape(fill(cart.limits.cartTotalMax, { amount: "$100,000" }))}`,
        ),
      );
      const stored = JSON.parse(
        (await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)) ?? "{}",
      ) as { items: unknown[] };
      expect(stored.items).toHaveLength(1);
      await expectAccessible(page);
      await session.close();
    });
  });
}

describe("cart lines in the page's language", () => {
  it("lines added on the English page read in French on /fr/cart, and in English again on /cart", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await page.goto("/");
    await waitForHydration(page);
    const sales = page.getByTestId("service-card-sales");
    await sales.getByRole("button", { name: /^Add to Cart/ }).click();
    await expectText(sales.getByRole("status"), /Sales has been added to your cart/);
    const website = page.getByTestId("specialised-card-website");
    await website.locator("h3 button").click();
    await website.getByRole("button", { name: /^Add to Cart/ }).click();
    await expectText(website.getByRole("status"), /Website has been added to your cart/);

    const lines = async () => {
      await page.getByTestId("cart-line").first().waitFor();
      return page
        .getByTestId("cart-line")
        .evaluateAll((items) =>
          items.map((item) => [
            item.querySelector("h3")?.textContent,
            item.querySelector("p")?.textContent?.slice(0, 24),
          ]),
        );
    };
    await page.goto("/fr/cart");
    await waitForHydration(page);
    expect(await lines()).toEqual([
      ["Ventes", expect.not.stringContaining("Sales funnels")],
      ["Site web", expect.not.stringContaining("A fast, accessible")],
    ]);
    await expectAccessible(page);

    await page.goto("/cart");
    await waitForHydration(page);
    expect(await lines()).toEqual([
      ["Sales", expect.stringContaining("Sales funnels")],
      ["Website", expect.stringContaining("A fast, accessible")],
    ]);
    await session.close();
  });
});
