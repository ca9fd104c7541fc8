import { HOT_DEAL_SERVICE_ID, lineTexts, type CartTexts } from "../../../core/cart/line-texts.ts";
import type { CheckoutDraft } from "./checkout-source.ts";
import { CHECKOUT_SERVICE_ID, DEFAULT_SERVICE_NAME } from "./checkout-source.ts";
import type { SummaryFigures, SummaryLine } from "./checkout-summary.tsx";
import type { OrderView } from "../../lib/orders-api.ts";

/**
 * The draft's lines in the page's language: the catalogue's or the hot deal's texts by id (as the cart
 * shows them), except a legacy link's own service name, which is what the link asked for.
 */
export function draftLines(draft: CheckoutDraft, texts: CartTexts): SummaryLine[] {
  return draft.lines.map((line) => {
    const ownName =
      draft.origin === "service" && line.serviceId === CHECKOUT_SERVICE_ID && line.serviceName !== DEFAULT_SERVICE_NAME;
    const named = ownName ? { name: line.serviceName, description: "" } : lineTexts(line, texts);
    return {
      key: line.key,
      name: named.name,
      description: named.description,
      pricingType: line.pricingType,
      hotDeal: line.serviceId === HOT_DEAL_SERVICE_ID,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      totalCents: line.lineTotalCents,
    };
  });
}

export function draftFigures(draft: CheckoutDraft): SummaryFigures {
  return {
    subtotalCents: draft.subtotalCents,
    discountCents: draft.discountCents,
    promoCode: draft.promoCode,
    totalCents: draft.totalCents,
  };
}

/** The server's lines, as the order holds them (named in the order's language by the server). */
export function orderLines(order: Pick<OrderView, "orderItems">): SummaryLine[] {
  return order.orderItems.map((item, index) => ({
    key: `${index}-${item.serviceId}`,
    name: item.serviceName,
    description: item.description,
    pricingType: item.pricingType,
    hotDeal: item.dealId !== undefined && item.dealId !== null,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity,
    totalCents: item.lineTotalCents,
  }));
}

export function orderFigures(
  order: Pick<OrderView, "subtotalCents" | "discountCents" | "promoCode" | "totalCents">,
): SummaryFigures {
  return {
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    promoCode: order.promoCode,
    totalCents: order.totalCents,
  };
}
