import { describe, expect, it } from "vitest";
import { priceOrder, type PricedDeal, type PricedService, type PricingLookups } from "../../core/checkout/pricing.ts";
import { orderCreateSchema } from "../../core/orders/schema.ts";
import { PROMO_SEEDS } from "../../core/promotions/rules.ts";
import { translator } from "../../server/i18n.server.ts";

const WEBSITE: PricedService = {
  id: "website",
  name: "Website",
  description: "A site",
  pricingType: "custom",
  fixedPriceCents: null,
  minPriceCents: 50_000,
  maxPriceCents: 250_000,
  active: true,
};
const LOGO: PricedService = {
  id: "logo_design",
  name: "Logo",
  description: "A logo",
  pricingType: "fixed",
  fixedPriceCents: 7_500,
  minPriceCents: 5_000,
  maxPriceCents: 10_000,
  active: true,
};
const DEAL: PricedDeal = {
  id: 7,
  title: "Launch Pack",
  description: "Pack",
  discountedPrice: 15_000,
  claimLimit: 10,
  claimCount: 9,
  perPersonLimit: 5,
};

const lookups = (overrides: Partial<PricingLookups> = {}): PricingLookups => ({
  services: new Map([
    [WEBSITE.id, WEBSITE],
    [LOGO.id, LOGO],
  ]),
  deals: new Map([["7", DEAL]]),
  promo: null,
  ...overrides,
});

const request = (body: Record<string, unknown>) =>
  orderCreateSchema.parse({
    customerFirstName: "Ada",
    customerLastName: "Lovelace",
    customerEmail: "ada@example.com",
    ...body,
  });
const line = (serviceId: string, unitPriceCents: number, quantity = 1, extra: Record<string, unknown> = {}) => ({
  serviceId,
  serviceName: serviceId,
  pricingType: serviceId === "website" ? "custom" : "fixed",
  unitPriceCents,
  quantity,
  ...extra,
});
const dealLine = (quantity = 1, unitPriceCents = 15_000, dealId: unknown = 7) =>
  line("hot_deal", unitPriceCents, quantity, { serviceData: { dealId } });

/** The refusal's English message, as the API answers it. */
function refusal(body: Record<string, unknown>, overrides: Partial<PricingLookups> = {}) {
  const result = priceOrder(request(body), lookups(overrides));
  if (result.ok) throw new Error("expected a refusal");
  return {
    message: translator("en")(result.messageKey, result.params ?? {}),
    field: result.field,
    conflict: Boolean(result.conflict),
  };
}

