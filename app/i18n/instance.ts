import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../core/i18n/language.ts";

/**
 * An i18next instance fixed to one language: the server keeps one per language for every request
 * (app/i18n/instances.server.ts), the browser one for the page (its language changes only through
 * switchClientLanguage). `resources` may hold only some namespaces; the browser adds the others later.
 */
export function createI18n(language: Language, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: ["en", "fr"],
    ns: Object.keys(resources[language] ?? {}),
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
