import { createTranslator } from "../../core/i18n/translator.ts";
import { describe, expect, it } from "vitest";
import enCart from "../../app/locales/en/cart.json";
import frCart from "../../app/locales/fr/cart.json";
import {
  HOT_DEAL_SERVICE_ID,
  addItem,
  applyPromo,
  cartReducer,
  checkOrderLimits,
  checkUnitPrice,
  clearCart,
  decrementQuantity,
  emptyCart,
  hotDealIdOf,
  hotDealItem,
  incrementQuantity,
  parseCartQuantity,
  removeItem,
  removePromo,
  restoreCart,
  serializeCart,
  setLoading,
  updatePrice,
  updateQuantity,
  type CartContext,
  type CartMessage,
  type CartResult,
  type OrderFigures,
} from "../../core/cart/rules.ts";
import { cartItemSchema, cartStateSchema, type CartState } from "../../core/cart/schema.ts";
import { findCatalogueEntry, toCartService } from "../../core/catalogue/rules.ts";
import type { Service } from "../../core/catalogue/schema.ts";
import { findPromo } from "../../core/promotions/rules.ts";

const i18n = createTranslator("en", { en: { cart: enCart }, fr: { cart: frCart } });
const english = (message: CartMessage | undefined) => {
  if (!message) throw new Error("expected a message");
  return i18n.t(message.messageKey, message.params ?? {}) as string;
};
const french = (message: CartMessage) => i18n.t(message.messageKey, { ...message.params, lng: "fr" }) as string;

const T0 = new Date("2026-01-01T10:00:00.000Z");

/** A deterministic context: ids line-1, line-2... and a clock that ticks one second per call. */
function deterministic(): Required<CartContext> {
  let id = 0;
  let tick = 0;
  return { newId: () => `line-${++id}`, now: () => new Date(T0.getTime() + 1000 * tick++) };
}

const service = (id: string): Service =>
  toCartService(findCatalogueEntry(id)!, { name: `Name of ${id}`, description: `About ${id}` });
const website = service("website"); // custom, $500 to $2,500
const logo = service("logo_design"); // fixed, $75
const graphics = service("graphics"); // custom, $50 to $250

function ok(result: CartResult): CartState {
  expect(result.error).toBeUndefined();
  return result.state;
}

function expectTotalsConsistent(state: CartState) {
  const subtotal = state.items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  expect(state.subtotalCents).toBe(subtotal);
  expect(state.discountCents).toBe(state.promoCode?.discountCents ?? 0);
  expect(state.totalCents).toBe(Math.max(0, subtotal - state.discountCents));
  expect(state.taxCents).toBe(0);
  expect(state.itemCount).toBe(state.items.reduce((sum, item) => sum + item.quantity, 0));
  for (const item of state.items) expect(item.lineTotalCents).toBe(item.unitPriceCents * item.quantity);
}

describe("cart messages", () => {
  const keys = (value: unknown, prefix = ""): string[] =>
    typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
      : [prefix];

  it("exist in English and French with the same keys", () => {
    expect(keys(frCart).sort()).toEqual(keys(enCart).sort());
  });

  it("show amounts in US dollars, en-US, in French too", () => {
    const result = addItem(emptyCart(T0), { service: website, unitPriceCents: 100 }, deterministic());
    expect(english(result.error)).toBe("Price must be at least $500.00");
    expect(french(result.error!)).toBe("Le prix doit être d'au moins $500.00");
  });
});

