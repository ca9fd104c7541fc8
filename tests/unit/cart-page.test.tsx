// @vitest-environment jsdom
import { act } from "react";
import { click, domPage } from "../helpers/dom-page.tsx";
import { renderToString } from "react-dom/server";
import { I18nProvider } from "../../app/i18n/react.tsx";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CartProvider } from "../../app/components/cart/cart-context.tsx";
import { checkoutPath } from "../../app/components/cart/checkout-link.ts";
import { createI18n } from "../../core/i18n/instance.ts";
import { resources } from "../../app/locales/resources.ts";
import CartPage from "../../app/routes/cart.tsx";
import type { CartTexts } from "../../core/cart/rules.ts";
import { cartReducer, emptyCart, hotDealItem, serializeCart, type CartAction } from "../../core/cart/rules.ts";
import { CART_STORAGE_KEY, type CartState } from "../../core/cart/schema.ts";
import type { Service } from "../../core/catalogue/schema.ts";
import { formatCents } from "../../core/money/money.ts";
import { evaluatePromo, findPromo } from "../../core/promotions/rules.ts";
import { toast } from "../helpers/toast-mock.ts";

// Spec document 000, section 2 "/cart (Shopping Cart)", sections 4, 5 and 8; document 001, section 2
// "/cart" and "/checkout" (the cart query parameter).

vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const logo: Service = {
  id: "logo_design",
  name: "Logo Design",
  description: "A distinctive logo crafted for your brand.",
  category: "fixed",
  fixedPriceCents: 7500,
  minPriceCents: 5000,
  maxPriceCents: 10000,
  active: true,
};
const website: Service = {
  id: "website",
  name: "Website",
  description: "A fast, accessible website.",
  category: "custom",
  fixedPriceCents: null,
  minPriceCents: 50000,
  maxPriceCents: 250000,
  active: true,
};
const deal = hotDealItem({
  dealId: 7,
  name: "Brand Launch Pack",
  description: "Logo, social kit and launch campaign.",
  priceCents: 49900,
});

function cartWith(...steps: CartAction[]): CartState {
  let state = emptyCart();
  let n = 0;
  for (const step of steps) {
    const result = cartReducer(state, step, { newId: () => `line-${++n}` });
    if (result.error) throw new Error(result.error.messageKey);
    state = result.state;
  }
  return state;
}

const save = (state: CartState) => localStorage.setItem(CART_STORAGE_KEY, serializeCart(state));
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "null");

/**
 * A fake of POST /api/promos/validate that answers like the server (the seeded codes, with the same
 * rules), and only to a JSON POST of {code, subtotalCents}. `mode` makes it fail as a server or a
 * network can.
 */
let promoMode: "normal" | "server-error" | "offline" = "normal";
const promoRequests: unknown[] = [];
const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  if (promoMode === "offline") throw new TypeError("Failed to fetch");
  const body = typeof init?.body === "string" ? JSON.parse(init.body) : null;
  promoRequests.push(body);
  const json = (status: number, payload: unknown) =>
    new Response(JSON.stringify(payload), { status, headers: { "content-type": "application/json" } });
  if (
    String(input) !== "/api/promos/validate" ||
    init?.method !== "POST" ||
    new Headers(init.headers).get("content-type") !== "application/json"
  ) {
    return json(404, { message: "Not found", code: "not_found" });
  }
  if (
    !body ||
    Object.keys(body).sort().join() !== "code,subtotalCents" ||
    typeof body.code !== "string" ||
    !Number.isInteger(body.subtotalCents)
  ) {
    return json(400, { message: "Invalid request", code: "validation" });
  }
  if (promoMode === "server-error") return json(500, { message: "Internal error", code: "internal" });
  const definition = findPromo(body.code);
  const result = evaluatePromo(definition, body.code, body.subtotalCents);
  if (!result.ok || !definition) {
    const message = resources.en.cart.promo[result.messageKey.replace("cart:promo.", "") as "invalid"].replace(
      "{{amount}}",
      String(result.params?.amount),
    );
    return json(400, { message, code: "validation", fields: { code: message } });
  }
  return json(200, {
    ...definition,
    code: result.code,
    discountCents: result.discountCents,
    message: `You saved ${formatCents(result.discountCents)}`,
  });
});

