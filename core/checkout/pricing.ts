/**
 * Re-pricing an order on the server (spec README, decisions 1, 2 and 12): every line from the
 * catalogue or its hot deal, the promo with the cart's own rules, then the limits of specification 001,
 * section 5. Pure: the caller looks up the services, deals and promo and passes them in.
 */
import { CART_MESSAGES, HOT_DEAL_SERVICE_ID, checkOrderLimits, checkUnitPrice } from "../cart/rules.ts";
import type { CatalogueEntry } from "../catalogue/schema.ts";
import { ORDER_LIMITS, TAX_CENTS } from "../cart/limits.ts";
import { canClaim } from "../deals/rules.ts";
import { formatCents } from "../money/money.ts";
import { evaluatePromo } from "../promotions/rules.ts";
import type { PromoDefinition } from "../promotions/schema.ts";
import type { OrderCreateInput } from "../orders/schema.ts";

export const PRICING_MESSAGES = {
  dealUnavailable: "deals:errors.notAvailable",
  dealSoldOut: "orders:errors.dealSoldOut",
  dealPerPerson: "orders:errors.dealPerPerson",
  dealAlreadyClaimed: "orders:errors.dealAlreadyClaimed",
  figuresChanged: "orders:errors.figuresChanged",
} as const;

/** A catalogue service as the pricing needs it, with its texts in the order's language. */
export interface PricedService
  extends Pick<
    CatalogueEntry,
    "id" | "pricingType" | "fixedPriceCents" | "minPriceCents" | "maxPriceCents" | "active"
  > {
  name: string;
  description: string;
}

/** A hot deal shown now, with its texts in the order's language. */
export interface PricedDeal {
  id: number;
  title: string;
  description: string;
  discountedPrice: number;
  claimLimit: number | null;
  claimCount: number;
  /** How many claims one person may have: an order never asks for more. */
  perPersonLimit: number;
}

export interface PricingLookups {
  services: ReadonlyMap<string, PricedService>;
  /** Deals by the id the line names (a merged copy's old id included); absent when not shown now. */
  deals: ReadonlyMap<string, PricedDeal>;
  /** The active definition of the order's promo code, or null when unknown or inactive. */
  promo: PromoDefinition | null;
  /** Whether the order's e-mail has a paid order already (a first-order-only code is refused then). */
  returningClient?: boolean;
}

export interface PricedLine {
  serviceId: string;
  serviceName: string;
  description: string;
  pricingType: "fixed" | "custom";
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  serviceData: Record<string, unknown>;
  dealId: number | null;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  promoCode: string | null;
}

export type PricingRefusal = {
  ok: false;
  messageKey: string;
  params?: Record<string, string | number>;
  /** The payload field the refusal is about ("items.2.unitPriceCents", "promoCode"...). */
  field: string;
  /** 409 rather than 400: the request was well-formed but the world (a deal, the prices) changed. */
  conflict?: boolean;
};

/** The id of the deal a hot deal line claims, or null. */
export function dealIdOfLine(item: { serviceId: string; serviceData?: Record<string, unknown> }): string | null {
  if (item.serviceId !== HOT_DEAL_SERVICE_ID) return null;
  const raw = item.serviceData?.dealId;
  return typeof raw === "number" || typeof raw === "string" ? String(raw) : null;
}

