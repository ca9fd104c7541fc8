import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { LANGUAGE_STORAGE_KEY, languageFromCountry } from "../../core/i18n/language.ts";
import { rememberLanguage } from "./remember-language.ts";

/**
 * Nothing in the request told the language (no choice, no supported browser language, no CDN country):
 * ask the geolocation service for the country, as the specification says, and render again in its language.
 */
export function LanguageDetector({ geoLookupUrl }: { geoLookupUrl: string }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (localStorage.getItem(LANGUAGE_STORAGE_KEY)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 4000);
    fetch(geoLookupUrl, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ""))
      .then((country) => {
        const language = languageFromCountry(country.trim());
        if (!language) return;
        rememberLanguage(language, { explicit: false });
        void revalidator.revalidate();
      })
      .catch(() => {
        // The lookup is a nicety: on failure the browser language (or English) stays.
      })
      .finally(() => clearTimeout(timer));
    return () => controller.abort();
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
