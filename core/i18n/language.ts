/** Language rules shared by the browser and the server (spec README decisions 17 and 19). */
export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_STORAGE_KEY = "preferredLanguage";
export const LANGUAGE_COOKIE = "preferredLanguage";

export const LANGUAGE_LABELS: Record<Language, { name: string; flag: string }> = {
  en: { name: "English", flag: "🇬🇧" },
  fr: { name: "Français", flag: "🇫🇷" },
};

const COUNTRY_LANGUAGE: Record<string, Language> = {
  US: "en",
  GB: "en",
  CA: "en",
  AU: "en",
  NZ: "en",
  FR: "fr",
  BE: "fr",
  CH: "fr",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** "fr-CA" → "fr"; anything unsupported → null. */
export function languageFromTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The first supported language of an Accept-Language header, honouring its q-values. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const entry of ranked) {
    const language = languageFromTag(entry.tag);
    if (language) return language;
  }
  return null;
}

/** US, GB, CA, AU, NZ → en; FR, BE, CH → fr; any other country → null. */
export function languageFromCountry(country: string | null | undefined): Language | null {
  if (!country) return null;
  return COUNTRY_LANGUAGE[country.trim().toUpperCase()] ?? null;
}

/**
 * The visitor's language: an explicit choice (address prefix, then the remembered preference), then the
 * browser's languages, then the country, then English.
 */
export function negotiateLanguage(input: {
  pathLanguage?: string | null;
  preferred?: string | null;
  browserLanguages?: readonly string[] | string | null;
  country?: string | null;
}): Language {
  if (isLanguage(input.pathLanguage)) return input.pathLanguage;
  if (isLanguage(input.preferred)) return input.preferred;
  const browser =
    typeof input.browserLanguages === "string"
      ? languageFromAcceptLanguage(input.browserLanguages)
      : ((input.browserLanguages ?? []).map(languageFromTag).find((language) => language !== null) ?? null);
  return browser ?? languageFromCountry(input.country) ?? DEFAULT_LANGUAGE;
}

/** Splits "/fr/posts/3" into { language: "fr", rest: "/posts/3" }. */
export function splitLanguagePrefix(pathname: string): { language: Language | null; rest: string } {
  const match = /^\/(en|fr)(\/.*)?$/.exec(pathname);
  if (!match) return { language: null, rest: pathname };
  return { language: match[1] as Language, rest: match[2] ?? "/" };
}

/** The address of a page in a given language: "/posts" → "/fr/posts". */
export function localizedPath(path: string, language: Language | null): string {
  const { rest } = splitLanguagePrefix(path);
  if (!language) return rest;
  return rest === "/" ? `/${language}` : `/${language}${rest}`;
}