const page = domPage();
let container: HTMLElement;

beforeEach(() => {
  localStorage.clear();
  promoMode = "normal";
  promoRequests.length = 0;
  page.fetchMock.mockImplementation(fetchFake);
});

afterEach(() => {
  pageTexts = { services: {}, deals: {} };
  vi.restoreAllMocks();
});

let location = "";
function LocationProbe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}${current.hash}`;
  return null;
}

/** The loader's texts: none by default (each line reads as saved), or the French catalogue's. */
let pageTexts: CartTexts = { services: {}, deals: {} };
const cartPage = () => (
  <CartPage {...({ loaderData: { texts: pageTexts } } as unknown as Parameters<typeof CartPage>[0])} />
);

/** The cart page's routes, and a page elsewhere that Proceed to Checkout and its links reach. */
const cartRoutes = () => (
  <>
    <LocationProbe />
    <Routes>
      <Route path="/cart" element={cartPage()} />
      <Route path="/:lang/cart" element={cartPage()} />
      <Route path="*" element={<main id="main">elsewhere</main>} />
    </Routes>
  </>
);

/** The whole tree, as the server renders it (the server-side test renders it to a string). */
function tree(path: string, language: "en" | "fr") {
  return (
    <I18nProvider i18n={createI18n(language, resources)}>
      <CartProvider>
        <MemoryRouter initialEntries={[path]}>{cartRoutes()}</MemoryRouter>
      </CartProvider>
    </I18nProvider>
  );
}

async function renderCart({ path = "/cart", language = "en" as "en" | "fr" } = {}) {
  container = await page.render(cartRoutes(), language, { path, cart: true });
  return container;
}

const text = (selector: string) => container.querySelector(selector)?.textContent?.trim() ?? null;
const all = (selector: string) => [...container.querySelectorAll(selector)].map((node) => node.textContent?.trim());
const lines = () => [...container.querySelectorAll<HTMLElement>("[data-testid=cart-line]")];
const lineNamed = (name: string) => lines().find((line) => line.querySelector("h3")?.textContent === name)!;
function byLabel<T extends HTMLElement = HTMLButtonElement>(label: string): T {
  const node = container.querySelector<T>(`[aria-label="${label}"]`);
  if (!node) throw new Error(`nothing labelled "${label}"`);
  return node;
}
function button(name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll<HTMLButtonElement>("button")].find(
    (node) => (node.getAttribute("aria-label") ?? node.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}
/** Types into a controlled input as a person would: React sees an input event. */
async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  await act(async () => {
    input.focus();
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
async function blur(input: HTMLInputElement) {
  await act(async () => input.blur());
}
async function pressEnter(input: HTMLInputElement) {
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  });
}
async function applyCode(code: string) {
  const input = container.querySelector<HTMLInputElement>("input[name=promoCode]")!;
  await type(input, code);
  // Pressed as a person would: the form's first submit loads its code (dom-page's click waits for it).
  await click(input.form!.querySelector<HTMLButtonElement>("button[type=submit]")!);
  return input;
}
const promoError = () => {
  const input = container.querySelector<HTMLInputElement>("input[name=promoCode]")!;
  const id = input.getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : null;
};

describe("before the saved cart is restored", () => {
  it("shows a loading state, not the empty cart, in the server's HTML", () => {
    const html = renderToString(tree("/cart", "en"));
    expect(html).toContain("Loading your cart...");
    expect(html).not.toContain("Your cart is empty");
    expect(html).toContain("Shopping Cart");
  });
});

describe("the empty cart", () => {
  it("says so and leads back to the services section", async () => {
    await renderCart();
    expect(text("h1")).toBe("Shopping Cart");
    expect(text("h2")).toBe("Your cart is empty");
    expect(container.textContent).toContain("Looks like you haven't added any services to your cart yet.");
    const link = [...container.querySelectorAll("a")].find((a) => a.textContent === "Continue Shopping")!;
    expect(link.getAttribute("href")).toBe("/#services");
    expect(container.querySelector("input[name=promoCode]")).toBeNull();
    expect(container.textContent).not.toContain("Clear Cart");
  });

  it("speaks French under /fr and stays in the French tree", async () => {
    await renderCart({ path: "/fr/cart", language: "fr" });
    expect(text("h1")).toBe("Panier");
    expect(text("h2")).toBe("Votre panier est vide");
    const link = [...container.querySelectorAll("a")].find((a) => a.textContent === "Continuer vos achats")!;
    expect(link.getAttribute("href")).toBe("/fr#services");
  });
});

describe("the cart's lines", () => {
  beforeEach(() => {
    save(
      cartWith(
        { type: "add", service: logo },
        { type: "add", service: website, unitPriceCents: 60000, quantity: 2 },
        { type: "add", ...deal },
      ),
    );
  });

  it("shows the title with the item count, and each line's name, description, badges, unit price and custom range", async () => {
    await renderCart();
    expect(text("h1")).toBe("Shopping Cart(4 items)");
    expect(lines()).toHaveLength(3);

    const logoLine = lineNamed("Logo Design");
    expect(logoLine.textContent).toContain("A distinctive logo crafted for your brand.");
    expect(logoLine.textContent).toContain("Fixed Price");
    expect(logoLine.querySelector("[data-testid=unit-price]")?.textContent).toBe("$75.00");
    expect(logoLine.querySelector("[data-testid=price-range]")).toBeNull();
    expect(logoLine.querySelector("[data-testid=line-total]")?.textContent).toBe("$75.00");

    const websiteLine = lineNamed("Website");
    expect(websiteLine.textContent).toContain("Custom Price");
    expect(websiteLine.querySelector("[data-testid=unit-price]")?.textContent).toBe("$600.00");
    expect(websiteLine.querySelector("[data-testid=price-range]")?.textContent).toBe("$500.00 - $2,500.00");
    expect(websiteLine.querySelector("[data-testid=line-total]")?.textContent).toBe("$1,200.00");

    const dealLine = lineNamed("Brand Launch Pack");
    expect(dealLine.textContent).toContain("Hot Deal");
    expect(dealLine.textContent).toContain("Fixed Price");
    expect(logoLine.textContent).not.toContain("Hot Deal");
    expect(websiteLine.textContent).not.toContain("Hot Deal");
  });

  it("reads each line in the page's language: a line added in English shows its French name under /fr", async () => {
    pageTexts = {
      services: { website: { name: "Site web", description: "Un site rapide et accessible." } },
      deals: {
        [String(deal.serviceData?.dealId)]: { name: "Pack lancement de marque", description: "Logo et charte." },
      },
    };
    await renderCart({ path: "/fr/cart", language: "fr" });
    expect(lineNamed("Site web").textContent).toContain("Un site rapide et accessible.");
    expect(lineNamed("Pack lancement de marque").textContent).toContain("Logo et charte.");
    // Not in the page's texts: the line keeps the name it was saved with.
    expect(lineNamed("Logo Design")).toBeTruthy();
    expect(byLabel("Retirer Site web")).toBeTruthy();
  });

  it("labels every control with the service it acts on", async () => {
    await renderCart();
    for (const name of ["Logo Design", "Website", "Brand Launch Pack"]) {
      expect(byLabel(`Decrease quantity of ${name}`).tagName).toBe("BUTTON");
      expect(byLabel(`Increase quantity of ${name}`).tagName).toBe("BUTTON");
      expect(byLabel(`Remove ${name}`).tagName).toBe("BUTTON");
      expect(byLabel<HTMLInputElement>(`Quantity of ${name}`).type).toBe("number");
    }
    for (const node of container.querySelectorAll("button, input")) {
      const named =
        node.getAttribute("aria-label") ||
        node.textContent?.trim() ||
        (node.id && container.querySelector(`label[for="${node.id}"]`));
      expect(named, node.outerHTML).toBeTruthy();
    }
  });

  it("shows the summary: subtotal, discount, tax calculated at checkout, total, both buttons and the secure note", async () => {
    await renderCart();
    expect(text("[data-testid=subtotal]")).toBe("$1,774.00");
    expect(text("[data-testid=discount]")).toBe("$0.00");
    expect(container.textContent).toContain("TaxCalculated at checkout");
    expect(text("[data-testid=total]")).toBe("$1,774.00");
    expect(text("[data-testid=proceed-to-checkout]")).toBe("Proceed to Checkout");
    expect(all("a").filter((label) => label === "Continue Shopping")).toHaveLength(1);
    expect(container.textContent).toContain("Your payment information is secure and encrypted.");
  });

  it("adds one with plus, takes one away with minus, and removes the line with minus at 1", async () => {
    await renderCart();
    await click(byLabel("Increase quantity of Logo Design"));
    expect(byLabel<HTMLInputElement>("Quantity of Logo Design").value).toBe("2");
    expect(lineNamed("Logo Design").querySelector("[data-testid=line-total]")?.textContent).toBe("$150.00");
    expect(text("[data-testid=total]")).toBe("$1,849.00");
    expect(text("h1")).toBe("Shopping Cart(5 items)");
    expect(text("[data-testid=cart-status]")).toBe("5 items in your cart, total $1,849.00");
    expect(stored().items[0].quantity).toBe(2);

    await click(byLabel("Decrease quantity of Logo Design"));
    expect(byLabel<HTMLInputElement>("Quantity of Logo Design").value).toBe("1");

    await click(byLabel("Decrease quantity of Logo Design"));
    expect(lines().map((line) => line.querySelector("h3")?.textContent)).toEqual(["Website", "Brand Launch Pack"]);
    expect(document.activeElement).toBe(container.querySelector("h1"));
    expect(text("[data-testid=cart-status]")).toBe("3 items in your cart, total $1,699.00");
  });

  it("applies a whole number as it is typed, reads a non-numeric entry as 1, and removes the line at 0", async () => {
    await renderCart();
    const quantity = byLabel<HTMLInputElement>("Quantity of Website");
    await type(quantity, "5");
    expect(lineNamed("Website").querySelector("[data-testid=line-total]")?.textContent).toBe("$3,000.00");
    await blur(quantity);
    expect(quantity.value).toBe("5");

    // A number input holds "" for anything that is not a number; leaving it reads as 1.
    await type(quantity, "");
    expect(lineNamed("Website").querySelector("[data-testid=line-total]")?.textContent).toBe("$3,000.00");
    await blur(quantity);
    expect(quantity.value).toBe("1");
    expect(lineNamed("Website").querySelector("[data-testid=line-total]")?.textContent).toBe("$600.00");

    await type(quantity, "0");
    expect(lines()).toHaveLength(3);
    await pressEnter(quantity);
    expect(lines().map((line) => line.querySelector("h3")?.textContent)).toEqual(["Logo Design", "Brand Launch Pack"]);
    expect(stored().items).toHaveLength(2);
    expect(document.activeElement).toBe(container.querySelector("h1"));
  });

  it("refuses a quantity above 1000 with its message and keeps the quantity", async () => {
    await renderCart();
    const quantity = byLabel<HTMLInputElement>("Quantity of Logo Design");
    await type(quantity, "1500");
    await blur(quantity);
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("Quantity cannot exceed 1000");
    expect(quantity.value).toBe("1");
  });

  it("removes a line with its remove button", async () => {
    await renderCart();
    await click(byLabel("Remove Website"));
    expect(lines().map((line) => line.querySelector("h3")?.textContent)).toEqual(["Logo Design", "Brand Launch Pack"]);
    expect(text("[data-testid=total]")).toBe("$574.00");
  });

  it("clears the cart with Clear Cart and says so", async () => {
    await renderCart();
    await click(button("Clear Cart"));
    expect(toast.success).toHaveBeenCalledWith("Cart cleared", {
      description: "All items have been removed from your cart",
    });
    expect(text("h2")).toBe("Your cart is empty");
    expect(stored().items).toEqual([]);
    expect(text("[data-testid=cart-status]")).toBe("Your cart is empty");
  });

  it("goes to /checkout?from=cart, where the cart saved in this browser (promo included) is read back", async () => {
    await renderCart();
    await applyCode("save50");
    const href = container.querySelector("[data-testid=proceed-to-checkout]")!.getAttribute("href")!;
    // A whole cart in the address passes the server's header limit near 27 lines: the address stays short.
    expect(href).toBe("/checkout?from=cart");
    expect(stored().promoCode.code).toBe("SAVE50");
    expect(
      stored().items.map((item: { serviceId: string; quantity: number; unitPriceCents: number }) => [
        item.serviceId,
        item.quantity,
        item.unitPriceCents,
      ]),
    ).toEqual([
      ["logo_design", 1, 7500],
      ["website", 2, 60000],
      ["hot_deal", 1, 49900],
    ]);

    // A document navigation: the router leaves the click to the browser (which loads the address even
    // while a router navigation is pending or before hydration). Recorded after React has seen the click,
    // then stopped, as the test's document cannot load pages.
    let leftToTheBrowser: boolean | null = null;
    const record = (event: Event) => {
      leftToTheBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener("click", record);
    await click(container.querySelector<HTMLAnchorElement>("[data-testid=proceed-to-checkout]")!);
    document.removeEventListener("click", record);
    expect(leftToTheBrowser).toBe(true);
    expect(location).toBe("/cart");
  });

  it("still builds the specification's /checkout?cart= address for links that carry a small cart", () => {
    const href = checkoutPath({ ...cartWith({ type: "add", service: website }), promoCode: null });
    expect(href.startsWith("/checkout?cart=")).toBe(true);
    const payload = JSON.parse(new URL(href, "https://atelier.example").searchParams.get("cart")!);
    expect(Object.keys(payload).sort()).toEqual(["discountCents", "items", "promoCode", "subtotalCents", "totalCents"]);
    expect(payload.items[0].serviceId).toBe("website");
  });

  it("keeps the French tree on the way to checkout", async () => {
    await renderCart({ path: "/fr/cart", language: "fr" });
    expect(container.querySelector("[data-testid=proceed-to-checkout]")!.getAttribute("href")).toBe(
      "/fr/checkout?from=cart",
    );
    expect(text("h1")).toBe("Panier(4 articles)");
    expect(lineNamed("Website").textContent).toContain("Prix personnalisé");
    expect(lineNamed("Logo Design").textContent).toContain("Prix fixe");
    expect(lineNamed("Brand Launch Pack").textContent).toContain("Offre spéciale");
    expect(container.textContent).toContain("Calculées au paiement");
  });
});

describe("promo codes", () => {
  it("asks for a code when the field is empty, without calling the server", async () => {
    save(cartWith({ type: "add", service: website }));
    await renderCart();
    await applyCode("   ");
    expect(promoError()).toBe("Please enter a promo code");
    expect(container.querySelector("input[name=promoCode]")!.getAttribute("aria-invalid")).toBe("true");
    expect(promoRequests).toEqual([]);
  });

  it("shows the server's refusal: an unknown code, then SAVE50 below its minimum order", async () => {
    save(cartWith({ type: "add", service: logo }));
    await renderCart();
    await applyCode("bogus");
    expect(promoRequests).toEqual([{ code: "bogus", subtotalCents: 7500 }]);
    expect(promoError()).toBe("Invalid promo code");
    expect(document.activeElement).toBe(container.querySelector("input[name=promoCode]"));

    await applyCode("save50");
    expect(promoError()).toBe("This promo code requires a minimum order of $500");
    expect(text("[data-testid=total]")).toBe("$75.00");
    expect(container.querySelector("[data-testid=applied-promo]")).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it.each([
    ["WELCOME10", "$300.00", "$2,700.00"],
    ["save50", "$50.00", "$2,950.00"],
    ["NewClient", "$100.00", "$2,900.00"],
  ])("applies %s and shows what it saves", async (code, saving, total) => {
    save(cartWith({ type: "add", service: website, unitPriceCents: 150000, quantity: 2 }));
    await renderCart();
    const input = await applyCode(code);
    expect(toast.success).toHaveBeenCalledWith("Promo code applied!", { description: `You saved ${saving}` });
    expect(text("[data-testid=applied-promo]")).toBe(`Code ${code.toUpperCase()} applied`);
    expect(text("[data-testid=discount]")).toBe(`−${saving}`);
    expect(container.textContent).toContain(`Discount (${code.toUpperCase()})`);
    expect(text("[data-testid=total]")).toBe(total);
    expect(input.value).toBe("");
    expect(promoError()).toBeFalsy();
  });

  it("removes the applied code with its remove button", async () => {
    save(cartWith({ type: "add", service: website }));
    await renderCart();
    await applyCode("NEWCLIENT");
    expect(text("[data-testid=total]")).toBe("$400.00");
    await click(byLabel("Remove promo code NEWCLIENT"));
    expect(container.querySelector("[data-testid=applied-promo]")).toBeNull();
    expect(text("[data-testid=total]")).toBe("$500.00");
    expect(stored().promoCode).toBeNull();
    expect(document.activeElement).toBe(container.querySelector("input[name=promoCode]"));
  });

  it.each(["server-error", "offline"] as const)(
    "says 'Error applying promo code' when the check fails (%s)",
    async (mode) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      save(cartWith({ type: "add", service: website }));
      await renderCart();
      promoMode = mode;
      await applyCode("WELCOME10");
      expect(toast.error).toHaveBeenCalledWith("Error applying promo code", { description: "Please try again later" });
      expect(text("[data-testid=total]")).toBe("$500.00");
      expect(button("Apply").disabled).toBe(false);
    },
  );

  it("warns when a change drops the subtotal below the applied code's minimum order, and drops the code", async () => {
    save(cartWith({ type: "add", service: website, quantity: 2 }, { type: "add", service: logo }));
    await renderCart();
    await applyCode("SAVE50");
    expect(text("[data-testid=total]")).toBe("$1,025.00");
    // $575.00 is still above the $500 minimum: the code stays.
    await click(byLabel("Decrease quantity of Website"));
    expect(text("[data-testid=total]")).toBe("$525.00");
    expect(toast.warning).not.toHaveBeenCalled();
    await click(byLabel("Remove Website"));
    expect(toast.warning).toHaveBeenCalledWith("This promo code requires a minimum order of $500");
    expect(container.querySelector("[data-testid=applied-promo]")).toBeNull();
    expect(text("[data-testid=total]")).toBe("$75.00");
  });

  it("does not send the visitor to a checkout that would refuse a total below $0.50", async () => {
    save(cartWith({ type: "add", service: logo }));
    await renderCart();
    await applyCode("NEWCLIENT");
    expect(text("[data-testid=total]")).toBe("$0.00");
    expect(container.querySelector("[data-testid=proceed-to-checkout]")).toBeNull();
    const proceed = button("Proceed to Checkout");
    expect(proceed.disabled).toBe(true);
    expect(document.getElementById(proceed.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Total must be at least $0.50",
    );
  });

  it("speaks French", async () => {
    save(cartWith({ type: "add", service: logo }));
    await renderCart({ path: "/fr/cart", language: "fr" });
    await applyCode("");
    expect(promoError()).toBe("Veuillez saisir un code promo");
    await applyCode("WELCOME10");
    expect(toast.success).toHaveBeenCalledWith("Code promo appliqué !", { description: "Vous économisez $7.50" });
  });
});
