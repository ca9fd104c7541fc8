import { describe, expect, it } from "vitest";
import { createTranslator } from "../../core/i18n/translator.ts";
import enCart from "../../app/locales/en/cart.json";
import frCart from "../../app/locales/fr/cart.json";
import { ORDER_LIMITS } from "../../core/cart/limits.ts";
import {
  addItem,
  cartLimitWarnings,
  checkCartFigures,
  emptyCart,
  hotDealItem,
  incrementBlocked,
  lineTexts,
  restoreCart,
  serializeCart,
  updatePrice,
  updateQuantity,
  type CartContext,
  type CartMessage,
  type CartTexts,
} from "../../core/cart/rules.ts";
import type { CartState } from "../../core/cart/schema.ts";
import type { Service } from "../../core/catalogue/schema.ts";

const i18n = createTranslator("en", { en: { cart: enCart }, fr: { cart: frCart } });
const english = (message: CartMessage | null | undefined) => {
  if (!message) throw new Error("expected a message");
  return i18n.t(message.messageKey, message.params ?? {}) as string;
};
const french = (message: CartMessage) => i18n.t(message.messageKey, { ...message.params, lng: "fr" }) as string;

function context(): CartContext {
  let id = 0;
  return { newId: () => `line-${++id}`, now: () => new Date("2026-01-01T10:00:00.000Z") };
}

/** A custom-priced service allowing up to the order's maximum unit price, $10,000. */
const big: Service = {
  id: "website",
  name: "Website",
  description: "A site",
  category: "custom",
  fixedPriceCents: null,
  minPriceCents: 100,
  maxPriceCents: ORDER_LIMITS.maxUnitPriceCents,
  active: true,
};

function cartWith(lines: { quantity: number; unitPriceCents: number }[]): CartState {
  const ctx = context();
  let state = emptyCart();
  for (const line of lines) {
    const result = addItem(state, { service: big, quantity: line.quantity, unitPriceCents: line.unitPriceCents }, ctx);
    if (result.error) throw new Error(english(result.error));
    state = result.state;
  }
  return state;
}

describe("order limits in the cart (specification 001, section 9)", () => {
  it("refuses an add whose line total would pass $100,000, and changes nothing", () => {
    const state = emptyCart();
    const result = addItem(state, { service: big, quantity: 11, unitPriceCents: 1_000_000 }, context());
    expect(result.state).toBe(state);
    expect(english(result.error)).toBe("Line total cannot exceed $100,000");
    expect(french(result.error!)).toBe("Le total d'une ligne ne peut pas dépasser $100,000");
  });

  it("accepts a line of exactly $100,000 but refuses the add that takes the cart past it", () => {
    const full = cartWith([{ quantity: 10, unitPriceCents: 1_000_000 }]);
    expect(full.subtotalCents).toBe(ORDER_LIMITS.maxSubtotalCents);
    const result = addItem(full, { service: big, quantity: 1, unitPriceCents: 100 }, context());
    expect(result.state).toBe(full);
    expect(english(result.error)).toBe("Cart total cannot exceed $100,000");
  });

  it("refuses a quantity or price change that would pass a limit, and always allows going down", () => {
    const state = cartWith([
      { quantity: 5, unitPriceCents: 1_000_000 },
      { quantity: 4, unitPriceCents: 1_000_000 },
    ]);
    const more = updateQuantity(state, "line-1", 7, context());
    expect(more.state).toBe(state);
    expect(english(more.error)).toBe("Cart total cannot exceed $100,000");
    expect(updateQuantity(state, "line-1", 6, context()).error).toBeUndefined();
    expect(updateQuantity(state, "line-1", 2, context()).state.subtotalCents).toBe(6 * 1_000_000);
    const pricier = cartWith([{ quantity: 20, unitPriceCents: 400_000 }]);
    const priced = updatePrice(pricier, "line-1", 600_000, context());
    expect(english(priced.error)).toBe("Line total cannot exceed $100,000");
  });

  it("says why one more is impossible before the plus button is pressed", () => {
    const state = cartWith([
      { quantity: 1000, unitPriceCents: 100 },
      { quantity: 9, unitPriceCents: 1_000_000 },
    ]);
    expect(english(incrementBlocked(state, "line-1"))).toBe("Quantity cannot exceed 1000");
    expect(incrementBlocked(cartWith([{ quantity: 3, unitPriceCents: 100 }]), "line-1")).toBeNull();
    const nearly = cartWith([
      { quantity: 9, unitPriceCents: 1_000_000 },
      { quantity: 1, unitPriceCents: 600_000 },
    ]);
    expect(english(incrementBlocked(nearly, "line-2"))).toBe("Cart total cannot exceed $100,000");
    expect(english(incrementBlocked(nearly, "line-1"))).toBe("Cart total cannot exceed $100,000");
  });

  it("warns when few lines are left, when the total nears $100,000, and blocks below $0.50 or past a limit", () => {
    expect(cartLimitWarnings(emptyCart())).toEqual([]);
    expect(cartLimitWarnings(cartWith([{ quantity: 1, unitPriceCents: 100 }]))).toEqual([]);

    const many = cartWith(Array.from({ length: 46 }, () => ({ quantity: 1, unitPriceCents: 100 })));
    expect(cartLimitWarnings(many).map(english)).toEqual(["You can add 4 more lines: an order holds at most 50."]);
    const full = cartWith(Array.from({ length: 50 }, () => ({ quantity: 1, unitPriceCents: 100 })));
    expect(cartLimitWarnings(full).map(english)).toEqual([
      "Your cart holds 50 lines, the most one order can: check out, or remove a line to add another.",
    ]);
    expect(english(addItem(full, { service: big }, context()).error)).toBe("Order cannot contain more than 50 items");

    const near = cartWith([{ quantity: 9, unitPriceCents: 1_000_000 }]);
    expect(cartLimitWarnings(near)).toEqual([
      { messageKey: "cart:limits.totalNear", params: { amount: "$100,000" }, blocking: false },
    ]);

    const tiny = { items: [{ lineTotalCents: 10 }], subtotalCents: 10, totalCents: 10 } as unknown as CartState;
    expect(cartLimitWarnings(tiny).map((w) => [english(w), w.blocking])).toEqual([
      ["Total must be at least $0.50", true],
    ]);
  });

  it("a cart saved past a limit is restored as it was and told so, blocking the checkout", () => {
    const lines = Array.from({ length: 11 }, (_, index) => ({
      id: `saved-${index}`,
      serviceId: "website",
      serviceName: "Website",
      description: "",
      pricingType: "custom",
      unitPriceCents: 1_000_000,
      quantity: 1,
      lineTotalCents: 1_000_000,
      serviceData: {},
      addedAt: "2026-01-01T10:00:00.000Z",
      minPriceCents: 100,
      maxPriceCents: 1_000_000,
      fixedPriceCents: null,
    }));
    const restored = restoreCart(JSON.stringify({ items: lines, promoCode: null }), context()).state;
    expect(restored.items).toHaveLength(11);
    const [warning] = cartLimitWarnings(restored);
    expect(english(warning)).toBe("Cart total cannot exceed $100,000");
    expect(warning?.blocking).toBe(true);
    expect(checkCartFigures(restored.items.slice(0, 10))).toBeNull();
  });
});

