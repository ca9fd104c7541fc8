import type { Service } from "../catalogue/schema.ts";
import { formatCents, sumCents, type Cents } from "../money/money.ts";
import { evaluatePromo } from "../promotions/rules.ts";
import type { PromoDefinition } from "../promotions/schema.ts";
import { LIMIT_WARNING_RATIO, LINES_WARNING_REMAINING, ORDER_LIMITS } from "./limits.ts";
import type { AppliedPromo, CartItem, CartState, ServiceData } from "./schema.ts";
import {
  CART_MESSAGES,
  checkUnitPrice,
  emptyCart,
  restoreCart,
  withTotals,
  type CartContext,
  type CartMessage,
  type CartResult,
  type PriceRules,
} from "./state.ts";
import { HOT_DEAL_SERVICE_ID } from "./line-texts.ts";
// What a checkout page needs of a line (its texts, its deal) lives apart, so that it can read a line
// without loading the cart's reducer and limits.
export { HOT_DEAL_SERVICE_ID, hotDealIdOf, lineTexts, type CartTexts, type LineTexts } from "./line-texts.ts";

// The state's part of the rules lives in state.ts (so that the page shell can restore the cart without
// the actions); the rules stay the one module that callers import.
export { CART_MESSAGES, checkUnitPrice, emptyCart, restoreCart, serializeCart, withTotals } from "./state.ts";
export type { CartContext, CartMessage, CartResult, PriceRules } from "./state.ts";

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts (https, localhost); a page opened
 * over plain http elsewhere still has `crypto.getRandomValues`.
 */
function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const amount = (cents: Cents) => formatCents(cents, { wholeDollars: true });

const resolve = (context: CartContext) => ({
  newId: context.newId ?? randomId,
  now: context.now ?? (() => new Date()),
});

/** How many claims one person may have of the deal a line claims (the deal's own limit), or null. */
function perPersonLimitOf(line: { serviceName?: string; serviceData?: Record<string, unknown> }): number | null {
  const limit = line.serviceData?.perPersonLimit;
  return typeof limit === "number" && Number.isSafeInteger(limit) && limit >= 1 ? limit : null;
}

function checkQuantity(
  quantity: number,
  line: { serviceName?: string; serviceData?: Record<string, unknown> } = {},
): CartMessage | null {
  if (!Number.isSafeInteger(quantity) || quantity < ORDER_LIMITS.minQuantity) {
    return { messageKey: CART_MESSAGES.quantityMin, params: { min: ORDER_LIMITS.minQuantity } };
  }
  if (quantity > ORDER_LIMITS.maxQuantity)
    return { messageKey: CART_MESSAGES.quantityMax, params: { max: ORDER_LIMITS.maxQuantity } };
  // A hot deal's limit per person: the server refuses more, so the cart does not offer it.
  const perPerson = perPersonLimitOf(line);
  if (perPerson !== null && quantity > perPerson)
    return { messageKey: CART_MESSAGES.dealPerPerson, params: { count: perPerson, name: line.serviceName ?? "" } };
  return null;
}

/**
 * What the cart's quantity input means: a non-numeric entry reads as 1 (specification 000, section 5),
 * a fraction is cut to a whole number. Zero or less is kept: setting it removes the line.
 */
export function parseCartQuantity(input: string | number): number {
  const value = typeof input === "number" ? input : input.trim() === "" ? Number.NaN : Number(input.trim());
  if (Number.isNaN(value)) return 1;
  if (!Number.isFinite(value)) return value > 0 ? Number.MAX_SAFE_INTEGER : 0;
  return Math.trunc(value);
}

/**
 * The order limit a cart's lines would pass (specification 001, section 9: a line total and the total at
 * most $100,000), or null. The cart checks it before a change, so that it never holds an order the
 * checkout would refuse: 'Line total cannot exceed $100,000', 'Cart total cannot exceed $100,000'.
 * The subtotal is compared, not the discounted total: a promo can be removed at any time.
 */
