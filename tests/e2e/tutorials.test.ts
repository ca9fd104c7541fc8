import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_TUTORIALS } from "../../db/seed-tutorials.server.ts";
import {
  adminAccount,
  expectAccessible,
  expectedStatus,
  expectText,
  fileBrowser,
  openPage,
  saveScreenshot,
  waitForHydration,
  waitForToastsToSettle,
  type PageSession,
} from "./browser.ts";

/**
 * Tutorials in a real browser (issue 12), in English and French: browsing and filtering the list, a
 * video tutorial from its allowed player, its view counted once per visitor however often it is
 * reloaded, members-only content, and "Tutorial Not Found".
 */

const browser = fileBrowser();

const published = DEMO_TUTORIALS.filter((demo) => demo.tutorial.published).sort((a, b) => a.ageDays - b.ageDays);
const EN = published.map((demo) => demo.tutorial.titleEn);
const FR = published.map((demo) => demo.tutorial.titleFr);
const [SOCIAL, COLOUR, CHATBOT, LOGO] = EN;

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const list = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
/** The demo tutorials among the cards, in their order (other tests may add tutorials of their own). */
const seededCards = async (page: Page, name = "Tutorials", titles = [...EN, ...FR]) =>
  (await list(page, name).locator("article h2").allTextContents()).filter((title) => titles.includes(title));

/**
 * A page session that is a visitor of its own (the view count tells visitors apart by address and
 * browser), with the video players answered locally: this machine has no way out, and the test checks
 * which player address the page asks for.
 */