describe("a hot deal's limit per person in the cart", () => {
  it("refuses more of a deal than one person may claim, blocks the plus button, and always allows going down", () => {
    const one = addItem(
      emptyCart(),
      hotDealItem({ dealId: 7, name: "Summer deal", description: "A deal", priceCents: 5000, perPersonLimit: 2 }),
      context(),
    ).state;
    const id = one.items[0]!.id;
    const two = updateQuantity(one, id, 2, context()).state;
    expect(two.items[0]!.quantity).toBe(2);
    const three = updateQuantity(two, id, 3, context());
    expect(three.state).toBe(two);
    expect(three.error).toEqual({ messageKey: "cart:limits.dealPerPerson", params: { count: 2, name: "Summer deal" } });
    expect(incrementBlocked(two, id)).toEqual({
      messageKey: "cart:limits.dealPerPerson",
      params: { count: 2, name: "Summer deal" },
    });
    expect(incrementBlocked(one, id)).toBeNull();
    expect(updateQuantity(two, id, 1, context()).state.items[0]!.quantity).toBe(1);
    // A deal added without a known limit (a cart saved before limits existed) is left to the server.
    const legacy = addItem(
      emptyCart(),
      hotDealItem({ dealId: 8, name: "Old", description: "A deal", priceCents: 5000 }),
      context(),
    ).state;
    expect(updateQuantity(legacy, legacy.items[0]!.id, 5, context()).state.items[0]!.quantity).toBe(5);
  });
});

describe("cart lines in the page's language", () => {
  const texts: CartTexts = {
    services: { website: { name: "Site web", description: "Un site" } },
    deals: { "7": { name: "Offre d'été", description: "Une offre" } },
  };

  it("reads a line's name and description from the catalogue, and a deal's from the deals, by id", () => {
    const state = cartWith([{ quantity: 1, unitPriceCents: 100 }]);
    expect(lineTexts(state.items[0]!, texts)).toEqual({ name: "Site web", description: "Un site" });
    const deal = addItem(
      emptyCart(),
      hotDealItem({ dealId: 7, name: "Summer deal", description: "A deal", priceCents: 5000 }),
      context(),
    ).state;
    expect(lineTexts(deal.items[0]!, texts)).toEqual({ name: "Offre d'été", description: "Une offre" });
  });

  it("keeps the saved texts of a line it cannot find, so an old cart still reads", () => {
    const deal = addItem(
      emptyCart(),
      hotDealItem({ dealId: 99, name: "Old deal", description: "Gone", priceCents: 5000 }),
      context(),
    ).state;
    expect(lineTexts(deal.items[0]!, texts)).toEqual({ name: "Old deal", description: "Gone" });
    const old = restoreCart(serializeCart(cartWith([{ quantity: 1, unitPriceCents: 100 }])), context()).state;
    expect(lineTexts(old.items[0]!, null)).toEqual({ name: "Website", description: "A site" });
  });
});