/** Prices an order from the server's own figures, or says which rule it breaks, with its message. */
export function priceOrder(
  input: OrderCreateInput,
  lookups: PricingLookups,
): ({ ok: true } & PricedOrder) | PricingRefusal {
  // The count of lines, quantities and unit prices first, as asked: a 51st line or a quantity of 0 is
  // refused with its own message before any line is looked up.
  const asked = checkOrderLimits({
    items: input.items.map((item) => ({
      quantity: item.quantity,
      unitPriceCents: item.customPriceCents ?? item.unitPriceCents,
    })),
    subtotalCents: 0,
    discountCents: 0,
    taxCents: TAX_CENTS,
    totalCents: ORDER_LIMITS.minTotalCents,
  });
  if (!asked.ok)
    return { ok: false, messageKey: asked.messageKey, params: asked.params, field: limitField(asked.messageKey) };
  const lines: PricedLine[] = [];
  // Claims asked per deal across lines, so that two lines of one deal cannot pass its limit together.
  const claims = new Map<number, number>();
  for (const [index, item] of input.items.entries()) {
    const at = (name: string) => `items.${index}.${name}`;
    const asked = item.customPriceCents ?? item.unitPriceCents;
    const dealKey = dealIdOfLine(item);
    if (item.serviceId === HOT_DEAL_SERVICE_ID) {
      const deal = dealKey === null ? undefined : lookups.deals.get(dealKey);
      if (!deal)
        return { ok: false, messageKey: PRICING_MESSAGES.dealUnavailable, field: at("serviceId"), conflict: true };
      const wanted = (claims.get(deal.id) ?? 0) + item.quantity;
      if (wanted > deal.perPersonLimit)
        return {
          ok: false,
          messageKey: PRICING_MESSAGES.dealPerPerson,
          params: { name: deal.title, count: deal.perPersonLimit },
          field: at("quantity"),
        };
      if (!canClaim(deal, wanted))
        return {
          ok: false,
          messageKey: PRICING_MESSAGES.dealSoldOut,
          params: { name: deal.title },
          field: at("quantity"),
          conflict: true,
        };
      claims.set(deal.id, wanted);
      const price = checkUnitPrice(
        { pricingType: "fixed", fixedPriceCents: deal.discountedPrice, minPriceCents: null, maxPriceCents: null },
        asked,
      );
      if (!price.ok)
        return { ok: false, messageKey: price.messageKey, params: price.params, field: at("unitPriceCents") };
      lines.push({
        serviceId: HOT_DEAL_SERVICE_ID,
        serviceName: deal.title,
        description: deal.description,
        pricingType: "fixed",
        unitPriceCents: deal.discountedPrice,
        quantity: item.quantity,
        lineTotalCents: deal.discountedPrice * item.quantity,
        serviceData: { dealId: deal.id },
        dealId: deal.id,
      });
      continue;
    }
    const service = lookups.services.get(item.serviceId);
    if (!service || !service.active)
      return { ok: false, messageKey: CART_MESSAGES.serviceUnavailable, field: at("serviceId") };
    const price = checkUnitPrice(service, asked);
    if (!price.ok)
      return { ok: false, messageKey: price.messageKey, params: price.params, field: at("unitPriceCents") };
    const unitPriceCents =
      service.pricingType === "fixed" && service.fixedPriceCents !== null ? service.fixedPriceCents : asked;
    lines.push({
      serviceId: service.id,
      serviceName: service.name,
      description: service.description,
      pricingType: service.pricingType,
      unitPriceCents,
      quantity: item.quantity,
      lineTotalCents: unitPriceCents * item.quantity,
      serviceData: {},
      dealId: null,
    });
  }
  for (const [index, item] of input.items.entries()) {
    const line = lines[index];
    if (
      item.lineTotalCents !== undefined &&
      Number.isSafeInteger(line.quantity) &&
      item.lineTotalCents !== line.lineTotalCents
    ) {
      return {
        ok: false,
        messageKey: PRICING_MESSAGES.figuresChanged,
        field: `items.${index}.lineTotalCents`,
        conflict: true,
      };
    }
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  let discountCents = 0;
  let promoCode: string | null = null;
  if (input.promoCode !== null && input.promoCode.trim() !== "") {
    const evaluation = evaluatePromo(lookups.promo, input.promoCode, subtotalCents, {
      returningClient: lookups.returningClient,
    });
    if (!evaluation.ok)
      return { ok: false, messageKey: evaluation.messageKey, params: evaluation.params, field: "promoCode" };
    discountCents = evaluation.discountCents;
    promoCode = evaluation.code;
  }
  // The server's tax, whatever the request carried (its schema accepts only this value).
  const taxCents = TAX_CENTS;
  const totalCents = Math.max(0, subtotalCents - discountCents) + taxCents;
  const limits = checkOrderLimits({ items: lines, subtotalCents, discountCents, taxCents, totalCents });
  if (!limits.ok)
    return { ok: false, messageKey: limits.messageKey, params: limits.params, field: limitField(limits.messageKey) };
  const hints: Array<[keyof OrderCreateInput, number]> = [
    ["subtotalCents", subtotalCents],
    ["discountCents", discountCents],
    ["totalCents", totalCents],
  ];
  for (const [name, value] of hints) {
    const given = input[name];
    if (typeof given === "number" && given !== value) {
      return {
        ok: false,
        messageKey: PRICING_MESSAGES.figuresChanged,
        params: { amount: formatCents(value) },
        field: name,
        conflict: true,
      };
    }
  }
  return { ok: true, lines, subtotalCents, discountCents, taxCents, totalCents, promoCode };
}

function limitField(messageKey: string): string {
  if (messageKey === CART_MESSAGES.noItems || messageKey === CART_MESSAGES.tooManyItems) return "items";
  if (messageKey === CART_MESSAGES.quantityMin || messageKey === CART_MESSAGES.quantityMax) return "quantity";
  if (messageKey === CART_MESSAGES.unitPriceMin || messageKey === CART_MESSAGES.unitPriceMax) return "unitPriceCents";
  if (messageKey === CART_MESSAGES.subtotalMax) return "subtotalCents";
  if (messageKey === CART_MESSAGES.discountMax) return "discountCents";
  if (messageKey === CART_MESSAGES.taxMax) return "taxCents";
  return "totalCents";
}
