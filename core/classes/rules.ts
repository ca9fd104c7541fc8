/** Class rules shared by the server and the pages: levels, formats, days, and what seats allow. */

export const LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type Level = (typeof LEVELS)[number];
export const FORMATS = ["online", "in-person", "hybrid"] as const;
export type Format = (typeof FORMATS)[number];
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export function isLevel(value: unknown): value is Level {
  return typeof value === "string" && (LEVELS as readonly string[]).includes(value);
}

/** The list's filters as the address gives them: search text and level ("all" when absent or unknown). */
export interface ClassFilters {
  q: string;
  level: Level | "all";
}

export const SEARCH_MAX = 100;

export function normalizeClassFilters(raw: { q?: string | null; level?: string | null }): ClassFilters {
  const q = (raw.q ?? "").trim().slice(0, SEARCH_MAX);
  return { q, level: isLevel(raw.level) ? raw.level : "all" };
}

/**
 * Seats a class has left for someone to take now: neither paid for nor held by people paying (`reserved`).
 * Null for a class without a limit (shown as infinity). Never below 0.
 */
export function seatsLeft(
  seats: { maxStudents: number | null; currentEnrollment: number },
  reserved = 0,
): number | null {
  return seats.maxStudents === null ? null : Math.max(0, seats.maxStudents - seats.currentEnrollment - reserved);
}

/** Spec 000, section 4: "Class is Full" replaces Enroll Now when maxStudents is set and reached. */
export function isClassFull(seats: { maxStudents: number | null; currentEnrollment: number }): boolean {
  return seats.maxStudents !== null && seats.currentEnrollment >= seats.maxStudents;
}

/** Whether one more seat may be taken: the same test the conditional UPDATE makes in the database. */
export function canTakeSeat(seats: { maxStudents: number | null; currentEnrollment: number }, held = 0): boolean {
  return seats.maxStudents === null || seats.currentEnrollment + held < seats.maxStudents;
}

/**
 * An enrolment as staff read it: `enrolled` (paid, the seat is taken), `held` (being paid, until its hold
 * ends), `expired` (a hold that ran out unpaid) or `cancelled` (the payment failed or was given up).
 */
export type EnrollmentState = "enrolled" | "held" | "expired" | "cancelled";
export const ENROLLMENT_STATES = [
  "enrolled",
  "held",
  "expired",
  "cancelled",
] as const satisfies readonly EnrollmentState[];

export function enrollmentState(
  enrollment: { enrollmentStatus: string; reservedUntil: Date },
  now: Date,
): EnrollmentState {
  if (enrollment.enrollmentStatus === "active") return "enrolled";
  if (enrollment.enrollmentStatus === "reserved")
    return enrollment.reservedUntil.getTime() > now.getTime() ? "held" : "expired";
  return "cancelled";
}

/** Bounds of a class's fields. Prices are cents. */
export const CLASS_LIMITS = {
  title: 200,
  descriptionMin: 10,
  description: 5000,
  name: 120,
  longText: 5000,
  shortText: 120,
  maxPriceCents: 5_000_000,
  maxStudents: 10_000,
  url: 2000,
} as const;
