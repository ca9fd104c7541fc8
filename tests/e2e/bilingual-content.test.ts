import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import frBlog from "../../app/locales/fr/blog.json";
import frDeals from "../../app/locales/fr/deals.json";
import frAdmin from "../../app/locales/fr/admin.json";
import {
  adminAccount,
  baseUrl,
  expectAccessible,
  expectText,
  expectToast,
  fileBrowser,
  openPage,
  saveScreenshot,
  staffRequest,
  waitForHydration,
  type PageSession,
} from "./browser.ts";

/**
 * Content that exists once and reads in both languages (issue "A site an agency would be proud of",
 * bilingual content): one hot deal with one claim count, a post and its translation, what people wrote
 * labelled with its language, and the comment that awaits moderation said in the thread.
 */

const browser = fileBrowser();

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const WIDTHS = [1280, 390] as const;

/** The demo posts linked as translations (db/seed.server.ts). */
const SIGNALS = {
  en: "Five Signals Your Brand Is Ready for a Campaign",
  fr: "Cinq signes que votre marque est prête pour une campagne",
};

/** Opens a page and waits for it to be interactive; fails on anything but 200. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitForHydration(page);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `bilingual-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The id of a published post, read from its card's link on the list of its language. */
async function postId(page: Page, listPath: string, title: string): Promise<number> {
  await visit(page, listPath);
  const href = await page
    .locator("article")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
    .getByRole("link")
    .first()
    .getAttribute("href");
  const id = Number(/\/posts\/(\d+)$/.exec(href ?? "")?.[1]);
  expect(id, `id of "${title}"`).toBeGreaterThan(0);
  return id;
}

describe("a hot deal is one record", () => {
  it("shows the same claim count in English and in French", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/en/hot-deals");
    const english = page
      .getByTestId("deal-card")
      .filter({ has: page.getByRole("heading", { name: "Launch-Ready Website", exact: true }) });
    await expectText(english.getByTestId("claimed"), "14 of 20 claimed");
    const englishProgress = await english.getByRole("progressbar").getAttribute("aria-valuenow");
    await expectAccessible(page);
    await shoot(page, "deals-en");

    await visit(page, "/fr/hot-deals");
    const french = page
      .getByTestId("deal-card")
      .filter({ has: page.getByRole("heading", { name: "Site web prêt à lancer", exact: true }) });
    await expectText(french.getByTestId("claimed"), fill(frDeals.card.claimedOf, { count: 14, limit: 20 }));
    expect(await french.getByRole("progressbar").getAttribute("aria-valuenow")).toBe(englishProgress);
    await expectText(
      page
        .getByTestId("deal-card")
        .filter({ has: page.getByRole("heading", { name: "Chatbot IA pour votre site", exact: true }) })
        .getByTestId("claimed"),
      fill(frDeals.card.claimedOf, { count: 9, limit: 40 }),
    );
    // One card per deal, not one per language (other tests may add deals of their own).
    for (const title of ["Site web prêt à lancer", "Chatbot IA pour votre site"]) {
      expect(
        await page
          .getByTestId("deal-card")
          .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
          .count(),
      ).toBe(1);
    }
    await expectAccessible(page);
    await shoot(page, "deals-fr");
    await session.close();
  });
});

