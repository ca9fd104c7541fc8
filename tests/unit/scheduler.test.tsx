// @vitest-environment jsdom
import { act } from "react";
import { click, domPage, settle as settleOnce } from "../helpers/dom-page.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConsultationScheduler } from "../../app/features/contact/consultation-scheduler.tsx";
import {
  datesBetween,
  dayLabel,
  dayParts,
  formatSlotTime,
  gridMove,
  localDate,
  pageOf,
} from "../../app/features/contact/scheduling.ts";
import type { DaySlots } from "../../core/appointments/schema.ts";
import { toast } from "../helpers/toast-mock.ts";

// Consultation scheduling: spec document 000, sections 1 and 2 (booking "available 7 days a week",
// anchor consultation); document 001, sections 3 and 5 (the appointment and its rules: "Phone number
// is required"); the server's GET /api/appointments/slots and POST /api/appointments/book.
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const page = domPage();

describe("scheduling helpers", () => {
  it("lists every date of the booking window, month and year ends included", () => {
    expect(datesBetween("2025-12-30", "2026-01-02")).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(datesBetween("2024-02-28", "2024-03-01")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(datesBetween("2025-06-16", "2025-06-16")).toEqual(["2025-06-16"]);
    expect(datesBetween("2025-06-16", "2025-06-15")).toEqual([]);
    expect(datesBetween("2025-01-01", "2025-12-31")).toHaveLength(365);
  });

  it("formats slot times as people read them in each language", () => {
    expect(formatSlotTime("09:00", "en")).toBe("9:00 AM");
    expect(formatSlotTime("14:30", "en")).toBe("2:30 PM");
    expect(formatSlotTime("00:00", "en")).toBe("12:00 AM");
    expect(formatSlotTime("09:00", "fr")).toBe("09:00");
    expect(formatSlotTime("14:30", "fr")).toBe("14:30");
  });

  it("names days without shifting them, whatever the browser's time zone", () => {
    expect(dayLabel("2025-06-16", "en")).toBe("Monday, June 16");
    expect(dayLabel("2025-06-16", "fr")).toBe("lundi 16 juin");
    expect(dayParts("2025-01-01", "en")).toEqual({ weekday: "Wed", day: "1", month: "Jan" });
  });

  it("reads the browser's own calendar date", () => {
    expect(localDate(new Date(2025, 0, 5, 23, 59))).toBe("2025-01-05");
    expect(localDate(new Date(2025, 11, 31, 0, 1))).toBe("2025-12-31");
  });

  it("moves through a grid as the WAI-ARIA grid pattern says", () => {
    // 10 cells in rows of 4: 0 1 2 3 / 4 5 6 7 / 8 9
    expect(gridMove("ArrowRight", 1, 10, 4)).toEqual({ to: 2 });
    expect(gridMove("ArrowRight", 9, 10, 4)).toEqual({ to: 9 });
    expect(gridMove("ArrowLeft", 0, 10, 4)).toEqual({ to: 0 });
    expect(gridMove("ArrowDown", 1, 10, 4)).toEqual({ to: 5 });
    expect(gridMove("ArrowDown", 6, 10, 4)).toEqual({ to: 6 });
    expect(gridMove("ArrowUp", 5, 10, 4)).toEqual({ to: 1 });
    expect(gridMove("ArrowUp", 2, 10, 4)).toEqual({ to: 2 });
    expect(gridMove("Home", 6, 10, 4)).toEqual({ to: 4 });
    expect(gridMove("End", 4, 10, 4)).toEqual({ to: 7 });
    expect(gridMove("End", 8, 10, 4)).toEqual({ to: 9 });
    expect(gridMove("Home", 6, 10, 4, { ctrl: true })).toEqual({ to: 0 });
    expect(gridMove("End", 1, 10, 4, { ctrl: true })).toEqual({ to: 9 });
    expect(gridMove("PageDown", 1, 10, 4)).toBeNull();
    expect(gridMove("a", 1, 10, 4)).toBeNull();
  });

  it("turns the page at a paged grid's edges and with PageUp/PageDown", () => {
    expect(gridMove("ArrowRight", 6, 7, 7, { paged: true })).toEqual({ page: 1, to: "first" });
    expect(gridMove("ArrowLeft", 0, 7, 7, { paged: true })).toEqual({ page: -1, to: "last" });
    expect(gridMove("PageDown", 3, 7, 7, { paged: true })).toEqual({ page: 1, to: "same" });
    expect(gridMove("PageUp", 3, 7, 7, { paged: true })).toEqual({ page: -1, to: "same" });
  });

  it("finds the week that holds a date", () => {
    const dates = datesBetween("2025-06-01", "2025-07-01");
    expect(pageOf(dates, "2025-06-01")).toBe(0);
    expect(pageOf(dates, "2025-06-07")).toBe(0);
    expect(pageOf(dates, "2025-06-08")).toBe(1);
    expect(pageOf(dates, "2025-07-01")).toBe(4);
    expect(pageOf(dates, "2024-01-01")).toBe(0);
    expect(pageOf(dates, null)).toBe(0);
  });
});

let container: HTMLElement;

/** A fake of the appointments API: slots per date, bookings, and a slot that can be taken by someone else. */
class FakeAppointments {
  today = "2025-06-16";
  lastDate = "2025-07-16";
  timeZone = "America/New_York";
  taken = new Map<string, Set<string>>();
  /** Days whose slots are all over (today, after hours). */
  over = new Set<string>();
  /** The next booking loses the race for its slot. */
  stealNext = false;
  bookings: unknown[] = [];
  slotRequests: string[] = [];

  slots(date: string): DaySlots {
    const times = ["09:00", "10:00", "11:00", "12:00"];
    const taken = this.taken.get(date) ?? new Set();
    return {
      date,
      timeZone: this.timeZone,
      slotMinutes: 60,
      today: this.today,
      lastDate: this.lastDate,
      slots: times.map((time) => ({
        time,
        available: date >= this.today && date <= this.lastDate && !this.over.has(date) && !taken.has(time),
      })),
    };
  }

  fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (url.pathname === "/api/appointments/slots") {
      const date = url.searchParams.get("date")!;
      this.slotRequests.push(date);
      return json(200, this.slots(date));
    }
    if (url.pathname === "/api/appointments/book" && init?.method === "POST") {
      const body = JSON.parse(String(init.body));
      this.bookings.push(body);
      const taken = this.taken.get(body.appointmentDate) ?? new Set<string>();
      if (this.stealNext || taken.has(body.appointmentTime)) {
        this.stealNext = false;
        taken.add(body.appointmentTime);
        this.taken.set(body.appointmentDate, taken);
        const message = "This time slot is no longer available. Please choose another time.";
        return json(409, { message, code: "conflict", fields: { appointmentTime: message } });
      }
      taken.add(body.appointmentTime);
      this.taken.set(body.appointmentDate, taken);
      const message = `Your consultation is booked for Monday, June 16, 2025 at ${body.appointmentTime} (New York time). A confirmation email is on its way.`;
      return json(201, {
        success: true,
        message,
        appointment: { ...body, id: 1, notes: body.notes ?? null, status: "scheduled", createdAt: "", updatedAt: "" },
      });
    }
    return json(404, { message: "Not found", code: "not_found" });
  });
}

