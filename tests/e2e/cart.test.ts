import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../core/cart/schema.ts";
import {
  expectAccessible,
  expectAccessibleWithin,
  expectedStatus,
  expectText,
  expectToast,
  expectValue,
  fileBrowser,
  openPage,
  saveScreenshot,
  staffRequest,
  waitForHydration,
  type PageSession,
} from "./browser.ts";

/**
 * The cart as a visitor uses it (spec document 000, sections 2, 4, 5, 8 and 9): main and specialised
 * services added from the home page, the card steppers, a refused budget, the cart page's steppers,
 * every promo code and refusal, the nav badge, a reload, and Clear Cart.
 */

const browser = fileBrowser();
let session: PageSession;
let page: Page;

beforeAll(async () => {
  // Refused promo codes answer 400, which the browser logs as a failed resource.
  session = await openPage(browser, { allow: [expectedStatus(400, "/api/promos/validate")] });
  page = session.page;
});
afterAll(async () => {
  await session?.close();
});

const card = (id: string) => page.getByTestId(`service-card-${id}`);
const specialised = (id: string) => page.getByTestId(`specialised-card-${id}`);
/** "Add to Cart" followed by the service's name for screen readers. */
const addToCart = (service: string) => new RegExp(`^Add to Cart ?: ${service}$`);
const badge = () => page.getByTestId("cart-badge");
const storedCart = () => page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
const line = (name: string) =>
  page.getByTestId("cart-line").filter({ has: page.getByRole("heading", { name, exact: true }) });
const promoField = () => page.getByLabel("Promo code", { exact: true });
const applyButton = () => page.getByRole("button", { name: "Apply", exact: true });
const promoError = () => page.locator("main form").getByRole("alert");
/** Opens a specialised service's row (its budget, quantity and buttons are inside). */
async function openRow(id: string) {
  const row = specialised(id);
  const toggle = row.locator("h3 button");
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  return row;
}

async function applyPromo(code: string) {
  await promoField().fill(code);
  await applyButton().click();
}

describe("adding services from the home page", () => {
  it("starts with an empty cart and no badge", async () => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByTestId("cart-link").waitFor();
    expect(await badge().count()).toBe(0);
    await expectText(page.getByTestId("cart-link"), "Shopping cart, 0 items");
  });

  it("adds a main service at its minimum price with the quantity chosen on the stepper, then resets the stepper to 1", async () => {
    const conception = card("conception");
    const quantity = conception.getByLabel("Quantity", { exact: true });
    const decrease = conception.getByRole("button", { name: "Decrease quantity of Conception" });
    await expectValue(quantity, "1");
    // The stepper never goes below 1.
    expect(await decrease.isDisabled()).toBe(true);
    await conception.getByRole("button", { name: "Increase quantity of Conception" }).click();
    await conception.getByRole("button", { name: "Increase quantity of Conception" }).click();
    await expectValue(quantity, "3");
    await decrease.click();
    await expectValue(quantity, "2");

    const add = conception.getByRole("button", { name: addToCart("Conception") });
    await add.click();
    // Said beside the button, in a polite live region; the focus stays on the button.
    await expectText(conception.getByRole("status"), /Added to cart!\s*Conception has been added to your cart/);
    expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectValue(quantity, "1");
    await expectText(badge(), "2");
    // $250 minimum, twice; the total shows beside the badge on a desktop screen.
    await expectText(page.getByTestId("cart-total"), "$500.00");
    await expectAccessibleWithin(page, "#services");
  });

  it('refuses a budget outside the range with "Invalid Amount" and leaves the cart alone', async () => {
    const before = await storedCart();
    const website = await openRow("website");
    await website.getByLabel("Your budget (USD)").fill("5000");
    await expectToast(page, () => website.getByRole("button", { name: addToCart("Website") }).click(), {
      title: "Invalid Amount",
      description: "Amount must be between $500 and $2,500",
      type: "error",
    });
    await website.getByLabel("Your budget (USD)").fill("499");
    await expectToast(page, () => website.getByRole("button", { name: addToCart("Website") }).click(), {
      title: "Invalid Amount",
      description: "Amount must be between $500 and $2,500",
    });
    // Also under the field, tied to it for screen readers.
    await expectText(website.getByRole("alert"), "Amount must be between $500 and $2,500");
    expect(await website.getByLabel("Your budget (USD)").getAttribute("aria-invalid")).toBe("true");
    await expectAccessibleWithin(page, '[data-testid="specialised-card-website"]');
    expect(await storedCart()).toBe(before);
    await expectText(badge(), "2");
  });

  it("adds specialised services at the budget typed, and a fixed-price one at its price", async () => {
    const website = await openRow("website");
    await website.getByLabel("Your budget (USD)").fill("1200");
    await website.getByRole("button", { name: addToCart("Website") }).click();
    await expectText(website.getByRole("status"), /Website has been added to your cart/);
    await expectText(badge(), "3");

    // Logo design shows its fixed $75, not a budget field, and is sold at it.
    const logo = await openRow("logo_design");
    expect(await logo.getByLabel("Your budget (USD)").count()).toBe(0);
    await expectText(logo.getByTestId("fixed-price"), /\$75/);
    await logo.getByRole("button", { name: addToCart("Logo Design") }).click();
    await expectText(logo.getByRole("status"), /Logo Design has been added to your cart/);
    await expectText(badge(), "4");
    await expectText(page.getByTestId("cart-total"), "$1,775.00");
  });
});