export function checkCartFigures(items: readonly Pick<CartItem, "lineTotalCents">[]): CartMessage | null {
  for (const item of items) {
    if (item.lineTotalCents > ORDER_LIMITS.maxLineTotalCents)
      return { messageKey: CART_MESSAGES.lineTotalMax, params: { amount: amount(ORDER_LIMITS.maxLineTotalCents) } };
  }
  if (sumCents(items.map((item) => item.lineTotalCents)) > ORDER_LIMITS.maxSubtotalCents) {
    return { messageKey: CART_MESSAGES.cartTotalMax, params: { amount: amount(ORDER_LIMITS.maxSubtotalCents) } };
  }
  return null;
}

/** A warning the cart page shows above the lines; `blocking` when the order cannot be placed as it is. */
export interface CartWarning extends CartMessage {
  blocking: boolean;
}

/**
 * What the cart should tell the visitor before a limit is reached (specification 001, section 9):
 * few lines left of the 50 an order holds, a total close to $100,000, and, blocking the checkout, a cart
 * already past a limit (one restored from storage) or a total below the $0.50 minimum.
 */
export function cartLimitWarnings(state: Pick<CartState, "items" | "subtotalCents" | "totalCents">): CartWarning[] {
  const warnings: CartWarning[] = [];
  if (state.items.length === 0) return warnings;
  const over = checkCartFigures(state.items);
  if (over) warnings.push({ ...over, blocking: true });
  const linesLeft = ORDER_LIMITS.maxItems - state.items.length;
  if (linesLeft <= 0)
    warnings.push({ messageKey: CART_MESSAGES.linesFull, params: { max: ORDER_LIMITS.maxItems }, blocking: false });
  else if (linesLeft <= LINES_WARNING_REMAINING)
    warnings.push({
      messageKey: CART_MESSAGES.linesLeft,
      params: { count: linesLeft, max: ORDER_LIMITS.maxItems },
      blocking: false,
    });
  if (!over && state.subtotalCents >= ORDER_LIMITS.maxSubtotalCents * LIMIT_WARNING_RATIO) {
    warnings.push({
      messageKey: CART_MESSAGES.totalNear,
      params: { amount: amount(ORDER_LIMITS.maxSubtotalCents) },
      blocking: false,
    });
  }
  if (state.totalCents < ORDER_LIMITS.minTotalCents) {
    warnings.push({
      messageKey: CART_MESSAGES.totalMin,
      params: { amount: formatCents(ORDER_LIMITS.minTotalCents) },
      blocking: true,
    });
  }
  return warnings;
}

/**
 * Why one more of this line is not possible (quantity 1000, line total or cart total at $100,000), or
 * null: the cart page disables the line's plus button and says why next to it.
 */
export function incrementBlocked(state: Pick<CartState, "items">, itemId: string): CartMessage | null {
  const line = state.items.find((item) => item.id === itemId);
  if (!line) return null;
  const more = checkQuantity(line.quantity + 1, line);
  if (more) return more;
  return checkCartFigures(
    state.items.map((item) =>
      item.id === itemId ? { lineTotalCents: item.lineTotalCents + item.unitPriceCents } : item,
    ),
  );
}

export interface AddItemInput {
  service: Service;
  /** Defaults to 1. */
  quantity?: number;
  /** Defaults to the fixed price, else the range's minimum. Ignored (corrected) for a fixed-price service. */
  unitPriceCents?: number;
  serviceData?: ServiceData;
}

/**
 * Adds a line (specification 000, sections 4 and 5). Every add creates a new line with a fresh id, even
 * for a service already in the cart. A fixed-price service is added at its price whatever was asked; a
 * custom price outside the service's range is refused and nothing is added.
 */
