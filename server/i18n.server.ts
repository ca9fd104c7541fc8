import { createI18n } from "../core/i18n/instance.ts";
import { LANGUAGES, type Language } from "../core/i18n/language.ts";
import type { I18n, TFunction } from "../core/i18n/translator.ts";
import { resources } from "../app/locales/resources.ts";

/**
 * One translation instance per language, built once from the locale files by the engine of core/i18n and
 * shared by page rendering (app/entry.server.tsx), API messages and e-mails. Safe under concurrent
 * requests because nothing ever changes an instance's language: a request picks the instance of its
 * language instead of switching a shared one.
 */
const instances = Object.fromEntries(
  LANGUAGES.map((language) => [language, createI18n(language, resources)]),
) as Record<Language, I18n>;

export function serverI18n(language: Language): I18n {
  return instances[language];
}

/** The translation function of a language, for API messages and e-mails. */
export function translator(language: Language): TFunction {
  return serverI18n(language).t;
}
