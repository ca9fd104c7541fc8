import { ORDER_LIMITS } from "../../../core/cart/limits.ts";
import { parseStoredCart } from "../../../core/cart/stored.ts";
import type { CartItem } from "../../../core/cart/schema.ts";
import { FROM_CART_PARAM, FROM_CART_VALUE } from "../../components/cart/checkout-link.ts";
import { dollarsToCents } from "../../../core/money/money.ts";
import type { OrderLineInput } from "../../lib/orders-api.ts";

/**
 * The default service of checkout (specification 001, section 9). The same id as the catalogue's
 * CHECKOUT_SERVICE_ID, written here because the catalogue's schema module brings zod into the page
 * (tests/unit/checkout-source.test.ts keeps the two equal).
 */
export const CHECKOUT_SERVICE_ID = "marketing_consultation";
export const DEFAULT_SERVICE_NAME = "Marketing Consultation";
export const DEFAULT_AMOUNT_CENTS = 50_000;

/** A line to order, with a key for the page and the texts the cart saved with it. */
export interface CheckoutLine extends OrderLineInput {
  key: string;
}

/** What the visitor is about to order, with the figures the browser computed (hints for the server). */
export interface CheckoutDraft {
  /** "cart": a cart checkout (back to /cart, the cart is cleared once paid); "service": one service. */
  origin: "cart" | "service";
  lines: CheckoutLine[];
  promoCode: string | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

/**
 * How /checkout was opened (specification 001, section 2): a cart in the `cart` parameter, the cart
 * saved in this browser (`?from=cart`: a cart of 50 lines does not fit in an address), or the legacy
 * `service` and `amount` parameters (defaults "Marketing Consultation" and $500).
 * "invalid-cart" is a `cart` parameter that is not a cart ('Invalid Cart Data'); "error" any other
 * address that cannot be checked out ('Checkout Error').
 */
export type CheckoutSource =
  | { kind: "draft"; draft: CheckoutDraft }
  | { kind: "stored-cart" }
  | { kind: "invalid-cart" }
  | { kind: "error" };

function isCount(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= max;
}

/** A cart line as an order line: the payload of section 7 (a custom line carries customPriceCents). */
export function lineFromCart(
  item: Pick<
    CartItem,
    | "id"
    | "serviceId"
    | "serviceName"
    | "description"
    | "pricingType"
    | "unitPriceCents"
    | "quantity"
    | "lineTotalCents"
    | "serviceData"
  >,
): CheckoutLine {
  return {
    key: item.id,
    serviceId: item.serviceId,
    serviceName: item.serviceName,
    description: item.description,
    pricingType: item.pricingType,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity,
    lineTotalCents: item.lineTotalCents,
    ...(item.pricingType === "custom" ? { customPriceCents: item.unitPriceCents } : {}),
    serviceData: item.serviceData,
  };
}

/** The draft of a cart (from the address or from browser storage), its figures as the cart computed them. */
export function draftFromCart(cart: {
  items: readonly CartItem[];
  promoCode: string | null;
  discountCents: number;
  subtotalCents?: number;
  totalCents?: number;
}): CheckoutDraft {
  const lines = cart.items.map(lineFromCart);
  const subtotalCents = cart.subtotalCents ?? lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  return {
    origin: "cart",
    lines,
    promoCode: cart.promoCode,
    subtotalCents,
    discountCents: cart.discountCents,
    totalCents: cart.totalCents ?? Math.max(0, subtotalCents - cart.discountCents),
  };
}

function cartFromParameter(text: string): CheckoutSource {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: "invalid-cart" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { kind: "invalid-cart" };
  const payload = value as Record<string, unknown>;
  const parsed = parseStoredCart({ items: payload.items, promoCode: null });
  if (!parsed.success || parsed.data.items.length === 0) return { kind: "invalid-cart" };
  const promoCode = payload.promoCode;
  if (promoCode !== undefined && promoCode !== null && (typeof promoCode !== "string" || promoCode.length > 64))
    return { kind: "invalid-cart" };
  const { subtotalCents, discountCents, totalCents } = payload;
  const figure = (x: unknown) => (isCount(x, Number.MAX_SAFE_INTEGER) ? x : undefined);
  return {
    kind: "draft",
    draft: draftFromCart({
      items: parsed.data.items,
      promoCode: typeof promoCode === "string" && promoCode ? promoCode : null,
      subtotalCents: figure(subtotalCents),
      discountCents: figure(discountCents) ?? 0,
      totalCents: figure(totalCents),
    }),
  };
}

function serviceFromParameters(service: string | null, amount: string | null): CheckoutSource {
  const name = service?.trim() || DEFAULT_SERVICE_NAME;
  let cents = DEFAULT_AMOUNT_CENTS;
  if (amount !== null && amount.trim() !== "") {
    try {
      cents = dollarsToCents(amount);
    } catch {
      return { kind: "error" };
    }
  }
  if (name.length > 200 || cents < ORDER_LIMITS.minUnitPriceCents || cents > ORDER_LIMITS.maxUnitPriceCents)
    return { kind: "error" };
  const line: CheckoutLine = {
    key: CHECKOUT_SERVICE_ID,
    serviceId: CHECKOUT_SERVICE_ID,
    serviceName: name,
    description: "",
    pricingType: "custom",
    unitPriceCents: cents,
    quantity: 1,
    lineTotalCents: cents,
    customPriceCents: cents,
    serviceData: {},
  };
  return {
    kind: "draft",
    draft: {
      origin: "service",
      lines: [line],
      promoCode: null,
      subtotalCents: cents,
      discountCents: 0,
      totalCents: cents,
    },
  };
}

/** Reads /checkout's address. */
export function checkoutSource(params: URLSearchParams): CheckoutSource {
  const cart = params.get("cart");
  if (cart !== null) return cartFromParameter(cart);
  if (params.get(FROM_CART_PARAM) === FROM_CART_VALUE) return { kind: "stored-cart" };
  return serviceFromParameters(params.get("service"), params.get("amount"));
}
