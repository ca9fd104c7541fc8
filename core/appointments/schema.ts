import { z } from "zod";
import { pagingQuerySchemaOf } from "../paging/schema.ts";
import { line, text } from "../text.ts";
import { isPlausiblePhone } from "../contact/rules.ts";
import { LANGUAGES } from "../i18n/language.ts";
import { DATE_PATTERN, TIME_PATTERN, isCalendarDate } from "./rules.ts";
import { APPOINTMENT_LIMITS } from "./limits.ts";

/** Where a booking was made. */
export const APPOINTMENT_SOURCES = ["website", "chatbot", "voice", "phone"] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];
export const APPOINTMENT_STATUSES = ["scheduled", "completed", "cancelled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export { APPOINTMENT_LIMITS } from "./limits.ts";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** YYYY-MM-DD ("Date must be in YYYY-MM-DD format"), and a date that exists. */
export const appointmentDateSchema = line({ message: "appointments:validation.dateFormat" })
  .trim()
  .regex(DATE_PATTERN, "appointments:validation.dateFormat")
  .refine(isCalendarDate, "appointments:validation.dateInvalid");

/** HH:MM, 24-hour ("Time must be in HH:MM format"). */
export const appointmentTimeSchema = line({ message: "appointments:validation.timeFormat" })
  .trim()
  .regex(TIME_PATTERN, "appointments:validation.timeFormat");

/**
 * The booking payload (spec document 001, sections 3 and 5): customerName, customerEmail,
 * customerPhone, appointmentDate, appointmentTime, notes; optionally appointmentType, source, and the
 * language of the page it was sent from (the confirmation e-mail uses it; else the request's language).
 */
export const bookingInputSchema = z.strictObject({
  customerName: line({ message: "appointments:validation.nameRequired" })
    .trim()
    .min(1, "appointments:validation.nameRequired")
    .max(APPOINTMENT_LIMITS.name, "appointments:validation.nameTooLong"),
  customerEmail: line({ message: "appointments:validation.emailInvalid" })
    .trim()
    .max(APPOINTMENT_LIMITS.email, "appointments:validation.emailInvalid")
    .pipe(z.email("appointments:validation.emailInvalid")),
  customerPhone: line({ message: "appointments:validation.phoneRequired" })
    .trim()
    .min(1, "appointments:validation.phoneRequired")
    .max(APPOINTMENT_LIMITS.phone, "appointments:validation.phoneInvalid")
    .refine(isPlausiblePhone, "appointments:validation.phoneInvalid"),
  appointmentDate: appointmentDateSchema,
  appointmentTime: appointmentTimeSchema,
  notes: z.preprocess(
    blankToUndefined,
    text({ message: "appointments:validation.notesTooLong" })
      .trim()
      .max(APPOINTMENT_LIMITS.notes, "appointments:validation.notesTooLong")
      .nullable()
      .optional(),
  ),
  appointmentType: z.preprocess(
    blankToUndefined,
    line({ message: "appointments:validation.typeInvalid" })
      .trim()
      .max(APPOINTMENT_LIMITS.type, "appointments:validation.typeInvalid")
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} _'&/-]*$/u, "appointments:validation.typeInvalid")
      .default("consultation"),
  ),
  source: z.enum(APPOINTMENT_SOURCES, { message: "appointments:validation.sourceInvalid" }).default("website"),
  language: z.enum(LANGUAGES, { message: "appointments:validation.languageInvalid" }).optional(),
});
export type BookingInput = z.input<typeof bookingInputSchema>;
export type ValidBookingInput = z.output<typeof bookingInputSchema>;

/** GET /api/appointments/slots?date=YYYY-MM-DD */
export const slotsQuerySchema = z.object({ date: appointmentDateSchema });

/** GET /api/admin/appointments?from=YYYY-MM-DD&status= */
export const adminAppointmentsQuerySchema = z.object({
  from: appointmentDateSchema.optional(),
  status: z.enum(APPOINTMENT_STATUSES, { message: "appointments:validation.statusInvalid" }).optional(),
});
export type AdminAppointmentsQuery = z.input<typeof adminAppointmentsQuerySchema>;

/** Appointments on a page of staff's list, unless an API client asks for another `limit` (at most MAX_LIMIT). */
export const STAFF_APPOINTMENTS_PAGE_SIZE = 50;

/** The filters with the page and its size (core/paging: translated 400s past MAX_LIMIT or MAX_PAGE). */
export const adminAppointmentsPageQuerySchema = adminAppointmentsQuerySchema.extend(
  pagingQuerySchemaOf(STAFF_APPOINTMENTS_PAGE_SIZE).shape,
);

export interface Appointment {
  id: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  appointmentDate: string;
  appointmentTime: string;
  appointmentType: string;
  notes: string | null;
  status: string;
  source: string;
  language: string;
  createdAt: string;
  updatedAt: string;
}

/** One day's slots in the agency's time zone, and the window in which dates can be booked. */
export interface DaySlots {
  date: string;
  timeZone: string;
  slotMinutes: number;
  /** Today in the agency's time zone, the first bookable date. */
  today: string;
  /** The last bookable date. */
  lastDate: string;
  slots: Array<{ time: string; available: boolean }>;
}
