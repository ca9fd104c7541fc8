import { cappedTotal, countLimitFor, offsetOf, type CappedTotal, type PageRequest } from "../paging/rules.ts";
import type { Database } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import type { CompanyDetails, Translate } from "../mail/rules.ts";
import type { LeadService } from "../leads/service.server.ts";
import type { MailService } from "../mail/service.server.ts";
import { FORM_BUDGETS } from "../rate-limit/rules.ts";
import type { RateLimitService } from "../rate-limit/service.server.ts";
import { bookingConfirmationEmail, bookingStaffEmail } from "./emails.ts";
import { AppointmentRepo, isUniqueViolation, type AppointmentRow } from "./repo.server.ts";
import {
  bookingWindow,
  checkSlot,
  consultationsOver,
  listSlots,
  slotProblemMessage,
  type BookingHours,
} from "./rules.ts";
import {
  adminAppointmentsPageQuerySchema,
  bookingInputSchema,
  slotsQuerySchema,
  type AdminAppointmentsQuery,
  type Appointment,
  type DaySlots,
} from "./schema.ts";

function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    appointmentType: row.appointmentType,
    notes: row.notes,
    status: row.status,
    source: row.source,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A booking or message taken by the assistant: its lead's source and the conversation (and call) that produced it. */
export interface AssistantChannel {
  source: "chatbot" | "phone_call";
  conversationId?: string;
  callId?: string;
}

export interface AppointmentServiceDeps {
  mail: MailService;
  rateLimits: RateLimitService;
  translate: Translate;
  company: CompanyDetails;
  hours: BookingHours;
  /** Every booking makes or extends its customer's lead, in the booking's transaction. */
  leads: Pick<LeadService, "record">;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
}

/** Consultation booking: free slots, bookings (one per slot, enforced by the database), confirmations. */
export class AppointmentService {
  private readonly repo: AppointmentRepo;
  private readonly now: () => Date;

  private readonly db: Database;
  private readonly deps: AppointmentServiceDeps;

  constructor(db: Database, deps: AppointmentServiceDeps) {
    this.db = db;
    this.deps = deps;
    this.repo = new AppointmentRepo(db);
    this.now = deps.now ?? (() => new Date());
  }

  get hours(): BookingHours {
    return this.deps.hours;
  }

  /** A day's slots: a slot is available when it has not started, lies within the booking window and is free. */
  async slots(query: unknown): Promise<DaySlots> {
    const { date } = parseOrThrow(slotsQuerySchema, query);
    const now = this.now();
    const { hours } = this.deps;
    const window = bookingWindow(hours, now);
    const outside = date < window.today || date > window.lastDate;
    const taken = outside ? new Set<string>() : await this.repo.takenTimes(date);
    return {
      date,
      timeZone: hours.timeZone,
      slotMinutes: hours.slotMinutes,
      ...window,
      slots: listSlots(date, hours, now, taken),
    };
  }

  /**
   * Books a slot. Refused with a translated message when the input is invalid, the slot is not
   * bookable (past, outside the hours or the grid, too far ahead) or already taken (409). The
   * confirmation and the staff notification are queued in the booking's transaction.
   */
  async book(
    input: unknown,
    origin: { address?: string; language: Language; via?: AssistantChannel },
  ): Promise<Appointment> {
    const valid = parseOrThrow(bookingInputSchema, input);
    const { hours, translate, company, mail, rateLimits } = this.deps;
    const problem = checkSlot(valid.appointmentDate, valid.appointmentTime, hours, this.now());
    if (problem) {
      const { key, params } = slotProblemMessage(problem, hours, origin.language);
      const field =
        problem === "tooFarAhead" ||
        (problem === "past" && valid.appointmentDate < bookingWindow(hours, this.now()).today)
          ? "appointmentDate"
          : "appointmentTime";
      throw new DomainError("validation", key, { params, fields: { [field]: key } });
    }
    const sender = { address: origin.address, email: valid.customerEmail };
    await rateLimits.enforce(FORM_BUDGETS.booking, sender);
    const language = valid.language ?? origin.language;
    try {
      return await this.db.transaction(async (tx) => {
        const row = await this.repo.insert(tx, {
          customerName: valid.customerName,
          customerEmail: valid.customerEmail.toLowerCase(),
          customerPhone: valid.customerPhone,
          appointmentDate: valid.appointmentDate,
          appointmentTime: valid.appointmentTime,
          appointmentType: valid.appointmentType,
          notes: valid.notes ?? null,
          status: "scheduled",
          source: valid.source,
          language,
        });
        const appointment = toAppointment(row);
        await this.deps.leads.record(tx, {
          source: origin.via?.source ?? "consultation",
          name: row.customerName,
          email: row.customerEmail,
          phone: row.customerPhone,
          message: row.notes ?? undefined,
          summary: `${row.appointmentType} ${row.appointmentDate} ${row.appointmentTime}`,
          appointmentId: row.id,
          conversationId: origin.via?.conversationId,
          callId: origin.via?.callId,
        });
        await mail.enqueue(bookingConfirmationEmail(appointment, language, hours.timeZone, translate, company), tx);
        await mail.enqueue(bookingStaffEmail(appointment, hours.timeZone, translate, company), tx);
        return appointment;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Losing the race for a slot is not the visitor's fault: give the attempt back.
      await rateLimits.giveBack(FORM_BUDGETS.booking, sender);
      throw new DomainError("conflict", "appointments:errors.slotTaken", {
        fields: { appointmentTime: "appointments:errors.slotTaken" },
      });
    }
  }

  /** The e-mails, among these, of people whose consultation (not cancelled) has taken place; lower-cased. */
  async emailsWithConsultationsOver(emails: readonly string[]): Promise<Set<string>> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
    return new Set(await this.repo.emailsWithBookingsOver(wanted, consultationsOver(this.now(), this.deps.hours)));
  }

  /** Appointments for staff, in date and time order. */
  /** One page of staff's list, counted up to COUNT_CAP (docs/decisions/0036-lists-a-page-at-a-time.md). */
  async listForStaff(
    query: AdminAppointmentsQuery | Record<string, string> = {},
  ): Promise<{ items: Appointment[]; request: PageRequest; counted: CappedTotal }> {
    const { page, limit, ...filters } = parseOrThrow(adminAppointmentsPageQuerySchema, query);
    const request = { page, limit };
    const { rows, counted } = await this.repo.list(
      filters,
      { limit, offset: offsetOf(request) },
      countLimitFor(request),
    );
    return { items: rows.map(toAppointment), request, counted: cappedTotal(counted, request) };
  }
}