describe("staff write a deal in both languages", () => {
  it("refuses a deal without its French texts, field by field, then stores one record", {
    timeout: 120_000,
  }, async () => {
    const staff = await openPage(browser, { signedInAs: adminAccount() });
    const admin = staff.page;
    await visit(admin, "/admin/deals");
    const form = admin.getByRole("form", { name: "Create Hot Deal" });
    await form.getByLabel("Title (English) *", { exact: true }).fill(`Podcast jingle ${RUN}`);
    await form.getByLabel("Service name (English) *", { exact: true }).fill("Audio");
    await form
      .getByLabel("Description (English) *", { exact: true })
      .fill("A ten-second jingle for your podcast, in two versions.");
    await form.getByLabel("Original price ($) *", { exact: true }).fill("500");
    await form.getByLabel("Deal price ($) *", { exact: true }).fill("350");
    await form.getByLabel("Discount (%) *", { exact: true }).fill("30");
    await form.getByLabel("Starts *", { exact: true }).fill("2026-01-01T09:00");
    await form.getByLabel("Ends *", { exact: true }).fill("2030-01-01T09:00");
    await form.getByLabel("Claim limit", { exact: true }).fill("25");
    // Hidden from visitors, so that the public deal pages keep their three demo deals.
    await form.getByRole("switch", { name: "Active" }).click();
    await form.getByRole("button", { name: "Create Deal" }).click();
    const frenchTitle = form.getByLabel("Title (French) *", { exact: true });
    await expectText(form.getByText("Title is required"), "Title is required");
    expect(await frenchTitle.getAttribute("aria-invalid")).toBe("true");
    expect(await frenchTitle.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectText(form.getByText("Service name is required"), "Service name is required");
    await expectAccessible(admin);

    await frenchTitle.fill(`Jingle de podcast ${RUN}`);
    await form.getByLabel("Service name (French) *", { exact: true }).fill("Audio");
    await form
      .getByLabel("Description (French) *", { exact: true })
      .fill("Un jingle de dix secondes pour votre podcast, en deux versions.");
    await form.getByRole("button", { name: "Create Deal" }).click();
    const listed = admin.getByRole("article", { name: `Podcast jingle ${RUN}`, exact: true });
    await listed.waitFor();
    await expectText(listed.getByText(`Jingle de podcast ${RUN}`), `Jingle de podcast ${RUN}`);
    await expectText(listed.getByText("Inactive", { exact: true }), "Inactive");
    await expectAccessible(admin);
    await shoot(admin, "admin-deals");

    // The same record edited and deleted from the French dashboard, its rules in French.
    const fr = frAdmin.deals;
    const frenchTitleNow = `Jingle de podcast ${RUN}`;
    await visit(admin, "/fr/admin/deals");
    await admin.getByRole("button", { name: fill(fr.list.editLabel, { title: frenchTitleNow }), exact: true }).click();
    const edit = admin.getByRole("form", { name: fr.form.editHeading });
    await edit.locator('[name="discountPercentage"]').fill("100");
    await edit.getByRole("button", { name: fr.form.update }).click();
    await expectText(edit.getByText(frDeals.validation.discountPercentage), frDeals.validation.discountPercentage);
    await edit.locator('[name="discountPercentage"]').fill("30");
    await edit.locator('[name="titleFr"]').fill(`Jingle sonore ${RUN}`);
    await expectToast(admin, () => edit.getByRole("button", { name: fr.form.update }).click(), {
      title: fr.toast.updated,
    });
    const renamed = admin.getByRole("article", { name: `Jingle sonore ${RUN}`, exact: true });
    await renamed.waitFor();
    await expectText(renamed.getByText(`Podcast jingle ${RUN}`), `Podcast jingle ${RUN}`);
    await renamed
      .getByRole("button", { name: fill(fr.list.deleteLabel, { title: `Jingle sonore ${RUN}` }), exact: true })
      .click();
    const dialog = admin.getByRole("alertdialog");
    await expectText(dialog.getByRole("heading"), fr.delete.title);
    await expectAccessible(admin);
    await expectToast(admin, () => dialog.getByRole("button", { name: fr.delete.confirm, exact: true }).click(), {
      title: fr.toast.deleted,
    });
    await renamed.waitFor({ state: "detached" });
    const remaining = await admin.evaluate(async () =>
      ((await (await fetch("/api/admin/hot-deals")).json()) as { titleEn: string }[]).map((deal) => deal.titleEn),
    );
    expect(remaining).not.toContain(`Podcast jingle ${RUN}`);
    await staff.close();
  });
});

describe("a post and its translation", () => {
  it("sends /fr/posts/:id of an English post to its French version, and /en/posts/:id of the French one back", async () => {
    const session = await openPage(browser);
    const { page } = session;
    const english = await postId(page, "/en/posts", SIGNALS.en);
    const french = await postId(page, "/fr/posts", SIGNALS.fr);

    await visit(page, `/fr/posts/${english}`);
    expect(new URL(page.url()).pathname).toBe(`/fr/posts/${french}`);
    await expectText(heading(page), SIGNALS.fr);
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    expect(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute("href")).toMatch(
      new RegExp(`/en/posts/${english}$`),
    );
    expect(await page.getByTestId("only-in-language").count()).toBe(0);

    await visit(page, `/en/posts/${french}`);
    expect(new URL(page.url()).pathname).toBe(`/en/posts/${english}`);
    await expectText(heading(page), SIGNALS.en);
    expect(await page.locator('link[rel="alternate"][hreflang="fr"]').getAttribute("href")).toMatch(
      new RegExp(`/fr/posts/${french}$`),
    );
    await expectAccessible(page);
    await session.close();
  });

  it("staff publish a post in English only: the French address shows it with a note; once linked to its French version, it redirects", {
    timeout: 180_000,
  }, async () => {
    const title = `Studio notes ${RUN}`;
    const frenchTitle = `Carnet d'atelier ${RUN}`;
    const staff: PageSession = await openPage(browser, { signedInAs: adminAccount() });
    const admin = staff.page;
    await visit(admin, "/admin/posts");

    const create = async (values: { title: string; language: string; translationOf?: string }) => {
      const form = admin.getByRole("form", { name: "Create Post" });
      await form.getByLabel("Title *", { exact: true }).fill(values.title);
      await form.getByLabel("Category *", { exact: true }).selectOption({ label: "Design" });
      await form.getByLabel("Language", { exact: true }).selectOption(values.language);
      if (values.translationOf)
        await form.getByLabel("Translation of", { exact: true }).selectOption({ label: values.translationOf });
      await form.getByLabel("Content", { exact: true }).fill(`<p>${"Light, paper and patience. ".repeat(80)}</p>`);
      await form.getByRole("switch", { name: "Publish immediately" }).click();
      await form.getByRole("button", { name: "Create Post" }).click();
      await admin.getByRole("article", { name: values.title, exact: true }).waitFor();
    };
    await create({ title, language: "en" });

    const visitor = await openPage(browser);
    const { page } = visitor;
    const id = await postId(page, "/en/posts", title);
    await visit(page, `/fr/posts/${id}`);
    expect(new URL(page.url()).pathname).toBe(`/fr/posts/${id}`);
    await expectText(page.getByTestId("only-in-language"), frBlog.post.onlyIn.en);
    expect(await page.locator("article").getAttribute("lang")).toBe("en");
    await expectText(heading(page), title);
    // 320 words: 2 minutes at 200 a minute.
    await expectText(
      page.locator("article header").getByText(/min de lecture$/),
      fill(frBlog.list.readingTime_other, { count: 2 }),
    );
    await expectAccessible(page);
    await shoot(page, "post-only-english-fr");

    // The staff write the French version and link it in the post form.
    await create({ title: frenchTitle, language: "fr", translationOf: title });
    await expectText(
      admin.getByRole("article", { name: title, exact: true }).getByTestId("post-translation"),
      `Translation: ${frenchTitle}`,
    );
    await expectAccessible(admin);
    await shoot(admin, "admin-posts");

    await visit(page, `/fr/posts/${id}`);
    expect(new URL(page.url()).pathname).not.toBe(`/fr/posts/${id}`);
    await expectText(heading(page), frenchTitle);
    expect(await page.getByTestId("only-in-language").count()).toBe(0);
    await visitor.close();
    await staff.close();
  });
});

describe("what people wrote keeps its language", () => {
  it("labels a review written in the other language, in English and in French", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/en/testimonials");
    const frenchReview = page.locator("figure").filter({ hasText: "Julien Moreau" }).first();
    await expectText(frenchReview.getByTestId("written-in"), "Français");
    expect(await frenchReview.locator("blockquote").getAttribute("lang")).toBe("fr");
    expect(
      await page.locator("figure").filter({ hasText: "Sarah Mitchell" }).first().getByTestId("written-in").count(),
    ).toBe(0);
    await expectAccessible(page);
    await shoot(page, "reviews-en");

    await visit(page, "/fr/testimonials");
    const englishReview = page.locator("figure").filter({ hasText: "Sarah Mitchell" }).first();
    await expectText(englishReview.getByTestId("written-in"), "English");
    expect(await englishReview.getByTestId("written-in").getAttribute("lang")).toBe("en");
    expect(
      await page.locator("figure").filter({ hasText: "Julien Moreau" }).first().getByTestId("written-in").count(),
    ).toBe(0);
    await expectAccessible(page);
    await shoot(page, "reviews-fr");
    await session.close();
  });
});

