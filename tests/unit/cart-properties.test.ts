import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartReducer, emptyCart, withTotals, type CartAction } from "../../core/cart/rules.ts";
import { cartStateSchema, type CartItem, type CartState } from "../../core/cart/schema.ts";
import { CATALOGUE_SEED, toCartService } from "../../core/catalogue/rules.ts";
import { PROMO_SEEDS, findPromo, meetsPromoMinimum, promoDiscountCents } from "../../core/promotions/rules.ts";

const T0 = new Date("2026-01-01T00:00:00.000Z");
const services = CATALOGUE_SEED.map((entry) => toCartService(entry, { name: entry.id, description: "" }));

type Step = (state: CartState) => CartAction;
const step = (make: Step) => make;

/** Any action a visitor can take, including refused ones (out-of-range prices, unknown codes). */
const action: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        service: fc.constantFrom(...services),
        price: fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: undefined }),
        quantity: fc.option(fc.integer({ min: -2, max: 1200 }), { nil: undefined }),
      })
      .map(({ service, price, quantity }) => step(() => ({ type: "add", service, unitPriceCents: price, quantity }))),
  },
  fc
    .record({
      index: fc.nat(),
      quantity: fc.oneof(fc.integer({ min: -3, max: 1100 }), fc.constantFrom("abc", "", "2.5")),
    })
    .map(({ index, quantity }) => step((state) => ({ type: "updateQuantity", itemId: pick(state, index), quantity }))),
  fc.nat().map((index) => step((state) => ({ type: "increment", itemId: pick(state, index) }))),
  fc.nat().map((index) => step((state) => ({ type: "decrement", itemId: pick(state, index) }))),
  fc.nat().map((index) => step((state) => ({ type: "remove", itemId: pick(state, index) }))),
  fc
    .record({ index: fc.nat(), price: fc.integer({ min: 0, max: 600_000 }) })
    .map(({ index, price }) =>
      step((state) => ({ type: "updatePrice", itemId: pick(state, index), unitPriceCents: price })),
    ),
  {
    weight: 2,
    arbitrary: fc
      .constantFrom("WELCOME10", "save50", " NewClient ", "BOGUS", "")
      .map((code) => step(() => ({ type: "applyPromo", code, definition: findPromo(code) }))),
  },
  fc.constant(step(() => ({ type: "removePromo" }))),
  fc.constant(step(() => ({ type: "clear" }))),
);

function pick(state: CartState, index: number): string {
  return state.items.length === 0 ? "none" : state.items[index % state.items.length].id;
}

function expectSound(state: CartState) {
  const wholeCents = [state.subtotalCents, state.discountCents, state.taxCents, state.totalCents];
  for (const value of wholeCents) {
    expect(Number.isSafeInteger(value)).toBe(true);
    expect(value).toBeGreaterThanOrEqual(0);
  }
  const lines = state.items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  expect(state.subtotalCents).toBe(lines);
  expect(state.totalCents).toBe(Math.max(0, lines - state.discountCents));
  expect(state.discountCents).toBeLessThanOrEqual(state.subtotalCents);
  // The applied promo's discount is always the one its definition gives for the current subtotal.
  const promo = state.promoCode?.definition;
  expect(state.discountCents).toBe(promo ? promoDiscountCents(promo, state.subtotalCents) : 0);
  if (promo) expect(meetsPromoMinimum(promo, state.subtotalCents)).toBe(true);
  expect(state.taxCents).toBe(0);
  expect(state.itemCount).toBe(state.items.reduce((sum, item) => sum + item.quantity, 0));
  for (const item of state.items) {
    expect(item.lineTotalCents).toBe(item.unitPriceCents * item.quantity);
    expect(item.quantity).toBeGreaterThanOrEqual(1);
    if (item.pricingType === "fixed") expect(item.unitPriceCents).toBe(item.fixedPriceCents);
    else {
      if (item.minPriceCents !== null) expect(item.unitPriceCents).toBeGreaterThanOrEqual(item.minPriceCents);
      if (item.maxPriceCents !== null) expect(item.unitPriceCents).toBeLessThanOrEqual(item.maxPriceCents);
    }
  }
  expect(new Set(state.items.map((item) => item.id)).size).toBe(state.items.length);
  expect(cartStateSchema.safeParse(state).success).toBe(true);
}

describe("cart totals", () => {
  it("stay non-negative whole cents equal to the sum of the lines minus the discount, whatever the visitor does", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let id = 0;
        const context = { newId: () => `line-${++id}`, now: () => T0 };
        let state = emptyCart(T0);
        for (const next of actions) {
          const result = cartReducer(state, next(state), context);
          if (result.error) expect(result.state).toBe(state);
          state = result.state;
          expectSound(state);
        }
      }),
      { numRuns: 300 },
    );
  });

  const line: fc.Arbitrary<CartItem> = fc
    .record({
      id: fc.uuid(),
      unit: fc.integer({ min: 1, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 1000 }),
    })
    .map(({ id, unit, quantity }) => ({
      id,
      serviceId: "website",
      serviceName: "Website",
      description: "",
      pricingType: "custom",
      unitPriceCents: unit,
      quantity,
      lineTotalCents: unit * quantity,
      serviceData: {},
      addedAt: T0,
      minPriceCents: null,
      maxPriceCents: null,
      fixedPriceCents: null,
    }));

  it("do not depend on the order of the lines", () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(line, { maxLength: 50, selector: (item) => item.id })
          .chain((items) =>
            fc.tuple(
              fc.constant(items),
              fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }),
            ),
          ),
        fc.option(fc.constantFrom(...PROMO_SEEDS), { nil: null }),
        ([items, shuffled], definition) => {
          const promoCode = definition
            ? { code: definition.code, discountCents: 0, description: "", active: true, definition }
            : null;
          const a = withTotals({ items, promoCode, isLoading: false }, T0).state;
          const b = withTotals({ items: shuffled, promoCode, isLoading: false }, T0).state;
          const figures = (state: CartState) => [
            state.subtotalCents,
            state.discountCents,
            state.taxCents,
            state.totalCents,
            state.itemCount,
          ];
          expect(figures(b)).toEqual(figures(a));
          expectSound(a);
        },
      ),
      { numRuns: 300 },
    );
  });
});
