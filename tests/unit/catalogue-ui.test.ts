import { describe, expect, it } from "vitest";
import { artBackground, artComposition } from "../../app/components/ui/generated-art.tsx";
import { SPECIALISED_SERVICE_IDS, MAIN_SERVICE_IDS } from "../../core/catalogue/limits.ts";
import {
  SPECIALISED_GROUP_IDS,
  SPECIALISED_SERVICES,
  budgetDigits,
  checkBudget,
  filterSpecialised,
  findCatalogueEntry,
  isFixedPrice,
  specialisedGroupOf,
} from "../../core/catalogue/rules.ts";

describe("the specialised services' families", () => {
  it("put each of the eleven services in exactly one family, in catalogue order", () => {
    for (const id of SPECIALISED_SERVICE_IDS) expect(specialisedGroupOf(id), id).not.toBeNull();
    const grouped = SPECIALISED_GROUP_IDS.flatMap((group) =>
      filterSpecialised(SPECIALISED_SERVICES, group).map((service) => service.id),
    );
    expect([...grouped].sort()).toEqual([...SPECIALISED_SERVICE_IDS].sort());
    expect(filterSpecialised(SPECIALISED_SERVICES, "all").map((service) => service.id)).toEqual([
      ...SPECIALISED_SERVICE_IDS,
    ]);
    expect(filterSpecialised(SPECIALISED_SERVICES, "design").map((service) => service.id)).toEqual([
      "logo_design",
      "graphics",
    ]);
  });

  it("leave a service added later out of every family but show it under all", () => {
    const extra = [...SPECIALISED_SERVICES, { ...SPECIALISED_SERVICES[0]!, id: "podcast" }];
    expect(specialisedGroupOf("podcast")).toBeNull();
    expect(filterSpecialised(extra, "all")).toHaveLength(12);
    expect(
      SPECIALISED_GROUP_IDS.every(
        (group) => !filterSpecialised(extra, group).some((service) => service.id === "podcast"),
      ),
    ).toBe(true);
  });
});

describe("the budget field", () => {
  it("keeps digits only, as typed or pasted", () => {
    expect(budgetDigits("1500")).toBe("1500");
    expect(budgetDigits("15a00")).toBe("1500");
    expect(budgetDigits("$1,500")).toBe("1500");
    expect(budgetDigits("1 500 $")).toBe("1500");
    expect(budgetDigits("-200")).toBe("200");
    expect(budgetDigits("abc")).toBe("");
    expect(budgetDigits("")).toBe("");
  });

  it("reads a pasted amount with cents as the whole dollars it shows, not a hundred times more", () => {
    expect(budgetDigits("1500.00")).toBe("1500");
    expect(budgetDigits("1500,50")).toBe("1500");
    expect(budgetDigits("2,500")).toBe("2500");
  });

  it("never holds more than eight digits", () => {
    expect(budgetDigits("123456789012")).toBe("12345678");
  });

  it("what it keeps is then checked against the range with the specification's messages", () => {
    const website = findCatalogueEntry("website")!;
    expect(checkBudget(website, budgetDigits("$1,200"))).toEqual({ ok: true, amountCents: 120_000 });
    expect(checkBudget(website, budgetDigits("abc"))).toMatchObject({
      ok: false,
      messageKey: "cart:budget.invalidNumber",
    });
    expect(checkBudget(website, budgetDigits("99999999"))).toMatchObject({
      ok: false,
      messageKey: "cart:budget.outOfRange",
      params: { min: "$500", max: "$2,500" },
    });
  });
});

describe("fixed-price services", () => {
  it("are shown with their price: logo design at $75, and no other", () => {
    const fixed = [...MAIN_SERVICE_IDS, ...SPECIALISED_SERVICE_IDS].filter((id) =>
      isFixedPrice(findCatalogueEntry(id)!),
    );
    expect(fixed).toEqual(["logo_design"]);
    expect(findCatalogueEntry("logo_design")!.fixedPriceCents).toBe(7500);
    expect(isFixedPrice({ pricingType: "fixed", fixedPriceCents: null })).toBe(false);
  });
});

describe("generated art", () => {
  it("is the same for a seed every time, on the server and in the browser", () => {
    expect(artComposition("website")).toEqual(artComposition("website"));
    expect(artBackground(artComposition("deal-3-30"))).toBe(artBackground(artComposition("deal-3-30")));
  });

  it("differs for every one of the sixteen services", () => {
    const backgrounds = [...MAIN_SERVICE_IDS, ...SPECIALISED_SERVICE_IDS].map((id) =>
      artBackground(artComposition(id)),
    );
    expect(new Set(backgrounds).size).toBe(16);
  });

  it("keeps its shapes inside sensible bounds", () => {
    for (const seed of ["a", "website", "deal-1-30", "deal-2-45", "jingle", "x".repeat(200)]) {
      const { disc, ring, stripes } = artComposition(seed);
      for (const value of [disc.x, disc.y, ring.x, ring.y]) expect(value).toBeGreaterThanOrEqual(0);
      for (const value of [disc.x, disc.y, ring.x, ring.y]) expect(value).toBeLessThanOrEqual(100);
      expect(disc.r).toBeGreaterThan(ring.r);
      expect(stripes.gap).toBeGreaterThanOrEqual(7);
    }
  });
});
