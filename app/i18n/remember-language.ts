import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, type Language } from "../../core/i18n/language.ts";

/**
 * Remembers the language in a cookie, so the server renders pages in it, and, when the visitor chose it,
 * under preferredLanguage in local storage.
 */
export function rememberLanguage(language: Language, { explicit }: { explicit: boolean }) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  if (!explicit) return;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch (error) {
    console.warn("Could not remember the language", error);
  }
}