describe("adding to the cart", () => {
  it("creates a line with the service's fields and recomputes the totals", () => {
    const context = deterministic();
    const state = ok(
      addItem(
        emptyCart(T0),
        { service: website, quantity: 2, unitPriceCents: 60000, serviceData: { note: "x" } },
        context,
      ),
    );
    expect(state.items).toEqual([
      {
        id: "line-1",
        serviceId: "website",
        serviceName: "Name of website",
        description: "About website",
        pricingType: "custom",
        unitPriceCents: 60000,
        quantity: 2,
        lineTotalCents: 120000,
        serviceData: { note: "x" },
        addedAt: T0,
        minPriceCents: 50000,
        maxPriceCents: 250000,
        fixedPriceCents: null,
      },
    ]);
    expect(state).toMatchObject({
      subtotalCents: 120000,
      discountCents: 0,
      taxCents: 0,
      totalCents: 120000,
      itemCount: 2,
      lastUpdated: T0,
    });
    expect(cartStateSchema.parse(state)).toEqual(state);
  });

  it("holds exactly the specification's fields on a line and on the cart", () => {
    const state = ok(addItem(emptyCart(T0), { service: website }, deterministic()));
    expect(Object.keys(cartItemSchema.shape).sort()).toEqual(
      [
        "id",
        "serviceId",
        "serviceName",
        "description",
        "pricingType",
        "unitPriceCents",
        "quantity",
        "lineTotalCents",
        "serviceData",
        "addedAt",
        "minPriceCents",
        "maxPriceCents",
        "fixedPriceCents",
      ].sort(),
    );
    expect(Object.keys(state).sort()).toEqual(
      [
        "items",
        "promoCode",
        "subtotalCents",
        "discountCents",
        "taxCents",
        "totalCents",
        "itemCount",
        "isLoading",
        "lastUpdated",
      ].sort(),
    );
  });

  it("adds a custom service at its minimum price and quantity 1 by default", () => {
    const state = ok(addItem(emptyCart(T0), { service: service("conception") }, deterministic()));
    expect(state.items[0]).toMatchObject({ unitPriceCents: 25000, quantity: 1, lineTotalCents: 25000 });
  });

  it("never merges: the same service added twice makes two lines with distinct ids", () => {
    const context = deterministic();
    let state = ok(addItem(emptyCart(T0), { service: website }, context));
    state = ok(addItem(state, { service: website }, context));
    expect(state.items.map((item) => [item.id, item.serviceId, item.quantity])).toEqual([
      ["line-1", "website", 1],
      ["line-2", "website", 1],
    ]);
    expect(state.itemCount).toBe(2);
  });

  it("generates random unique ids by default", () => {
    let state = ok(addItem(emptyCart(), { service: website }));
    state = ok(addItem(state, { service: website }));
    const [first, second] = state.items.map((item) => item.id);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
  });

  it("still generates v4 ids where crypto.randomUUID is missing (plain http pages)", () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true, writable: true });
    try {
      expect(typeof crypto.randomUUID).toBe("undefined");
      const state = ok(addItem(ok(addItem(emptyCart(), { service: website })), { service: website }));
      const [first, second] = state.items.map((item) => item.id);
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(first).not.toBe(second);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true, writable: true });
    }
  });

  it("silently corrects the price of a fixed-price service", () => {
    const result = addItem(emptyCart(T0), { service: logo, unitPriceCents: 9900 }, deterministic());
    expect(result.error).toBeUndefined();
    expect(result.state.items[0]).toMatchObject({
      pricingType: "fixed",
      unitPriceCents: 7500,
      lineTotalCents: 7500,
      fixedPriceCents: 7500,
    });
  });

  it("refuses a custom price below the range: 'Price must be at least ${amount}'", () => {
    const start = emptyCart(T0);
    const result = addItem(start, { service: website, unitPriceCents: 49999 }, deterministic());
    expect(english(result.error)).toBe("Price must be at least $500.00");
    expect(result.state).toBe(start);
  });

  it("refuses a custom price above the range: 'Price cannot exceed ${amount}'", () => {
    const start = emptyCart(T0);
    const result = addItem(start, { service: website, unitPriceCents: 250001 }, deterministic());
    expect(english(result.error)).toBe("Price cannot exceed $2,500.00");
    expect(result.state).toBe(start);
  });

  it("refuses a price that is not whole cents: 'Please enter a valid amount'", () => {
    const result = addItem(emptyCart(T0), { service: website, unitPriceCents: 60000.5 }, deterministic());
    expect(english(result.error)).toBe("Please enter a valid amount");
    expect(result.state.items).toHaveLength(0);
  });

  it("refuses an inactive service", () => {
    const result = addItem(emptyCart(T0), { service: { ...website, active: false } }, deterministic());
    expect(english(result.error)).toBe("This service is not available at the moment.");
    expect(result.state.items).toHaveLength(0);
  });

  it("refuses a fixed-price service without a price: 'Failed to add item to cart'", () => {
    const result = addItem(emptyCart(T0), { service: { ...logo, fixedPriceCents: null } }, deterministic());
    expect(english(result.error)).toBe("Failed to add item to cart");
  });

  it("refuses quantities an order cannot hold", () => {
    expect(english(addItem(emptyCart(T0), { service: website, quantity: 0 }, deterministic()).error)).toBe(
      "Quantity must be 1 or greater",
    );
    expect(english(addItem(emptyCart(T0), { service: website, quantity: 1.5 }, deterministic()).error)).toBe(
      "Quantity must be 1 or greater",
    );
    expect(english(addItem(emptyCart(T0), { service: website, quantity: 1001 }, deterministic()).error)).toBe(
      "Quantity cannot exceed 1000",
    );
    expect(ok(addItem(emptyCart(T0), { service: graphics, quantity: 1000 }, deterministic())).itemCount).toBe(1000);
  });

  it("refuses a 51st line: 'Order cannot contain more than 50 items'", () => {
    const context = deterministic();
    let state = emptyCart(T0);
    for (let i = 0; i < 50; i++) state = ok(addItem(state, { service: graphics }, context));
    const result = addItem(state, { service: graphics }, context);
    expect(english(result.error)).toBe("Order cannot contain more than 50 items");
    expect(result.state).toBe(state);
  });
});