async function visitorSession(
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<PageSession & { frames: string[] }> {
  const session = await openPage(browser, options);
  await session.context.setExtraHTTPHeaders({
    "user-agent": `tutorials-e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  });
  const frames: string[] = [];
  await session.context.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, async (route) => {
    frames.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><html lang=en><title>Player</title><p>Player</p></html>",
    });
  });
  return Object.assign(session, { frames });
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitForHydration(page);
}

describe("tutorials in English", () => {
  it("lists the published tutorials as cards, filters them by difficulty and search in the address, and passes axe", async () => {
    const session = await visitorSession();
    const { page } = session;
    await visit(page, "/tutorials");
    await expectText(heading(page), "Tutorials");
    expect(await page.title()).toContain("Tutorials");
    expect(await page.locator('link[rel="alternate"][hreflang="fr"]').getAttribute("href")).toMatch(/\/fr\/tutorials$/);
    expect(await seededCards(page)).toEqual(EN);

    // The video tutorial without an image: the fallback picture and the Video Tutorial tag.
    const social = list(page, "Tutorials")
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: SOCIAL }) });
    await expect(social.getByTestId("video-fallback-image").count()).resolves.toBe(1);
    await expect(social.getByText("Video Tutorial", { exact: true }).count()).resolves.toBe(1);
    await expect(social.getByText("Beginner", { exact: true }).count()).resolves.toBe(1);
    await expect(social.getByText("Social Media", { exact: true }).count()).resolves.toBe(1);
    await expect(social.getByText("25 min", { exact: true }).count()).resolves.toBe(1);
    await expect(social.getByText(/^\d+ views$/).count()).resolves.toBe(1);
    await expect(social.getByRole("button", { name: `Share: ${SOCIAL}` }).count()).resolves.toBe(1);
    await expect(social.getByRole("link", { name: `Start Tutorial: ${SOCIAL}` }).getAttribute("href")).resolves.toMatch(
      /^\/tutorials\/\d+$/,
    );
    // No estimated time: "Quick read".
    const logo = list(page, "Tutorials")
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: LOGO }) });
    await expect(logo.getByText("Quick read", { exact: true }).count()).resolves.toBe(1);
    await expectAccessible(page);

    await page
      .getByRole("group", { name: "Filter by difficulty" })
      .getByRole("button", { name: "Advanced", exact: true })
      .click();
    await page.waitForURL((url) => url.searchParams.get("difficulty") === "advanced");
    await expect.poll(() => seededCards(page)).toEqual([CHATBOT]);
    expect(await page.getByRole("button", { name: "Advanced", exact: true }).getAttribute("aria-pressed")).toBe("true");

    await page.getByRole("button", { name: "All", exact: true }).click();
    await page.getByRole("searchbox", { name: "Search tutorials" }).fill("video");
    await page.waitForURL((url) => url.searchParams.get("q") === "video" && !url.searchParams.has("difficulty"));
    // "Video" is the colour grading tutorial's category: the search covers categories as well as titles.
    await expect.poll(() => seededCards(page)).toEqual([COLOUR]);
    await page.getByRole("searchbox", { name: "Search tutorials" }).fill("nothing matches this");
    await expect.poll(() => page.getByText("No tutorials found", { exact: true }).count()).toBe(1);
    await expect(page.getByText("Try adjusting your search or filters", { exact: true }).count()).resolves.toBe(1);
    // Axe reads the colours once the results are no longer dimmed by a search still loading.
    await expect.poll(() => page.locator("[aria-busy=true]").count()).toBe(0);
    await expectAccessible(page);
    await session.close();
  });

  it("plays a video tutorial from YouTube's privacy-enhanced player and counts the view once, however often it is reloaded", async () => {
    const session = await visitorSession();
    const { page } = session;
    await visit(page, "/tutorials");
    const views: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && /\/api\/tutorials\/\d+\/view$/.test(request.url())) views.push(request.url());
    });
    const card = list(page, "Tutorials")
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: SOCIAL }) });
    const listed = Number((await card.getByText(/^\d+ views$/).textContent())!.split(" ")[0]);
    await card.getByRole("link", { name: `Start Tutorial: ${SOCIAL}` }).click();
    await page.waitForURL(/\/tutorials\/\d+$/);
    await expectText(heading(page), SOCIAL);

    const player = page.locator("iframe");
    expect(await player.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/ysz5S6PUM-U");
    expect(await player.getAttribute("title")).toBe(`Video: ${SOCIAL}`);
    await expect.poll(() => session.frames).toContain("https://www.youtube-nocookie.com/embed/ysz5S6PUM-U");
    // The content's markdown-style headings are headings, its lines text.
    await expect(page.getByRole("heading", { level: 2, name: "Step 1: choose four themes" }).count()).resolves.toBe(1);
    await expect(page.getByRole("heading", { level: 3, name: "Tip" }).count()).resolves.toBe(1);
    await expect(page.getByRole("listitem").filter({ hasText: "content calendar" }).count()).resolves.toBe(1);
    await expect.poll(() => views.length).toBe(1);
    await expectText(page.getByTestId("view-count"), `${listed + 1} views`);
    await expectAccessible(page);

    // Reloading the page asks again, but this visitor has been counted today.
    for (let reload = 0; reload < 2; reload++) {
      // Listened for before the reload: the answer may come before the page has hydrated.
      const answered = page.waitForResponse(
        (response) => response.request().method() === "POST" && /\/view$/.test(response.url()),
      );
      await page.reload();
      await waitForHydration(page);
      await answered;
      expect(views).toHaveLength(reload + 2);
      await expectText(page.getByTestId("view-count"), `${listed + 1} views`);
    }
    const id = new URL(page.url()).pathname.split("/").pop();
    const api = await page.request.get(`/api/tutorials/${id}`);
    expect((await api.json()).viewCount).toBe(listed + 1);
    await session.close();
  });

  it("shows a visitor a members-only tutorial's summary and 'Login to Access Premium Content', and a missing one 'Tutorial Not Found'", async () => {
    const session = await visitorSession({ viewport: { width: 390, height: 844 } });
    const { page } = session;
    await visit(page, "/tutorials");
    await list(page, "Tutorials")
      .getByRole("link", { name: `Start Tutorial: ${CHATBOT}` })
      .click();
    await page.waitForURL(/\/tutorials\/\d+$/);
    await expectText(heading(page), CHATBOT);
    await expect(
      page.getByRole("link", { name: "Login to Access Premium Content" }).getAttribute("href"),
    ).resolves.toMatch(/^\/api\/login\?returnTo=%2Ftutorials%2F\d+$/);
    // The summary is there; the steps are not.
    await expect(
      page.getByText("Design the three exits every assistant needs", { exact: false }).count(),
    ).resolves.toBe(1);
    await expect(page.getByRole("heading", { name: "The three exits" }).count()).resolves.toBe(0);
    await saveScreenshot(page, "tutorial-members-only-390");
    await expectAccessible(page);
    await session.close();

    const missing = await openPage(browser, { allow: [expectedStatus(404, "/tutorials/999999")] });
    const response = await missing.page.goto("/tutorials/999999");
    expect(response?.status()).toBe(404);
    await expectText(heading(missing.page), "Tutorial Not Found");
    expect(await missing.page.title()).toContain("Tutorial Not Found");
    await expectAccessible(missing.page);
    await missing.close();
  });
});

describe("tutorials in French", () => {
  it("lists and filters the same tutorials with their French texts, plays the Vimeo one, and passes axe on a phone", async () => {
    const session = await visitorSession({ locale: "fr-FR", viewport: { width: 390, height: 844 } });
    const { page } = session;
    await visit(page, "/fr/tutorials");
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await expectText(heading(page), "Tutoriels");
    expect(await seededCards(page, "Tutoriels")).toEqual(FR);
    await expect(page.getByText("Lecture rapide", { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByText("Tutoriel vidéo", { exact: true }).count()).resolves.toBe(2);
    await saveScreenshot(page, "tutorials-fr-390");
    await expectAccessible(page);

    await page
      .getByRole("group", { name: "Filtrer par niveau" })
      .getByRole("button", { name: "Intermédiaire", exact: true })
      .click();
    await page.waitForURL((url) => url.searchParams.get("difficulty") === "intermediate");
    await expect.poll(() => seededCards(page, "Tutoriels")).toEqual([FR[1]]);
    await list(page, "Tutoriels")
      .getByRole("link", { name: `Commencer le tutoriel\u202f: ${FR[1]}` })
      .click();
    await page.waitForURL(/\/fr\/tutorials\/\d+$/);
    await expectText(heading(page), FR[1]);
    expect(await page.locator("iframe").getAttribute("src")).toBe("https://player.vimeo.com/video/76979871?dnt=1");
    await expect(page.getByRole("heading", { level: 2, name: "La correction avant le style" }).count()).resolves.toBe(
      1,
    );
    await expect(page.getByText("Intermédiaire", { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByText(/^\d+ vues$/).count()).resolves.toBe(1);
    await saveScreenshot(page, "tutorial-fr-390");
    await expectAccessible(page);
    await session.close();
  });
});

describe("tutorials in /admin", () => {
  it("staff create a tutorial in both languages side by side, see a missing translation flagged, edit it and delete it", async () => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const titleEn = `Lighting a Product Shot ${id}`;
    const titleFr = `Éclairer une photo produit ${id}`;
    const staff = await openPage(browser, { signedInAs: adminAccount() });
    const admin = staff.page;
    // The dashboard's former address of the section still leads there.
    await visit(admin, "/admin?tab=tutorials");
    expect(new URL(admin.url()).pathname).toBe("/admin/tutorials");
    expect(await admin.getByRole("link", { name: "Tutorials", exact: true }).getAttribute("aria-current")).toBe("page");
    const form = admin.getByRole("form", { name: "Create Tutorial" });
    await form.waitFor();

    // 'Title is required', in each language, before anything is sent.
    await form.getByRole("button", { name: "Create Tutorial" }).click();
    await expectText(form.getByText("Title is required").first(), "Title is required");
    await expect(form.getByText("Title is required").count()).resolves.toBe(2);
    await expectAccessible(admin);

    await form.getByLabel("Title (English) *", { exact: true }).fill(titleEn);
    await form.getByLabel("Title (French) *", { exact: true }).fill(titleFr);
    await form.getByLabel("Category (English) *", { exact: true }).fill("Photography");
    await form.getByLabel("Category (French) *", { exact: true }).fill("Photographie");
    await form.getByLabel("Content (English)", { exact: true }).fill("## Key light\nPlace it at 45 degrees.");
    await form.getByLabel("Difficulty *", { exact: true }).selectOption("advanced");
    await form.getByLabel("Video address", { exact: true }).fill("https://example.com/video");
    await form.getByRole("button", { name: "Create Tutorial" }).click();
    await expectText(
      form.getByText("The video must be a YouTube or Vimeo address"),
      "The video must be a YouTube or Vimeo address",
    );
    await form.getByLabel("Video address", { exact: true }).fill("https://youtu.be/ysz5S6PUM-U");
    await form.getByRole("button", { name: "Create Tutorial" }).click();
    const listed = admin.getByRole("article", { name: titleEn, exact: true });
    await listed.waitFor();
    await expect(listed.getByText("French missing", { exact: true }).count()).resolves.toBe(1);
    await expect(listed.getByText("Published", { exact: true }).count()).resolves.toBe(1);
    await admin.locator("[data-sonner-toast]").filter({ hasText: "Tutorial created successfully!" }).waitFor();
    await waitForToastsToSettle(admin);
    await expectAccessible(admin);

    // Visitors find it, in both languages.
    const visitor = await visitorSession({ locale: "fr-FR" });
    await visit(visitor.page, `/fr/tutorials?q=${id}`);
    expect(await seededCards(visitor.page, "Tutoriels", [titleFr])).toEqual([titleFr]);

    // Edit: the French content makes the flag go away.
    await listed.getByRole("button", { name: `Edit ${titleEn}` }).click();
    const editForm = admin.getByRole("form", { name: "Edit Tutorial" });
    await editForm.waitFor();
    expect(await editForm.getByLabel("Title (French) *", { exact: true }).inputValue()).toBe(titleFr);
    await editForm
      .getByLabel("Content (French)", { exact: true })
      .fill("## Lumière principale\nPlacez-la à 45 degrés.");
    await editForm.getByRole("button", { name: "Save Changes" }).click();
    await admin.getByRole("form", { name: "Create Tutorial" }).waitFor();
    await expect.poll(() => listed.getByText("French missing", { exact: true }).count(), { timeout: 20_000 }).toBe(0);
    await visit(visitor.page, `/fr/tutorials?q=${id}`);
    await visitor.page.getByRole("link", { name: `Commencer le tutoriel\u202f: ${titleFr}` }).click();
    await visitor.page.waitForURL(/\/fr\/tutorials\/\d+$/);
    await expectText(heading(visitor.page), titleFr);
    await expect
      .poll(() => visitor.page.getByRole("heading", { level: 2, name: "Lumière principale" }).count())
      .toBe(1);

    // Delete, after confirming.
    await listed.getByRole("button", { name: `Delete ${titleEn}` }).click();
    const dialog = admin.getByRole("alertdialog", { name: "Delete this tutorial?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await listed.waitFor({ state: "detached" });
    await visit(visitor.page, `/fr/tutorials?q=${id}`);
    expect(await seededCards(visitor.page, "Tutoriels", [titleFr])).toEqual([]);
    await visitor.close();
    await staff.close();
  });
});