export function addItem(state: CartState, input: AddItemInput, context: CartContext = {}): CartResult {
  const { newId, now } = resolve(context);
  const { service } = input;
  if (!service.active) return { state, error: { messageKey: CART_MESSAGES.serviceUnavailable } };
  const rules: PriceRules = {
    pricingType: service.category,
    fixedPriceCents: service.fixedPriceCents,
    minPriceCents: service.minPriceCents,
    maxPriceCents: service.maxPriceCents,
  };
  const requested =
    input.unitPriceCents ?? (service.category === "fixed" ? service.fixedPriceCents : service.minPriceCents);
  if (requested === null) return { state, error: { messageKey: CART_MESSAGES.addFailed } };
  // A fixed-price service is silently sold at its price (checkUnitPrice still refuses a missing price).
  const unitPriceCents =
    service.category === "fixed" && service.fixedPriceCents !== null ? service.fixedPriceCents : requested;
  const price = checkUnitPrice(rules, unitPriceCents);
  if (!price.ok) return { state, error: { messageKey: price.messageKey, params: price.params } };
  const quantity = input.quantity ?? 1;
  const quantityError = checkQuantity(quantity, { serviceName: service.name, serviceData: input.serviceData });
  if (quantityError) return { state, error: quantityError };
  if (state.items.length >= ORDER_LIMITS.maxItems) {
    return { state, error: { messageKey: CART_MESSAGES.tooManyItems, params: { max: ORDER_LIMITS.maxItems } } };
  }
  const at = now();
  const item: CartItem = {
    id: newId(),
    serviceId: service.id,
    serviceName: service.name,
    description: service.description,
    pricingType: service.category,
    unitPriceCents,
    quantity,
    lineTotalCents: unitPriceCents * quantity,
    serviceData: input.serviceData ?? {},
    addedAt: at,
    minPriceCents: service.minPriceCents,
    maxPriceCents: service.maxPriceCents,
    fixedPriceCents: service.fixedPriceCents,
  };
  const items = [...state.items, item];
  const limit = checkCartFigures(items);
  if (limit) return { state, error: limit };
  return withTotals({ items, promoCode: state.promoCode, isLoading: state.isLoading }, at);
}

/** Removes a line; an unknown id changes nothing. */
export function removeItem(state: CartState, itemId: string, context: CartContext = {}): CartResult {
  if (!state.items.some((item) => item.id === itemId)) return { state };
  const items = state.items.filter((item) => item.id !== itemId);
  return withTotals({ items, promoCode: state.promoCode, isLoading: state.isLoading }, resolve(context).now());
}

/**
 * Sets a line's quantity (the number input, or the stepper's ±1). Zero or below removes the line; a
 * non-numeric entry reads as 1; more than 1000 is refused ('Quantity cannot exceed 1000').
 */
export function updateQuantity(
  state: CartState,
  itemId: string,
  input: string | number,
  context: CartContext = {},
): CartResult {
  const line = state.items.find((item) => item.id === itemId);
  if (!line) return { state };
  const quantity = parseCartQuantity(input);
  if (quantity <= 0) return removeItem(state, itemId, context);
  if (quantity === line.quantity) return { state };
  // Fewer is always allowed (a deal's limit per person may have been lowered since the line was added).
  const error = quantity > line.quantity ? checkQuantity(quantity, line) : checkQuantity(quantity);
  if (error) return { state, error };
  const items = state.items.map((item) =>
    item.id === itemId ? { ...item, quantity, lineTotalCents: item.unitPriceCents * quantity } : item,
  );
  // Fewer is always allowed, so that a cart over a limit (restored from an older visit) can be brought back under it.
  const limit = quantity > line.quantity ? checkCartFigures(items) : null;
  if (limit) return { state, error: limit };
  return withTotals({ items, promoCode: state.promoCode, isLoading: state.isLoading }, resolve(context).now());
}

/** The plus button: one more. */
export function incrementQuantity(state: CartState, itemId: string, context: CartContext = {}): CartResult {
  const line = state.items.find((item) => item.id === itemId);
  return line ? updateQuantity(state, itemId, line.quantity + 1, context) : { state };
}