describe("after posting a comment", () => {
  for (const language of ["en", "fr"] as const) {
    it(`the thread says it awaits moderation, with no toast (${language})`, async () => {
      const session = await openPage(browser);
      const { page } = session;
      const texts =
        language === "en"
          ? {
              leave: "Leave a Comment",
              name: "Name *",
              email: "Email *",
              content: "Comment *",
              submit: "Submit Comment",
              title: "Comment Submitted!",
              text: "Your comment is awaiting moderation and will appear here once our team has approved it.",
            }
          : {
              leave: frBlog.comments.leave,
              name: `${frBlog.comments.name} *`,
              email: `${frBlog.comments.email} *`,
              content: `${frBlog.comments.content} *`,
              submit: frBlog.comments.submit,
              title: frBlog.comments.successTitle,
              text: frBlog.comments.awaitingModeration,
            };
      // A post of this run, without comments yet: its thread said "No comments yet".
      const staff = await staffRequest();
      const title = `Fresh thread ${language} ${RUN}`;
      const created = await staff.post("/api/posts", {
        data: { title, category: "general", published: true, language, content: "<p>Short.</p>" },
        headers: { origin: baseUrl() },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };

      await visit(page, `/${language}/posts/${id}`);
      const none = language === "en" ? "No comments yet. Be the first to share your thoughts." : frBlog.comments.none;
      await expectText(page.getByText(none, { exact: true }), none);
      await page.getByRole("button", { name: texts.leave, exact: true }).click();
      const form = page.getByRole("form", { name: texts.leave });
      await form.getByLabel(texts.name, { exact: true }).fill(`Reader ${RUN}`);
      await form.getByLabel(texts.email, { exact: true }).fill(`reader-${RUN}@example.com`);
      await form.getByLabel(texts.content, { exact: true }).fill(`Thank you for this (${language}, ${RUN}).`);
      await form.getByRole("button", { name: texts.submit, exact: true }).click();

      const awaiting = page.getByTestId("comment-awaiting-moderation");
      await expectText(awaiting, `${texts.title} ${texts.text}`);
      expect(await awaiting.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await page.getByText(none, { exact: true }).count()).toBe(0);
      expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
      await expectAccessible(page);
      await shoot(page, `comment-awaiting-${language}`);
      await session.close();
    });
  }
});

describe("legal pages", () => {
  it("show when they last changed, in English and in French", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/en/privacy");
    await expectText(page.getByTestId("last-updated"), "Last updated: November 20, 2026");
    await visit(page, "/fr/terms");
    await expectText(page.getByTestId("last-updated"), "Dernière mise à jour\u202f: 20 novembre 2026");
    await expectAccessible(page);
    await shoot(page, "terms-fr");
    await session.close();
  });
});
