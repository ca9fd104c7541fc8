// @vitest-environment jsdom
import { act } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CartProvider, useCart, type CartApi } from "../../app/components/cart/cart-context.tsx";
import { useApplyPromo } from "../../app/features/cart/use-apply-promo.ts";
import { useCartDispatch } from "../../app/components/cart/use-cart-dispatch.ts";
import { cartReducer, emptyCart, serializeCart } from "../../core/cart/rules.ts";
import { CART_STORAGE_KEY, type CartState } from "../../core/cart/schema.ts";
import type { Service } from "../../core/catalogue/schema.ts";
import { domPage } from "../helpers/dom-page.tsx";

// Spec document 000, section 4 "Cart actions": restored from local storage on load (stored dates
// converted back, totals recomputed), saved after every change under one fixed key, a storage failure
// only logged. Promo codes are checked by POST /api/promos/validate (spec README, decision 2).

const logo: Service = {
  id: "logo_design",
  name: "Logo Design",
  description: "A distinctive logo",
  category: "fixed",
  fixedPriceCents: 7500,
  minPriceCents: 5000,
  maxPriceCents: 10000,
  active: true,
};
const website: Service = {
  id: "website",
  name: "Website",
  description: "A fast website",
  category: "custom",
  fixedPriceCents: null,
  minPriceCents: 50000,
  maxPriceCents: 250000,
  active: true,
};

const page = domPage();

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What a page gets from the cart: the context, and the hooks that run its rules. */
type TestCart = CartApi & {
  dispatch: ReturnType<typeof useCartDispatch>;
  applyPromo: ReturnType<typeof useApplyPromo>;
};

type Handle = { current: TestCart | null };

function Probe({ handle }: { handle: Handle }) {
  handle.current = { ...useCart(), dispatch: useCartDispatch(), applyPromo: useApplyPromo() };
  return null;
}

/** Mounts `count` providers side by side (one per browser tab) and returns a live handle on what useCart() gives inside each. */
async function mountTabs(count: number): Promise<Array<{ readonly current: TestCart }>> {
  const handles: Handle[] = Array.from({ length: count }, () => ({ current: null }));
  await page.render(
    <>
      {handles.map((handle, tab) => (
        <CartProvider key={tab}>
          <Probe handle={handle} />
        </CartProvider>
      ))}
    </>,
  );
  return handles as Array<{ readonly current: TestCart }>;
}

/** Mounts a provider (one "tab") and returns a live handle on what useCart() gives inside it. */
async function mountCart(): Promise<{ readonly current: TestCart }> {
  const [cart] = await mountTabs(1);
  return cart!;
}

function saved(): { items: Array<Record<string, unknown>>; promoCode: { code: string } | null } | null {
  const text = localStorage.getItem(CART_STORAGE_KEY);
  return text === null ? null : JSON.parse(text);
}

function cartWith(...steps: Array<Parameters<typeof cartReducer>[1]>): CartState {
  let state = emptyCart(new Date("2030-01-01T10:00:00.000Z"));
  let n = 0;
  for (const step of steps) {
    const result = cartReducer(state, step, {
      newId: () => `line-${++n}`,
      now: () => new Date("2030-01-02T12:30:00.000Z"),
    });
    if (result.error) throw new Error(result.error.messageKey);
    state = result.state;
  }
  return state;
}

interface RecordedRequest {
  url: string;
  method: string;
  contentType: string | null;
  body: unknown;
}

/**
 * A fake of POST /api/promos/validate: it refuses anything but a JSON POST of exactly {code, subtotalCents}
 * (answering 500 then, which the cart treats as a failure) and gives the canned answer otherwise.
 */
function fakePromoServer(
  answer: (request: { code: string; subtotalCents: number }) => { status: number; body: unknown },
) {
  const requests: RecordedRequest[] = [];
  page.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    requests.push({ url, method: init?.method ?? "GET", contentType: headers.get("content-type"), body });
    const wellFormed =
      url === "/api/promos/validate" &&
      init?.method === "POST" &&
      headers.get("content-type") === "application/json" &&
      body !== null &&
      typeof body === "object" &&
      Object.keys(body).sort().join(",") === "code,subtotalCents" &&
      typeof body.code === "string" &&
      Number.isInteger(body.subtotalCents);
    const { status, body: payload } = wellFormed
      ? answer(body as { code: string; subtotalCents: number })
      : { status: 500, body: { message: "unexpected request", code: "internal" } };
    return new Response(JSON.stringify(payload), { status, headers: { "content-type": "application/json" } });
  });
  return { requests, fetchFake: page.fetchMock };
}

