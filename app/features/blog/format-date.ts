/**
 * A post's date in the page's language. Always in UTC, so that the server's rendering and the
 * browser's hydration agree whatever their time zones.
 */
export function formatPostDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}
