import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enAppointments from "../../app/locales/en/appointments.json";
import frAppointments from "../../app/locales/fr/appointments.json";
import {
  collapsed,
  expectAccessibleWithin,
  expectText,
  fileBrowser,
  openPage,
  RESULTS_DIR,
  saveScreenshot,
  waitForHydration,
  onSecondDatabase,
} from "./browser.ts";

/**
 * A keyboard-only booking at 390 px, in both languages: one Tab into the day grid, one into the time
 * grid (not one per slot), arrows and Enter to choose, the details typed, Enter on Book. The
 * confirmation is announced (a live region) and scrolled into view while the focus stays on the button.
 */

const browser = fileBrowser();

const RUN = Date.now().toString(36);

/** What has the focus: its role, its grid's test id, and its data-date / data-time. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      role: element?.getAttribute("role") ?? element?.tagName.toLowerCase() ?? null,
      grid: element?.closest("[role=grid]")?.getAttribute("data-testid") ?? null,
      date: element?.dataset.date ?? null,
      time: element?.dataset.time ?? null,
      disabled: element?.getAttribute("aria-disabled") === "true",
      name: element?.getAttribute("name") ?? null,
      text: element?.textContent?.trim() ?? null,
    };
  });
}

const languages = [
  { name: "English", prefix: "/en", t: enAppointments },
  { name: "French", prefix: "/fr", t: frAppointments },
];

describe.each(languages)("booking with the keyboard only, in $name", ({ name, prefix, t }) => {
  it("is one tab stop per grid, arrows move, Enter chooses and books; the confirmation is announced and in view", async () => {
    const session = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const { page } = session;
    await page.goto(`${prefix}/contact`);
    await waitForHydration(page);
    await page.locator("#consultation").scrollIntoViewIfNeeded();
    const slots = page.getByTestId("slots");
    await slots.locator('[role="gridcell"]').first().waitFor();
    await expectText(
      page.locator("#consultation h4 + p").first(),
      collapsed(t.scheduler.timesIn.replace("{{zone}}", prefix === "/fr" ? "heure de New York" : "New York time")),
    );
    await expectAccessibleWithin(page, "#consultation");

    // From the button before it, one Tab into the day grid, on its one focusable day.
    await page.getByRole("button", { name: t.scheduler.nextWeek, exact: true }).focus();
    await page.keyboard.press("Tab");
    const day = await focused(page);
    expect(day).toMatchObject({ role: "gridcell", grid: "day-picker" });
    await page.keyboard.press("ArrowRight");
    expect((await focused(page)).date).not.toBe(day.date);
    await page.keyboard.press("ArrowLeft");
    expect((await focused(page)).date).toBe(day.date);

    // One more Tab: the time grid, on one cell.
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ role: "gridcell", grid: "slots" });
    // The last free time of the day, so that it cannot pass while the test runs.
    await page.keyboard.press("Control+End");
    for (let i = 0; i < 40 && (await focused(page)).disabled; i++) await page.keyboard.press("ArrowLeft");
    const slot = await focused(page);
    expect(slot.disabled).toBe(false);
    await page.keyboard.press("Enter");
    expect(await slots.locator(`[data-time="${slot.time}"]`).getAttribute("aria-selected")).toBe("true");
    // Once the colour transition has finished.
    await page.waitForFunction(
      (time) =>
        getComputedStyle(document.querySelector(`[data-testid="slots"] [data-time="${time}"]`)!).color ===
        "rgb(255, 255, 255)",
      slot.time,
    );
    await page.screenshot({ path: `${RESULTS_DIR}/booking-grid-${name.toLowerCase()}-390-viewport.png` });
    await expectText(page.getByTestId("selected-slot"), new RegExp(`^${collapsed(t.scheduler.selected)}`));

    // The next Tab leaves the grid for the first field: not one stop per time.
    await page.keyboard.press("Tab");
    expect((await focused(page)).name).toBe("customerName");
    await page.keyboard.type(`Kim Keyboard ${RUN}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type(`kim-${prefix.slice(1)}-${RUN}@example.com`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("+1 555 010 9988");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Booked without a mouse.");
    await page.keyboard.press("Tab");
    expect((await focused(page)).text).toBe(t.scheduler.book);
    await page.keyboard.press("Enter");

    const confirmation = page.getByTestId("booking-confirmation");
    await confirmation.waitFor();
    expect(await confirmation.evaluate((element) => element.closest('[role="status"]') !== null)).toBe(true);
    await expectText(confirmation.locator("p").first(), collapsed(t.scheduler.bookedTitle));
    // The focus is still on the button; no toast repeats the confirmation.
    expect((await focused(page)).text).toBe(t.scheduler.book);
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
    // Scrolled into view on a phone.
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="booking-confirmation"]')?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    // The booked time is taken now.
    await page.waitForFunction(
      (time) =>
        document.querySelector(`[data-testid="slots"] [data-time="${time}"]`)?.getAttribute("aria-disabled") === "true",
      slot.time,
    );
    await expectAccessibleWithin(page, "#consultation");
    await saveScreenshot(page, `booking-confirmed-${name.toLowerCase()}-390`);
    // What the person sees at that moment: the button and the confirmation under it.
    await page.screenshot({ path: `${RESULTS_DIR}/booking-confirmed-${name.toLowerCase()}-390-viewport.png` });
    await session.close();
  });
});

// Screenshots for people to look at: taken on the first run only.
describe.skipIf(onSecondDatabase()).each(languages)("the contact page at two widths, in $name", ({ name, prefix }) => {
  it.each([1280, 390])("is screenshotted at %i px", async (width) => {
    const session = await openPage(browser, { viewport: { width, height: 900 } });
    await session.page.goto(`${prefix}/contact`);
    await waitForHydration(session.page);
    await session.page.locator("#consultation").scrollIntoViewIfNeeded();
    await session.page.getByTestId("slots").locator('[role="gridcell"]').first().waitFor();
    await saveScreenshot(session.page, `contact-${name.toLowerCase()}-${width}`);
    await session.close();
  });
});
