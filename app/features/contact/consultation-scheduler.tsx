import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import { addDays, formatDateForHumans } from "../../../core/appointments/rules.ts";
import { APPOINTMENT_LIMITS, bookingInputSchema, type Appointment, type DaySlots } from "../../../core/appointments/schema.ts";
import { isLanguage, type Language } from "../../../core/i18n/language.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { RequiredLabel } from "./contact-form.tsx";
import { focusFirstInvalid, serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
import { DAYS_PER_PAGE, datesBetween, dayLabel, dayParts, formatSlotTime, localDate, pageOf, timeZoneLabel } from "./scheduling.ts";
import { Icon } from "../../components/ui/icon.tsx";

type Values = { customerName: string; customerEmail: string; customerPhone: string; notes: string };
type FieldName = keyof Values;
const FIELDS: readonly FieldName[] = ["customerName", "customerEmail", "customerPhone", "notes"];
const EMPTY: Values = { customerName: "", customerEmail: "", customerPhone: "", notes: "" };

/** How many days ahead the first load looks for a day with a free slot (today may be over). */
const FIRST_FREE_DAY_LOOKAHEAD = 6;

interface Booked {
  date: string;
  time: string;
  timeZone: string;
  message: string;
}

const fetchSlots = (date: string, signal?: AbortSignal) => api<DaySlots>(`/api/appointments/slots?date=${encodeURIComponent(date)}`, { signal });

/**
 * Consultation scheduling (spec document 000, sections 1 and 2; document 001, sections 3 and 5): a
 * day among the bookable ones (7 days a week), that day's free slots from the server, then name,
 * e-mail, phone and notes. Booking posts to /api/appointments/book; a slot taken in the meantime (409)
 * shows the server's message and the refreshed slots.
 */
export function ConsultationScheduler() {
  const { t, i18n } = useTranslation("appointments");
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const headingId = useId();
  const daysHeadingId = useId();
  const slotsHeadingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const slotsRef = useRef<HTMLDivElement>(null);
  const request = useRef<AbortController | null>(null);

  const [day, setDay] = useState<DaySlots | null>(null);
  const [bounds, setBounds] = useState<{ today: string; lastDate: string } | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [time, setTime] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [booking, setBooking] = useState(false);
  const [booked, setBooked] = useState<Booked | null>(null);

  /** Loads a day's slots; with `findFreeDay`, moves on to the next days until one has a free slot. */
  const load = useCallback(async (date: string, options: { findFreeDay?: boolean; keepTimeError?: boolean } = {}) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    setLoadFailed(false);
    setTime(null);
    if (!options.keepTimeError) setTimeError(null);
    try {
      let answer = await fetchSlots(date, controller.signal);
      // The browser's today may be behind the agency's: start from the server's today.
      if (answer.date < answer.today) answer = await fetchSlots(answer.today, controller.signal);
      for (let tries = 0; options.findFreeDay && tries < FIRST_FREE_DAY_LOOKAHEAD && !answer.slots.some((slot) => slot.available) && answer.date < answer.lastDate; tries++) {
        answer = await fetchSlots(addDays(answer.date, 1), controller.signal);
      }
      if (controller.signal.aborted) return;
      setDay(answer);
      setBounds({ today: answer.today, lastDate: answer.lastDate });
      if (options.findFreeDay) setPage(pageOf(datesBetween(answer.today, answer.lastDate), answer.date));
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error("Could not load consultation slots", error);
      setLoadFailed(true);
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(localDate(), { findFreeDay: true });
    return () => request.current?.abort();
  }, [load]);

  const dates = bounds ? datesBetween(bounds.today, bounds.lastDate) : [];
  const pages = Math.max(1, Math.ceil(dates.length / DAYS_PER_PAGE));
  const visibleDates = dates.slice(page * DAYS_PER_PAGE, page * DAYS_PER_PAGE + DAYS_PER_PAGE);
  const selectedDate = day?.date ?? null;
  const freeSlots = day?.slots.filter((slot) => slot.available).length ?? 0;

  const set = (field: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function chooseTime(value: string) {
    setTime(value);
    setTimeError(null);
  }

  function refuseTime(message: string) {
    setTimeError(message);
    requestAnimationFrame(() => slotsRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (booking) return;
    const parsed = bookingInputSchema.safeParse({
      ...values,
      appointmentDate: selectedDate ?? "",
      appointmentTime: time ?? "",
      appointmentType: "consultation",
      source: "website",
      language,
    });
    const fieldErrors = parsed.success ? {} : translatedFieldErrors(parsed.error, t, FIELDS);
    setErrors(fieldErrors);
    if (!selectedDate || !time) {
      refuseTime(t("scheduler.chooseTime"));
      return;
    }
    if (!parsed.success) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBooking(true);
    try {
      const answer = await api<{ success: true; message: string; appointment: Appointment }>("/api/appointments/book", { json: parsed.data });
      const timeZone = day?.timeZone ?? "";
      setBooked({ date: answer.appointment.appointmentDate, time: answer.appointment.appointmentTime, timeZone, message: answer.message });
      toast.success(t("scheduler.bookedTitle"), { description: answer.message });
      setValues(EMPTY);
      setErrors({});
      setTime(null);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        const slotProblem = error.status === 409 || Boolean(error.body.fields?.appointmentTime ?? error.body.fields?.appointmentDate);
        const fields = serverFieldErrors(error.body.fields, FIELDS);
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          focusFirstInvalid(formRef.current);
        }
        toast.error(t("scheduler.failedTitle"), { description: error.message });
        if (slotProblem && selectedDate) {
          // Someone else took the slot, or it has just passed: show what is still free.
          await load(selectedDate, { keepTimeError: true });
          refuseTime(error.message);
        }
      } else {
        toast.error(t("scheduler.failedTitle"), { description: t("scheduler.failed") });
      }
    } finally {
      setBooking(false);
    }
  }

  function bookAnother() {
    setBooked(null);
    void load(selectedDate ?? localDate(), { findFreeDay: true });
  }

  return (
    <div className="rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id={headingId} className="font-display text-2xl font-semibold">
            {t("scheduler.title")}
          </h3>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">{t("scheduler.intro")}</p>
        </div>
        <p className="inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1.5 text-sm font-semibold text-green-800" data-testid="available-7-days">
          <Icon name="calendar-check" size={16} aria-hidden="true" />
          {t("scheduler.available")}
        </p>
      </div>

      {booked ? (
        <div role="status" className="mt-6 rounded-xl border border-green-200 bg-green-50 p-6 text-green-950" data-testid="booking-confirmation">
          <div className="flex items-center gap-3">
            <Icon name="check-circle-2" size={24} aria-hidden="true" className="shrink-0 text-green-700" />
            <p className="font-display text-xl font-semibold">{t("scheduler.bookedTitle")}</p>
          </div>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-green-800">{t("fields.date")}</dt>
              <dd className="font-semibold">{formatDateForHumans(booked.date, language)}</dd>
            </div>
            <div>
              <dt className="text-sm text-green-800">{t("fields.time")}</dt>
              <dd className="font-semibold">{formatSlotTime(booked.time, language)}</dd>
            </div>
            <div>
              <dt className="text-sm text-green-800">{t("scheduler.timeZone")}</dt>
              <dd className="font-semibold break-words">{timeZoneLabel(booked.timeZone, booked.date, language)}</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm">{booked.message}</p>
          <Button variant="outline" className="mt-5" onClick={bookAnother}>
            {t("scheduler.bookAnother")}
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1.1fr_1fr]">
          <div className="min-w-0 space-y-6">
            <div role="group" aria-labelledby={daysHeadingId}>
              <div className="flex items-center justify-between gap-2">
                <h4 id={daysHeadingId} className="flex items-center gap-2 font-semibold">
                  <Icon name="calendar-days" size={18} aria-hidden="true" className="text-primary" />
                  {t("scheduler.chooseDay")}
                </h4>
                <div className="flex gap-1">
                  <Button variant="ghost" size="icon" className="h-9 w-9" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0 || !bounds} aria-label={t("scheduler.previousWeek")}>
                    <Icon name="chevron-left" size={18} aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className="h-9 w-9" onClick={() => setPage((p) => Math.min(pages - 1, p + 1))} disabled={page >= pages - 1 || !bounds} aria-label={t("scheduler.nextWeek")}>
                    <Icon name="chevron-right" size={18} aria-hidden="true" />
                  </Button>
                </div>
              </div>
              {bounds ? (
                <ul className="mt-3 grid grid-cols-7 gap-1.5" data-testid="day-picker">
                  {visibleDates.map((date) => {
                    const parts = dayParts(date, language);
                    const selected = date === selectedDate;
                    return (
                      <li key={date}>
                        <button
                          type="button"
                          aria-pressed={selected}
                          aria-label={dayLabel(date, language)}
                          data-date={date}
                          onClick={() => void load(date)}
                          className={cn(
                            "flex w-full flex-col items-center rounded-lg border px-0.5 py-2 text-center transition-colors",
                            selected ? "border-primary bg-primary text-primary-foreground" : "border-border bg-white hover:border-primary/50 hover:bg-primary/5",
                          )}
                        >
                          <span className={cn("text-[11px] font-medium uppercase sm:text-xs", selected ? "text-primary-foreground" : "text-muted-foreground")}>{parts.weekday}</span>
                          <span className="text-lg font-semibold leading-tight">{parts.day}</span>
                          <span className={cn("text-[11px] sm:text-xs", selected ? "text-primary-foreground" : "text-muted-foreground")}>{parts.month}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </div>

            <div role="group" aria-labelledby={slotsHeadingId} aria-busy={loading}>
              <h4 id={slotsHeadingId} className="flex items-center gap-2 font-semibold">
                <Icon name="clock" size={18} aria-hidden="true" className="text-primary" />
                {selectedDate ? t("scheduler.timesFor", { date: dayLabel(selectedDate, language) }) : t("scheduler.chooseTimeTitle")}
              </h4>
              {day ? <p className="mt-1 text-sm text-muted-foreground">{t("scheduler.timesIn", { timeZone: timeZoneLabel(day.timeZone, day.date, language) })}</p> : null}
              <div ref={slotsRef} tabIndex={-1} className="mt-3 rounded-lg focus:outline-none" aria-describedby={timeError ? `${slotsHeadingId}-error` : undefined}>
                {loadFailed ? (
                  <div className="rounded-lg border border-border bg-muted p-4 text-sm">
                    <p>{t("scheduler.loadFailed")}</p>
                    <Button variant="outline" size="sm" className="mt-3" onClick={() => void load(selectedDate ?? localDate(), { findFreeDay: !selectedDate })}>
                      <Icon name="rotate-cw" size={14} aria-hidden="true" />
                      {t("scheduler.retry")}
                    </Button>
                  </div>
                ) : loading && !day ? (
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <Icon name="loader-2" size={16} aria-hidden="true" className="animate-spin" />
                    {t("scheduler.loading")}
                  </p>
                ) : day ? (
                  <>
                    <ul className={cn("grid grid-cols-3 gap-2 sm:grid-cols-4", loading && "opacity-60")} data-testid="slots">
                      {day.slots.map((slot) => {
                        const selected = slot.time === time;
                        return (
                          <li key={slot.time}>
                            <button
                              type="button"
                              disabled={!slot.available || loading}
                              aria-pressed={selected}
                              data-time={slot.time}
                              onClick={() => chooseTime(slot.time)}
                              className={cn(
                                "w-full rounded-md border px-2 py-2 text-sm font-medium transition-colors",
                                selected
                                  ? "border-primary bg-primary text-primary-foreground"
                                  : slot.available
                                    ? "border-border bg-white hover:border-primary/50 hover:bg-primary/5"
                                    : "cursor-not-allowed border-dashed border-border bg-muted text-muted-foreground line-through",
                              )}
                            >
                              {formatSlotTime(slot.time, language)}
                              {slot.available ? null : <span className="sr-only"> {t("scheduler.unavailable")}</span>}
                            </button>
                          </li>
                        );
                      })}
                    </ul>
                    {freeSlots === 0 && !loading ? <p className="mt-3 text-sm text-muted-foreground">{t("scheduler.noSlots")}</p> : null}
                  </>
                ) : null}
              </div>
              {timeError ? (
                <p id={`${slotsHeadingId}-error`} role="alert" className="mt-2 text-sm text-destructive">
                  {timeError}
                </p>
              ) : null}
            </div>
          </div>

          <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="min-w-0 space-y-4">
            <p className="rounded-lg bg-muted px-4 py-3 text-sm" aria-live="polite" data-testid="selected-slot">
              {selectedDate && time ? (
                <>
                  <span className="text-muted-foreground">{t("scheduler.selected")} </span>
                  <span className="font-semibold">
                    {formatDateForHumans(selectedDate, language)}, {formatSlotTime(time, language)}
                  </span>
                </>
              ) : (
                <span className="text-muted-foreground">{t("scheduler.noneSelected")}</span>
              )}
            </p>
            <Field label={<RequiredLabel>{t("fields.name")}</RequiredLabel>} error={errors.customerName}>
              {(props) => <Input {...props} name="customerName" autoComplete="name" required maxLength={APPOINTMENT_LIMITS.name} value={values.customerName} onChange={set("customerName")} />}
            </Field>
            <Field label={<RequiredLabel>{t("fields.email")}</RequiredLabel>} error={errors.customerEmail}>
              {(props) => (
                <Input {...props} name="customerEmail" type="email" autoComplete="email" required maxLength={APPOINTMENT_LIMITS.email} value={values.customerEmail} onChange={set("customerEmail")} />
              )}
            </Field>
            <Field label={<RequiredLabel>{t("fields.phone")}</RequiredLabel>} error={errors.customerPhone}>
              {(props) => (
                <Input {...props} name="customerPhone" type="tel" autoComplete="tel" required maxLength={APPOINTMENT_LIMITS.phone} value={values.customerPhone} onChange={set("customerPhone")} />
              )}
            </Field>
            <Field label={t("scheduler.notesOptional")} error={errors.notes} hint={t("scheduler.notesHint")}>
              {(props) => <Textarea {...props} name="notes" rows={3} className="min-h-20" maxLength={APPOINTMENT_LIMITS.notes} value={values.notes} onChange={set("notes")} />}
            </Field>
            <Button type="submit" size="lg" className="w-full" disabled={booking} aria-busy={booking}>
              {booking ? <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" /> : <Icon name="calendar-check" size={18} aria-hidden="true" />}
              {booking ? t("scheduler.booking") : t("scheduler.book")}
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}
