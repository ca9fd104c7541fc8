import { createTranslator } from "../../core/i18n/translator.ts";
import { describe, expect, it } from "vitest";
import enCart from "../../app/locales/en/cart.json";
import {
  CATALOGUE_SEED,
  DEFAULT_MAIN_RANGE,
  MAIN_SERVICES,
  SPECIALISED_SERVICES,
  catalogueQuantity,
  checkBudget,
  defaultUnitPriceCents,
  findCatalogueEntry,
  toCartService,
  type BudgetResult,
} from "../../core/catalogue/rules.ts";
import { catalogueEntrySchema, serviceSchema } from "../../core/catalogue/schema.ts";

const i18n = createTranslator("en", { en: { cart: enCart } });
const english = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {}) as string;

function refusal(result: BudgetResult) {
  if (result.ok) throw new Error("expected a refusal");
  return { title: english(result.titleKey), text: english(result.messageKey, result.params) };
}

const range = (id: string) => {
  const entry = findCatalogueEntry(id)!;
  return [entry.minPriceCents / 100, entry.maxPriceCents / 100];
};

describe("catalogue seed", () => {
  it("has the five main offers with their add-to-cart ranges, all custom-priced", () => {
    expect(MAIN_SERVICES.map((entry) => entry.id)).toEqual([
      "conception",
      "creation",
      "marketing",
      "promotion",
      "sales",
    ]);
    expect(range("conception")).toEqual([250, 1500]);
    expect(range("creation")).toEqual([300, 2500]);
    expect(range("marketing")).toEqual([500, 3000]);
    expect(range("promotion")).toEqual([400, 2000]);
    expect(range("sales")).toEqual([600, 4000]);
    expect(DEFAULT_MAIN_RANGE).toEqual({ minPriceCents: 50000, maxPriceCents: 200000 });
    for (const entry of MAIN_SERVICES) {
      expect(entry).toMatchObject({ kind: "main", pricingType: "custom", fixedPriceCents: null, active: true });
    }
  });

  it("has the eleven specialised services with their budget ranges", () => {
    // Each service, in order, with its budget range in dollars.
    expect(SPECIALISED_SERVICES.map((entry) => [entry.id, ...range(entry.id)])).toEqual([
      ["website", 500, 2500],
      ["agent_ai", 500, 1500],
      ["service_ai", 250, 1000],
      ["chat_bot", 1000, 1500],
      ["logo_design", 50, 100],
      ["graphics", 50, 250],
      ["campaigns", 150, 300],
      ["social_media", 100, 300],
      ["video_marketing", 100, 300],
      ["sport_audiovisuel", 150, 500],
      ["jingle", 150, 500],
    ]);
    for (const entry of SPECIALISED_SERVICES) expect(entry.kind).toBe("specialised");
  });

  it("sells logo design alone at a fixed $75; everything else is custom", () => {
    const fixed = CATALOGUE_SEED.filter((entry) => entry.pricingType === "fixed");
    expect(fixed).toEqual([expect.objectContaining({ id: "logo_design", fixedPriceCents: 7500 })]);
    expect(CATALOGUE_SEED.filter((entry) => entry.pricingType === "custom")).toHaveLength(15);
  });

  it("is valid seed data with unique ids", () => {
    expect(new Set(CATALOGUE_SEED.map((entry) => entry.id)).size).toBe(16);
    for (const entry of CATALOGUE_SEED) expect(catalogueEntrySchema.parse(entry)).toEqual(entry);
    expect(catalogueEntrySchema.safeParse({ ...CATALOGUE_SEED[0], minPriceCents: 900000 }).success).toBe(false);
    expect(catalogueEntrySchema.safeParse({ ...CATALOGUE_SEED[0], fixedPriceCents: 100 }).success).toBe(false);
  });

  it("finds entries by id", () => {
    expect(findCatalogueEntry("jingle")?.maxPriceCents).toBe(50000);
    expect(findCatalogueEntry("unknown")).toBeNull();
  });

  it("adds a main offer at its minimum price and logo design at its fixed price", () => {
    expect(defaultUnitPriceCents(findCatalogueEntry("conception")!)).toBe(25000);
    expect(defaultUnitPriceCents(findCatalogueEntry("sales")!)).toBe(60000);
    expect(defaultUnitPriceCents(findCatalogueEntry("logo_design")!)).toBe(7500);
  });

  it("gives the cart a service with translated texts", () => {
    const service = toCartService(findCatalogueEntry("logo_design")!, { name: "Logo Design", description: "A logo" });
    expect(service).toEqual({
      id: "logo_design",
      name: "Logo Design",
      description: "A logo",
      category: "fixed",
      fixedPriceCents: 7500,
      minPriceCents: 5000,
      maxPriceCents: 10000,
      active: true,
    });
    expect(serviceSchema.parse(service)).toEqual(service);
  });
});

describe("catalogue budget", () => {
  const website = findCatalogueEntry("website")!;

  it("accepts a whole number of dollars within the range", () => {
    expect(checkBudget(website, "500")).toEqual({ ok: true, amountCents: 50000 });
    expect(checkBudget(website, " 2500 ")).toEqual({ ok: true, amountCents: 250000 });
    expect(checkBudget(website, 1200)).toEqual({ ok: true, amountCents: 120000 });
  });

  it("refuses what is not a whole number: 'Please enter a valid amount'", () => {
    for (const bad of ["", "abc", "12.5", "1e3", "5 00", Number.NaN, 12.5]) {
      expect(refusal(checkBudget(website, bad))).toEqual({
        title: "Invalid Amount",
        text: "Please enter a valid amount",
      });
    }
  });

  it("refuses an amount outside the range: 'Invalid Amount' / 'Amount must be between ${min} and ${max}'", () => {
    const expected = { title: "Invalid Amount", text: "Amount must be between $500 and $2,500" };
    expect(refusal(checkBudget(website, "499"))).toEqual(expected);
    expect(refusal(checkBudget(website, "2501"))).toEqual(expected);
    expect(refusal(checkBudget(website, "-5"))).toEqual(expected);
    expect(refusal(checkBudget(website, "99999999999999999999"))).toEqual(expected);
    expect(refusal(checkBudget(findCatalogueEntry("logo_design")!, 101))).toEqual({
      title: "Invalid Amount",
      text: "Amount must be between $50 and $100",
    });
  });

  it("keeps a card's quantity at 1 or more", () => {
    expect(catalogueQuantity("4")).toBe(4);
    expect(catalogueQuantity("0")).toBe(1);
    expect(catalogueQuantity(-3)).toBe(1);
    expect(catalogueQuantity("abc")).toBe(1);
    expect(catalogueQuantity(2.7)).toBe(2);
    expect(catalogueQuantity(1 - 1)).toBe(1);
  });
});
