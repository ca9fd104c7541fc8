import type { I18n } from "../../core/i18n/translator.ts";
import { splitLanguagePrefix, type Language } from "../../core/i18n/language.ts";
import type { BrowserNamespace } from "../locales/namespaces.ts";
import { onDemand } from "../lib/on-demand.ts";

// The locale files' addresses and the routes' namespaces: not needed before the first navigation.
const loading = onDemand(() => import("./loading.ts"));

let instance: I18n | null = null;
// Every namespace a page of this visit has needed: a language switch loads them all in the new language,
// since the pages already visited may be shown again without a server round trip.
const wanted = new Set<BrowserNamespace>();

// The namespaces the page's HTML carried in part (inlined-part.ts), in the page's language.
let partial: { language: string; namespaces: readonly BrowserNamespace[] } | null = null;

export function setClientI18n(
  i18n: I18n,
  namespaces: Iterable<BrowserNamespace>,
  partialNamespaces: readonly BrowserNamespace[] = [],
) {
  instance = i18n;
  for (const ns of namespaces) wanted.add(ns);
  partial = { language: i18n.language, namespaces: partialNamespaces };
}

/**
 * Fetches whole the namespaces the page's HTML carried in part: the form layer calls it as its code
 * loads, before the schema's messages are translated, and so does any code loaded later that shows
 * texts of its own (`withWholeTranslations`) and a client navigation. Once done, it does nothing.
 */
export async function completeNamespaces(): Promise<void> {
  if (!instance || !partial) return;
  const { language, namespaces } = partial;
  if (namespaces.length > 0) {
    const { loadNamespaces } = await loading.load();
    await loadNamespaces(instance, language as Language, namespaces, true);
  }
  partial = null;
}

/**
 * `load` (a dynamic import) that settles once the page's translations are whole as well: for code loaded
 * when first wanted (a dialog, a window, the cart's rules) whose texts the page's HTML left out
 * (inlined-part.ts). Should the translations fail to arrive, the code still comes, its texts as they are.
 */
export function withWholeTranslations<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([
      load(),
      completeNamespaces().catch((error: unknown) => console.error("Could not load the page's translations", error)),
    ]).then(([module]) => module);
}

/**
 * Loads the namespaces of a route the router is about to render (called while its loader runs), in the
 * language of the address it goes to: the /en or /fr prefix, or on a plain address the current one
 * (a change of language there goes through the root's clientLoader and switchClientLanguage).
 */
export async function loadRouteNamespaces(routeId: string, url: string): Promise<void> {
  if (!instance) return;
  const i18n = instance;
  const { loadNamespaces, routeNamespaces } = await loading.load();
  const namespaces = routeNamespaces([routeId]);
  for (const ns of namespaces) wanted.add(ns);
  const language =
    splitLanguagePrefix(new URL(url, window.location.href).pathname).language ?? (i18n.language as Language);
  // Another page may show what this page's HTML left out of a namespace both use.
  await Promise.all([loadNamespaces(i18n, language, namespaces), completeNamespaces()]);
}

/** Switches the browser's translations to another language, loading first every namespace needed so far. */
export async function switchClientLanguage(language: Language): Promise<void> {
  if (!instance) return;
  const i18n = instance;
  const { loadNamespaces } = await loading.load();
  await loadNamespaces(i18n, language, [...wanted]);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