describe("changing lines", () => {
  function twoLines() {
    const context = deterministic();
    let state = ok(addItem(emptyCart(T0), { service: website, unitPriceCents: 60000 }, context));
    state = ok(addItem(state, { service: logo, quantity: 2 }, context));
    return { state, context };
  }

  it("removes a line and recomputes the totals", () => {
    const { state, context } = twoLines();
    const next = ok(removeItem(state, "line-1", context));
    expect(next.items.map((item) => item.id)).toEqual(["line-2"]);
    expect(next).toMatchObject({ subtotalCents: 15000, totalCents: 15000, itemCount: 2 });
    expect(removeItem(next, "missing", context).state).toBe(next);
  });

  it("sets a quantity and recomputes the line total", () => {
    const { state, context } = twoLines();
    const next = ok(updateQuantity(state, "line-1", 3, context));
    expect(next.items[0]).toMatchObject({ quantity: 3, lineTotalCents: 180000 });
    expect(next).toMatchObject({ subtotalCents: 195000, itemCount: 5 });
    expectTotalsConsistent(next);
  });

  it("removes a line whose quantity is set to 0 or below", () => {
    const { state, context } = twoLines();
    expect(ok(updateQuantity(state, "line-1", 0, context)).items.map((item) => item.id)).toEqual(["line-2"]);
    expect(ok(updateQuantity(state, "line-1", -4, context)).items.map((item) => item.id)).toEqual(["line-2"]);
    expect(ok(updateQuantity(state, "line-1", "0", context)).items.map((item) => item.id)).toEqual(["line-2"]);
  });

  it("reads a non-numeric quantity as 1", () => {
    const { state, context } = twoLines();
    expect(ok(updateQuantity(state, "line-2", "abc", context)).items[1].quantity).toBe(1);
    expect(ok(updateQuantity(state, "line-2", "", context)).items[1].quantity).toBe(1);
    expect(parseCartQuantity("2.9")).toBe(2);
    expect(parseCartQuantity(" 7 ")).toBe(7);
    expect(parseCartQuantity(Number.NaN)).toBe(1);
  });

  it("refuses a quantity above 1000 and keeps the line: 'Quantity cannot exceed 1000'", () => {
    const { state, context } = twoLines();
    const result = updateQuantity(state, "line-1", 1001, context);
    expect(english(result.error)).toBe("Quantity cannot exceed 1000");
    expect(result.state).toBe(state);
  });

  it("adds one with plus, removes one with minus, and removes the line at 1", () => {
    const { state, context } = twoLines();
    const plus = ok(incrementQuantity(state, "line-1", context));
    expect(plus.items[0].quantity).toBe(2);
    const minus = ok(decrementQuantity(plus, "line-2", context));
    expect(minus.items[1].quantity).toBe(1);
    const removed = ok(decrementQuantity(minus, "line-2", context));
    expect(removed.items.map((item) => item.id)).toEqual(["line-1"]);
    expect(incrementQuantity(removed, "line-2", context).state).toBe(removed);
  });

  it("changes a custom price within the range", () => {
    const { state, context } = twoLines();
    const next = ok(updatePrice(state, "line-1", 80000, context));
    expect(next.items[0]).toMatchObject({ unitPriceCents: 80000, lineTotalCents: 80000 });
    expect(next.subtotalCents).toBe(95000);
  });

  it("refuses an out-of-range price and keeps the old one", () => {
    const { state, context } = twoLines();
    const low = updatePrice(state, "line-1", 100, context);
    expect(english(low.error)).toBe("Price must be at least $500.00");
    expect(low.state).toBe(state);
    const high = updatePrice(state, "line-1", 300000, context);
    expect(english(high.error)).toBe("Price cannot exceed $2,500.00");
    expect(high.state).toBe(state);
  });

  it("ignores a price update on a fixed-price line", () => {
    const { state, context } = twoLines();
    const result = updatePrice(state, "line-2", 100, context);
    expect(result.error).toBeUndefined();
    expect(result.state).toBe(state);
  });

  it("checks a fixed price: 'This is a fixed-price service. Price must be {amount}'", () => {
    const rules = { pricingType: "fixed" as const, fixedPriceCents: 7500, minPriceCents: 5000, maxPriceCents: 10000 };
    expect(checkUnitPrice(rules, 7500)).toEqual({ ok: true });
    const refusal = checkUnitPrice(rules, 8000);
    expect(refusal.ok).toBe(false);
    expect(english(refusal as CartMessage)).toBe("This is a fixed-price service. Price must be $75.00");
  });

  it("checks a custom price against the order's unit price limits", () => {
    const open = { pricingType: "custom" as const, fixedPriceCents: null, minPriceCents: null, maxPriceCents: null };
    expect(english(checkUnitPrice(open, 0) as CartMessage)).toBe("Unit price must be at least $0.01");
    expect(english(checkUnitPrice(open, 1_000_001) as CartMessage)).toBe("Unit price cannot exceed $10,000");
  });

  it("marks the cart busy without changing anything else", () => {
    const { state } = twoLines();
    const busy = ok(setLoading(state, true));
    expect(busy).toEqual({ ...state, isLoading: true });
    expect(setLoading(busy, true).state).toBe(busy);
  });

  it("clears every line and the promo", () => {
    const { state, context } = twoLines();
    const withPromo = ok(applyPromo(state, "WELCOME10", findPromo("WELCOME10"), context));
    const cleared = ok(clearCart(withPromo, context));
    expect(cleared).toMatchObject({
      items: [],
      promoCode: null,
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      itemCount: 0,
    });
  });
});

