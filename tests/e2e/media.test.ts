import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import enMedia from "../../app/locales/en/media.json";
import frMedia from "../../app/locales/fr/media.json";
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
 * The media portfolio (spec 000, section 2 "/media", decision 10), in English and in French: a visitor
 * uploads an image and watches its progress bar, staff approve it in the Moderation tab, and it shows in
 * the gallery; staff upload, edit and delete an item in the Media tab of /admin. Axe on every screen.
 */

const browser = fileBrowser();
let photo: Buffer;
beforeAll(async () => {
  // Noise does not compress: about a megabyte, so that the upload takes a few throttled seconds.
  photo = await sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
});

/** Records every value the upload's progress bar shows, from the moment it appears. */
async function watchProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    const record = () => {
      const bar = document.querySelector<HTMLProgressElement>("[data-testid=upload-progress]");
      if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["value"],
    });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
}

for (const language of ["en", "fr"] as const) {
  const t = language === "fr" ? frMedia : enMedia;
  const prefix = language === "fr" ? "/fr" : "";
  const locale = language === "fr" ? "fr-FR" : "en-US";

  describe(`the media portfolio (${language})`, () => {
    it("uploads a visitor's image with its progress bar; staff approve it and it shows in the gallery", {
      timeout: 150_000,
    }, async () => {
      const title = `Rooftop ${language} ${Date.now().toString(36)}`;
      const visitor = await openPage(browser, { locale });
      const { page } = visitor;
      await page.goto(`${prefix}/media`);
      await waitForHydration(page);
      await expectText(page.locator("h1"), t.page.title);
      expect(await page.locator("link[rel=alternate][hreflang=fr]").count()).toBe(1);
      await expectAccessible(page);
      await saveScreenshot(page, `media-${language}-1280`);

      const form = page.getByTestId("media-upload-form");
      await expectToast(page, () => form.getByRole("button", { name: t.upload.submit, exact: true }).click(), {
        title: t.upload.noFileTitle,
        description: t.upload.noFileBody,
      });
      await form
        .getByLabel(t.upload.file, { exact: true })
        .setInputFiles({ name: "rooftop.jpg", mimeType: "image/jpeg", buffer: photo });
      await expectToast(page, () => form.getByRole("button", { name: t.upload.submit, exact: true }).click(), {
        title: t.validation.titleRequired,
      });
      await form.getByLabel(t.upload.title, { exact: true }).fill(title);
      await form.getByLabel(t.upload.description, { exact: true }).fill("Shot at dusk.");
      await form.getByLabel(t.upload.category, { exact: true }).selectOption("photography");

      // A slow uplink (about 300 KB/s) so that the bar has something to show.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 300 * 1024,
      });
      const progress = await watchProgress(page);
      await expectToast(page, () => form.getByRole("button", { name: t.upload.submit, exact: true }).click(), {
        title: t.upload.success,
        description: t.upload.pendingNote,
        // Sent through the slowed uplink, then probed and stored: longer than a click's answer on a busy machine.
        timeoutMs: 45_000,
      });
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const values = await progress();
      expect(values[0]).toBe(0);
      expect(
        values.some((value) => value > 0 && value < 100),
        `progress values: ${values.join(", ")}`,
      ).toBe(true);
      await expect.poll(() => page.getByTestId("upload-progress").count()).toBe(0);
      // Pending: not in the gallery yet.
      await page.reload();
      expect(await page.getByRole("heading", { name: title }).count()).toBe(0);

      // Staff approve it from the Moderation tab.
      const staff = await openPage(browser, { signedInAs: adminAccount() });
      await staff.page.goto(`${prefix}/admin/moderation`);
      await waitForHydration(staff.page);
      const pending = staff.page.locator("section[aria-labelledby=moderation-media-heading]");
      await expectText(pending.locator("h2"), t.admin.moderationMedia);
      await expectAccessible(staff.page);
      await saveScreenshot(staff.page, `admin-media-moderation-${language}-1280`);
      await expectToast(
        staff.page,
        () => pending.getByRole("button", { name: `${t.admin.approve}: ${title}`, exact: true }).click(),
        { title: t.admin.approved },
      );
      await waitForToastsToSettle(staff.page);
      await staff.close();

      // In the gallery, under its category, with a re-encoded image.
      await page.goto(`${prefix}/media?category=photography`);
      await waitForHydration(page);
      const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
      await card.waitFor();
      const src = await card.locator("img").getAttribute("src");
      expect(src).toMatch(/^\/uploads\/media\/[a-f0-9-]+\/w480\.webp$/);
      const image = await page.request.get(src!);
      expect(image.headers()["content-type"]).toBe("image/webp");
      expect(image.headers()["x-content-type-options"]).toBe("nosniff");

      // A comment, with the documents' "Missing info" first.
      await card.locator("summary").click();
      // The approved comments load as the list opens and push the form down: click once they are in.
      await card.getByText(t.comments.none, { exact: true }).waitFor();
      await expectToast(page, () => card.getByRole("button", { name: t.comments.submit, exact: true }).click(), {
        title: t.comments.missingTitle,
        description: t.comments.missingBody,
      });
      await card.getByLabel(t.comments.name, { exact: true }).fill("Ana");
      await card.getByLabel(t.comments.comment, { exact: true }).fill("Beautiful light.");
      await expectToast(page, () => card.getByRole("button", { name: t.comments.submit, exact: true }).click(), {
        title: t.comments.sentTitle,
      });
      await expectAccessible(page);
      await waitForToastsToSettle(page);
      await visitor.close();

      // At 390 px, the page fits.
      const phone = await openPage(browser, { locale, viewport: { width: 390, height: 844 } });
      await phone.page.goto(`${prefix}/media`);
      await waitForHydration(phone.page);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(phone.page);
      await saveScreenshot(phone.page, `media-${language}-390`);
      await phone.close();
    });

    it("lets staff upload, edit and delete a media item in the Media tab of /admin", { timeout: 120_000 }, async () => {
      const title = `Brand sheet ${language} ${Date.now().toString(36)}`;
      const staff = await openPage(browser, { signedInAs: adminAccount() });
      const { page } = staff;
      await page.goto(`${prefix}/admin/media`);
      await waitForHydration(page);
      const form = page.getByTestId("media-upload-form");
      await expectText(form.locator("h2"), t.admin.upload);
      await expectAccessible(page);
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2e86de" } })
        .png()
        .toBuffer();
      await form
        .getByLabel(t.upload.file, { exact: true })
        .setInputFiles({ name: "sheet.png", mimeType: "image/png", buffer: png });
      await form.getByLabel(t.upload.title, { exact: true }).fill(title);
      await expectToast(page, () => form.getByRole("button", { name: t.upload.submit, exact: true }).click(), {
        title: t.upload.success,
        description: t.upload.publishedNote,
      });
      const list = page.locator("section[aria-labelledby=all-media-heading]");
      const record = list.locator("article", { has: page.getByRole("heading", { name: title }) });
      await record.waitFor();
      await expectText(record, new RegExp(t.admin.status.published));

      await record.getByRole("button", { name: `${t.admin.edit}: ${title}`, exact: true }).click();
      const edit = page.locator("form[aria-labelledby=media-edit-heading]");
      await edit.getByLabel(t.upload.title, { exact: true }).fill("");
      await edit.getByRole("button", { name: t.admin.save, exact: true }).click();
      await expectText(edit, new RegExp(t.validation.titleRequired));
      const renamed = `${title} v2`;
      await edit.getByLabel(t.upload.title, { exact: true }).fill(renamed);
      await edit.getByLabel(t.admin.clientName, { exact: true }).fill("Studio Nord");
      await expectAccessible(page);
      await saveScreenshot(page, `admin-media-${language}-1280`);
      await expectToast(page, () => edit.getByRole("button", { name: t.admin.save, exact: true }).click(), {
        title: t.admin.saved,
      });
      const renamedRecord = list.locator("article", { has: page.getByRole("heading", { name: renamed, exact: true }) });
      await renamedRecord.waitFor();

      await renamedRecord.getByRole("button", { name: `${t.admin.delete}: ${renamed}`, exact: true }).click();
      const dialog = page.getByRole("alertdialog");
      await expectText(dialog.getByRole("heading"), t.admin.confirmDeleteTitle);
      await expectToast(page, () => dialog.getByRole("button", { name: t.admin.delete, exact: true }).click(), {
        title: t.admin.deleted,
      });
      await expect.poll(() => list.getByRole("heading", { name: renamed, exact: true }).count()).toBe(0);
      await waitForToastsToSettle(page);
      await staff.close();
    });
  });
}