describe("restoring the saved cart", () => {
  it("renders an empty, not yet restored cart on the server, whatever this browser saved", () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart(cartWith({ type: "add", service: logo })));
    let seen: CartApi | null = null;
    function Probe() {
      seen = useCart();
      return null;
    }
    renderToString(
      <CartProvider>
        <Probe />
      </CartProvider>,
    );
    expect(seen!.restored).toBe(false);
    expect(seen!.cart.items).toEqual([]);
  });

  it("reads the cart back on load, with dates revived and every total recomputed", async () => {
    const state = cartWith(
      { type: "add", service: logo },
      { type: "add", service: website, unitPriceCents: 60000, quantity: 2 },
    );
    const stored = JSON.parse(serializeCart(state));
    // Stale or tampered figures in storage must not survive: totals come from the lines.
    stored.items[0].lineTotalCents = 1;
    stored.items[1].lineTotalCents = 999_999;
    stored.subtotalCents = 5;
    stored.totalCents = 5;
    stored.itemCount = 42;
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(stored));

    const cart = await mountCart();
    expect(cart.current.restored).toBe(true);
    const { items, subtotalCents, totalCents, itemCount, isLoading, lastUpdated } = cart.current.cart;
    expect(items.map((item) => [item.serviceId, item.quantity, item.lineTotalCents])).toEqual([
      ["logo_design", 1, 7500],
      ["website", 2, 120000],
    ]);
    expect(items[0].addedAt).toBeInstanceOf(Date);
    expect(items[0].addedAt.toISOString()).toBe("2030-01-02T12:30:00.000Z");
    expect(lastUpdated).toBeInstanceOf(Date);
    expect(subtotalCents).toBe(127500);
    expect(totalCents).toBe(127500);
    expect(itemCount).toBe(3);
    expect(isLoading).toBe(false);
  });

  it("recomputes a saved promo's discount against the restored subtotal", async () => {
    const state = cartWith(
      { type: "add", service: website, unitPriceCents: 100000 },
      {
        type: "applyPromo",
        code: "welcome10",
        definition: {
          code: "WELCOME10",
          kind: "percent",
          value: 10,
          minimumSubtotalCents: null,
          active: true,
          description: "10% off first order",
        },
      },
    );
    const stored = JSON.parse(serializeCart(state));
    stored.promoCode.discountCents = 99_999;
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(stored));

    const cart = await mountCart();
    expect(cart.current.cart.promoCode?.code).toBe("WELCOME10");
    expect(cart.current.cart.discountCents).toBe(10000);
    expect(cart.current.cart.totalCents).toBe(90000);
  });

  it("starts empty, and says so in the log, when the saved text is unreadable", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem(CART_STORAGE_KEY, "{not json");
    const cart = await mountCart();
    expect(cart.current.restored).toBe(true);
    expect(cart.current.cart.items).toEqual([]);
    expect(log).toHaveBeenCalled();
  });
});

describe("saving the cart", () => {
  it("saves after every change under the one storage key", async () => {
    const cart = await mountCart();
    expect(saved()).toBeNull();

    await act(async () => {
      cart.current.dispatch({ type: "add", service: logo });
    });
    expect(saved()?.items.map((item) => [item.serviceId, item.quantity])).toEqual([["logo_design", 1]]);
    expect(Object.keys(localStorage)).toEqual([CART_STORAGE_KEY]);

    const id = cart.current.cart.items[0].id;
    await act(async () => {
      cart.current.dispatch({ type: "increment", itemId: id });
    });
    expect(saved()?.items.map((item) => [item.quantity, item.lineTotalCents])).toEqual([[2, 15000]]);

    await act(async () => {
      cart.current.dispatch({ type: "add", service: website, unitPriceCents: 80000 });
    });
    expect(saved()?.items).toHaveLength(2);

    await act(async () => {
      cart.current.dispatch({ type: "updateQuantity", itemId: id, quantity: 0 });
    });
    expect(saved()?.items.map((item) => item.serviceId)).toEqual(["website"]);

    await act(async () => {
      cart.current.dispatch({ type: "clear" });
    });
    expect(saved()).toEqual(expect.objectContaining({ items: [], promoCode: null }));
    expect(cart.current.cart.totalCents).toBe(0);
  });

  it("does not save a refused change", async () => {
    const cart = await mountCart();
    await act(async () => {
      cart.current.dispatch({ type: "add", service: logo });
    });
    const before = localStorage.getItem(CART_STORAGE_KEY);
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    let result: ReturnType<TestCart["dispatch"]> | undefined;
    await act(async () => {
      result = cart.current.dispatch({ type: "add", service: website, unitPriceCents: 1000 });
    });
    expect(result?.error).toEqual({ messageKey: "cart:validation.priceMin", params: { amount: "$500.00" } });
    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(before);
  });

  it("only logs a storage failure, and the cart keeps working", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    });

    const cart = await mountCart();
    expect(cart.current.restored).toBe(true);
    expect(cart.current.cart.items).toEqual([]);
    expect(log).toHaveBeenCalledWith("Could not read the saved cart", expect.any(DOMException));

    await act(async () => {
      cart.current.dispatch({ type: "add", service: logo, quantity: 3 });
    });
    expect(log).toHaveBeenCalledWith("Could not save the cart", expect.any(DOMException));
    expect(cart.current.cart.itemCount).toBe(3);
    expect(cart.current.cart.totalCents).toBe(22500);

    await act(async () => {
      cart.current.dispatch({ type: "decrement", itemId: cart.current.cart.items[0].id });
    });
    expect(cart.current.cart.itemCount).toBe(2);
  });
});

