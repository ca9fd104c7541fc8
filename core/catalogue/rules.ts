import { formatCents, type Cents } from "../money/money.ts";
import {
  MAIN_SERVICE_IDS,
  SPECIALISED_SERVICE_IDS,
  type CatalogueServiceId,
  type MainServiceId,
  type SpecialisedServiceId,
} from "./limits.ts";
import type { CatalogueEntry, Service } from "./schema.ts";

/** A price range in cents. */
export interface PriceRange {
  minPriceCents: Cents;
  maxPriceCents: Cents;
}

const dollars = (amount: number): Cents => amount * 100;

/** Ranges, in US dollars, that a main offer accepts on add to cart (specification 000, section 9). */
const MAIN_RANGES_USD: Record<MainServiceId, readonly [number, number]> = {
  conception: [250, 1500],
  creation: [300, 2500],
  marketing: [500, 3000],
  promotion: [400, 2000],
  sales: [600, 4000],
};

/** The range of a main offer that has none of its own (specification 000, section 9: "default 500-2000"). */
export const DEFAULT_MAIN_RANGE: PriceRange = { minPriceCents: 500_00, maxPriceCents: 2000_00 };

/** Budget ranges, in US dollars, of the specialised services (specification 000, section 9). */
const SPECIALISED_RANGES_USD: Record<SpecialisedServiceId, readonly [number, number]> = {
  website: [500, 2500],
  agent_ai: [500, 1500],
  service_ai: [250, 1000],
  chat_bot: [1000, 1500],
  logo_design: [50, 100],
  graphics: [50, 250],
  campaigns: [150, 300],
  social_media: [100, 300],
  video_marketing: [100, 300],
  sport_audiovisuel: [150, 500],
  jingle: [150, 500],
};

/** Logo design is the one fixed-price service: its budget range is shown, but it is sold at $75. */
const FIXED_PRICES_CENTS: Partial<Record<CatalogueServiceId, Cents>> = { logo_design: 7500 };

function entry(
  id: CatalogueServiceId,
  kind: CatalogueEntry["kind"],
  [min, max]: readonly [number, number],
): CatalogueEntry {
  const fixed = FIXED_PRICES_CENTS[id];
  return {
    id,
    kind,
    pricingType: fixed === undefined ? "custom" : "fixed",
    fixedPriceCents: fixed ?? null,
    minPriceCents: dollars(min),
    maxPriceCents: dollars(max),
    active: true,
  };
}

// The seed data below is built by calls marked pure: a browser chunk that imports this module for its
// rules (the home page's cards) leaves the data out when it does not read it.

/** The five main offers, in the order the services section shows them. Seed data, in cents. */
export const MAIN_SERVICES: readonly CatalogueEntry[] = /* @__PURE__ */ MAIN_SERVICE_IDS.map((id) =>
  entry(id, "main", MAIN_RANGES_USD[id]),
);

/** The eleven specialised services, in the order the grid shows them. Seed data, in cents. */
export const SPECIALISED_SERVICES: readonly CatalogueEntry[] = /* @__PURE__ */ SPECIALISED_SERVICE_IDS.map((id) =>
  entry(id, "specialised", SPECIALISED_RANGES_USD[id]),
);

/** The whole catalogue as seeded: what the server prices orders from and the database starts with. */
export const CATALOGUE_SEED: readonly CatalogueEntry[] = /* @__PURE__ */ MAIN_SERVICES.concat(SPECIALISED_SERVICES);

/** The entry with this id in a catalogue (the seeded one by default), or null. */
export function findCatalogueEntry(
  id: string,
  catalogue: readonly CatalogueEntry[] = CATALOGUE_SEED,
): CatalogueEntry | null {
  return catalogue.find((candidate) => candidate.id === id) ?? null;
}

/**
 * The price a card's Add to cart puts in the cart: the fixed price of a fixed-price service, else the
 * minimum of the range (the main offers' add to cart uses the minimum price).
 */
export function defaultUnitPriceCents(
  service: Pick<CatalogueEntry, "pricingType" | "fixedPriceCents" | "minPriceCents">,
): Cents {
  return service.pricingType === "fixed" && service.fixedPriceCents !== null
    ? service.fixedPriceCents
    : service.minPriceCents;
}

/** The cart's view of a catalogue entry, with its name and description in the visitor's language. */
export function toCartService(catalogueEntry: CatalogueEntry, texts: { name: string; description: string }): Service {
  return {
    id: catalogueEntry.id,
    name: texts.name,
    description: texts.description,
    category: catalogueEntry.pricingType,
    fixedPriceCents: catalogueEntry.fixedPriceCents,
    minPriceCents: catalogueEntry.minPriceCents,
    maxPriceCents: catalogueEntry.maxPriceCents,
    active: catalogueEntry.active,
  };
}

/** The budget's amount, or a refusal: i18n keys ("namespace:key") for the toast's title and text. */
export type BudgetResult =
  | { ok: true; amountCents: Cents }
  | { ok: false; titleKey: string; messageKey: string; params?: Record<string, string> };

export const BUDGET_MESSAGES = {
  invalidTitle: "cart:budget.invalidTitle",
  invalidNumber: "cart:budget.invalidNumber",
  outOfRange: "cart:budget.outOfRange",
} as const;

const WHOLE_NUMBER = /^[+-]?\d+$/;

