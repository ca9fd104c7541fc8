import { addDays } from "../../../core/appointments/rules.ts";
import type { Language } from "../../../core/i18n/language.ts";

/** Days shown at once in the day picker: one week. */
export const DAYS_PER_PAGE = 7;

const locale = (language: Language) => (language === "fr" ? "fr-FR" : "en-US");

/** A calendar date at noon UTC, so that formatting it in UTC never shifts it to another day. */
function noonUtc(date: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** The browser's calendar date, "2025-06-16": the first guess at "today" before the server answers. */
export function localDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** Every bookable date from the first to the last, inclusive. */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last && dates.length < 400; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The parts of a day button: "Mon", "16", "Jun" / "lun.", "16", "juin". */
export function dayParts(date: string, language: Language): { weekday: string; day: string; month: string } {
  const at = noonUtc(date);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale(language), { ...options, timeZone: "UTC" }).format(at);
  return { weekday: format({ weekday: "short" }), day: format({ day: "numeric" }), month: format({ month: "short" }) };
}

/** "Monday, June 16" / "lundi 16 juin": a day button's accessible name. */
export function dayLabel(date: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(noonUtc(date));
}

/** A slot's "HH:MM" as people read it: "9:00 AM" in English, "09:00" in French. */
export function formatSlotTime(time: string, language: Language): string {
  const [hours, minutes] = time.split(":").map(Number);
  return new Intl.DateTimeFormat(locale(language), {
    hour: language === "fr" ? "2-digit" : "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** The week (page of DAYS_PER_PAGE days) that holds a date, 0 when it is not among the dates. */
export function pageOf(dates: readonly string[], date: string | null): number {
  const index = date ? dates.indexOf(date) : -1;
  return index < 0 ? 0 : Math.floor(index / DAYS_PER_PAGE);
}

/** What a key does in a grid of `count` cells laid out in rows of `columns` (WAI-ARIA grid pattern). */
export type GridMove = { to: number } | { page: -1 | 1; to: "first" | "last" | "same" } | null;

/**
 * Where a key moves the focus in a grid: arrows by one cell or one row (stopping at the edges, or
 * turning the page at the row's edge when `paged`), Home/End to the row's ends, Ctrl+Home/End to the
 * first and last cells, PageUp/PageDown to the previous or next page when `paged`. Null: not a moving key.
 */
export function gridMove(
  key: string,
  index: number,
  count: number,
  columns: number,
  options: { ctrl?: boolean; paged?: boolean } = {},
): GridMove {
  const rowStart = index - (index % columns);
  const rowEnd = Math.min(count - 1, rowStart + columns - 1);
  switch (key) {
    case "ArrowRight":
      if (index < count - 1) return { to: index + 1 };
      return options.paged ? { page: 1, to: "first" } : { to: index };
    case "ArrowLeft":
      if (index > 0) return { to: index - 1 };
      return options.paged ? { page: -1, to: "last" } : { to: index };
    case "ArrowDown":
      return { to: index + columns < count ? index + columns : index };
    case "ArrowUp":
      return { to: index - columns >= 0 ? index - columns : index };
    case "Home":
      return { to: options.ctrl ? 0 : rowStart };
    case "End":
      return { to: options.ctrl ? count - 1 : rowEnd };
    case "PageDown":
      return options.paged ? { page: 1, to: "same" } : null;
    case "PageUp":
      return options.paged ? { page: -1, to: "same" } : null;
    default:
      return null;
  }
}
