// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nProvider } from "../../app/i18n/react.tsx";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Service } from "../../core/catalogue/schema.ts";
import type { CartAction, CartResult } from "../../core/cart/rules.ts";
import { createI18n } from "../../app/i18n/instance.ts";
import { resources } from "../../app/locales/resources.ts";
import { useAddToCart } from "../../app/features/home/use-add-to-cart.ts";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("../../app/components/ui/toast.ts", () => ({ toast }));

// The cart is replaced by one whose answer each test chooses: a refusal by a cart rule, or a failure.
const cart = vi.hoisted(() => ({ dispatch: vi.fn<(action: CartAction) => CartResult>() }));
vi.mock("../../app/features/cart/use-cart-dispatch.ts", () => ({ useCartDispatch: () => cart.dispatch }));

// Spec document 000, section 8, "Cart add": the catalogue's messages, said next to the button.
const service: Service = {
  id: "website",
  name: "Website",
  description: "A website",
  category: "custom",
  fixedPriceCents: null,
  minPriceCents: 50000,
  maxPriceCents: 250000,
  active: true,
};

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let api: ReturnType<typeof useAddToCart>;

function Probe() {
  api = useAddToCart();
  return <p data-testid="state">{api.adding ? "adding" : "idle"}</p>;
}

beforeEach(async () => {
  toast.success.mockClear();
  toast.error.mockClear();
  cart.dispatch.mockReset();
  const container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root!.render(<I18nProvider i18n={createI18n("en", resources)}><Probe /></I18nProvider>));
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

async function add(unitPriceCents: number, quantity = 1): Promise<boolean> {
  let result = false;
  await act(async () => {
    result = await api.add(service, quantity, unitPriceCents);
  });
  return result;
}

describe("useAddToCart", () => {
  it("is busy while adding and sends the service, quantity and price to the cart", async () => {
    cart.dispatch.mockReturnValue({ state: {} as CartResult["state"] });
    let pending!: Promise<boolean>;
    act(() => {
      pending = api.add(service, 2, 60000);
    });
    expect(document.querySelector("[data-testid=state]")?.textContent).toBe("adding");
    await act(async () => {
      expect(await pending).toBe(true);
    });
    expect(document.querySelector("[data-testid=state]")?.textContent).toBe("idle");
    expect(cart.dispatch).toHaveBeenCalledWith({ type: "add", service, quantity: 2, unitPriceCents: 60000 });
    expect(api.status).toEqual({ tone: "added", title: "Added to cart!", text: "Website has been added to your cart" });
    // Said next to the button, in a live region: no toast over the header.
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows 'Error adding to cart' with the cart rule's message when the cart refuses", async () => {
    cart.dispatch.mockReturnValue({ state: {} as CartResult["state"], error: { messageKey: "cart:validation.priceMax", params: { amount: "$2,500.00" } } });
    expect(await add(300000)).toBe(false);
    expect(api.status).toEqual({ tone: "error", title: "Error adding to cart", text: "Price cannot exceed $2,500.00" });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows 'Error adding to cart' / 'Please try again later' on an unexpected failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    cart.dispatch.mockImplementation(() => {
      throw new Error("storage exploded");
    });
    expect(await add(60000)).toBe(false);
    expect(api.status).toEqual({ tone: "error", title: "Error adding to cart", text: "Please try again later" });
    expect(document.querySelector("[data-testid=state]")?.textContent).toBe("idle");
  });

  it("says why an add that would pass an order limit is refused", async () => {
    cart.dispatch.mockReturnValue({ state: {} as CartResult["state"], error: { messageKey: "cart:limits.cartTotalMax", params: { amount: "$100,000" } } });
    expect(await add(250000, 1000)).toBe(false);
    expect(api.status).toEqual({ tone: "error", title: "Error adding to cart", text: "Cart total cannot exceed $100,000" });
  });

  it("ignores a second click while the first add is in flight", async () => {
    cart.dispatch.mockReturnValue({ state: {} as CartResult["state"] });
    await act(async () => {
      const results = await Promise.all([api.add(service, 1, 60000), api.add(service, 1, 60000)]);
      expect(results).toEqual([true, false]);
    });
    expect(cart.dispatch).toHaveBeenCalledTimes(1);
  });
});
