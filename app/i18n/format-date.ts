/**
 * A post's date in the page's language. Always in UTC, so that the server's rendering and the
 * browser's hydration agree whatever their time zones.
 */
// Building an Intl formatter is costly and dates are formatted for every card and comment of a page:
// one formatter per language, made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatPostDate(iso: string, language: string): string {
  const locale = language === "fr" ? "fr-FR" : "en-US";
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    formatters.set(locale, formatter);
  }
  return formatter.format(new Date(iso));
}
