// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Service } from "../../core/catalogue/schema.ts";
import type { CartState } from "../../core/cart/schema.ts";
import { useCart } from "../../app/components/cart/cart-context.tsx";
import { useAddToCart } from "../../app/components/cart/use-add-to-cart.ts";
import { domPage } from "../helpers/dom-page.tsx";
import { toast } from "../helpers/toast-mock.ts";

vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

// The real cart and its rules (loaded on the first add), with a way to make the rules fail unexpectedly.
const rules = vi.hoisted(() => ({ failure: null as Error | null }));
vi.mock("../../core/cart/rules.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../core/cart/rules.ts")>();
  return {
    ...actual,
    cartReducer: (...args: Parameters<typeof actual.cartReducer>) => {
      if (rules.failure) throw rules.failure;
      return actual.cartReducer(...args);
    },
  };
});

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

const page = domPage();
let api: ReturnType<typeof useAddToCart>;
let cart: CartState;

function Probe() {
  api = useAddToCart();
  cart = useCart().cart;
  return <p data-testid="state">{api.adding ? "adding" : "idle"}</p>;
}

beforeEach(async () => {
  toast.success.mockClear();
  toast.error.mockClear();
  rules.failure = null;
  localStorage.clear();
  await page.render(<Probe />, "en", { cart: true });
});

afterEach(() => {
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
    let pending!: Promise<boolean>;
    act(() => {
      pending = api.add(service, 2, 60000);
    });
    expect(document.querySelector("[data-testid=state]")?.textContent).toBe("adding");
    await act(async () => {
      expect(await pending).toBe(true);
    });
    expect(document.querySelector("[data-testid=state]")?.textContent).toBe("idle");
    expect(cart.items).toEqual([
      expect.objectContaining({ serviceId: "website", serviceName: "Website", quantity: 2, unitPriceCents: 60000 }),
    ]);
    expect(api.status).toEqual({ tone: "added", title: "Added to cart!", text: "Website has been added to your cart" });
    // Said next to the button, in a live region: no toast over the header.
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows 'Error adding to cart' with the cart rule's message when the cart refuses", async () => {
    expect(await add(300000)).toBe(false);
    expect(api.status).toEqual({ tone: "error", title: "Error adding to cart", text: "Price cannot exceed $2,500.00" });
    expect(toast.success).not.toHaveBeenCalled();
    expect(cart.items).toEqual([]);
  });

  it("shows 'Error adding to cart' / 'Please try again later' on an unexpected failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    rules.failure = new Error("storage exploded");
    expect(await add(60000)).toBe(false);
    expect(api.status).toEqual({ tone: "error", title: "Error adding to cart", text: "Please try again later" });
    expect(document.querySelector("[data-testid=state]")?.textContent).toBe("idle");
  });

  it("says why an add that would pass an order limit is refused", async () => {
    expect(await add(250000, 1000)).toBe(false);
    expect(api.status).toEqual({
      tone: "error",
      title: "Error adding to cart",
      text: "Line total cannot exceed $100,000",
    });
    expect(cart.items).toEqual([]);
  });

  it("ignores a second click while the first add is in flight", async () => {
    await act(async () => {
      const results = await Promise.all([api.add(service, 1, 60000), api.add(service, 1, 60000)]);
      expect(results).toEqual([true, false]);
    });
    expect(cart.items).toEqual([expect.objectContaining({ serviceId: "website", quantity: 1 })]);
  });
});