let fake: FakeAppointments;

beforeEach(() => {
  fake = new FakeAppointments();
  page.fetchMock.mockImplementation(fake.fetch);
  // The browser's clock: 16 June 2025 in the afternoon, local time.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2025, 5, 16, 15, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets pending fetches and the renders they cause finish. */
async function settle() {
  for (let i = 0; i < 5; i++) await settleOnce();
}

async function render(language: "en" | "fr" = "en") {
  container = await page.render(<ConsultationScheduler />, language);
  await settle();
}

const $ = <E extends Element = HTMLElement>(selector: string) => container.querySelector<E>(selector);
const $$ = (selector: string) => [...container.querySelectorAll<HTMLElement>(selector)];
const selectedDay = () => $("[data-testid=day-picker] [role=gridcell][aria-selected=true]")?.getAttribute("data-date");
const slotButtons = () =>
  $$("[data-testid=slots] [role=gridcell]").map((cell) => ({
    time: cell.dataset.time,
    text: cell.textContent,
    disabled: cell.getAttribute("aria-disabled") === "true",
  }));
const slotDisabled = (time: string) =>
  $(`[data-testid=slots] [data-time='${time}']`)?.getAttribute("aria-disabled") === "true";
const alerts = () => $$("[role=alert]").map((node) => node.textContent);
const submit = () => $<HTMLButtonElement>("form button[type=submit]")!;

function type(name: string, value: string) {
  const element = $<HTMLInputElement | HTMLTextAreaElement>(`[name=${name}]`)!;
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

function fillDetails() {
  type("customerName", "Grace Hopper");
  type("customerEmail", "grace@example.com");
  type("customerPhone", "+1 555 222 3333");
  type("notes", "A marketing plan for our launch");
}

describe("ConsultationScheduler", () => {
  it("says it is available 7 days a week and offers every day of the window, weekends included, one week at a time", async () => {
    await render();
    expect($("[data-testid=available-7-days]")?.textContent).toBe("Available 7 days a week");
    const days = $$("[data-testid=day-picker] [role=gridcell]");
    expect(days.map((day) => day.dataset.date)).toEqual([
      "2025-06-16",
      "2025-06-17",
      "2025-06-18",
      "2025-06-19",
      "2025-06-20",
      "2025-06-21",
      "2025-06-22",
    ]);
    expect(days.map((day) => day.getAttribute("aria-label"))).toContain("Saturday, June 21");
    expect(days.map((day) => day.getAttribute("aria-label"))).toContain("Sunday, June 22");

    const previous = $<HTMLButtonElement>("button[aria-label='Previous week']")!;
    const next = $<HTMLButtonElement>("button[aria-label='Next week']")!;
    expect(previous.disabled).toBe(true);
    for (let week = 0; week < 4; week++) await click(next);
    expect($$("[data-testid=day-picker] [role=gridcell]").map((day) => day.dataset.date)).toEqual([
      "2025-07-14",
      "2025-07-15",
      "2025-07-16",
    ]);
    expect(next.disabled).toBe(true);
  });

  it("shows the chosen day's slots from the server in the agency's time zone, taken or past slots disabled", async () => {
    fake.taken.set("2025-06-16", new Set(["10:00"]));
    await render();
    expect(fake.slotRequests).toEqual(["2025-06-16"]);
    expect(selectedDay()).toBe("2025-06-16");
    expect(slotButtons()).toEqual([
      { time: "09:00", text: "9:00 AM", disabled: false },
      { time: "10:00", text: "10:00 AM (unavailable)", disabled: true },
      { time: "11:00", text: "11:00 AM", disabled: false },
      { time: "12:00", text: "12:00 PM", disabled: false },
    ]);
    expect(container.textContent).toContain("Times are shown in New York time.");

    await click($("[data-testid=day-picker] [data-date='2025-06-21']")!);
    expect(fake.slotRequests.at(-1)).toBe("2025-06-21");
    expect(selectedDay()).toBe("2025-06-21");
    expect(container.textContent).toContain("Times on Saturday, June 21");
  });

  it("starts from the agency's today when the browser's date is behind it", async () => {
    fake.today = "2025-06-17";
    await render();
    expect(fake.slotRequests).toEqual(["2025-06-16", "2025-06-17"]);
    expect(selectedDay()).toBe("2025-06-17");
    expect($("[data-testid=day-picker] [role=gridcell]")?.dataset.date).toBe("2025-06-17");
  });

  it("opens on the next day with a free slot when today's are over", async () => {
    fake.over.add("2025-06-16");
    fake.taken.set("2025-06-17", new Set(["09:00", "10:00", "11:00", "12:00"]));
    await render();
    expect(fake.slotRequests).toEqual(["2025-06-16", "2025-06-17", "2025-06-18"]);
    expect(selectedDay()).toBe("2025-06-18");
    await click($("[data-testid=day-picker] [data-date='2025-06-16']")!);
    expect(slotButtons().every((slot) => slot.disabled)).toBe(true);
    expect(container.textContent).toContain("No free time slots on this day. Please choose another day.");
  });

  it("asks for a time slot and for name, email and phone ('Phone number is required') before booking", async () => {
    await render();
    await click(submit());
    expect(alerts()).toEqual([
      "Please choose a time slot for your consultation.",
      "Name is required",
      "Valid email is required",
      "Phone number is required",
    ]);
    await click($("[data-testid=slots] [data-time='11:00']")!);
    expect(alerts()).toEqual(["Name is required", "Valid email is required", "Phone number is required"]);
    type("customerName", "Grace Hopper");
    type("customerEmail", "grace@example.com");
    await click(submit());
    expect(alerts()).toEqual(["Phone number is required"]);
    expect(fake.bookings).toEqual([]);
  });

  it("books the slot from the website as a consultation, then confirms the date, time and time zone", async () => {
    await render();
    await click($("[data-testid=slots] [data-time='11:00']")!);
    expect($("[data-testid=slots] [data-time='11:00']")?.getAttribute("aria-selected")).toBe("true");
    expect($("[data-testid=selected-slot]")?.textContent).toBe("Your slot: Monday, June 16, 2025, 11:00 AM");
    fillDetails();
    await click(submit());

    expect(fake.bookings).toEqual([
      {
        customerName: "Grace Hopper",
        customerEmail: "grace@example.com",
        customerPhone: "+1 555 222 3333",
        notes: "A marketing plan for our launch",
        appointmentDate: "2025-06-16",
        appointmentTime: "11:00",
        appointmentType: "consultation",
        source: "website",
        language: "en",
      },
    ]);
    const confirmation = $("[data-testid=booking-confirmation]")!;
    expect(confirmation.closest("[role=status]")).not.toBeNull();
    const details = [...confirmation.querySelectorAll("dl > div")].map((row) => [
      row.querySelector("dt")?.textContent,
      row.querySelector("dd")?.textContent,
    ]);
    expect(details).toEqual([
      ["Date", "Monday, June 16, 2025"],
      ["Time", "11:00 AM"],
      ["Time zone", "New York time"],
    ]);
    expect(confirmation.textContent).toContain(
      "Your consultation is booked for Monday, June 16, 2025 at 11:00 (New York time). A confirmation email is on its way.",
    );
    // Said once, inline: no toast repeats it.
    expect(toast.success).not.toHaveBeenCalled();
    // The form stays, emptied, with the day's slots refreshed: the booked one is taken now.
    expect(slotDisabled("11:00")).toBe(true);
    expect(($("[name=customerName]") as HTMLInputElement).value).toBe("");
    // Choosing another slot puts the confirmation away.
    await click($("[data-testid=slots] [data-time='12:00']")!);
    expect($("[data-testid=booking-confirmation]")).toBeNull();
  });

  it("shows the server's message and the refreshed slots when the slot was just taken (409)", async () => {
    await render();
    await click($("[data-testid=slots] [data-time='09:00']")!);
    fillDetails();
    fake.stealNext = true;
    const requestsBefore = fake.slotRequests.length;
    await click(submit());

    const message = "This time slot is no longer available. Please choose another time.";
    expect(toast.error).not.toHaveBeenCalled();
    expect(alerts()).toEqual([message]);
    expect(fake.slotRequests.length).toBe(requestsBefore + 1);
    expect(slotDisabled("09:00")).toBe(true);
    expect($("[data-testid=slots] [aria-selected=true]")).toBeNull();
    expect($("[data-testid=booking-confirmation]")).toBeNull();
    // The details stay, so that another slot is one click away.
    expect(($("[name=customerName]") as HTMLInputElement).value).toBe("Grace Hopper");

    await click($("[data-testid=slots] [data-time='10:00']")!);
    await click(submit());
    expect($("[data-testid=booking-confirmation]")).not.toBeNull();
  });

  it("offers to try again when the slots cannot be loaded", async () => {
    fake.fetch.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await render();
    expect(container.textContent).toContain("We could not load the available times. Please try again.");
    await click($$("button").find((button) => button.textContent === "Try again")!);
    expect(slotButtons()).toHaveLength(4);
  });

  it("is one tab stop per grid, moved through with the arrow keys; Enter chooses and disabled slots are skipped by Enter", async () => {
    fake.taken.set("2025-06-16", new Set(["10:00"]));
    await render();
    const key = async (target: HTMLElement, name: string) => {
      await act(async () => target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })));
      await settle();
    };
    const focusable = (selector: string) => $$(selector).filter((cell) => cell.tabIndex === 0);
    expect(focusable("[data-testid=slots] [role=gridcell]").map((cell) => cell.dataset.time)).toEqual(["09:00"]);
    expect(focusable("[data-testid=day-picker] [role=gridcell]").map((cell) => cell.dataset.date)).toEqual([
      "2025-06-16",
    ]);

    const first = $("[data-testid=slots] [data-time='09:00']")!;
    act(() => first.focus());
    await key(first, "ArrowRight");
    expect(document.activeElement?.getAttribute("data-time")).toBe("10:00");
    expect(document.activeElement?.getAttribute("aria-disabled")).toBe("true");
    await key(document.activeElement as HTMLElement, "Enter");
    expect($("[data-testid=slots] [aria-selected=true]")).toBeNull();
    await key(document.activeElement as HTMLElement, "End");
    expect(document.activeElement?.getAttribute("data-time")).toBe("12:00");
    await key(document.activeElement as HTMLElement, " ");
    expect($("[data-testid=slots] [aria-selected=true]")?.getAttribute("data-time")).toBe("12:00");
    expect(focusable("[data-testid=slots] [role=gridcell]").map((cell) => cell.dataset.time)).toEqual(["12:00"]);

    const today = $("[data-testid=day-picker] [data-date='2025-06-16']")!;
    act(() => today.focus());
    await key(today, "ArrowRight");
    expect(document.activeElement?.getAttribute("data-date")).toBe("2025-06-17");
    await key(document.activeElement as HTMLElement, "PageDown");
    expect(document.activeElement?.getAttribute("data-date")).toBe("2025-06-24");
    await key(document.activeElement as HTMLElement, "Enter");
    expect(selectedDay()).toBe("2025-06-24");
  });

  it("speaks French, times and days included", async () => {
    await render("fr");
    expect($("[data-testid=available-7-days]")?.textContent).toBe("Disponible 7 jours sur 7");
    expect(slotButtons()[0].text).toBe("09:00");
    expect($("[data-testid=day-picker] [role=gridcell]")?.getAttribute("aria-label")).toBe("lundi 16 juin");
    await click(submit());
    expect(alerts()).toContain("Le numéro de téléphone est obligatoire");
    expect(submit().textContent).toBe("Réserver la consultation");
  });
});