describe("promo codes in the cart", () => {
  function cartOf(cents: number) {
    const context = deterministic();
    // graphics goes from $50 to $250; build the subtotal from whole lines.
    let state = emptyCart(T0);
    let left = cents;
    while (left > 0) {
      const price = Math.min(25000, Math.max(5000, left));
      state = ok(addItem(state, { service: graphics, unitPriceCents: price }, context));
      left -= price;
    }
    return { state, context };
  }

  it("applies WELCOME10 (10% rounded down) and reports the saving", () => {
    const { state, context } = cartOf(12345);
    const result = applyPromo(state, "welcome10", findPromo("welcome10"), context);
    expect(result.error).toBeUndefined();
    expect(english(result.notice)).toBe("You saved $12.34");
    expect(result.state.promoCode).toMatchObject({
      code: "WELCOME10",
      discountCents: 1234,
      active: true,
      description: "10% off first order",
    });
    expect(result.state).toMatchObject({ subtotalCents: 12345, discountCents: 1234, totalCents: 11111 });
  });

  it("recomputes the discount on every change", () => {
    const { state, context } = cartOf(20000);
    let next = ok(applyPromo(state, "WELCOME10", findPromo("WELCOME10"), context));
    expect(next.discountCents).toBe(2000);
    next = ok(addItem(next, { service: graphics, unitPriceCents: 5555 }, context));
    expect(next).toMatchObject({ subtotalCents: 25555, discountCents: 2555, totalCents: 23000 });
    next = ok(updateQuantity(next, next.items[1].id, 3, context));
    expect(next.discountCents).toBe(Math.floor(next.subtotalCents / 10));
    expectTotalsConsistent(next);
  });

  it("refuses SAVE50 below $500 and leaves the cart as it was", () => {
    const { state, context } = cartOf(49999);
    const result = applyPromo(state, "SAVE50", findPromo("SAVE50"), context);
    expect(english(result.error)).toBe("This promo code requires a minimum order of $500");
    expect(result.state).toBe(state);
    expect(ok(applyPromo(cartOf(50000).state, "SAVE50", findPromo("SAVE50"), context)).discountCents).toBe(5000);
  });

  it("removes SAVE50 when the subtotal falls below $500, with the minimum-order message", () => {
    const { state, context } = cartOf(60000);
    const applied = ok(applyPromo(state, "SAVE50", findPromo("SAVE50"), context));
    expect(applied.totalCents).toBe(55000);
    const result = removeItem(applied, applied.items[0].id, context);
    expect(result.error).toBeUndefined();
    expect(english(result.notice)).toBe("This promo code requires a minimum order of $500");
    expect(result.state).toMatchObject({ promoCode: null, discountCents: 0, totalCents: result.state.subtotalCents });
  });

  it("never lets the total go below 0 (NEWCLIENT on a $75 cart)", () => {
    const context = deterministic();
    const state = ok(addItem(emptyCart(T0), { service: logo }, context));
    const next = ok(applyPromo(state, "NEWCLIENT", findPromo("NEWCLIENT"), context));
    expect(next).toMatchObject({ subtotalCents: 7500, discountCents: 7500, totalCents: 0 });
    const more = ok(addItem(next, { service: website }, context));
    expect(more).toMatchObject({ subtotalCents: 57500, discountCents: 10000, totalCents: 47500 });
  });

  it("refuses an empty or unknown code and keeps the promo already applied", () => {
    const { state, context } = cartOf(20000);
    const applied = ok(applyPromo(state, "NEWCLIENT", findPromo("NEWCLIENT"), context));
    const empty = applyPromo(applied, "  ", null, context);
    expect(english(empty.error)).toBe("Please enter a promo code");
    expect(empty.state).toBe(applied);
    const unknown = applyPromo(applied, "BOGUS", findPromo("BOGUS"), context);
    expect(english(unknown.error)).toBe("Invalid promo code");
    expect(unknown.state.promoCode?.code).toBe("NEWCLIENT");
  });

  it("replaces the promo with another valid one, and removes it on demand", () => {
    const { state, context } = cartOf(60000);
    let next = ok(applyPromo(state, "NEWCLIENT", findPromo("NEWCLIENT"), context));
    next = ok(applyPromo(next, "SAVE50", findPromo("SAVE50"), context));
    expect(next.promoCode?.code).toBe("SAVE50");
    expect(next.discountCents).toBe(5000);
    const removed = ok(removePromo(next, context));
    expect(removed).toMatchObject({ promoCode: null, discountCents: 0, totalCents: 60000 });
    expect(removePromo(removed, context).state).toBe(removed);
  });
});