/** The minus button: one fewer; at quantity 1 the line is removed. */
export function decrementQuantity(state: CartState, itemId: string, context: CartContext = {}): CartResult {
  const line = state.items.find((item) => item.id === itemId);
  return line ? updateQuantity(state, itemId, line.quantity - 1, context) : { state };
}

/**
 * Changes a custom-priced line's unit price within its range; an out-of-range price is refused with
 * its message and the price stays. A fixed-price line's price never changes: the update is ignored.
 */
export function updatePrice(
  state: CartState,
  itemId: string,
  unitPriceCents: number,
  context: CartContext = {},
): CartResult {
  const line = state.items.find((item) => item.id === itemId);
  if (!line || line.pricingType === "fixed") return { state };
  const price = checkUnitPrice(line, unitPriceCents);
  if (!price.ok) return { state, error: { messageKey: price.messageKey, params: price.params } };
  if (unitPriceCents === line.unitPriceCents) return { state };
  const items = state.items.map((item) =>
    item.id === itemId ? { ...item, unitPriceCents, lineTotalCents: unitPriceCents * item.quantity } : item,
  );
  const limit = unitPriceCents > line.unitPriceCents ? checkCartFigures(items) : null;
  if (limit) return { state, error: limit };
  return withTotals({ items, promoCode: state.promoCode, isLoading: state.isLoading }, resolve(context).now());
}

/**
 * Applies the code a visitor typed. `definition` is what the caller found for it (`findPromo`, or the
 * server's promo table), null when there is none. A refused code leaves the cart, and any promo already
 * applied, as it was; an accepted one replaces the previous promo and its saving comes back as a notice.
 */
export function applyPromo(
  state: CartState,
  code: string,
  definition: PromoDefinition | null,
  context: CartContext = {},
): CartResult {
  const evaluation = evaluatePromo(definition, code, state.subtotalCents);
  if (!evaluation.ok || !definition)
    return { state, error: { messageKey: evaluation.messageKey, params: evaluation.params } };
  const promoCode: AppliedPromo = {
    code: evaluation.code,
    discountCents: evaluation.discountCents,
    description: definition.description,
    active: definition.active,
    definition,
  };
  const { state: next } = withTotals(
    { items: state.items, promoCode, isLoading: state.isLoading },
    resolve(context).now(),
  );
  return { state: next, notice: { messageKey: evaluation.messageKey, params: evaluation.params } };
}

/** Removes the applied promo. */
export function removePromo(state: CartState, context: CartContext = {}): CartResult {
  if (!state.promoCode) return { state };
  return withTotals({ items: state.items, promoCode: null, isLoading: state.isLoading }, resolve(context).now());
}

/** Empties the cart: no lines, no promo. */
export function clearCart(_state: CartState, context: CartContext = {}): CartResult {
  return { state: emptyCart(resolve(context).now()) };
}

/** Marks the cart as busy or not; nothing else changes. */
export function setLoading(state: CartState, isLoading: boolean): CartResult {
  return state.isLoading === isLoading ? { state } : { state: { ...state, isLoading } };
}

/** Every cart action (specification 000, section 4), for a reducer-style store. */
export type CartAction =
  | ({ type: "add" } & AddItemInput)
  | { type: "remove"; itemId: string }
  | { type: "updateQuantity"; itemId: string; quantity: string | number }
  | { type: "increment"; itemId: string }
  | { type: "decrement"; itemId: string }
  | { type: "updatePrice"; itemId: string; unitPriceCents: number }
  | { type: "applyPromo"; code: string; definition: PromoDefinition | null }
  | { type: "removePromo" }
  | { type: "clear" }
  | { type: "setLoading"; isLoading: boolean }
  | { type: "restore"; stored: unknown };

