import type { Language } from "./language.ts";

/**
 * The city an IANA time zone is named after, as people write it: "America/New_York" → "New York",
 * "America/Argentina/Buenos_Aires" → "Buenos Aires"; null for zones named after no city (UTC, Etc/GMT+5).
 */
export function timeZoneCity(timeZone: string): string | null {
  const parts = timeZone.split("/");
  if (parts.length < 2 || parts[0] === "Etc") return null;
  return parts[parts.length - 1].replace(/_/g, " ");
}

/**
 * A time zone named for people: "New York time" / "heure de New York" ("heure d’Amsterdam" before a
 * vowel), never "America/New_York". A zone without a city gets the name Intl gives it
 * ("Coordinated Universal Time" / "temps universel coordonné"), else its id.
 */
export function timeZoneName(timeZone: string, language: Language): string {
  const city = timeZoneCity(timeZone);
  if (city) {
    if (language === "fr") return /^[aeiouyàâäéèêëîïôöùûü]/i.test(city) ? `heure d’${city}` : `heure de ${city}`;
    return `${city} time`;
  }
  try {
    const name = new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { timeZone, timeZoneName: "long" })
      .formatToParts(new Date(Date.UTC(2000, 0, 1)))
      .find((part) => part.type === "timeZoneName")?.value;
    return name ?? timeZone;
  } catch {
    return timeZone;
  }
}