describe("hot deals in the cart", () => {
  it("adds a claimed deal as a fixed-price line at the deal price", () => {
    const context = deterministic();
    const claim = hotDealItem({
      dealId: "deal-42",
      name: "Spring launch pack",
      description: "Three posts",
      priceCents: 19900,
    });
    const state = ok(addItem(emptyCart(T0), { ...claim, unitPriceCents: 1 }, context));
    expect(state.items[0]).toMatchObject({
      serviceId: HOT_DEAL_SERVICE_ID,
      serviceName: "Spring launch pack",
      pricingType: "fixed",
      unitPriceCents: 19900,
      fixedPriceCents: 19900,
      serviceData: { dealId: "deal-42" },
    });
    expect(hotDealIdOf(state.items[0])).toBe("deal-42");
    expect(updatePrice(state, "line-1", 100, context).state).toBe(state);
    expect(cartStateSchema.parse(state)).toEqual(state);
  });

  it("recognises ordinary lines", () => {
    const state = ok(addItem(emptyCart(T0), { service: website }, deterministic()));
    expect(hotDealIdOf(state.items[0])).toBeNull();
  });
});

describe("restoring the cart from storage", () => {
  function saved() {
    const context = deterministic();
    let state = ok(addItem(emptyCart(T0), { service: website, unitPriceCents: 60000, quantity: 2 }, context));
    state = ok(addItem(state, { service: logo }, context));
    state = ok(applyPromo(state, "WELCOME10", findPromo("WELCOME10"), context));
    return state;
  }

  it("reads back what was saved, with dates as dates", () => {
    const state = saved();
    const restored = ok(restoreCart(serializeCart(state)));
    expect(restored).toEqual(state);
    expect(restored.items[0].addedAt).toBeInstanceOf(Date);
    expect(restored.lastUpdated).toBeInstanceOf(Date);
    expect(ok(restoreCart(JSON.parse(serializeCart(state))))).toEqual(state);
  });

  it("gives an empty cart when nothing was saved", () => {
    const result = restoreCart(null, { now: () => T0 });
    expect(result).toEqual({ state: emptyCart(T0) });
  });

  it("gives an empty cart and a message for the log when the data is unreadable", () => {
    for (const stored of ["{not json", JSON.stringify({ items: "nope" }), JSON.stringify({ items: [{ id: 1 }] }), 42]) {
      const result = restoreCart(stored, { now: () => T0 });
      expect(result.state).toEqual(emptyCart(T0));
      expect(english(result.error)).toBe("The saved cart could not be read, so it was emptied.");
    }
  });

  it("recomputes every figure instead of trusting the stored ones", () => {
    const stored = JSON.parse(serializeCart(saved()));
    stored.subtotalCents = 1;
    stored.totalCents = 1;
    stored.items[0].lineTotalCents = 5;
    stored.items[1].unitPriceCents = 1; // a fixed-price line: back to $75
    stored.items.push({ ...stored.items[0], id: "tampered", unitPriceCents: 100, lineTotalCents: 100 }); // below its range: dropped
    stored.items.push({ ...stored.items[0] }); // a duplicate id: dropped
    stored.promoCode.discountCents = 999999;
    const restored = ok(restoreCart(stored));
    expect(restored.items.map((item) => item.id)).toEqual(["line-1", "line-2"]);
    expect(restored.items.map((item) => item.lineTotalCents)).toEqual([120000, 7500]);
    expect(restored).toMatchObject({
      subtotalCents: 127500,
      discountCents: 12750,
      totalCents: 114750,
      itemCount: 3,
      isLoading: false,
    });
  });

  it("drops a restored promo whose minimum is no longer met", () => {
    const context = deterministic();
    let state = ok(addItem(emptyCart(T0), { service: website, unitPriceCents: 60000 }, context));
    state = ok(applyPromo(state, "SAVE50", findPromo("SAVE50"), context));
    const stored = JSON.parse(serializeCart(state));
    stored.items[0].unitPriceCents = 45000;
    stored.items[0].minPriceCents = 40000;
    const result = restoreCart(stored);
    expect(english(result.notice)).toBe("This promo code requires a minimum order of $500");
    expect(result.state.promoCode).toBeNull();
  });
});

