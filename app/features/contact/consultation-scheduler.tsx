import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { addDays, formatDateForHumans, timeZoneName } from "../../../core/appointments/rules.ts";
import { APPOINTMENT_LIMITS } from "../../../core/appointments/limits.ts";
import type { Appointment, DaySlots } from "../../../core/appointments/schema.ts";
import { isLanguage, type Language } from "../../../core/i18n/language.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { orFailure } from "../../lib/server-failure.ts";
import { RequiredLabel } from "./contact-form.tsx";
import {
  DAYS_PER_PAGE,
  datesBetween,
  dayLabel,
  dayParts,
  formatSlotTime,
  gridMove,
  localDate,
  pageOf,
} from "./scheduling.ts";
import { Icon } from "../../components/ui/icon.tsx";

/** Slots per row of the time grid: the arrow keys move by one row of this many. */
const SLOT_COLUMNS = 4;

/** How many days ahead the first load looks for a day with a free slot (today may be over). */
const FIRST_FREE_DAY_LOOKAHEAD = 6;

interface Booked {
  date: string;
  time: string;
  timeZone: string;
  message: string;
}

const fetchSlots = (date: string, signal?: AbortSignal) =>
  api<DaySlots>(`/api/appointments/slots?date=${encodeURIComponent(date)}`, { signal });

/** Smooth scrolling only for those who have not asked for less motion. */
function scrollBehavior(): ScrollBehavior {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches
    ? "auto"
    : "smooth";
}

/**
 * Consultation scheduling (spec document 000, sections 1 and 2; document 001, sections 3 and 5): a
 * day among the bookable ones (7 days a week), that day's free slots from the server, then name,
 * e-mail, phone and notes. Booking posts to /api/appointments/book; a slot taken in the meantime (409)
 * shows the server's message and the refreshed slots.
 *
 * The days and the times are each a WAI-ARIA grid: one tab stop, the arrow keys move within it (Home,
 * End, and PageUp/PageDown for the weeks), Enter or Space chooses. After booking, the focus stays on the
 * button and the confirmation, next to it, is announced and scrolled into view; nothing is toasted.
 */
