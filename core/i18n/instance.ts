import type { Language } from "./language.ts";
import { createTranslator, type I18n, type Resources } from "./translator.ts";

/**
 * A translation instance fixed to one language: the server keeps one per language for every request
 * (server/i18n.server.ts), the browser one for the page (its language changes only through
 * switchClientLanguage). `resources` may hold only some namespaces; the browser adds the others later.
 */
export function createI18n(language: Language, resources: Resources): I18n {
  return createTranslator(language, resources);
}
