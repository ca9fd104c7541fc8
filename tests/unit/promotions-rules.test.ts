import fc from "fast-check";
import { createTranslator } from "../../core/i18n/translator.ts";
import { describe, expect, it } from "vitest";
import enCart from "../../app/locales/en/cart.json";
import {
  PROMO_SEEDS,
  evaluatePromo,
  findPromo,
  normalizePromoCode,
  promoDiscountCents,
} from "../../core/promotions/rules.ts";
import { promoCodeInputSchema, promoDefinitionSchema, type PromoDefinition } from "../../core/promotions/schema.ts";

const i18n = createTranslator("en", { en: { cart: enCart } });
const english = (result: { messageKey: string; params?: Record<string, unknown> }) =>
  i18n.t(result.messageKey, result.params ?? {}) as string;

const evaluate = (code: string, subtotalCents: number) => evaluatePromo(findPromo(code), code, subtotalCents);

describe("promo seeds", () => {
  it("are WELCOME10, SAVE50 and NEWCLIENT, valid definitions", () => {
    expect(PROMO_SEEDS.map((promo) => promo.code)).toEqual(["WELCOME10", "SAVE50", "NEWCLIENT"]);
    for (const promo of PROMO_SEEDS) expect(promoDefinitionSchema.parse(promo)).toEqual(promo);
    expect(findPromo("WELCOME10")).toMatchObject({ kind: "percent", value: 10, active: true });
    expect(findPromo("SAVE50")).toMatchObject({ kind: "amount", value: 5000, minimumSubtotalCents: 50000 });
    expect(findPromo("NEWCLIENT")).toMatchObject({ kind: "amount", value: 10000 });
  });

  it("refuse definitions that make no sense", () => {
    expect(promoDefinitionSchema.safeParse({ ...PROMO_SEEDS[0], value: 101 }).success).toBe(false);
    expect(promoDefinitionSchema.safeParse({ ...PROMO_SEEDS[0], value: 0 }).success).toBe(false);
    expect(promoDefinitionSchema.safeParse({ ...PROMO_SEEDS[0], code: "welcome 10" }).success).toBe(false);
  });
});

describe("evaluatePromo", () => {
  it("matches codes case-insensitively, ignoring surrounding spaces", () => {
    expect(normalizePromoCode("  welcome10 ")).toBe("WELCOME10");
    expect(evaluate(" welcome10 ", 10000)).toMatchObject({ ok: true, code: "WELCOME10", discountCents: 1000 });
    expect(evaluate("NewClient", 20000)).toMatchObject({ ok: true, code: "NEWCLIENT", discountCents: 10000 });
  });

  it("WELCOME10 gives 10% of the subtotal, rounded down", () => {
    const result = evaluate("WELCOME10", 12345);
    expect(result).toMatchObject({ ok: true, discountCents: 1234 });
    expect(english(result)).toBe("You saved $12.34");
    expect(evaluate("WELCOME10", 9)).toMatchObject({ ok: true, discountCents: 0 });
  });

  it("SAVE50 gives $50 off from a $500 subtotal: 'This promo code requires a minimum order of $500'", () => {
    const below = evaluate("SAVE50", 49999);
    expect(below).toMatchObject({ ok: false, discountCents: 0 });
    expect(english(below)).toBe("This promo code requires a minimum order of $500");
    expect(evaluate("save50", 50000)).toMatchObject({ ok: true, discountCents: 5000 });
  });

  it("NEWCLIENT gives $100 off, never more than the subtotal", () => {
    expect(evaluate("NEWCLIENT", 30000)).toMatchObject({ ok: true, discountCents: 10000 });
    expect(evaluate("NEWCLIENT", 7500)).toMatchObject({ ok: true, discountCents: 7500 });
    expect(evaluate("NEWCLIENT", 0)).toMatchObject({ ok: true, discountCents: 0 });
  });

  it("NEWCLIENT is for a first order only: refused for an e-mail that paid an order before", () => {
    expect(findPromo("NEWCLIENT")).toMatchObject({ firstOrderOnly: true });
    const again = evaluatePromo(findPromo("NEWCLIENT"), "NEWCLIENT", 30000, { returningClient: true });
    expect(again).toMatchObject({ ok: false, discountCents: 0 });
    expect(english(again)).toBe(
      "This promo code is for a first order only, and this email address already has a paid order. Remove the code from your cart to continue.",
    );
    expect(evaluatePromo(findPromo("NEWCLIENT"), "NEWCLIENT", 30000, { returningClient: false })).toMatchObject({
      ok: true,
      discountCents: 10000,
    });
    // A code without the rule serves returning clients too.
    expect(evaluatePromo(findPromo("SAVE50"), "SAVE50", 50000, { returningClient: true })).toMatchObject({
      ok: true,
      discountCents: 5000,
    });
  });

  it("refuses an empty code: 'Please enter a promo code'", () => {
    for (const code of ["", "   "]) {
      const result = evaluatePromo(null, code, 10000);
      expect(result.ok).toBe(false);
      expect(english(result)).toBe("Please enter a promo code");
    }
    const parsed = promoCodeInputSchema.safeParse("  ");
    expect(parsed.success).toBe(false);
    expect(english({ messageKey: parsed.error!.issues[0].message })).toBe("Please enter a promo code");
  });

  it("refuses unknown and inactive codes: 'Invalid promo code'", () => {
    expect(findPromo("NOPE")).toBeNull();
    expect(english(evaluate("NOPE", 100000))).toBe("Invalid promo code");
    const inactive: PromoDefinition = { ...findPromo("WELCOME10")!, active: false };
    expect(evaluatePromo(inactive, "WELCOME10", 100000)).toMatchObject({ ok: false, discountCents: 0 });
    expect(english(evaluatePromo(inactive, "WELCOME10", 100000))).toBe("Invalid promo code");
    // A definition found for another code never applies to this one.
    expect(english(evaluatePromo(findPromo("NEWCLIENT"), "WELCOME10", 100000))).toBe("Invalid promo code");
  });

  it("uses staff-managed definitions the same way", () => {
    const summer: PromoDefinition = {
      code: "SUMMER25",
      kind: "percent",
      value: 25,
      minimumSubtotalCents: 20000,
      active: true,
      description: "",
    };
    expect(findPromo("summer25", [summer])).toBe(summer);
    expect(evaluatePromo(summer, "summer25", 40000)).toMatchObject({ ok: true, discountCents: 10000 });
    expect(english(evaluatePromo(summer, "summer25", 19999))).toBe("This promo code requires a minimum order of $200");
  });

  it("never discounts more than the subtotal, in whole cents", () => {
    const definition = fc.record({
      code: fc.constant("X1"),
      kind: fc.constantFrom("percent" as const, "amount" as const),
      value: fc.integer({ min: 1, max: 100 }),
      minimumSubtotalCents: fc.constant(null),
      active: fc.constant(true),
      description: fc.constant(""),
    });
    fc.assert(
      fc.property(definition, fc.integer({ min: 0, max: 10_000_000 }), (promo, subtotal) => {
        const discount = promoDiscountCents(promo, subtotal);
        expect(Number.isSafeInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(subtotal);
      }),
    );
  });
});