export function ConsultationScheduler() {
  const { t, i18n } = useTranslation("appointments");
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const headingId = useId();
  const daysHeadingId = useId();
  const slotsHeadingId = useId();
  const slotsRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const dayCells = useRef<Array<HTMLDivElement | null>>([]);
  const slotCells = useRef<Array<HTMLDivElement | null>>([]);
  /** Which grid should take the focus once it has rendered its active cell (after a page turn or a refusal). */
  const pendingFocus = useRef<"days" | "slots" | null>(null);
  const request = useRef<AbortController | null>(null);

  const [day, setDay] = useState<DaySlots | null>(null);
  const [bounds, setBounds] = useState<{ today: string; lastDate: string } | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [time, setTime] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const [activeDay, setActiveDay] = useState(0);
  const [activeSlot, setActiveSlot] = useState<number | null>(null);

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
      for (
        let tries = 0;
        options.findFreeDay &&
        tries < FIRST_FREE_DAY_LOOKAHEAD &&
        !answer.slots.some((slot) => slot.available) &&
        answer.date < answer.lastDate;
        tries++
      ) {
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

  // The day grid's one tab stop is the chosen day when it is on the week shown, else the week's first day.
  const selectedDayIndex = selectedDate ? visibleDates.indexOf(selectedDate) : -1;
  const dayTabStop = Math.min(activeDay, Math.max(0, visibleDates.length - 1));
  useEffect(() => {
    if (selectedDayIndex >= 0) setActiveDay(selectedDayIndex);
  }, [selectedDayIndex]);

  // The time grid's tab stop: the one last moved to, else the chosen time, else the first free slot.
  const slots = day?.slots ?? [];
  const chosenIndex = time ? slots.findIndex((slot) => slot.time === time) : -1;
  const firstFree = Math.max(
    0,
    slots.findIndex((slot) => slot.available),
  );
  const slotTabStop =
    activeSlot !== null && activeSlot < slots.length ? activeSlot : chosenIndex >= 0 ? chosenIndex : firstFree;
  useEffect(() => setActiveSlot(null), [day]);

  useEffect(() => {
    if (pendingFocus.current === "days") dayCells.current[dayTabStop]?.focus();
    else if (pendingFocus.current === "slots") (slotCells.current[slotTabStop] ?? slotsRef.current)?.focus();
    else return;
    pendingFocus.current = null;
  });

  function chooseTime(value: string) {
    setTime(value);
    setTimeError(null);
    setBooked(null);
  }

  function chooseDay(date: string) {
    setBooked(null);
    void load(date);
  }

  function refuseTime(message: string) {
    setTimeError(message);
    pendingFocus.current = "slots";
    setActiveSlot(null);
  }

  function onDayKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const date = visibleDates[dayTabStop];
      if (date) chooseDay(date);
      return;
    }
    const move = gridMove(event.key, dayTabStop, visibleDates.length, DAYS_PER_PAGE, {
      ctrl: event.ctrlKey,
      paged: true,
    });
    if (!move) return;
    event.preventDefault();
    if ("page" in move) {
      const nextPage = page + move.page;
      if (nextPage < 0 || nextPage >= pages) return;
      const length = dates.slice(nextPage * DAYS_PER_PAGE, nextPage * DAYS_PER_PAGE + DAYS_PER_PAGE).length;
      setPage(nextPage);
      setActiveDay(move.to === "first" ? 0 : move.to === "last" ? length - 1 : Math.min(dayTabStop, length - 1));
      pendingFocus.current = "days";
      return;
    }
    setActiveDay(move.to);
    dayCells.current[move.to]?.focus();
  }

  function onSlotKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (loading) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const slot = slots[slotTabStop];
      if (slot?.available) chooseTime(slot.time);
      return;
    }
    const move = gridMove(event.key, slotTabStop, slots.length, SLOT_COLUMNS, { ctrl: event.ctrlKey });
    if (!move || "page" in move) return;
    event.preventDefault();
    setActiveSlot(move.to);
    slotCells.current[move.to]?.focus();
  }

  function turnWeek(step: -1 | 1) {
    setPage((p) => Math.min(pages - 1, Math.max(0, p + step)));
    setActiveDay(0);
  }

  /** The slot a submit books: the chosen day and time (outside the form: the grids above it). */
  const slot = useRef<{ date: string; time: string } | null>(null);
  slot.current = selectedDate && time ? { date: selectedDate, time } : null;

  const form = useForm({
    // The booking's schema for the form's own fields; the slot is the grids' (from the server's slots).
    schema: () =>
      import("../../../core/appointments/schema.ts").then((module) =>
        module.bookingInputSchema.omit({ appointmentDate: true, appointmentTime: true }),
      ),
    toInput: (input) => ({ ...input, appointmentType: "consultation", source: "website", language }),
    submit: async ({ value }) => {
      const chosen = slot.current;
      // No time chosen: the time grid says so (requireSlot); nothing is sent.
      if (!chosen) return null;
      try {
        return await orFailure(
          api<{ success: true; message: string; appointment: Appointment }>("/api/appointments/book", {
            json: { ...value, appointmentDate: chosen.date, appointmentTime: chosen.time },
          }),
          t("scheduler.failed"),
        );
      } catch (error) {
        const slotProblem =
          error instanceof ApiError &&
          error.status < 500 &&
          (error.status === 409 || Boolean(error.body.fields?.appointmentTime ?? error.body.fields?.appointmentDate));
        if (!slotProblem) throw error;
        // Someone else took the slot, or it has just passed: the slots say so and show what is still free
        // (the form does not repeat it).
        await load(chosen.date, { keepTimeError: true });
        refuseTime(error.message);
        return null;
      }
    },
    onSuccess: (answer, formElement) => {
      if (!answer) return;
      setBooked({
        date: answer.appointment.appointmentDate,
        time: answer.appointment.appointmentTime,
        timeZone: day?.timeZone ?? "",
        message: answer.message,
      });
      for (const element of formElement.elements)
        if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = "";
      // The booked slot is taken now: show the day as it is.
      void load(answer.appointment.appointmentDate);
      // The focus stays on the button; the confirmation beside it is announced and brought into view.
      requestAnimationFrame(() =>
        confirmationRef.current?.scrollIntoView?.({ block: "nearest", behavior: scrollBehavior() }),
      );
    },
  });

  // No time chosen: the time grid says so and takes the focus (unless a field of the form is wrong too:
  // the focus then goes to the first of those, the form checks its fields as usual).
  function requireSlot() {
    if (!slot.current && !form.busy) refuseTime(t("scheduler.chooseTime"));
  }

  const zone = day ? timeZoneName(day.timeZone, language) : null;

  // Sized by its own width (a container query), not the window's: on a wide home page it sits beside
  // the contact form, where the calendar and the booking form stack as on a tablet.
  return (
    <div className="@container rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id={headingId} className="font-display text-2xl font-semibold">
            {t("scheduler.title")}
          </h3>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">{t("scheduler.intro")}</p>
        </div>
        <p
          className="inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1.5 text-sm font-semibold text-green-800"
          data-testid="available-7-days"
        >
          <Icon name="calendar-check" size={16} aria-hidden="true" />
          {t("scheduler.available")}
        </p>
      </div>

      <div className="mt-6 grid gap-8 @3xl:grid-cols-[1.1fr_1fr]">
        <div className="min-w-0 space-y-6">
          <div>
            <div className="flex items-center justify-between gap-2">
              <h4 id={daysHeadingId} className="flex items-center gap-2 font-semibold">
                <Icon name="calendar-days" size={18} aria-hidden="true" className="text-primary" />
                {t("scheduler.chooseDay")}
              </h4>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-9 w-9"
                  onClick={() => turnWeek(-1)}
                  disabled={page === 0 || !bounds}
                  aria-label={t("scheduler.previousWeek")}
                >
                  <Icon name="chevron-left" size={18} aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-9 w-9"
                  onClick={() => turnWeek(1)}
                  disabled={page >= pages - 1 || !bounds}
                  aria-label={t("scheduler.nextWeek")}
                >
                  <Icon name="chevron-right" size={18} aria-hidden="true" />
                </Button>
              </div>
            </div>
            {bounds ? (
              <div
                role="grid"
                aria-labelledby={daysHeadingId}
                onKeyDown={onDayKeyDown}
                className="mt-3"
                data-testid="day-picker"
              >
                <div role="row" className="grid grid-cols-7 gap-1.5">
                  {visibleDates.map((date, index) => {
                    const parts = dayParts(date, language);
                    const selected = date === selectedDate;
                    return (
                      <div
                        key={date}
                        ref={(element) => {
                          dayCells.current[index] = element;
                        }}
                        role="gridcell"
                        tabIndex={index === dayTabStop ? 0 : -1}
                        aria-selected={selected}
                        aria-label={dayLabel(date, language)}
                        data-date={date}
                        onClick={() => chooseDay(date)}
                        onFocus={() => setActiveDay(index)}
                        className={cn(
                          "flex w-full cursor-pointer select-none flex-col items-center rounded-lg border px-0.5 py-2 text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2",
                          selected
                            ? "border-primary bg-primary text-primary-foreground"
                            : "border-border bg-white hover:border-primary/50 hover:bg-primary/5",
                        )}
                      >
                        <span
                          aria-hidden="true"
                          className={cn(
                            "text-[11px] font-medium uppercase sm:text-xs",
                            selected ? "text-primary-foreground" : "text-muted-foreground",
                          )}
                        >
                          {parts.weekday}
                        </span>
                        <span aria-hidden="true" className="text-lg font-semibold leading-tight">
                          {parts.day}
                        </span>
                        <span
                          aria-hidden="true"
                          className={cn(
                            "text-[11px] sm:text-xs",
                            selected ? "text-primary-foreground" : "text-muted-foreground",
                          )}
                        >
                          {parts.month}
                        </span>
                      </div>
                    );
                  })}
                </div>
              </div>
            ) : null}
          </div>

          <div>
            <h4 id={slotsHeadingId} className="flex items-center gap-2 font-semibold">
              <Icon name="clock" size={18} aria-hidden="true" className="text-primary" />
              {selectedDate
                ? t("scheduler.timesFor", { date: dayLabel(selectedDate, language) })
                : t("scheduler.chooseTimeTitle")}
            </h4>
            {zone ? (
              <p id={`${slotsHeadingId}-zone`} className="mt-1 text-sm text-muted-foreground">
                {t("scheduler.timesIn", { zone })}
              </p>
            ) : null}
            <div ref={slotsRef} tabIndex={-1} className="mt-3 rounded-lg focus:outline-none">
              {loadFailed ? (
                <div className="rounded-lg border border-border bg-muted p-4 text-sm">
                  <p>{t("scheduler.loadFailed")}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    className="mt-3"
                    onClick={() => void load(selectedDate ?? localDate(), { findFreeDay: !selectedDate })}
                  >
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
                  <div
                    role="grid"
                    aria-labelledby={slotsHeadingId}
                    aria-describedby={
                      [zone ? `${slotsHeadingId}-zone` : null, timeError ? `${slotsHeadingId}-error` : null]
                        .filter(Boolean)
                        .join(" ") || undefined
                    }
                    aria-busy={loading}
                    onKeyDown={onSlotKeyDown}
                    className={cn("space-y-2", loading && "opacity-60")}
                    data-testid="slots"
                  >
                    {Array.from({ length: Math.ceil(slots.length / SLOT_COLUMNS) }, (_, row) => (
                      <div key={row} role="row" className="grid grid-cols-4 gap-2">
                        {slots.slice(row * SLOT_COLUMNS, row * SLOT_COLUMNS + SLOT_COLUMNS).map((slot, column) => {
                          const index = row * SLOT_COLUMNS + column;
                          const selected = slot.time === time;
                          return (
                            <div
                              key={slot.time}
                              ref={(element) => {
                                slotCells.current[index] = element;
                              }}
                              role="gridcell"
                              tabIndex={index === slotTabStop ? 0 : -1}
                              aria-selected={selected}
                              aria-disabled={!slot.available || undefined}
                              data-time={slot.time}
                              onClick={() => slot.available && !loading && chooseTime(slot.time)}
                              onFocus={() => setActiveSlot(index)}
                              className={cn(
                                "w-full select-none whitespace-nowrap rounded-md border px-1 py-2 text-center text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2",
                                selected
                                  ? "cursor-pointer border-primary bg-primary text-primary-foreground"
                                  : slot.available
                                    ? "cursor-pointer border-border bg-white hover:border-primary/50 hover:bg-primary/5"
                                    : "cursor-not-allowed border-dashed border-border bg-muted text-muted-foreground line-through",
                              )}
                            >
                              {formatSlotTime(slot.time, language)}
                              {slot.available ? null : <span className="sr-only"> {t("scheduler.unavailable")}</span>}
                            </div>
                          );
                        })}
                      </div>
                    ))}
                  </div>
                  {freeSlots === 0 && !loading ? (
                    <p className="mt-3 text-sm text-muted-foreground">{t("scheduler.noSlots")}</p>
                  ) : null}
                  <p className="mt-2 text-xs text-muted-foreground">{t("scheduler.gridHint")}</p>
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

        <Form form={form} onSubmitCapture={requireSlot} aria-labelledby={headingId} className="min-w-0 space-y-4">
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
          <Field label={<RequiredLabel>{t("fields.name")}</RequiredLabel>} field={form.field("customerName")}>
            {(props) => <Input {...props} autoComplete="name" required maxLength={APPOINTMENT_LIMITS.name} />}
          </Field>
          <Field label={<RequiredLabel>{t("fields.email")}</RequiredLabel>} field={form.field("customerEmail")}>
            {(props) => (
              <Input {...props} type="email" autoComplete="email" required maxLength={APPOINTMENT_LIMITS.email} />
            )}
          </Field>
          <Field label={<RequiredLabel>{t("fields.phone")}</RequiredLabel>} field={form.field("customerPhone")}>
            {(props) => (
              <Input {...props} type="tel" autoComplete="tel" required maxLength={APPOINTMENT_LIMITS.phone} />
            )}
          </Field>
          <Field label={t("scheduler.notesOptional")} field={form.field("notes")} hint={t("scheduler.notesHint")}>
            {(props) => <Textarea {...props} rows={3} className="min-h-20" maxLength={APPOINTMENT_LIMITS.notes} />}
          </Field>
          <FormError form={form} testId="booking-error" />
          <SubmitButton
            form={form}
            size="lg"
            className="w-full"
            icon={<Icon name="calendar-check" size={18} aria-hidden="true" />}
            label={t("scheduler.book")}
            busyLabel={t("scheduler.booking")}
          />
          {/* Always in the page, so that the confirmation placed in it is announced. */}
          <div ref={confirmationRef} role="status" aria-live="polite" className="scroll-mb-6">
            {booked ? (
              <div
                className="rounded-xl border border-green-200 bg-green-50 p-5 text-green-950"
                data-testid="booking-confirmation"
              >
                <div className="flex items-center gap-3">
                  <Icon name="check-circle-2" size={22} aria-hidden="true" className="shrink-0 text-green-700" />
                  <p className="font-display text-lg font-semibold">{t("scheduler.bookedTitle")}</p>
                </div>
                <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-green-800">{t("fields.date")}</dt>
                    <dd className="font-semibold">{formatDateForHumans(booked.date, language)}</dd>
                  </div>
                  <div>
                    <dt className="text-green-800">{t("fields.time")}</dt>
                    <dd className="font-semibold">{formatSlotTime(booked.time, language)}</dd>
                  </div>
                  <div>
                    <dt className="text-green-800">{t("scheduler.timeZone")}</dt>
                    <dd className="font-semibold break-words">{timeZoneName(booked.timeZone, language)}</dd>
                  </div>
                </dl>
                <p className="mt-3 text-sm">{booked.message}</p>
              </div>
            ) : null}
          </div>
        </Form>
      </div>
    </div>
  );
}
