import type { PricingType } from "../catalogue/schema.ts";
import { formatCents, sumCents, type Cents } from "../money/money.ts";
import { meetsPromoMinimum, minimumOrderMessage, promoDiscountCents } from "../promotions/rules.ts";
import { emptyCart, serializeCart } from "./base.ts";
import { ORDER_LIMITS, TAX_CENTS } from "./limits.ts";
import type { AppliedPromo, CartItem, CartState } from "./schema.ts";
import { parseStoredCart } from "./stored.ts";

export { emptyCart, serializeCart };

/*
 * The cart's state without its actions: an empty cart, the totals, the price check, and the cart saved
 * to and read back from browser storage. Every page's shell loads it to restore a saved cart for the
 * header's badge (base.ts covers a browser with none); the actions (rules.ts) come only with the pages
 * that change the cart.
 */

/** A message for the visitor: an i18n key ("namespace:key") and its interpolation values. */
export interface CartMessage {
  messageKey: string;
  params?: Record<string, string | number>;
}

/**
 * What every cart rule returns: the next state and, when the action was refused, why (the state is then
 * the one given, unchanged). `notice` reports something the visitor should learn about a change that
 * did happen: the promo's saving when one is applied, or a promo dropped because the subtotal fell
 * below its minimum order.
 */
export interface CartResult {
  state: CartState;
  error?: CartMessage;
  notice?: CartMessage;
}

/** Where the rules get fresh line ids and the time from; injected so that tests are deterministic. */
export interface CartContext {
  newId?: () => string;
  now?: () => Date;
}

export const CART_MESSAGES = {
  fixedPrice: "cart:validation.fixedPrice",
  priceMin: "cart:validation.priceMin",
  priceMax: "cart:validation.priceMax",
  invalidPrice: "cart:validation.invalidPrice",
  serviceUnavailable: "cart:validation.serviceUnavailable",
  addFailed: "cart:validation.addFailed",
  storageUnreadable: "cart:storage.unreadable",
  noItems: "cart:limits.noItems",
  tooManyItems: "cart:limits.tooManyItems",
  quantityMin: "cart:limits.quantityMin",
  quantityMax: "cart:limits.quantityMax",
  dealPerPerson: "cart:limits.dealPerPerson",
  unitPriceMin: "cart:limits.unitPriceMin",
  unitPriceMax: "cart:limits.unitPriceMax",
  lineTotalMax: "cart:limits.lineTotalMax",
  cartTotalMax: "cart:limits.cartTotalMax",
  linesLeft: "cart:limits.linesLeft",
  linesFull: "cart:limits.linesFull",
  totalNear: "cart:limits.totalNear",
  subtotalMax: "cart:limits.subtotalMax",
  discountMax: "cart:limits.discountMax",
  taxMax: "cart:limits.taxMax",
  totalMin: "cart:limits.totalMin",
  totalMax: "cart:limits.totalMax",
} as const;

const amount = (cents: Cents) => formatCents(cents, { wholeDollars: true });

/**
 * The cart with its totals recomputed from its lines: subtotal = sum of line totals; the applied promo's
 * discount recomputed against that subtotal; total = subtotal − discount, never below 0; tax 0;
 * itemCount = sum of quantities. A promo whose minimum order the subtotal no longer reaches is removed
 * (rather than kept at a zero discount), so the cart never shows a code that the server would refuse;
 * the returned notice carries the minimum-order message for the visitor.
 */
export function withTotals(
  parts: { items: readonly CartItem[]; promoCode: AppliedPromo | null; isLoading: boolean },
  lastUpdated: Date,
): { state: CartState; notice?: CartMessage } {
  const items = [...parts.items];
  const subtotalCents = sumCents(items.map((item) => item.lineTotalCents));
  let promoCode = parts.promoCode;
  let notice: CartMessage | undefined;
  if (promoCode) {
    if (meetsPromoMinimum(promoCode.definition, subtotalCents)) {
      promoCode = { ...promoCode, discountCents: promoDiscountCents(promoCode.definition, subtotalCents) };
    } else {
      notice = minimumOrderMessage(promoCode.definition);
      promoCode = null;
    }
  }
  const discountCents = promoCode?.discountCents ?? 0;
  const state: CartState = {
    items,
    promoCode,
    subtotalCents,
    discountCents,
    taxCents: TAX_CENTS,
    totalCents: Math.max(0, subtotalCents - discountCents),
    itemCount: items.reduce((count, item) => count + item.quantity, 0),
    isLoading: parts.isLoading,
    lastUpdated,
  };
  return notice ? { state, notice } : { state };
}