describe("the cart reducer", () => {
  it("runs every action through the same rules", () => {
    const context = deterministic();
    let state = emptyCart(T0);
    const step = (action: Parameters<typeof cartReducer>[1]) => {
      const result = cartReducer(state, action, context);
      state = result.state;
      return result;
    };
    step({ type: "setLoading", isLoading: true });
    expect(state.isLoading).toBe(true);
    step({ type: "add", service: website, unitPriceCents: 70000 });
    step({ type: "add", service: logo });
    step({ type: "increment", itemId: "line-2" });
    step({ type: "updateQuantity", itemId: "line-1", quantity: "2" });
    step({ type: "updatePrice", itemId: "line-1", unitPriceCents: 65000 });
    expect(english(step({ type: "applyPromo", code: "SAVE50", definition: findPromo("SAVE50") }).notice)).toBe(
      "You saved $50.00",
    );
    expect(state).toMatchObject({
      subtotalCents: 145000,
      discountCents: 5000,
      totalCents: 140000,
      itemCount: 4,
      isLoading: true,
    });
    step({ type: "decrement", itemId: "line-2" });
    step({ type: "removePromo" });
    expect(state.promoCode).toBeNull();
    const saved = serializeCart(state);
    step({ type: "remove", itemId: "line-1" });
    expect(state.items.map((item) => item.id)).toEqual(["line-2"]);
    step({ type: "clear" });
    expect(state.items).toEqual([]);
    step({ type: "restore", stored: saved });
    expect(state.items.map((item) => item.id)).toEqual(["line-1", "line-2"]);
    expectTotalsConsistent(state);
  });
});

