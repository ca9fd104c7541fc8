import type { TFunction } from "i18next";
import { createI18n } from "../app/i18n/instance.ts";
import { resources } from "../app/locales/resources.ts";
import type { Language } from "../core/i18n/language.ts";

const instances = { en: createI18n("en", resources), fr: createI18n("fr", resources) };

/** The translation function of a language, for API messages and e-mails. */
export function translator(language: Language): TFunction {
  return instances[language].t;
}
