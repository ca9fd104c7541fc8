import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enWaitlist from "../../app/locales/en/waitlist.json" with { type: "json" };
import frWaitlist from "../../app/locales/fr/waitlist.json" with { type: "json" };
import enClasses from "../../app/locales/en/classes.json" with { type: "json" };
import frClasses from "../../app/locales/fr/classes.json" with { type: "json" };
import {
  baseUrl,
  expectAccessible,
  expectText,
  fileBrowser,
  mailLinkFor,
  openPage,
  staffRequest,
  waitForHydration,
} from "./browser.ts";

/**
 * The waiting list of a full class in a real browser, in English and French: a full class shows the
 * waiting-list form and joining says the place in line; when staff add a seat, the e-mailed offer link
 * shows the seat held until when and for whom, and Enroll Now carries it to /payment; the e-mailed link
 * to leave the list asks for a click and says the person has left.
 */

const browser = fileBrowser();

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TEXTS = { en: enWaitlist, fr: frWaitlist } as const;
const CLASS_TEXTS = { en: enClasses, fr: frClasses } as const;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A class of this test with one seat, held by someone paying, so that newcomers find it full. */
async function heldClass(language: "en" | "fr"): Promise<{ id: number; title: string }> {
  const staff = await staffRequest();
  const title = `Waiting-list workshop ${language} ${RUN}`;
  const made = await staff.post("/api/admin/classes", {
    data: {
      titleEn: title,
      titleFr: title,
      descriptionEn: "A short workshop with one seat, for the waiting list.",
      descriptionFr: "Un court atelier à une place, pour la liste d'attente.",
      instructorName: "Inès Laurent",
      durationEn: "1 day",
      durationFr: "1 jour",
      price: 9_900,
      maxStudents: 1,
    },
    headers: { origin: baseUrl() },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const held = await staff.post("/api/create-class-payment-intent", {
    data: { classId: id, customerName: "Someone Paying", customerEmail: `paying-${language}-${RUN}@example.com` },
    headers: { origin: baseUrl() },
  });
  expect(held.status(), await held.text()).toBe(201);
  return { id, title };
}

/** The id of a full class of the demo content (Brand Identity: 8 seats, 8 enrolled). */
async function fullClassId(page: Page): Promise<number> {
  // A page of up to a hundred: other files' classes may come before the demo's on the first twelve.
  const response = await page.request.get("/api/classes?limit=100");
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Array<{ id: number; full: boolean }> };
  const full = data.find((item) => item.full);
  expect(full, "a full demo class").toBeDefined();
  return full!.id;
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitForHydration(page);
}

describe.each(["en", "fr"] as const)("class waiting list (%s)", (language) => {
  const t = TEXTS[language];
  const c = CLASS_TEXTS[language];

  it("a full class shows the waiting-list form; joining says the place in line; a seat added by staff is offered by e-mail, and the offer link holds it for Enroll Now; it passes axe", async () => {
    const { id, title } = await heldClass(language);
    const { page, close } = await openPage(browser, { locale: language === "fr" ? "fr-FR" : "en-US" });
    try {
      await visit(page, `/${language}/classes/${id}`);
      await expectText(page.getByTestId("class-full-state").getByRole("status"), c.detail.full);
      const form = page.getByRole("region", { name: t.form.title });
      await form.getByLabel(t.form.nameLabel, { exact: true }).fill(`Waiting ${RUN}`);
      const email = `waiting-${language}-${RUN}@example.com`;
      await form.getByLabel(t.form.emailLabel, { exact: true }).fill(email);
      await form.getByRole("button", { name: t.form.submit, exact: true }).click();
      await expectText(
        page.getByTestId("waiting-list-joined"),
        t.form.successTitle + t.form.position.replace("{{position}}", "1"),
      );
      await expectAccessible(page);

      // Staff add a seat: it is held for the first person waiting, who is e-mailed the link.
      const staff = await staffRequest();
      const raised = await staff.put(`/api/admin/classes/${id}`, {
        data: { maxStudents: 2 },
        headers: { origin: baseUrl() },
      });
      expect(raised.status(), await raised.text()).toBe(200);
      const link = await mailLinkFor(email, "class.waitlist-offer", `/${language}/classes/${id}`);
      await visit(page, new URL(link).pathname + new URL(link).search);
      await expectText(
        page.getByTestId("seat-offer"),
        new RegExp(`^${escape(t.offer.heldUntil.split("{{until}}")[0])}.+${escape(email)}`),
      );
      await expectAccessible(page);
      await page.getByTestId("enroll-now").click();
      await page.waitForURL((url) => url.pathname === `/${language}/payment`);
      await expectText(
        page.getByTestId("enrol-offer"),
        t.offer.heldFor.replace("{{name}}", `Waiting ${RUN}`).replace("{{email}}", email),
      );
      await expectText(page.getByTestId("enrol-class-title"), title);
    } finally {
      await close();
    }
    // Off the site again, once no page of this test reads it.
    await (await staffRequest()).put(`/api/admin/classes/${id}`, {
      data: { active: false },
      headers: { origin: baseUrl() },
    });
  });

  it("the e-mailed leave link asks for a click, then says the person has left; it passes axe", async () => {
    const { page, close } = await openPage(browser, { locale: language === "fr" ? "fr-FR" : "en-US" });
    try {
      const classId = await fullClassId(page);
      const email = `leave-${language}-${RUN}@example.com`;
      const joined = await page.request.post(`/api/classes/${classId}/waitlist`, {
        data: { name: `Leaver ${RUN}`, email, language },
        headers: { origin: baseUrl() },
      });
      expect(joined.status(), await joined.text()).toBe(201);
      const link = await mailLinkFor(email, "class.waitlist-joined", `/${language}/waitlist/leave`);
      await visit(page, new URL(link).pathname + new URL(link).search);
      await expectText(page.getByRole("heading", { level: 1 }), t.leavePage.title);
      await expectAccessible(page);
      await page.getByRole("button", { name: t.leavePage.submit, exact: true }).click();
      await expectText(page.getByRole("heading", { level: 1 }), t.leavePage.doneTitle);
      await expectText(page.getByText(t.leavePage.doneText, { exact: true }), t.leavePage.doneText);
      await expectAccessible(page);
    } finally {
      await close();
    }
  });
});
