import type { Language } from "../i18n/language.ts";
import { timeZoneCity, timeZoneName } from "../i18n/time-zones.ts";

/** When consultations can be booked: every day of the week, in the agency's time zone. */
export interface BookingHours {
  /** Hour (0-23) the first slot starts. */
  openHour: number;
  /** Hour (1-24) by which the last slot ends. */
  closeHour: number;
  slotMinutes: number;
  /** Bookable dates run from today to today + daysAhead, inclusive. */
  daysAhead: number;
  /** IANA time zone, e.g. "America/New_York". */
  timeZone: string;
}

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "2025-02-28" is a calendar date; "2025-02-30" and "2025-13-01" are not. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "09:30" → 570. */
export function toMinutes(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** 570 → "09:30". */
export function fromMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Start times of the day's slots: from the opening hour, every slotMinutes, each ending by the closing hour. */
export function slotTimes(hours: Pick<BookingHours, "openHour" | "closeHour" | "slotMinutes">): string[] {
  const times: string[] = [];
  for (let start = hours.openHour * 60; start + hours.slotMinutes <= hours.closeHour * 60; start += hours.slotMinutes)
    times.push(fromMinutes(start));
  return times;
}

/** The calendar date and wall-clock time at `now` in a time zone. */
export function zonedNow(now: Date, timeZone: string): { date: string; time: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time, minutes: toMinutes(time) };
}

/** "2025-01-31" + 1 → "2025-02-01" (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The first and last bookable dates at `now`. */
export function bookingWindow(
  hours: Pick<BookingHours, "daysAhead" | "timeZone">,
  now: Date,
): { today: string; lastDate: string } {
  const today = zonedNow(now, hours.timeZone).date;
  return { today, lastDate: addDays(today, hours.daysAhead) };
}

export type SlotProblem = "past" | "tooFarAhead" | "outsideHours" | "offGrid";

/**
 * Why a date and time (already well-formed) cannot be booked at `now`, or null when they can: a slot
 * that has started or lies before today, a date beyond the booking window, a time outside the opening
 * hours, or a time between two slot starts.
 */
export function checkSlot(date: string, time: string, hours: BookingHours, now: Date): SlotProblem | null {
  const here = zonedNow(now, hours.timeZone);
  if (date < here.date || (date === here.date && toMinutes(time) <= here.minutes)) return "past";
  if (date > addDays(here.date, hours.daysAhead)) return "tooFarAhead";
  const start = toMinutes(time);
  if (start < hours.openHour * 60 || start + hours.slotMinutes > hours.closeHour * 60) return "outsideHours";
  if ((start - hours.openHour * 60) % hours.slotMinutes !== 0) return "offGrid";
  return null;
}

// Time zones named for people live with the other language helpers; re-exported for this module's callers.
export { timeZoneCity, timeZoneName };

/** The message key (appointments namespace) and values for a slot problem, in the language it will be read in. */
export function slotProblemMessage(
  problem: SlotProblem,
  hours: BookingHours,
  language: Language = "en",
): { key: string; params: Record<string, string | number> } {
  switch (problem) {
    case "past":
      return { key: "appointments:errors.slotInPast", params: {} };
    case "tooFarAhead":
      return { key: "appointments:errors.tooFarAhead", params: { count: hours.daysAhead, days: hours.daysAhead } };
    case "outsideHours":
      return {
        key: "appointments:errors.outsideHours",
        params: {
          open: fromMinutes(hours.openHour * 60),
          close: fromMinutes(hours.closeHour * 60),
          zone: timeZoneName(hours.timeZone, language),
        },
      };
    case "offGrid":
      return { key: "appointments:errors.offGrid", params: { count: hours.slotMinutes, minutes: hours.slotMinutes } };
  }
}

export interface Slot {
  time: string;
  available: boolean;
}

/** The day's slots at `now`: a slot is available when it is bookable (see checkSlot) and not taken. */
export function listSlots(date: string, hours: BookingHours, now: Date, taken: ReadonlySet<string>): Slot[] {
  return slotTimes(hours).map((time) => ({
    time,
    available: !taken.has(time) && checkSlot(date, time, hours, now) === null,
  }));
}

/** "2025-06-16" → "Monday, June 16, 2025" / "lundi 16 juin 2025". */
export function formatDateForHumans(date: string, language: Language): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  );
}

/**
 * Which bookings have taken place at `now`: a slot is over once its start plus the slot's length has
 * passed, in the agency's time zone. A booking is over when its date is before `today`, or is `today`
 * with a start time at or before `lastEndedStart` (null when no slot of today has ended yet).
 */
export function consultationsOver(
  now: Date,
  hours: Pick<BookingHours, "slotMinutes" | "timeZone">,
): { today: string; lastEndedStart: string | null } {
  const here = zonedNow(now, hours.timeZone);
  const latest = here.minutes - hours.slotMinutes;
  return { today: here.date, lastEndedStart: latest >= 0 ? fromMinutes(latest) : null };
}

/** Whether one booking (not cancelled) has taken place, by the rule of consultationsOver. */
export function isConsultationOver(
  booking: { appointmentDate: string; appointmentTime: string; status: string },
  now: Date,
  hours: Pick<BookingHours, "slotMinutes" | "timeZone">,
): boolean {
  if (booking.status === "cancelled") return false;
  const { today, lastEndedStart } = consultationsOver(now, hours);
  return (
    booking.appointmentDate < today ||
    (booking.appointmentDate === today && lastEndedStart !== null && booking.appointmentTime <= lastEndedStart)
  );
}
