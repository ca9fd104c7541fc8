import type { I18n } from "./translator.ts";
import { LANGUAGES, type Language } from "../../core/i18n/language.ts";
import { resources } from "../locales/resources.ts";
import { createI18n } from "./instance.ts";

/**
 * One translation instance per language, created once and shared by every request, API message and e-mail.
 * Safe under concurrent requests because nothing ever changes an instance's language: a request picks
 * the instance of its language instead of calling changeLanguage on a shared one.
 */
const instances = Object.fromEntries(
  LANGUAGES.map((language) => [language, createI18n(language, resources)]),
) as Record<Language, I18n>;

export function serverI18n(language: Language): I18n {
  return instances[language];
}