describe("the cart page", () => {
  it("lists the lines with their badges, ranges and totals", async () => {
    await page.getByTestId("cart-link").click();
    await page.waitForURL((url) => url.pathname === "/cart");
    await expectText(page.getByRole("heading", { level: 1 }), /^Shopping Cart\s*\(4 items\)$/);
    expect(await page.getByTestId("cart-line").count()).toBe(3);

    await expectValue(line("Conception").getByLabel("Quantity of Conception", { exact: true }), "2");
    await expectText(line("Conception").getByTestId("unit-price"), "$250.00");
    await expectText(line("Conception").getByTestId("line-total"), "$500.00");
    await expectText(line("Conception").getByTestId("price-range"), "$250.00 - $1,500.00");
    await expectText(line("Website").getByTestId("unit-price"), "$1,200.00");
    await expectText(line("Website").getByText("Custom Price", { exact: true }), "Custom Price");
    await expectText(line("Logo Design").getByTestId("unit-price"), "$75.00");
    await expectText(line("Logo Design").getByText("Fixed Price", { exact: true }), "Fixed Price");

    await expectText(page.getByTestId("subtotal"), "$1,775.00");
    await expectText(page.getByTestId("discount"), "$0.00");
    await expectText(page.getByText("Calculated at checkout", { exact: true }), "Calculated at checkout");
    await expectText(page.getByTestId("total"), "$1,775.00");
    await page.getByText("Your payment information is secure and encrypted.", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Continue Shopping", exact: true }).waitFor();
    expect(await page.getByTestId("proceed-to-checkout").getAttribute("href")).toMatch(/^\/checkout\?/);
    await expectText(badge(), "4");
    await expectAccessible(page);
  });

  it("refuses an empty and an unknown promo code with their messages, changing nothing", async () => {
    await applyPromo("");
    await expectText(promoError(), "Please enter a promo code");
    await applyPromo("NOSUCHCODE");
    await expectText(promoError(), "Invalid promo code");
    await expectAccessible(page);
    await expectText(page.getByTestId("discount"), "$0.00");
    await expectText(page.getByTestId("total"), "$1,775.00");
  });

  it("changes quantities with the line steppers and removes lines", async () => {
    await line("Conception").getByRole("button", { name: "Increase quantity of Conception" }).click();
    await expectText(line("Conception").getByTestId("line-total"), "$750.00");
    await expectText(page.getByTestId("subtotal"), "$2,025.00");
    // Typing a quantity applies it.
    await line("Conception").getByLabel("Quantity of Conception", { exact: true }).fill("1");
    await expectText(line("Conception").getByTestId("line-total"), "$250.00");
    await expectText(badge(), "3");

    await line("Website").getByRole("button", { name: "Remove Website" }).click();
    await expectText(page.getByTestId("subtotal"), "$325.00");
    expect(await line("Website").count()).toBe(0);
    await expectText(badge(), "2");
  });

  it("refuses SAVE50 below its $500 minimum, then takes $50 off a larger cart", async () => {
    await applyPromo("save50");
    await expectText(promoError(), "This promo code requires a minimum order of $500");
    await expectText(page.getByTestId("discount"), "$0.00");

    await line("Conception").getByRole("button", { name: "Increase quantity of Conception" }).click();
    await expectText(page.getByTestId("subtotal"), "$575.00");
    await expectToast(page, () => applyPromo("save50"), {
      title: "Promo code applied!",
      description: "You saved $50.00",
      type: "success",
    });
    await expectText(page.getByTestId("applied-promo"), "Code SAVE50 applied");
    await expectText(page.getByTestId("discount"), "−$50.00");
    await expectText(page.getByTestId("total"), "$525.00");
    await expectText(page.getByTestId("cart-total"), "$525.00");
    await expectAccessible(page);
  });

  it("applies WELCOME10 as 10% of the subtotal", async () => {
    await expectToast(page, () => applyPromo("welcome10"), {
      title: "Promo code applied!",
      description: "You saved $57.50",
    });
    await expectText(page.getByTestId("applied-promo"), "Code WELCOME10 applied");
    await expectText(page.getByTestId("discount"), "−$57.50");
    await expectText(page.getByTestId("total"), "$517.50");
  });

  it("applies NEWCLIENT as $100 off", async () => {
    await expectToast(page, () => applyPromo("NEWCLIENT"), {
      title: "Promo code applied!",
      description: "You saved $100.00",
    });
    await expectText(page.getByTestId("applied-promo"), "Code NEWCLIENT applied");
    await expectText(page.getByTestId("discount"), "−$100.00");
    await expectText(page.getByTestId("total"), "$475.00");
    await expectText(page.getByTestId("cart-total"), "$475.00");
  });

  it("keeps the cart, its promo code and the badge after a reload", async () => {
    await page.reload();
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), /^Shopping Cart\s*\(3 items\)$/);
    expect(await page.getByTestId("cart-line").count()).toBe(2);
    await expectValue(line("Conception").getByLabel("Quantity of Conception", { exact: true }), "2");
    await expectText(page.getByTestId("applied-promo"), "Code NEWCLIENT applied");
    await expectText(page.getByTestId("subtotal"), "$575.00");
    await expectText(page.getByTestId("total"), "$475.00");
    await expectText(badge(), "3");
    await saveScreenshot(page, "cart-1280");
  });

  it("empties the cart with Clear Cart", async () => {
    await expectToast(page, () => page.getByRole("button", { name: "Clear Cart", exact: true }).click(), {
      title: "Cart cleared",
      description: "All items have been removed from your cart",
      type: "success",
    });
    await expectText(page.getByRole("heading", { level: 2, name: "Your cart is empty" }), "Your cart is empty");
    await page.getByText("Looks like you haven't added any services to your cart yet.", { exact: true }).waitFor();
    expect(await badge().count()).toBe(0);
    expect(await page.getByTestId("cart-line").count()).toBe(0);
    await expectAccessible(page);

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("heading", { level: 2, name: "Your cart is empty" }).waitFor();
    expect(JSON.parse((await storedCart()) ?? "{}").items).toEqual([]);
  });

  it("rounds WELCOME10's 10% down to the cent, on a deal priced in cents", async () => {
    // Catalogue budgets are whole dollars, whose 10% never has a fraction of a cent: staff add a deal at $123.45.
    const staff = await staffRequest();
    const title = `Odd-Priced Audit ${Date.now().toString(36)}`;
    const now = Date.now();
    const response = await staff.post("/api/admin/hot-deals", {
      data: {
        titleEn: title,
        titleFr: `Audit au centime ${title}`,
        descriptionEn: "A one-off audit of your website and social accounts, priced to the cent.",
        descriptionFr: "Un audit ponctuel de votre site et de vos réseaux sociaux, au centime près.",
        serviceNameEn: "Website",
        serviceNameFr: "Site web",
        originalPrice: 24690,
        discountedPrice: 12345,
        discountPercentage: 50,
        validFrom: new Date(now - 3_600_000).toISOString(),
        validUntil: new Date(now + 10 * 86_400_000).toISOString(),
        claimLimit: 5,
      },
    });
    const created = { status: response.status(), body: (await response.json()) as { id: number } };
    expect(created.status).toBe(201);
    try {
      await page.goto("/hot-deals");
      await waitForHydration(page);
      const card = page
        .getByTestId("deal-card")
        .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
      await card.getByRole("button", { name: "Claim", exact: true }).click();
      await expectText(card.getByRole("status"), `Added to cart! ${title} has been added to your cart View cart`);
      await page.getByTestId("cart-link").click();
      await page.waitForURL((url) => url.pathname === "/cart");
      await expectText(page.getByTestId("subtotal"), "$123.45");
      // 10% of $123.45 is $12.345: the visitor saves $12.34, never a rounded-up $12.35.
      await expectToast(page, () => applyPromo("WELCOME10"), {
        title: "Promo code applied!",
        description: "You saved $12.34",
      });
      await expectText(page.getByTestId("discount"), "−$12.34");
      await expectText(page.getByTestId("total"), "$111.11");
      await page.getByRole("button", { name: "Clear Cart", exact: true }).click();
      await page.getByRole("heading", { level: 2, name: "Your cart is empty" }).waitFor();
    } finally {
      // The other tests count the demo deals: this one goes.
      expect((await staff.delete(`/api/admin/hot-deals/${created.body.id}`)).status()).toBe(204);
    }
  });

  it("fits a 390 px wide phone screen with a line in it", async () => {
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await phone.page.goto("/");
    await waitForHydration(phone.page);
    const graphics = phone.page.getByTestId("specialised-card-graphics");
    await graphics.locator("h3 button").click();
    await graphics.getByRole("button", { name: addToCart("Graphics") }).click();
    await expectText(graphics.getByRole("status"), /Graphics has been added to your cart/);
    await phone.page.goto("/cart");
    await waitForHydration(phone.page);
    await expectText(phone.page.getByTestId("total"), "$50.00");
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone.page);
    await saveScreenshot(phone.page, "cart-390");
    await phone.close();
  });
});