describe("order limits", () => {
  const order = (overrides: Partial<OrderFigures> = {}): OrderFigures => ({
    items: [{ quantity: 1, unitPriceCents: 50000 }],
    subtotalCents: 50000,
    discountCents: 0,
    taxCents: 0,
    totalCents: 50000,
    ...overrides,
  });
  const broken = (figures: OrderFigures) => {
    const result = checkOrderLimits(figures);
    if (result.ok) throw new Error("expected a broken limit");
    return english(result);
  };

  it("accepts an order within every limit", () => {
    expect(checkOrderLimits(order())).toEqual({ ok: true });
    const fifty = Array.from({ length: 50 }, () => ({ quantity: 1000, unitPriceCents: 200 }));
    expect(
      checkOrderLimits(
        order({ items: fifty, subtotalCents: 10_000_000, discountCents: 1_000_000, totalCents: 9_000_000 }),
      ),
    ).toEqual({
      ok: true,
    });
    expect(checkOrderLimits(order({ totalCents: 50 }))).toEqual({ ok: true });
  });

  it("names the first broken rule with the specification's message", () => {
    expect(broken(order({ items: [] }))).toBe("Order must contain at least one item");
    expect(broken(order({ items: Array.from({ length: 51 }, () => ({ quantity: 1, unitPriceCents: 100 })) }))).toBe(
      "Order cannot contain more than 50 items",
    );
    expect(broken(order({ items: [{ quantity: 0, unitPriceCents: 100 }] }))).toBe("Quantity must be 1 or greater");
    expect(broken(order({ items: [{ quantity: 1001, unitPriceCents: 100 }] }))).toBe("Quantity cannot exceed 1000");
    expect(broken(order({ items: [{ quantity: 1, unitPriceCents: 0 }] }))).toBe("Unit price must be at least $0.01");
    expect(broken(order({ items: [{ quantity: 1, unitPriceCents: 1_000_001 }] }))).toBe(
      "Unit price cannot exceed $10,000",
    );
    expect(broken(order({ subtotalCents: 10_000_001 }))).toBe("Subtotal cannot exceed $100,000");
    expect(broken(order({ discountCents: 1_000_001 }))).toBe("Discount cannot exceed $10,000");
    expect(broken(order({ taxCents: 1_000_001 }))).toBe("Tax cannot exceed $10,000");
    expect(broken(order({ totalCents: 49 }))).toBe("Total must be at least $0.50");
    expect(broken(order({ totalCents: 10_000_001 }))).toBe("Total cannot exceed $100,000");
  });

  it("applies to a cart as it stands", () => {
    expect(broken(emptyCart(T0))).toBe("Order must contain at least one item");
    const context = deterministic();
    const state = ok(
      applyPromo(ok(addItem(emptyCart(T0), { service: logo }, context)), "NEWCLIENT", findPromo("NEWCLIENT"), context),
    );
    expect(broken(state)).toBe("Total must be at least $0.50");
  });
});