describe("applyPromo", () => {
  const save50 = {
    code: "SAVE50",
    description: "$50 off orders of $500 or more",
    kind: "amount",
    value: 5000,
    minimumSubtotalCents: 50000,
  };

  it("asks POST /api/promos/validate with the code and the subtotal, and applies the answer", async () => {
    const server = fakePromoServer(({ subtotalCents }) => ({
      status: 200,
      body: { ...save50, discountCents: 5000, message: "You saved $50.00", subtotalCents },
    }));
    const cart = await mountCart();
    await act(async () => {
      cart.current.dispatch({ type: "add", service: website, unitPriceCents: 60000 });
    });

    let outcome: Awaited<ReturnType<TestCart["applyPromo"]>> | undefined;
    await act(async () => {
      outcome = await cart.current.applyPromo("save50");
    });

    expect(server.requests).toEqual([
      {
        url: "/api/promos/validate",
        method: "POST",
        contentType: "application/json",
        body: { code: "save50", subtotalCents: 60000 },
      },
    ]);
    expect(outcome).toEqual({ ok: true, notice: { messageKey: "cart:promo.saved", params: { amount: "$50.00" } } });
    expect(cart.current.cart.promoCode).toEqual(expect.objectContaining({ code: "SAVE50", discountCents: 5000 }));
    expect(cart.current.cart.discountCents).toBe(5000);
    expect(cart.current.cart.totalCents).toBe(55000);
    expect(cart.current.cart.isLoading).toBe(false);
    expect(saved()?.promoCode?.code).toBe("SAVE50");
  });

  it("applies a staff-managed code the browser has never heard of", async () => {
    fakePromoServer(({ code }) =>
      code.trim().toUpperCase() === "SPRING25"
        ? {
            status: 200,
            body: {
              code: "SPRING25",
              discountCents: 2500,
              description: "Spring",
              kind: "percent",
              value: 25,
              minimumSubtotalCents: null,
              message: "You saved $25.00",
            },
          }
        : { status: 400, body: { message: "Invalid promo code", code: "validation" } },
    );
    const cart = await mountCart();
    await act(async () => {
      cart.current.dispatch({ type: "add", service: logo });
      cart.current.dispatch({ type: "add", service: logo });
    });
    await act(async () => {
      await cart.current.applyPromo(" spring25 ");
    });
    // 25% of $150, rounded down, recomputed locally from the definition the server gave.
    expect(cart.current.cart.discountCents).toBe(3750);
    expect(cart.current.cart.totalCents).toBe(11250);
  });

  it("returns the server's message for a refused code and leaves the cart as it was", async () => {
    const server = fakePromoServer(() => ({
      status: 400,
      body: {
        message: "This promo code requires a minimum order of $500",
        code: "validation",
        fields: { code: "This promo code requires a minimum order of $500" },
      },
    }));
    const cart = await mountCart();
    await act(async () => {
      cart.current.dispatch({ type: "add", service: logo });
    });
    const before = cart.current.cart;
    const storedBefore = localStorage.getItem(CART_STORAGE_KEY);

    let outcome: Awaited<ReturnType<TestCart["applyPromo"]>> | undefined;
    await act(async () => {
      outcome = await cart.current.applyPromo("SAVE50");
    });

    expect(server.requests[0].body).toEqual({ code: "SAVE50", subtotalCents: 7500 });
    expect(outcome).toEqual({ ok: false, message: "This promo code requires a minimum order of $500" });
    expect(cart.current.cart.items).toEqual(before.items);
    expect(cart.current.cart.promoCode).toBeNull();
    expect(cart.current.cart.totalCents).toBe(7500);
    expect(cart.current.cart.isLoading).toBe(false);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(storedBefore);
  });

  it("keeps the promo already applied when another code is refused", async () => {
    fakePromoServer(({ code }) =>
      code === "NEWCLIENT"
        ? {
            status: 200,
            body: {
              code: "NEWCLIENT",
              discountCents: 10000,
              description: "$100 off",
              kind: "amount",
              value: 10000,
              minimumSubtotalCents: null,
              message: "You saved $100.00",
            },
          }
        : { status: 400, body: { message: "Invalid promo code", code: "validation" } },
    );
    const cart = await mountCart();
    await act(async () => {
      cart.current.dispatch({ type: "add", service: website });
    });
    await act(async () => {
      await cart.current.applyPromo("NEWCLIENT");
    });
    let outcome: Awaited<ReturnType<TestCart["applyPromo"]>> | undefined;
    await act(async () => {
      outcome = await cart.current.applyPromo("NOPE");
    });
    expect(outcome).toEqual({ ok: false, message: "Invalid promo code" });
    expect(cart.current.cart.promoCode?.code).toBe("NEWCLIENT");
    expect(cart.current.cart.totalCents).toBe(40000);
  });

  it("refuses an empty code without calling the server", async () => {
    const server = fakePromoServer(() => ({ status: 200, body: {} }));
    const cart = await mountCart();
    let outcome: Awaited<ReturnType<TestCart["applyPromo"]>> | undefined;
    await act(async () => {
      outcome = await cart.current.applyPromo("   ");
    });
    expect(outcome).toEqual({ ok: false, error: { messageKey: "cart:promo.required" } });
    expect(server.fetchFake).not.toHaveBeenCalled();
  });

  it("rejects when the server fails or cannot be reached, leaving the cart unchanged and not busy", async () => {
    fakePromoServer(() => ({ status: 503, body: { message: "Service unavailable", code: "unavailable" } }));
    const cart = await mountCart();
    await act(async () => {
      cart.current.dispatch({ type: "add", service: website });
    });
    await act(async () => {
      await expect(cart.current.applyPromo("SAVE50")).rejects.toMatchObject({ status: 503 });
    });
    expect(cart.current.cart.promoCode).toBeNull();
    expect(cart.current.cart.isLoading).toBe(false);

    page.fetchMock.mockImplementation(async () => Promise.reject(new TypeError("Failed to fetch")));
    await act(async () => {
      await expect(cart.current.applyPromo("SAVE50")).rejects.toBeInstanceOf(TypeError);
    });
    expect(cart.current.cart.promoCode).toBeNull();
    expect(cart.current.cart.totalCents).toBe(50000);
    expect(cart.current.cart.isLoading).toBe(false);
  });
});

