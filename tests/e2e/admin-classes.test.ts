import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import enAdmin from "../../app/locales/en/admin.json";
import frAdmin from "../../app/locales/fr/admin.json";
import enAdminClasses from "../../app/locales/en/adminclasses.json";
import frAdminClasses from "../../app/locales/fr/adminclasses.json";
import enClasses from "../../app/locales/en/classes.json";
import frClasses from "../../app/locales/fr/classes.json";
import {
  adminAccount,
  expectAccessible,
  expectText,
  expectToast,
  fileBrowser,
  openPage,
  saveScreenshot,
  waitForHydration,
  waitForToastsToSettle,
} from "./browser.ts";

/**
 * The Overview and Classes tabs of /admin, in English and in French: staff land on the Overview, create
 * a class (after the validation messages of spec 000, section 5), see a missing translation flagged,
 * edit it, find it in the public classes API, and delete it. Axe on each screen.
 */

const browser = fileBrowser();

interface ListedClass {
  id: number;
  title: string;
  price: number;
}

/** The active classes as the site reads them, in one language. */
async function publicClasses(page: Page, language: "en" | "fr"): Promise<ListedClass[]> {
  const response = await page.request.get(`/api/classes?language=${language}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ListedClass[] }).data;
}

for (const language of ["en", "fr"] as const) {
  const t = language === "fr" ? frAdminClasses : enAdminClasses;
  const a = language === "fr" ? frAdmin : enAdmin;
  const v = (language === "fr" ? frClasses : enClasses).validation;
  const prefix = language === "fr" ? "/fr" : "";
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!);
  const label = (field: string, lang: "en" | "fr" | null, required: boolean) =>
    `${t.form[field as keyof typeof t.form]}${lang ? ` (${t.form[lang]})` : ""}${required ? " *" : ""}`;

  describe(`the Overview and Classes tabs (${language})`, () => {
    it("opens on the Overview; creates a class after its validation errors, edits it, finds it on the site and deletes it", {
      timeout: 150_000,
    }, async () => {
      const stamp = `${language}-${Date.now().toString(36)}`;
      const titleEn = `Brand Photography ${stamp}`;
      const titleFr = `Photographie de marque ${stamp}`;
      const shownTitle = language === "fr" ? titleFr : titleEn;

      const staff = await openPage(browser, { signedInAs: adminAccount() });
      const { page } = staff;
      await page.goto(`${prefix}/admin`);
      await waitForHydration(page);

      // The Overview is the dashboard's own page, with today's figures and the newest posts and reviews.
      const sections = page.getByRole("navigation", { name: a.tabsLabel });
      expect(
        await sections.getByRole("link", { name: t.tabs.overview, exact: true }).getAttribute("aria-current"),
      ).toBe("page");
      expect(await page.title()).toMatch(new RegExp(`^${t.tabs.overview} \\| ${a.title} \\| `));
      const panel = page.locator("main");
      await expectText(panel.getByRole("heading", { level: 2, name: t.overview.today, exact: true }), t.overview.today);
      await expectText(panel.getByTestId("overview-orders-placed"), /\d/);
      await expectText(panel.getByTestId("overview-new-leads"), /^\d+$/);
      await expectText(panel.getByTestId("overview-pending"), /^\d+$/);
      await panel.getByRole("heading", { level: 2, name: t.overview.recentPosts, exact: true }).waitFor();
      await panel.getByRole("heading", { level: 2, name: t.overview.recentReviews, exact: true }).waitFor();
      await expectAccessible(page);
      await saveScreenshot(page, `admin-overview-${language}-1280`);

      // Its links open the other sections, each at its own address; the back button returns.
      await panel.getByRole("link", { name: t.overview.viewModeration, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/admin/moderation`);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `${prefix}/admin`);

      await sections.getByRole("link", { name: t.tabs.classes, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/admin/classes`);
      const form = page.getByRole("form", { name: t.form.createHeading });
      await form.waitFor();

      // Section 5's messages, for each language's field, before anything is sent.
      await form.getByRole("button", { name: t.form.create, exact: true }).click();
      await expect.poll(() => form.getByText(v.titleRequired, { exact: true }).count()).toBe(2);
      await expect(form.getByText(v.descriptionMin, { exact: true }).count()).resolves.toBe(2);
      await expect(form.getByText(v.instructorRequired, { exact: true }).count()).resolves.toBe(1);
      await expect(form.getByText(v.durationRequired, { exact: true }).count()).resolves.toBe(2);
      await expectAccessible(page);

      await form.getByLabel(label("title", "en", true), { exact: true }).fill(titleEn);
      await form.getByLabel(label("title", "fr", true), { exact: true }).fill(titleFr);
      await form
        .getByLabel(label("description", "en", true), { exact: true })
        .fill("Light and frame products for your online shop.");
      await form
        .getByLabel(label("description", "fr", true), { exact: true })
        .fill("Éclairer et cadrer vos produits pour votre boutique en ligne.");
      await form.getByLabel(label("duration", "en", true), { exact: true }).fill("3 weeks");
      await form.getByLabel(label("duration", "fr", true), { exact: true }).fill("3 semaines");
      await form.getByLabel(label("instructorName", null, true), { exact: true }).fill("Inès Laurent");
      await form
        .getByLabel(label("instructorBio", "en", false), { exact: true })
        .fill("Product photographer for ten years.");
      await form.getByLabel(label("level", null, true), { exact: true }).selectOption("intermediate");
      await form.getByLabel(label("maxStudents", null, false), { exact: true }).fill("12");
      // A price below 0 is refused by the same rule on both sides.
      await form.getByLabel(label("price", null, true), { exact: true }).fill("-5");
      await form.getByRole("button", { name: t.form.create, exact: true }).click();
      await expectText(form.getByText(v.priceMin, { exact: true }), v.priceMin);
      await form.getByLabel(label("price", null, true), { exact: true }).fill("149");
      await expectToast(page, () => form.getByRole("button", { name: t.form.create, exact: true }).click(), {
        title: t.toast.created,
      });

      const listed = page.getByRole("article", { name: shownTitle, exact: true });
      await listed.waitFor();
      await expect(listed.getByText(t.list.missing.fr, { exact: true }).count()).resolves.toBe(1);
      await expect(listed.getByText("$149.00", { exact: true }).count()).resolves.toBe(1);
      await expect(
        listed.getByText(fill(t.list.seatsOf, { current: "0", max: "12" }), { exact: true }).count(),
      ).resolves.toBe(1);
      await waitForToastsToSettle(page);
      await expectAccessible(page);
      await saveScreenshot(page, `admin-classes-${language}-1280`);

      // The site lists it, in both languages, at the server's price.
      const created = (await publicClasses(page, "fr")).find((item) => item.title === titleFr);
      expect(created).toMatchObject({ price: 14_900 });
      expect((await publicClasses(page, "en")).find((item) => item.id === created!.id)?.title).toBe(titleEn);

      // Its enrolments: none yet.
      await listed
        .getByRole("button", { name: fill(t.list.showEnrollmentsLabel, { title: shownTitle }), exact: true })
        .click();
      await expectText(listed.getByText(t.enrollments.empty, { exact: true }), t.enrollments.empty);

      // Edit: the French bio makes the flag go away, the new price is the site's.
      await listed.getByRole("button", { name: fill(t.list.editLabel, { title: shownTitle }), exact: true }).click();
      const editForm = page.getByRole("form", { name: t.form.editHeading });
      await editForm.waitFor();
      expect(await editForm.getByLabel(label("title", "fr", true), { exact: true }).inputValue()).toBe(titleFr);
      await editForm
        .getByLabel(label("instructorBio", "fr", false), { exact: true })
        .fill("Photographe produit depuis dix ans.");
      await editForm.getByLabel(label("price", null, true), { exact: true }).fill("99.50");
      await expectToast(page, () => editForm.getByRole("button", { name: t.form.update, exact: true }).click(), {
        title: t.toast.updated,
      });
      await page.getByRole("form", { name: t.form.createHeading }).waitFor();
      await expect
        .poll(() => listed.getByText(t.list.missing.fr, { exact: true }).count(), { timeout: 20_000 })
        .toBe(0);
      await expect.poll(() => listed.getByText("$99.50", { exact: true }).count()).toBe(1);
      expect((await publicClasses(page, language)).find((item) => item.id === created!.id)?.price).toBe(9_950);
      await waitForToastsToSettle(page);

      // Delete, after confirming.
      await listed.getByRole("button", { name: fill(t.list.deleteLabel, { title: shownTitle }), exact: true }).click();
      const dialog = page.getByRole("alertdialog", { name: t.delete.title });
      await dialog.waitFor();
      await expectAccessible(page);
      await expectToast(page, () => dialog.getByRole("button", { name: t.delete.confirm, exact: true }).click(), {
        title: t.toast.deleted,
      });
      await listed.waitFor({ state: "detached" });
      expect((await publicClasses(page, language)).some((item) => item.id === created!.id)).toBe(false);
      await staff.close();
    });
  });
}
