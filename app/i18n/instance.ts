import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../core/i18n/language.ts";
import { NAMESPACES } from "../locales/namespaces.ts";

/** A fresh i18next instance for one language (one per server request, one in the browser). */
export function createI18n(language: Language, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: ["en", "fr"],
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