describe("two tabs", () => {
  it("stay in step through the storage event, without writing back what they receive", async () => {
    const [first, second] = await mountTabs(2);

    await act(async () => {
      first.current.dispatch({ type: "add", service: logo, quantity: 2 });
    });
    expect(second.current.cart.items).toEqual([]);

    // The browser tells the other tab about the write; this tab's own writes are never announced to it.
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent("storage", {
          key: CART_STORAGE_KEY,
          newValue: localStorage.getItem(CART_STORAGE_KEY),
          storageArea: localStorage,
        }),
      );
    });
    expect(second.current.cart.items.map((item) => [item.serviceId, item.quantity])).toEqual([["logo_design", 2]]);
    expect(second.current.cart.items[0].addedAt).toBeInstanceOf(Date);
    expect(second.current.cart.totalCents).toBe(15000);
    expect(setItem).not.toHaveBeenCalled();

    // Other keys are none of the cart's business.
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent("storage", { key: "preferredLanguage", newValue: "fr", storageArea: localStorage }),
      );
    });
    expect(second.current.cart.itemCount).toBe(2);

    // The second tab changes the cart in turn; the first follows.
    await act(async () => {
      second.current.dispatch({ type: "increment", itemId: second.current.cart.items[0].id });
    });
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent("storage", {
          key: CART_STORAGE_KEY,
          newValue: localStorage.getItem(CART_STORAGE_KEY),
          storageArea: localStorage,
        }),
      );
    });
    expect(first.current.cart.itemCount).toBe(3);

    // The saved cart removed elsewhere: both are empty.
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent("storage", { key: CART_STORAGE_KEY, newValue: null, storageArea: localStorage }),
      );
    });
    expect(first.current.cart.items).toEqual([]);
    expect(second.current.cart.items).toEqual([]);
  });
});

describe("useCart", () => {
  it("is a programming error outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Lost() {
      useCart();
      return null;
    }
    expect(() => renderToString(<Lost />)).toThrow("useCart must be used inside CartProvider");
  });
});
