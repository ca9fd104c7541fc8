/** Rules of the staff dashboard's Overview, shared by the server and its tests. */

/**
 * One formatter per time zone and kind, made once: building an `Intl.DateTimeFormat` costs far more than
 * formatting with it, and the Overview asks for a dozen offsets and dates per request.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string, kind: "instant" | "date"): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      "en-US",
      kind === "date"
        ? { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }
        : {
            timeZone,
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
            second: "2-digit",
            hourCycle: "h23",
          },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The UTC offset, in minutes, of a time zone at an instant (Paris in summer: 120; New York in winter: -300). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone, "instant")
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock date ("2026-03-08") begins in a time zone, daylight-saving changes included. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // The offset at the guess may differ from the offset at the real midnight when a change falls between them.
  let instant = midnightAsUtc - zoneOffsetMinutes(new Date(midnightAsUtc), timeZone) * 60_000;
  instant = midnightAsUtc - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** The calendar date at `now` in a time zone, as "YYYY-MM-DD". */
export function localDate(now: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatterOf(timeZone, "date")
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * "Today" for the agency: from its local midnight to the next one, in its own time zone (a day is 23 or
 * 25 hours long when the clocks change). `start` is included, `end` is not.
 */
export function todayRange(now: Date, timeZone: string): { date: string; start: Date; end: Date } {
  const date = localDate(now, timeZone);
  const [year, month, day] = date.split("-").map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  return { date, start: startOfLocalDay(date, timeZone), end: startOfLocalDay(next, timeZone) };
}

const addDays = (date: string, days: number) => {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

/** The first instant of a day ("2026-11-27") `offsetDays` later, in a time zone: turns staff's date filters into a range. */
export function dayStartIn(timeZone: string): (isoDate: string, offsetDays?: number) => Date {
  return (isoDate, offsetDays = 0) =>
    startOfLocalDay(offsetDays === 0 ? isoDate : addDays(isoDate, offsetDays), timeZone);
}

export const REVENUE_PERIODS = ["today", "last7Days", "thisMonth", "last30Days"] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];

/**
 * The Overview's revenue periods in the agency's time zone, each ending tonight at its midnight: today,
 * the last 7 days (today and the 6 before), this month (from its 1st), the last 30 days.
 */
export function revenueRanges(now: Date, timeZone: string): Record<RevenuePeriod, { start: Date; end: Date }> {
  const today = localDate(now, timeZone);
  const end = startOfLocalDay(addDays(today, 1), timeZone);
  const from = (date: string) => ({ start: startOfLocalDay(date, timeZone), end });
  return {
    today: from(today),
    last7Days: from(addDays(today, -6)),
    thisMonth: from(`${today.slice(0, 8)}01`),
    last30Days: from(addDays(today, -29)),
  };
}

/** What waits for a moderator: the same four queues the Moderation tab's badge counts. */
export interface PendingCounts {
  comments: number;
  reviews: number;
  media: number;
  mediaComments: number;
}

export function pendingTotal(counts: PendingCounts): number {
  return counts.comments + counts.reviews + counts.media + counts.mediaComments;
}

/** The Overview's recent items: the newest `limit` posts and reviews. */
export const OVERVIEW_LIMITS = { posts: 4, reviews: 3 } as const;