describe("server re-pricing", () => {
  it("prices lines from the catalogue and the deal, with the catalogue's names", () => {
    const result = priceOrder(
      request({ items: [line("website", 60_000, 2), line("logo_design", 7_500), dealLine()] }),
      lookups(),
    );
    expect(result).toMatchObject({
      ok: true,
      subtotalCents: 142_500,
      discountCents: 0,
      taxCents: 0,
      totalCents: 142_500,
      promoCode: null,
    });
    if (!result.ok) return;
    expect(
      result.lines.map((priced) => [priced.serviceName, priced.unitPriceCents, priced.lineTotalCents, priced.dealId]),
    ).toEqual([
      ["Website", 60_000, 120_000, null],
      ["Logo", 7_500, 7_500, null],
      ["Launch Pack", 15_000, 15_000, 7],
    ]);
  });

  it("takes a custom line's customPriceCents when given", () => {
    const result = priceOrder(request({ items: [line("website", 1, 1, { customPriceCents: 70_000 })] }), lookups());
    expect(result).toMatchObject({ ok: true, totalCents: 70_000 });
  });

  it("refuses a tampered or lowered fixed price", () => {
    expect(refusal({ items: [line("logo_design", 100)] })).toMatchObject({
      message: "This is a fixed-price service. Price must be $75.00",
      field: "items.0.unitPriceCents",
    });
  });

  it("refuses a deal line sent below its deal price", () => {
    expect(refusal({ items: [dealLine(1, 100)] }).message).toBe("This is a fixed-price service. Price must be $150.00");
  });

  it("refuses an unknown or inactive service", () => {
    expect(refusal({ items: [line("nope", 60_000)] }).message).toBe("This service is not available at the moment.");
    expect(
      refusal(
        { items: [line("website", 60_000)] },
        { services: new Map([[WEBSITE.id, { ...WEBSITE, active: false }]]) },
      ).message,
    ).toBe("This service is not available at the moment.");
  });

  it("refuses a custom price outside the service's range", () => {
    expect(refusal({ items: [line("website", 49_999)] }).message).toBe("Price must be at least $500.00");
    expect(refusal({ items: [line("website", 250_001)] }).message).toBe("Price cannot exceed $2,500.00");
  });

  it("refuses a deal that expired (no longer shown) or is sold out, as a conflict", () => {
    expect(refusal({ items: [dealLine()] }, { deals: new Map() })).toMatchObject({
      message: "This deal is no longer available",
      conflict: true,
    });
    expect(refusal({ items: [dealLine(2)] })).toMatchObject({
      message: "Sorry, Launch Pack is sold out.",
      conflict: true,
    });
    // Two lines of one deal cannot pass its limit together.
    expect(refusal({ items: [dealLine(), dealLine()] }).message).toBe("Sorry, Launch Pack is sold out.");
    expect(refusal({ items: [dealLine(1, 15_000, "x")] }).message).toBe("This deal is no longer available");
  });

  it("refuses more of a deal than one person may claim, in one line or across lines", () => {
    const fewLeft = lookups({ deals: new Map([["7", { ...DEAL, claimCount: 0, perPersonLimit: 1 }]]) });
    expect(priceOrder(request({ items: [dealLine(2)] }), fewLeft)).toMatchObject({
      ok: false,
      messageKey: "orders:errors.dealPerPerson",
      params: { count: 1, name: "Launch Pack" },
      field: "items.0.quantity",
    });
    expect(priceOrder(request({ items: [dealLine(), dealLine()] }), fewLeft)).toMatchObject({
      ok: false,
      messageKey: "orders:errors.dealPerPerson",
      field: "items.1.quantity",
    });
    expect(priceOrder(request({ items: [dealLine()] }), fewLeft)).toMatchObject({ ok: true });
    const t = translator("fr");
    expect(t("orders:errors.dealPerPerson", { count: 3, name: "Pack" })).toBe(
      "Vous pouvez réserver au plus 3 exemplaires de Pack par personne.",
    );
  });

  it("recomputes the promo with the cart's rules and refuses one that does not apply", () => {
    const welcome = PROMO_SEEDS.find((promo) => promo.code === "WELCOME10")!;
    const save50 = PROMO_SEEDS.find((promo) => promo.code === "SAVE50")!;
    expect(
      priceOrder(request({ items: [line("website", 60_000)], promoCode: "welcome10" }), lookups({ promo: welcome })),
    ).toMatchObject({ ok: true, discountCents: 6_000, totalCents: 54_000, promoCode: "WELCOME10" });
    expect(refusal({ items: [line("website", 60_000)], promoCode: "BOGUS" })).toMatchObject({
      message: "Invalid promo code",
      field: "promoCode",
    });
    expect(
      refusal({ items: [line("website", 60_000)], promoCode: "SAVE50" }, { promo: { ...save50, active: false } })
        .message,
    ).toBe("Invalid promo code");
    expect(refusal({ items: [line("logo_design", 7_500)], promoCode: "SAVE50" }, { promo: save50 }).message).toBe(
      "This promo code requires a minimum order of $500",
    );
    // A promo code sent as the cart's object is read by its code.
    expect(
      priceOrder(
        request({ items: [line("website", 60_000)], promoCode: { code: "WELCOME10", discountCents: 1 } }),
        lookups({ promo: welcome }),
      ),
    ).toMatchObject({ ok: true, discountCents: 6_000 });
  });

  it("refuses client totals that disagree with the server's", () => {
    expect(refusal({ items: [line("website", 60_000)], totalCents: 50_000 })).toMatchObject({
      message: "The prices in your cart have changed. Please review your order.",
      field: "totalCents",
      conflict: true,
    });
    expect(refusal({ items: [line("website", 60_000, 1, { lineTotalCents: 1 })] }).field).toBe(
      "items.0.lineTotalCents",
    );
    expect(
      priceOrder(
        request({ items: [line("website", 60_000)], subtotalCents: 60_000, discountCents: 0, totalCents: 60_000 }),
        lookups(),
      ).ok,
    ).toBe(true);
  });
});

describe("order limits (specification 001, section 5)", () => {
  const cheap: PricedService = { ...WEBSITE, id: "cheap", minPriceCents: 1, maxPriceCents: 1_000_000 };
  const many = (count: number) => Array.from({ length: count }, () => line("logo_design", 7_500));
  const withCheap = {
    services: new Map([
      [cheap.id, cheap],
      [LOGO.id, LOGO],
    ]),
  };

  it.each([
    [{ items: [] }, "Order must contain at least one item"],
    [{ items: many(51) }, "Order cannot contain more than 50 items"],
    [{ items: [line("logo_design", 7_500, 0)] }, "Quantity must be 1 or greater"],
    [{ items: [line("logo_design", 7_500, 1001)] }, "Quantity cannot exceed 1000"],
    [{ items: [line("cheap", 0)] }, "Unit price must be at least $0.01"],
    [{ items: [line("cheap", 1_000_001)] }, "Unit price cannot exceed $10,000"],
    [{ items: [line("cheap", 1_000_000, 11)] }, "Subtotal cannot exceed $100,000"],
    [{ items: [line("cheap", 49)] }, "Total must be at least $0.50"],
  ])("%# refuses with its message", (body, message) => {
    expect(refusal(body, withCheap).message).toBe(message);
  });

  it("accepts exactly 50 items and a total of $0.50", () => {
    expect(priceOrder(request({ items: many(50) }), lookups()).ok).toBe(true);
    expect(priceOrder(request({ items: [line("cheap", 50)] }), lookups(withCheap)).ok).toBe(true);
  });

  it("charges the server's tax (0), and the payload accepts no other", () => {
    const priced = priceOrder(request({ items: [line("website", 60_000)], taxCents: 0 }), lookups());
    expect(priced).toMatchObject({ ok: true, taxCents: 0, totalCents: 60_000 });
    for (const taxCents of [1, 1_000, 1_000_001, -5]) {
      const parsed = orderCreateSchema.safeParse({
        customerFirstName: "Ada",
        customerLastName: "Lovelace",
        customerEmail: "ada@example.com",
        items: [line("website", 60_000)],
        taxCents,
      });
      expect(parsed.success).toBe(false);
      expect(translator("en")(parsed.error?.issues[0]?.message ?? "")).toBe(
        "Tax is calculated by the agency: send taxCents as 0",
      );
    }
  });
});