/** The pricing rules of a line or a service: its type and the prices it allows. */
export interface PriceRules {
  pricingType: PricingType;
  fixedPriceCents: Cents | null;
  minPriceCents: Cents | null;
  maxPriceCents: Cents | null;
}

/**
 * Whether a unit price is allowed (specification 000, section 5): a fixed-price service takes only its
 * price ('This is a fixed-price service. Price must be {amount}'); a custom price lies within the
 * service's range ('Price must be at least ${amount}', 'Price cannot exceed ${amount}') and the order
 * limits ('Unit price must be at least $0.01', 'Unit price cannot exceed $10,000'). The server uses it to
 * re-check every line of an order.
 */
export function checkUnitPrice(
  rules: PriceRules,
  unitPriceCents: number,
): { ok: true } | ({ ok: false } & CartMessage) {
  if (!Number.isSafeInteger(unitPriceCents)) return { ok: false, messageKey: CART_MESSAGES.invalidPrice };
  if (rules.pricingType === "fixed") {
    if (rules.fixedPriceCents === null) return { ok: false, messageKey: CART_MESSAGES.addFailed };
    if (unitPriceCents !== rules.fixedPriceCents) {
      return {
        ok: false,
        messageKey: CART_MESSAGES.fixedPrice,
        params: { amount: formatCents(rules.fixedPriceCents) },
      };
    }
  } else {
    if (rules.minPriceCents !== null && unitPriceCents < rules.minPriceCents) {
      return { ok: false, messageKey: CART_MESSAGES.priceMin, params: { amount: formatCents(rules.minPriceCents) } };
    }
    if (rules.maxPriceCents !== null && unitPriceCents > rules.maxPriceCents) {
      return { ok: false, messageKey: CART_MESSAGES.priceMax, params: { amount: formatCents(rules.maxPriceCents) } };
    }
  }
  if (unitPriceCents < ORDER_LIMITS.minUnitPriceCents) {
    return {
      ok: false,
      messageKey: CART_MESSAGES.unitPriceMin,
      params: { amount: amount(ORDER_LIMITS.minUnitPriceCents) },
    };
  }
  if (unitPriceCents > ORDER_LIMITS.maxUnitPriceCents) {
    return {
      ok: false,
      messageKey: CART_MESSAGES.unitPriceMax,
      params: { amount: amount(ORDER_LIMITS.maxUnitPriceCents) },
    };
  }
  return { ok: true };
}

/**
 * The cart read back from browser storage: `stored` is the saved text (or its parsed value), null when
 * nothing was saved. Dates are converted back and every figure is recomputed: line totals from unit
 * price and quantity, a fixed-price line at its fixed price, a custom line outside its own range
 * dropped, then the totals and the promo's discount. Unreadable data gives an empty cart and an error
 * for the log.
 */
export function restoreCart(stored: unknown, context: CartContext = {}): CartResult {
  const now = context.now ?? (() => new Date());
  if (stored === null || stored === undefined) return { state: emptyCart(now()) };
  let value = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      return { state: emptyCart(now()), error: { messageKey: CART_MESSAGES.storageUnreadable } };
    }
  }
  const parsed = parseStoredCart(value);
  if (!parsed.success) return { state: emptyCart(now()), error: { messageKey: CART_MESSAGES.storageUnreadable } };
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const stored of parsed.data.items) {
    if (seen.has(stored.id)) continue;
    seen.add(stored.id);
    const unitPriceCents =
      stored.pricingType === "fixed" && stored.fixedPriceCents !== null
        ? stored.fixedPriceCents
        : stored.unitPriceCents;
    if (!checkUnitPrice(stored, unitPriceCents).ok) continue;
    items.push({ ...stored, unitPriceCents, lineTotalCents: unitPriceCents * stored.quantity });
  }
  return withTotals({ items, promoCode: parsed.data.promoCode, isLoading: false }, parsed.data.lastUpdated ?? now());
}
