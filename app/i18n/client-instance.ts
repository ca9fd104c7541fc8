import type { i18n as I18n } from "i18next";
import type { Language } from "../../core/i18n/language.ts";
import { loadLanguage } from "./client.ts";

let instance: I18n | null = null;

export function setClientI18n(i18n: I18n) {
  instance = i18n;
}

/** Switches the browser's i18next to another language, loading its resources first. */
export async function switchClientLanguage(language: Language): Promise<void> {
  if (!instance || instance.language === language) return;
  if (!instance.hasResourceBundle(language, "common")) {
    const loaded = await loadLanguage(language);
    for (const [ns, bundle] of Object.entries(loaded[language] ?? {})) instance.addResourceBundle(language, ns, bundle, true, true);
  }
  await instance.changeLanguage(language);
}
