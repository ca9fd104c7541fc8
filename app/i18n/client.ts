import type { I18n } from "../../core/i18n/translator.ts";
import type { Language } from "../../core/i18n/language.ts";
import type { BrowserNamespace } from "../locales/namespaces.ts";

// One chunk per language and namespace, fetched when a page needs it. Server-only namespaces are left
// out of the pattern, so that no chunk of theirs is ever built for the browser. The server renders with
// its own instances and never loads through here (nor builds these chunks).
type LocaleModule = { default: Record<string, unknown> };
const files: Record<string, () => Promise<LocaleModule>> = import.meta.env.SSR
  ? {}
  : import.meta.glob<LocaleModule>([
      "../locales/*/*.json",
      "!../locales/*/mail.json",
      "!../locales/*/assistantreplies.json",
    ]);

/**
 * Adds to `i18n` the namespaces of `language` it does not hold yet, fetched in parallel; with
 * `replace`, fetches them whole even where a part is held (what the page's HTML carried).
 */
export async function loadNamespaces(
  i18n: I18n,
  language: Language,
  namespaces: readonly BrowserNamespace[],
  replace?: boolean,
): Promise<void> {
  const wanted = (ns: BrowserNamespace) => replace || !i18n.hasResourceBundle(language, ns);
  await Promise.all(
    namespaces.filter(wanted).map(async (ns) => {
      const load = files[`../locales/${language}/${ns}.json`];
      if (!load) throw new Error(`No translations for ${language}/${ns}`);
      const bundle = (await load()).default;
      // Two navigations may fetch the same file; the second one finds it added and changes nothing.
      if (wanted(ns)) i18n.addResourceBundle(language, ns, bundle);
    }),
  );
}
