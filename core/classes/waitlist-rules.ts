/** Rules of a full class's waiting list, shared by the server and the pages: who may join, who gets a seat, until when. */
import type { Language } from "../i18n/language.ts";
import type { FormBudget } from "../rate-limit/rules.ts";

const MINUTE = 60_000;

/** A waiting-list link token (leave or offer): 32 random bytes in base64url, 43 characters. */
export const WAITLIST_TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** True when a text could be a token we issued; anything else is refused without a database look-up. */
export function isWaitlistToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}

/** Joining is a public form: several people's worth per connection, one person's per e-mail address. */
export const WAITLIST_BUDGET: FormBudget = {
  kind: "messages",
  perAddress: { name: "waitlist:address", limit: 30, windowMs: 10 * MINUTE },
  perEmail: { name: "waitlist:email", limit: 5, windowMs: 10 * MINUTE },
};

export const WAITLIST_STATUSES = ["waiting", "offered", "claimed", "expired", "left"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Entries that still hold a place in the queue (one per e-mail and class). */
export const LIVE_STATUSES = ["waiting", "offered"] as const satisfies readonly WaitlistStatus[];

export interface Seats {
  maxStudents: number | null;
  currentEnrollment: number;
}

/**
 * Seats nobody has: not paid for, not held by someone paying (`held` live holds, offers included).
 * Infinity for a class without a limit.
 */
export function freeSeats(seats: Seats, held: number): number {
  if (seats.maxStudents === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, seats.maxStudents - seats.currentEnrollment - held);
}

/**
 * Free seats belong to the people already waiting, first come first served: a newcomer may hold a seat
 * only when more seats are free than people wait, and may join the waiting list only when none is left
 * for them. Both sides of one test, so that there is never a seat to take and a queue to join at once.
 */
export function seatLeftForNewcomer(seats: Seats, held: number, waiting: number): boolean {
  return freeSeats(seats, held) > waiting;
}

/** How many of the `waiting` people (in queue order) get an offer now. */
export function offersToMake(seats: Seats, held: number, waiting: number): number {
  const free = freeSeats(seats, held);
  return Math.max(0, Math.min(waiting, free));
}

/** When an offer made at `now` runs out. */
export function offerEnds(now: Date, offerHours: number): Date {
  return new Date(now.getTime() + offerHours * 60 * MINUTE);
}

export type OfferState = "live" | "expired" | "claimed" | "withdrawn";

/** What an offer link still allows: a live offer holds the seat until `offeredUntil`, and not a moment longer. */
export function offerState(entry: { status: string; offeredUntil: Date | null }, now: Date): OfferState {
  if (entry.status === "claimed") return "claimed";
  if (entry.status === "expired") return "expired";
  if (entry.status !== "offered" || entry.offeredUntil === null) return "withdrawn";
  return entry.offeredUntil.getTime() > now.getTime() ? "live" : "expired";
}

/** A person's place: 1 for the first in the queue. `ahead` counts the live entries that joined before them. */
export function positionOf(ahead: number): number {
  return ahead + 1;
}

const base = (publicUrl: string) => publicUrl.replace(/\/$/, "");

/** The class page with the offer, in the person's language tree. */
export function offerUrl(publicUrl: string, language: Language, classId: number, token: string): string {
  return `${base(publicUrl)}/${language}/classes/${classId}?offer=${encodeURIComponent(token)}`;
}

/** The page where a person leaves the waiting list (a button, so that link scanners change nothing). */
export function leaveUrl(publicUrl: string, language: Language, token: string): string {
  return `${base(publicUrl)}/${language}/waitlist/leave?token=${encodeURIComponent(token)}`;
}
