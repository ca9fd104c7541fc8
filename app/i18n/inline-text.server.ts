import type { I18n } from "../../core/i18n/translator.ts";
import type { Language } from "../../core/i18n/language.ts";
import type { BrowserNamespace } from "../locales/namespaces.ts";
import { serializeForScript, type InlinedResources } from "./inline-resources.tsx";
import { inlinedPart } from "./inlined-part.ts";
import { routeNamespaces } from "./route-namespaces.ts";

/** The block's text as the server writes it: the page's namespaces, in part (inlined-part.ts, by its last route). */
export function inlinedText(i18n: I18n, language: Language, routeIds: readonly string[]): string {
  const resources: InlinedResources["resources"] = {};
  const partial: BrowserNamespace[] = [];
  const page = routeIds.at(-1);
  for (const ns of routeNamespaces(routeIds)) {
    const part = inlinedPart(ns, (i18n.getResourceBundle(language, ns) ?? {}) as Record<string, unknown>, page);
    resources[ns] = part.bundle;
    if (part.partial) partial.push(ns);
  }
  return serializeForScript({ language, resources, partial } satisfies InlinedResources);
}