/** The cart's pure reducer: (state, action) → { state, error?, notice? }. */
export function cartReducer(state: CartState, action: CartAction, context: CartContext = {}): CartResult {
  switch (action.type) {
    case "add":
      return addItem(state, action, context);
    case "remove":
      return removeItem(state, action.itemId, context);
    case "updateQuantity":
      return updateQuantity(state, action.itemId, action.quantity, context);
    case "increment":
      return incrementQuantity(state, action.itemId, context);
    case "decrement":
      return decrementQuantity(state, action.itemId, context);
    case "updatePrice":
      return updatePrice(state, action.itemId, action.unitPriceCents, context);
    case "applyPromo":
      return applyPromo(state, action.code, action.definition, context);
    case "removePromo":
      return removePromo(state, context);
    case "clear":
      return clearCart(state, context);
    case "setLoading":
      return setLoading(state, action.isLoading);
    case "restore":
      return restoreCart(action.stored, context);
  }
}

/** A claimed hot deal as the cart receives it: the deal's price, fixed (spec README, decision 12). */
export function hotDealItem(deal: {
  dealId: string | number;
  name: string;
  description: string;
  priceCents: Cents;
  perPersonLimit?: number;
}): AddItemInput {
  return {
    service: {
      id: HOT_DEAL_SERVICE_ID,
      name: deal.name,
      description: deal.description,
      category: "fixed",
      fixedPriceCents: deal.priceCents,
      minPriceCents: deal.priceCents,
      maxPriceCents: deal.priceCents,
      active: true,
    },
    quantity: 1,
    serviceData: {
      dealId: deal.dealId,
      ...(deal.perPersonLimit === undefined ? {} : { perPersonLimit: deal.perPersonLimit }),
    },
  };
}

/** An order's figures, as the cart holds them or as the server recomputes them. */
export interface OrderFigures {
  items: readonly { quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The first order limit an order breaks (specification 001, sections 5 and 9), in the specification's
 * order: 1 to 50 lines, quantity 1 to 1000, unit price $0.01 to $10,000, subtotal at most $100,000,
 * discount and tax at most $10,000, total $0.50 to $100,000.
 */
export function checkOrderLimits(order: OrderFigures): { ok: true } | ({ ok: false } & CartMessage) {
  const fail = (messageKey: string, params?: Record<string, string | number>) => ({
    ok: false as const,
    messageKey,
    params,
  });
  if (order.items.length < ORDER_LIMITS.minItems) return fail(CART_MESSAGES.noItems);
  if (order.items.length > ORDER_LIMITS.maxItems)
    return fail(CART_MESSAGES.tooManyItems, { max: ORDER_LIMITS.maxItems });
  for (const item of order.items) {
    const quantityError = checkQuantity(item.quantity);
    if (quantityError) return fail(quantityError.messageKey, quantityError.params);
    if (!Number.isSafeInteger(item.unitPriceCents) || item.unitPriceCents < ORDER_LIMITS.minUnitPriceCents) {
      return fail(CART_MESSAGES.unitPriceMin, { amount: amount(ORDER_LIMITS.minUnitPriceCents) });
    }
    if (item.unitPriceCents > ORDER_LIMITS.maxUnitPriceCents)
      return fail(CART_MESSAGES.unitPriceMax, { amount: amount(ORDER_LIMITS.maxUnitPriceCents) });
  }
  if (order.subtotalCents > ORDER_LIMITS.maxSubtotalCents)
    return fail(CART_MESSAGES.subtotalMax, { amount: amount(ORDER_LIMITS.maxSubtotalCents) });
  if (order.discountCents > ORDER_LIMITS.maxDiscountCents)
    return fail(CART_MESSAGES.discountMax, { amount: amount(ORDER_LIMITS.maxDiscountCents) });
  if (order.taxCents > ORDER_LIMITS.maxTaxCents)
    return fail(CART_MESSAGES.taxMax, { amount: amount(ORDER_LIMITS.maxTaxCents) });
  if (order.totalCents < ORDER_LIMITS.minTotalCents)
    return fail(CART_MESSAGES.totalMin, { amount: amount(ORDER_LIMITS.minTotalCents) });
  if (order.totalCents > ORDER_LIMITS.maxTotalCents)
    return fail(CART_MESSAGES.totalMax, { amount: amount(ORDER_LIMITS.maxTotalCents) });
  return { ok: true };
}
