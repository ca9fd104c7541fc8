import type { CartItem } from "./schema.ts";

/** The service id of a claimed hot deal's line; the deal itself is named by `serviceData.dealId`. */
export const HOT_DEAL_SERVICE_ID = "hot_deal";

/** The deal a line claims, or null for an ordinary line. */
export function hotDealIdOf(item: Pick<CartItem, "serviceId" | "serviceData">): string | number | null {
  if (item.serviceId !== HOT_DEAL_SERVICE_ID) return null;
  const dealId = item.serviceData.dealId;
  return typeof dealId === "string" || typeof dealId === "number" ? dealId : null;
}

/** A line's name and description in one language. */
export interface LineTexts {
  name: string;
  description: string;
}

/** The names and descriptions of the page's language: catalogue services by id, hot deals by deal id. */
export interface CartTexts {
  services: Readonly<Record<string, LineTexts>>;
  deals: Readonly<Record<string, LineTexts>>;
}

/**
 * What a line reads in the page's language: the catalogue's texts for its service, or the hot deal's
 * for a claimed deal, found by id; the texts saved with the line when neither is known (a service or deal
 * gone since, or a cart saved before lines were looked up), so that an old cart still reads.
 */
export function lineTexts(
  item: Pick<CartItem, "serviceId" | "serviceName" | "description" | "serviceData">,
  texts: CartTexts | null,
): LineTexts {
  const dealId = hotDealIdOf(item);
  const found = texts ? (dealId !== null ? texts.deals[String(dealId)] : texts.services[item.serviceId]) : undefined;
  return found ?? { name: item.serviceName, description: item.description };
}
