import type { TFunction } from "../app/i18n/translator.ts";
import { serverI18n } from "../app/i18n/instances.server.ts";
import type { Language } from "../core/i18n/language.ts";

/** The translation function of a language, for API messages and e-mails (the instances SSR uses too). */
export function translator(language: Language): TFunction {
  return serverI18n(language).t;
}
