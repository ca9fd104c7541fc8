import type { PromoDefinition } from "../promotions/schema.ts";
import { ORDER_LIMITS } from "./limits.ts";
import type { AppliedPromo, CartItem } from "./schema.ts";

/**
 * The cart as read back from browser storage, checked without zod: the browser restores the cart on
 * every page, and zod (25 KB gzip) would then be part of every page's first load. It accepts and
 * returns exactly what `storedCartSchema` (core/cart/schema.ts) does, which stays the reference:
 * tests/unit/cart-stored.test.ts compares the two on generated data.
 */
export interface StoredCart {
  items: CartItem[];
  promoCode: AppliedPromo | null;
  lastUpdated?: Date;
}

// What a failed check throws inside this module; parseStoredCart turns it into `success: false`.
class Invalid extends Error {}

function fail(): never {
  throw new Invalid();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === null || prototype === Object.prototype;
}

function object(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : fail();
}

function string(value: unknown, min: number, max: number): string {
  return typeof value === "string" && value.length >= min && value.length <= max ? value : fail();
}

function boolean(value: unknown): boolean {
  return typeof value === "boolean" ? value : fail();
}

function integer(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min && value <= max ? value : fail();
}

function nullableCents(value: unknown): number | null {
  return value === null ? null : integer(value, 0);
}

// zod's `z.iso.datetime({ offset: true })`: a real calendar date, seconds required, Z or ±hh:mm.
const ISO_DATE = String.raw`(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))`;
const ISO_DATETIME = new RegExp(
  String.raw`^${ISO_DATE}T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$`,
);

function date(value: unknown): Date {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? fail() : value;
  if (typeof value === "string" && ISO_DATETIME.test(value)) return new Date(value);
  return fail();
}

/** zod's `z.json()`: strings, finite numbers, booleans, null, and arrays and plain objects of them. */
function isJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return isPlainObject(value) && Object.values(value).every(isJson);
}

function serviceData(value: unknown): CartItem["serviceData"] {
  if (!isPlainObject(value) || !Object.values(value).every(isJson)) fail();
  return { ...value } as CartItem["serviceData"];
}

function item(value: unknown): CartItem {
  const input = object(value);
  const pricingType = input.pricingType === "fixed" || input.pricingType === "custom" ? input.pricingType : fail();
  return {
    id: string(input.id, 1, 100),
    serviceId: string(input.serviceId, 1, 100),
    serviceName: string(input.serviceName, 0, 200),
    description: string(input.description, 0, 2000),
    pricingType,
    unitPriceCents: integer(input.unitPriceCents, 0, ORDER_LIMITS.maxUnitPriceCents),
    quantity: integer(input.quantity, ORDER_LIMITS.minQuantity, ORDER_LIMITS.maxQuantity),
    lineTotalCents: integer(input.lineTotalCents, 0),
    serviceData: serviceData(input.serviceData),
    addedAt: date(input.addedAt),
    minPriceCents: nullableCents(input.minPriceCents),
    maxPriceCents: nullableCents(input.maxPriceCents),
    fixedPriceCents: nullableCents(input.fixedPriceCents),
  };
}

function promoDefinition(value: unknown): PromoDefinition {
  const input = object(value);
  const code = string(input.code, 0, Infinity);
  if (!/^[A-Z0-9][A-Z0-9_-]{0,31}$/.test(code)) fail();
  const kind = input.kind === "percent" || input.kind === "amount" ? input.kind : fail();
  const definition: PromoDefinition = {
    code,
    kind,
    value: integer(input.value, 1),
    active: boolean(input.active),
    description: string(input.description, 0, 200),
  };
  // nullish: an absent key stays absent, as zod leaves it.
  if ("minimumSubtotalCents" in input)
    definition.minimumSubtotalCents =
      input.minimumSubtotalCents === undefined ? undefined : nullableCents(input.minimumSubtotalCents);
  if (kind === "percent" && definition.value > 100) fail();
  return definition;
}

function appliedPromo(value: unknown): AppliedPromo | null {
  if (value === null || value === undefined) return null;
  const input = object(value);
  return {
    code: string(input.code, 1, 64),
    discountCents: integer(input.discountCents, 0),
    description: string(input.description, 0, 200),
    active: boolean(input.active),
    definition: promoDefinition(input.definition),
  };
}

/** The lines, promo and date of a stored cart, or `success: false` for anything the schema would refuse. */
export function parseStoredCart(value: unknown): { success: true; data: StoredCart } | { success: false } {
  try {
    const input = object(value);
    if (!Array.isArray(input.items) || input.items.length > ORDER_LIMITS.maxItems) fail();
    const data: StoredCart = {
      items: Array.from(input.items as unknown[], item),
      promoCode: appliedPromo(input.promoCode),
    };
    if (input.lastUpdated !== undefined) data.lastUpdated = date(input.lastUpdated);
    return { success: true, data };
  } catch (error) {
    if (error instanceof Invalid) return { success: false };
    throw error;
  }
}