/**
 * The budget a visitor types on a catalogue card, in whole US dollars (specification 000, section 5,
 * "Catalogue budget"): it must be a valid whole number ('Please enter a valid amount') within the
 * service's range ('Invalid Amount' / 'Amount must be between ${min} and ${max}').
 */
export function checkBudget(range: PriceRange, input: string | number): BudgetResult {
  let amount: number;
  if (typeof input === "number") {
    amount = input;
  } else {
    const text = input.trim();
    amount = WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN;
  }
  if (!Number.isInteger(amount)) {
    return { ok: false, titleKey: BUDGET_MESSAGES.invalidTitle, messageKey: BUDGET_MESSAGES.invalidNumber };
  }
  // Within the range the product is a small exact integer; a huge amount is refused by the comparison.
  const amountCents = amount * 100;
  if (amountCents < range.minPriceCents || amountCents > range.maxPriceCents) {
    return {
      ok: false,
      titleKey: BUDGET_MESSAGES.invalidTitle,
      messageKey: BUDGET_MESSAGES.outOfRange,
      params: {
        min: formatCents(range.minPriceCents, { wholeDollars: true }),
        max: formatCents(range.maxPriceCents, { wholeDollars: true }),
      },
    };
  }
  return { ok: true, amountCents };
}

/**
 * A catalogue card's quantity: a whole number never below 1 (a non-numeric entry reads as 1).
 * The stepper calls it with the current value plus or minus one.
 */
export function catalogueQuantity(input: string | number): number {
  const value = typeof input === "number" ? input : Number.parseInt(input.trim(), 10);
  if (!Number.isFinite(value)) return 1;
  return Math.max(1, Math.trunc(value));
}

export const CATALOGUE_MESSAGES = {
  rangeOrder: "catalogue:validation.rangeOrder",
  fixedPriceRequired: "catalogue:validation.fixedPriceRequired",
  fixedPriceNotAllowed: "catalogue:validation.fixedPriceNotAllowed",
  fixedPriceOutOfRange: "catalogue:validation.fixedPriceOutOfRange",
} as const;

/**
 * The first rule a catalogue entry breaks, or null: the minimum price may not exceed the maximum; a
 * fixed-price service has a fixed price and it lies within the range; a custom-price service has none.
 */
export function checkServiceEntry(
  entry: Pick<CatalogueEntry, "pricingType" | "fixedPriceCents" | "minPriceCents" | "maxPriceCents">,
): { field: "maxPriceCents" | "fixedPriceCents"; messageKey: string } | null {
  if (entry.minPriceCents > entry.maxPriceCents)
    return { field: "maxPriceCents", messageKey: CATALOGUE_MESSAGES.rangeOrder };
  if (entry.pricingType === "fixed") {
    if (entry.fixedPriceCents === null)
      return { field: "fixedPriceCents", messageKey: CATALOGUE_MESSAGES.fixedPriceRequired };
    if (entry.fixedPriceCents < entry.minPriceCents || entry.fixedPriceCents > entry.maxPriceCents) {
      return { field: "fixedPriceCents", messageKey: CATALOGUE_MESSAGES.fixedPriceOutOfRange };
    }
  } else if (entry.fixedPriceCents !== null) {
    return { field: "fixedPriceCents", messageKey: CATALOGUE_MESSAGES.fixedPriceNotAllowed };
  }
  return null;
}

/** The families the specialised services are filtered by on the home page, each with its services in catalogue order. */
export const SPECIALISED_GROUPS = {
  digital: ["website", "agent_ai", "service_ai", "chat_bot"],
  design: ["logo_design", "graphics"],
  marketing: ["campaigns", "social_media"],
  media: ["video_marketing", "sport_audiovisuel", "jingle"],
} as const satisfies Record<string, readonly SpecialisedServiceId[]>;
export type SpecialisedGroup = keyof typeof SPECIALISED_GROUPS;
export const SPECIALISED_GROUP_IDS = Object.keys(SPECIALISED_GROUPS) as SpecialisedGroup[];

/** The family of a specialised service; a service added later by staff, in no family, shows under "all" only. */
export function specialisedGroupOf(serviceId: string): SpecialisedGroup | null {
  for (const group of SPECIALISED_GROUP_IDS) {
    if ((SPECIALISED_GROUPS[group] as readonly string[]).includes(serviceId)) return group;
  }
  return null;
}

/** The services a filter shows: all of them, or one family's, keeping the catalogue's order. */
export function filterSpecialised<T extends { id: string }>(
  services: readonly T[],
  group: SpecialisedGroup | "all",
): T[] {
  return group === "all" ? [...services] : services.filter((service) => specialisedGroupOf(service.id) === group);
}

/** The most digits a budget field takes: $10,000,000 is already far above every range. */
export const BUDGET_MAX_DIGITS = 8;

/**
 * What a budget field keeps of what is typed or pasted: digits only (a budget is whole dollars), at
 * most BUDGET_MAX_DIGITS of them. "1,500", "$1500" and "1500.00" are read as they look, not as 150000.
 */
export function budgetDigits(input: string): string {
  return input
    .trim()
    .replace(/[.,]\d{1,2}$/, "")
    .replace(/\D+/g, "")
    .slice(0, BUDGET_MAX_DIGITS);
}

/** A fixed-price service shows its price (Logo Design, $75), never a budget field. */
export function isFixedPrice(service: Pick<CatalogueEntry, "pricingType" | "fixedPriceCents">): boolean {
  return service.pricingType === "fixed" && service.fixedPriceCents !== null;
}
