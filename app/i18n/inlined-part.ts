import type { BrowserNamespace } from "../locales/namespaces.ts";

/*
 * What a page's HTML carries of each of its namespaces. A page renders none of these before a form is
 * sent, so they stay out of the HTML (about a quarter of the home page's translations) and come with the
 * form layer's code (`completeNamespaces`):
 * - `validation`: the messages of the schemas, which the form layer translates once it has loaded;
 * - `email`: the texts of e-mails, which only the server renders;
 * - `promoAdmin`: the staff's words about promo codes;
 * - the `errors` namespace but its `network` sentence (said when the form layer's code itself cannot be
 *   fetched): the rest are the schemas' and the API's messages, which the server sends already translated.
 */
const DEFERRED_PARTS = new Set(["validation", "email", "promoAdmin"]);
const KEPT_OF_NAMESPACE: Partial<Record<BrowserNamespace, ReadonlySet<string>>> = {
  errors: new Set(["network"]),
};

/** A namespace's bundle as the HTML carries it, and whether anything was left out. */
export function inlinedPart(
  ns: BrowserNamespace,
  bundle: Record<string, unknown>,
): { bundle: Record<string, unknown>; partial: boolean } {
  const kept = KEPT_OF_NAMESPACE[ns];
  const entries = Object.entries(bundle).filter(([key]) => (kept ? kept.has(key) : !DEFERRED_PARTS.has(key)));
  return { bundle: Object.fromEntries(entries), partial: entries.length < Object.keys(bundle).length };
}
