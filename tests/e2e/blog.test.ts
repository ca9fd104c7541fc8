import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatPostDate } from "../../app/i18n/format-date.ts";
import frBlog from "../../app/locales/fr/blog.json";
import {
  adminAccount,
  expectAccessible,
  expectedStatus,
  expectText,
  fileBrowser,
  openPage,
  waitForHydration,
  type PageSession,
} from "./browser.ts";

/**
 * The blog in a real browser (issue "Foundation"): browsing and searching in English and French, reading
 * a post, members-only content, comments and replies through moderation, and staff managing posts.
 */

const browser = fileBrowser();

/** The published demo posts (db/seed.server.ts), newest first, and the English draft. */
const EN = {
  colour: "Building a Colour System That Survives Real Life",
  assistant: "What a 24/7 AI Phone Assistant Really Changes for a Small Business",
  signals: "Five Signals Your Brand Is Ready for a Campaign",
  pricing: "Pricing Creative Work Without Underselling It",
};
const EN_DRAFT = "Behind the Scenes: How We Run a Discovery Workshop";
const FR = {
  signals: "Cinq signes que votre marque est prête pour une campagne",
  assistant: "Assistant téléphonique IA\u202f: ce qui change vraiment pour une petite entreprise",
  palette: "Construire une palette de couleurs qui résiste à la réalité",
  pricing: "Fixer le prix d'un travail créatif sans se brader",
};
const SEEDED = [...Object.values(EN), EN_DRAFT, ...Object.values(FR)];

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
/** The list of post cards on /posts (a region named "Posts", or its French name). */
const postList = (page: Page, name = "Posts") => page.getByRole("region", { name, exact: true });
const cardTitles = (page: Page, name?: string) => postList(page, name).locator("article h2").allTextContents();
/** The demo posts among the cards, in their order: other tests may add posts of their own. */
const seededCards = async (page: Page, name?: string) =>
  (await cardTitles(page, name)).filter((title) => SEEDED.includes(title));
const searchBox = (page: Page, name = "Search posts") => page.getByRole("searchbox", { name, exact: true });
const categoryButton = (page: Page, name: string) =>
  page.getByRole("group", { name: /category|catégorie/ }).getByRole("button", { name, exact: true });
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

/** Texts no other run or test can have written. */
function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * Waits until every toast has finished its entrance (or exit) animation: axe measures colours as drawn,
 * and a toast fading in has not reached its real contrast yet.
 */
async function toastsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")];
    if (toasts.some((toast) => toast.dataset.mounted !== "true")) return false;
    const moving = document.getAnimations().some((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return (
        animation.playState === "running" &&
        target instanceof Element &&
        target.closest("[data-sonner-toaster]") !== null
      );
    });
    return (
      !moving && toasts.every((toast) => toast.dataset.visible === "false" || getComputedStyle(toast).opacity === "1")
    );
  });
}

/** axe-core on the page once its toasts are still. */
async function expectAccessibleNow(page: Page): Promise<void> {
  await toastsSettled(page);
  await expectAccessible(page);
}

async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: "visible" });
}

async function expectGone(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: "detached" });
  expect(await locator.count()).toBe(0);
}

/** Puts a marker on the window: it survives client-side navigation and vanishes on a full load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { blogMarker: string }).blogMarker = "same document"));
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { blogMarker?: string }).blogMarker)).toBe("same document");
}

/** The "(N comments)" beside the Comments heading. */
async function commentCount(page: Page): Promise<number> {
  const text = (await page.locator("#comments-heading").textContent()) ?? "";
  const match = /\((\d+) comments?\)/.exec(text);
  if (!match) throw new Error(`no comment count in "${text}"`);
  return Number(match[1]);
}

/** Opens a page and waits for it to be interactive; fails on anything but 200. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitForHydration(page);
}

/** A signed-in staff session on /admin. */
async function openAdmin(): Promise<PageSession> {
  const session = await openPage(browser, { signedInAs: adminAccount() });
  await visit(session.page, "/admin?tab=posts");
  await expect(heading(session.page).textContent()).resolves.toBe("Admin Dashboard");
  return session;
}

describe("the post list in English", () => {
  it("shows the published English posts, newest first, as cards with their details", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/posts");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await expect(heading(page).textContent()).resolves.toBe("Blog");
    expect(await page.title()).toContain("Blog");
    // Neither the French posts nor the draft.
    expect(await seededCards(page)).toEqual([EN.colour, EN.assistant, EN.signals, EN.pricing]);

    const card = postList(page)
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: EN.colour }) });
    await expect(card.getByText("Design", { exact: true }).count()).resolves.toBe(1);
    // The reading time follows the post's length (unit-tested in tests/unit/reading-time.test.ts).
    await expect(card.getByText(/^\d+ min read$/).count()).resolves.toBe(1);
    await expect(card.getByText(/^A beautiful palette on a mood board is easy\./).count()).resolves.toBe(1);
    const date = await card.locator("time").getAttribute("datetime");
    expect(date).not.toBeNull();
    await expect(card.locator("time").textContent()).resolves.toBe(formatPostDate(date!, "en"));
    await expect(card.getByRole("button", { name: `Share: ${EN.colour}` }).count()).resolves.toBe(1);
    await expect(card.getByRole("link", { name: `Read More: ${EN.colour}` }).getAttribute("href")).resolves.toMatch(
      /^\/posts\/\d+$/,
    );
    // Members-only posts are listed, marked as such.
    const premium = postList(page)
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: EN.pricing }) });
    await expect(premium.getByText("Members only", { exact: true }).count()).resolves.toBe(1);
    await expectAccessibleNow(page);
    await session.close();
  });

  it("filters by title or excerpt as the visitor types, in the address and without reloading", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/posts");
    await markDocument(page);

    // A word of one title.
    await searchBox(page).pressSequentially("colour", { delay: 30 });
    await page.waitForURL((url) => url.pathname === "/posts" && url.searchParams.get("q") === "colour");
    await expect.poll(() => seededCards(page)).toEqual([EN.colour]);

    // Words found only in an excerpt ("Missed calls are missed revenue.").
    await searchBox(page).fill("missed calls");
    await page.waitForURL((url) => url.searchParams.get("q") === "missed calls");
    await expect.poll(() => seededCards(page)).toEqual([EN.assistant]);

    // A word only in a post's body does not match: the search covers titles and excerpts.
    await searchBox(page).fill("megaphone");
    await page.waitForURL((url) => url.searchParams.get("q") === "megaphone");
    await expect.poll(() => seededCards(page)).toEqual([]);

    // Clearing the box shows everything again and takes q out of the address.
    await searchBox(page).fill("");
    await page.waitForURL((url) => url.pathname === "/posts" && !url.searchParams.has("q"));
    await expect.poll(() => seededCards(page)).toEqual([EN.colour, EN.assistant, EN.signals, EN.pricing]);
    await expectSameDocument(page);
    await expectAccessibleNow(page);
    await session.close();
  });

  it("keeps what the visitor goes on typing while the previous search is still loading", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/posts");
    // The first search's answer is held back, as on a slow network.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const searches: string[] = [];
    await page.route(/\/posts\.data(\?|$)/, async (route) => {
      searches.push(new URL(route.request().url()).searchParams.get("q") ?? "");
      if (searches.length === 1) await held;
      await route.continue();
    });
    const box = searchBox(page);
    await box.pressSequentially("pal");
    await expect.poll(() => searches).toEqual(["pal"]);
    // More letters while "pal" loads; its answer arrives before the next pause is over.
    await box.pressSequentially("ette");
    release();
    await page.waitForURL((url) => url.searchParams.get("q") === "palette");
    await expect.poll(() => seededCards(page)).toEqual([EN.colour]);
    expect(await box.inputValue()).toBe("palette");
    await session.close();
  });

  it("filters by category with pressed buttons, combined with the search", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/posts");
    await markDocument(page);
    expect(await categoryButton(page, "All").getAttribute("aria-pressed")).toBe("true");

    await categoryButton(page, "Technology").click();
    await page.waitForURL((url) => url.searchParams.get("category") === "technology");
    await expect.poll(() => seededCards(page)).toEqual([EN.assistant]);
    expect(await categoryButton(page, "Technology").getAttribute("aria-pressed")).toBe("true");
    expect(await categoryButton(page, "All").getAttribute("aria-pressed")).toBe("false");
    await expectAccessibleNow(page);

    await categoryButton(page, "Business").click();
    await page.waitForURL((url) => url.searchParams.get("category") === "business");
    await expect.poll(() => seededCards(page)).toEqual([EN.pricing]);

    // A search that matches nothing in this category: the empty state.
    await searchBox(page).fill("colour");
    await page.waitForURL(
      (url) => url.searchParams.get("q") === "colour" && url.searchParams.get("category") === "business",
    );
    await expectVisible(page.getByRole("heading", { name: "No posts found", exact: true }));
    await expect(page.getByText("Try adjusting your search or filters", { exact: true }).count()).resolves.toBe(1);
    await expect(postList(page).locator("article").count()).resolves.toBe(0);
    await expectAccessibleNow(page);

    // Back to all categories: the search stays.
    await categoryButton(page, "All").click();
    await page.waitForURL((url) => !url.searchParams.has("category") && url.searchParams.get("q") === "colour");
    await expect.poll(() => seededCards(page)).toEqual([EN.colour]);
    expect(await searchBox(page).inputValue()).toBe("colour");
    await expectSameDocument(page);
    await session.close();
  });

  it("renders a filtered address on the server, and shows the empty state for a search that finds nothing", async () => {
    const session = await openPage(browser);
    const { page } = session;
    // Before any JavaScript runs: the server already filtered.
    await page.goto("/posts?q=colour&category=design");
    expect(await seededCards(page)).toEqual([EN.colour]);
    expect(await searchBox(page).inputValue()).toBe("colour");
    expect(await categoryButton(page, "Design").getAttribute("aria-pressed")).toBe("true");
    await waitForHydration(page);

    const nothing = `zz-nothing-${uniqueId()}`;
    await visit(page, `/posts?q=${nothing}`);
    await expect(page.getByRole("heading", { name: "No posts found", exact: true }).count()).resolves.toBe(1);
    await expect(page.getByText("Try adjusting your search or filters", { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole("status").textContent()).resolves.toBe("0 posts");
    await expectAccessibleNow(page);
    await session.close();
  });
});

describe("the post list in French", () => {
  it("shows the French posts and French texts under /fr/posts, with search and categories", async () => {
    const session = await openPage(browser);
    const { page } = session;
    const listName = frBlog.list.postsLabel;
    await visit(page, "/fr/posts");
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await expect(heading(page).textContent()).resolves.toBe(frBlog.list.heading);
    expect(await seededCards(page, listName)).toEqual([FR.signals, FR.assistant, FR.palette, FR.pricing]);
    const card = postList(page, listName)
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: FR.palette }) });
    await expect(card.getByText(/^\d+ min de lecture$/).count()).resolves.toBe(1);
    await expect(card.getByText(frBlog.categories.design, { exact: true }).count()).resolves.toBe(1);
    const date = await card.locator("time").getAttribute("datetime");
    await expect(card.locator("time").textContent()).resolves.toBe(formatPostDate(date!, "fr"));
    // Links stay in the French tree.
    await expect(
      card.getByRole("link", { name: `Lire la suite\u202f: ${FR.palette}` }).getAttribute("href"),
    ).resolves.toMatch(/^\/fr\/posts\/\d+$/);
    await expectAccessibleNow(page);
    await markDocument(page);

    // Searching ignores accents: "resiste" finds "résiste".
    await searchBox(page, frBlog.list.searchLabel).fill("resiste");
    await page.waitForURL((url) => url.pathname === "/fr/posts" && url.searchParams.get("q") === "resiste");
    await expect.poll(() => seededCards(page, listName)).toEqual([FR.palette]);

    await searchBox(page, frBlog.list.searchLabel).fill("");
    await page.waitForURL((url) => url.pathname === "/fr/posts" && !url.searchParams.has("q"));
    await categoryButton(page, frBlog.categories.technology).click();
    await page.waitForURL((url) => url.pathname === "/fr/posts" && url.searchParams.get("category") === "technology");
    await expect.poll(() => seededCards(page, listName)).toEqual([FR.assistant]);
    expect(await categoryButton(page, frBlog.categories.technology).getAttribute("aria-pressed")).toBe("true");

    await searchBox(page, frBlog.list.searchLabel).fill(`introuvable-${uniqueId()}`);
    await expectVisible(page.getByRole("heading", { name: "Aucun article trouvé", exact: true }));
    await expect(
      page.getByText("Essayez de modifier votre recherche ou vos filtres", { exact: true }).count(),
    ).resolves.toBe(1);
    await expectAccessibleNow(page);
    await expectSameDocument(page);
    await session.close();
  });
});

describe("a post page", () => {
  it("shows the title, category, date, read time, share menu, sanitised content and approved comments", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/posts");
    await page.getByRole("link", { name: `Read More: ${EN.colour}` }).click();
    await page.waitForURL(/\/posts\/\d+$/);
    await heading(page).filter({ hasText: EN.colour }).waitFor();
    expect(await page.title()).toContain(EN.colour);

    const header = page.locator("article header");
    await expect(header.getByText("Design", { exact: true }).count()).resolves.toBe(1);
    await expect(header.getByText(/^\d+ min read$/).count()).resolves.toBe(1);
    const date = await header.locator("time").getAttribute("datetime");
    expect(Date.now() - Date.parse(date!)).toBeGreaterThan(2 * 24 * 3600_000);
    await expect(header.locator("time").textContent()).resolves.toBe(formatPostDate(date!, "en"));

    // The body, as HTML with its headings and lists.
    const body = page.locator("article .prose-content");
    await expect(body.getByRole("heading", { level: 2, name: "Start from roles, not swatches" }).count()).resolves.toBe(
      1,
    );
    expect(await body.getByRole("listitem").count()).toBeGreaterThanOrEqual(4);
    await expect(page.locator("article script").count()).resolves.toBe(0);

    // Approved comments and their reply; the comment awaiting moderation is not shown.
    const maya = page.getByRole("article", { name: "Maya Chen", exact: true });
    await expect(maya.getByText(/tinting the neutrals/).count()).resolves.toBe(1);
    const replies = page.getByRole("list", { name: "Replies to Maya Chen" });
    await expect(replies.getByRole("article", { name: "Atelier Studio" }).count()).resolves.toBe(1);
    await expect(page.getByRole("article", { name: "Jonas Berg", exact: true }).count()).resolves.toBe(1);
    await expect(page.getByText(/Priya Nair|favourite tool for checking contrast/).count()).resolves.toBe(0);
    await expectAccessibleNow(page);

    // The share menu opens, lists the platforms and the copy action, and closes with Escape.
    await page.getByRole("button", { name: `Share: ${EN.colour}` }).click();
    const menu = page.getByRole("menu");
    await expectVisible(menu);
    await expect(menu.getByRole("menuitem", { name: "Copy link" }).count()).resolves.toBe(1);
    await expect(menu.getByRole("menuitem", { name: "WhatsApp" }).count()).resolves.toBe(1);
    await expectAccessibleNow(page);
    await page.keyboard.press("Escape");
    await expectGone(menu);

    // Back to the list, client-side.
    await markDocument(page);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL((url) => url.pathname === "/posts");
    await expectSameDocument(page);
    await session.close();
  });

  it("shows a French post with French texts under /fr", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/fr/posts");
    await page.getByRole("link", { name: `Lire la suite\u202f: ${FR.signals}` }).click();
    await page.waitForURL(/\/fr\/posts\/\d+$/);
    await heading(page).filter({ hasText: FR.signals }).waitFor();
    const header = page.locator("article header");
    await expect(header.getByText(frBlog.categories.marketing, { exact: true }).count()).resolves.toBe(1);
    await expect(header.getByText(/^\d+ min de lecture$/).count()).resolves.toBe(1);
    const date = await header.locator("time").getAttribute("datetime");
    await expect(header.locator("time").textContent()).resolves.toBe(formatPostDate(date!, "fr"));
    await expect(page.getByRole("button", { name: frBlog.comments.leave }).count()).resolves.toBe(1);
    await expect(page.getByRole("article", { name: "Camille Laurent" }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: frBlog.post.back }).getAttribute("href")).resolves.toBe("/fr/posts");
    await expectAccessibleNow(page);
    await session.close();
  });

  it("answers 404 with Post Not Found and a way back for an unknown or malformed id", async () => {
    const session = await openPage(browser, {
      allow: [
        expectedStatus(404, "/posts/999999"),
        expectedStatus(404, "/posts/not-a-number"),
        expectedStatus(404, "/fr/posts/999999"),
      ],
    });
    const { page } = session;
    const unknown = await page.goto("/posts/999999");
    expect(unknown?.status()).toBe(404);
    await expect(heading(page).textContent()).resolves.toBe("Post Not Found");
    expect(await page.title()).toContain("Post Not Found");
    await waitForHydration(page);
    await expectAccessibleNow(page);
    await markDocument(page);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL((url) => url.pathname === "/posts");
    await heading(page)
      .filter({ hasText: /^Blog$/ })
      .waitFor();
    await expectSameDocument(page);

    const malformed = await page.goto("/posts/not-a-number");
    expect(malformed?.status()).toBe(404);
    await expect(heading(page).textContent()).resolves.toBe("Post Not Found");

    const french = await page.goto("/fr/posts/999999");
    expect(french?.status()).toBe(404);
    await expect(heading(page).textContent()).resolves.toBe(frBlog.post.notFoundTitle);
    await expect(page.getByRole("link", { name: frBlog.post.back }).getAttribute("href")).resolves.toBe("/fr/posts");
    await waitForHydration(page);
    await expectAccessibleNow(page);
    await session.close();
  });

  it("keeps a members-only post for signed-in readers, and brings a visitor back after signing in", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await visit(page, "/posts");
    await page.getByRole("link", { name: `Read More: ${EN.pricing}` }).click();
    await page.waitForURL(/\/posts\/\d+$/);
    const postPath = new URL(page.url()).pathname;
    await heading(page).filter({ hasText: EN.pricing }).waitFor();
    await expect(page.locator("article header").getByText("Members only", { exact: true }).count()).resolves.toBe(1);
    // The excerpt, but not the body.
    await expect(page.getByText(/^Hourly rates punish you for getting better\./).count()).resolves.toBe(1);
    await expect(page.getByRole("heading", { name: "Price the outcome" }).count()).resolves.toBe(0);
    const login = page.getByRole("link", { name: "Login to Access Premium Content", exact: true });
    await expect(login.count()).resolves.toBe(1);
    await expectAccessibleNow(page);

    await login.click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === postPath);
    await waitForHydration(page);
    const admin = adminAccount();
    await page.getByLabel("E-mail or username", { exact: true }).fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.locator("main form").getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === postPath);
    await expectVisible(page.getByRole("heading", { level: 2, name: "Price the outcome" }));
    await expect(page.getByRole("link", { name: "Login to Access Premium Content" }).count()).resolves.toBe(0);
    await waitForHydration(page);
    await expectAccessibleNow(page);
    await session.close();
  });
});

describe("comments", () => {
  it("go through moderation: refused when incomplete, published once approved, with one level of replies", {
    timeout: 180_000,
  }, async () => {
    const id = uniqueId();
    const author = `Rowan ${id}`;
    const text = `Clear and useful checklist, thank you (${id}).`;
    const replier = `Sasha ${id}`;
    const replyText = `Agreed, the second signal is the hardest (${id}).`;

    const visitor = await openPage(browser);
    const { page } = visitor;
    await visit(page, "/posts");
    await page.getByRole("link", { name: `Read More: ${EN.signals}` }).click();
    await page.waitForURL(/\/posts\/\d+$/);
    const postPath = new URL(page.url()).pathname;
    await heading(page).filter({ hasText: EN.signals }).waitFor();
    const countBefore = await commentCount(page);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && /\/api\/posts\/\d+\/comments$/.test(request.url()))
        sent.push(request.postData() ?? "");
    });

    const leave = page.getByRole("button", { name: "Leave a Comment", exact: true });
    await leave.click();
    expect(await leave.getAttribute("aria-expanded")).toBe("true");
    const form = page.getByRole("form", { name: "Leave a Comment" });
    await expectVisible(form);
    await expectAccessibleNow(page);

    // Only the name: nothing is sent, the toast and the field messages say what is missing.
    await form.getByLabel("Name *", { exact: true }).fill(author);
    await form.getByRole("button", { name: "Submit Comment" }).click();
    const missing = toast(page, "Missing Information");
    await expectVisible(missing);
    await expect(missing.getByText("Please fill in all required fields.").count()).resolves.toBe(1);
    expect(await missing.getAttribute("data-type")).toBe("error");
    expect(sent).toEqual([]);
    const email = form.getByLabel("Email *", { exact: true });
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(form.getByText("Valid email is required").count()).resolves.toBe(1);
    expect(await form.getByLabel("Comment *", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectAccessibleNow(page);

    // Complete: accepted, and not shown before a moderator approves it.
    await email.fill(`rowan-${id}@example.com`);
    await form.getByLabel("Comment *", { exact: true }).fill(text);
    await form.getByRole("button", { name: "Submit Comment" }).click();
    // Said in the thread, where the form was, with focus there; no toast repeats it.
    const submitted = page.getByTestId("comment-awaiting-moderation");
    await expectVisible(submitted);
    await expectText(
      submitted,
      "Comment Submitted! Your comment is awaiting moderation and will appear here once our team has approved it.",
    );
    expect(await submitted.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(toast(page, "Comment Submitted!").count()).resolves.toBe(0);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0])).toMatchObject({
      author: author,
      email: `rowan-${id}@example.com`,
      content: text,
      parentId: null,
    });
    await expectGone(form);
    await expectAccessibleNow(page);
    await visit(page, postPath);
    await expect(page.getByText(text).count()).resolves.toBe(0);
    expect(await commentCount(page)).toBe(countBefore);

    // The staff approves it in the Moderation tab.
    const staff = await openAdmin();
    const admin = staff.page;
    await admin.getByRole("link", { name: /^Moderation/ }).click();
    await admin.waitForURL((url) => url.pathname === "/admin/moderation");
    const pending = admin.getByRole("article", { name: `Comment by ${author} on ${EN.signals}` });
    await expectVisible(pending);
    await expect(pending.getByText(text).count()).resolves.toBe(1);
    await expect(pending.getByText(`rowan-${id}@example.com`).count()).resolves.toBe(1);
    await expect(pending.getByText("Comment on", { exact: false }).count()).resolves.toBe(1);
    await expectAccessibleNow(admin);
    await pending.getByRole("button", { name: `Approve comment by ${author}` }).click();
    await expectVisible(toast(admin, "Comment approved successfully!"));
    await expectGone(pending);
    await expectAccessibleNow(admin);

    // Published on the post page.
    await visit(page, postPath);
    const published = page.getByRole("article", { name: author, exact: true });
    await expectVisible(published);
    await expect(published.getByText(text).count()).resolves.toBe(1);
    // The e-mail address is never shown.
    await expect(page.getByText(`rowan-${id}@example.com`).count()).resolves.toBe(0);
    expect(await commentCount(page)).toBe(countBefore + 1);
    await expectAccessibleNow(page);

    // A reply to it, also held for moderation.
    const replyButton = published.getByRole("button", { name: `Reply to ${author}`, exact: true });
    await replyButton.click();
    expect(await replyButton.getAttribute("aria-expanded")).toBe("true");
    const replyForm = page.getByRole("form", { name: `Reply to ${author}` });
    await expectVisible(replyForm);
    await expectAccessibleNow(page);
    await replyForm.getByLabel("Name *", { exact: true }).fill(replier);
    await replyForm.getByLabel("Email *", { exact: true }).fill(`sasha-${id}@example.com`);
    await replyForm.getByLabel("Comment *", { exact: true }).fill(replyText);
    await replyForm.getByRole("button", { name: "Submit Comment" }).click();
    await expectVisible(published.getByTestId("comment-awaiting-moderation"));
    await expectGone(replyForm);
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]).parentId).toEqual(expect.any(Number));
    await visit(page, postPath);
    await expect(page.getByText(replyText).count()).resolves.toBe(0);

    await visit(admin, "/admin?tab=moderation");
    const pendingReply = admin.getByRole("article", { name: `Comment by ${replier} on ${EN.signals}` });
    await expectVisible(pendingReply);
    await expect(pendingReply.getByText("Reply on", { exact: false }).count()).resolves.toBe(1);
    await pendingReply.getByRole("button", { name: `Approve comment by ${replier}` }).click();
    await expectVisible(toast(admin, "Comment approved successfully!"));
    await expectGone(pendingReply);

    // The reply sits under the comment, and cannot itself be answered (one level only).
    await visit(page, postPath);
    const thread = page.getByRole("list", { name: `Replies to ${author}` });
    await expectVisible(thread);
    const reply = thread.getByRole("article", { name: replier, exact: true });
    await expect(reply.getByText(replyText).count()).resolves.toBe(1);
    await expect(page.getByRole("button", { name: `Reply to ${replier}` }).count()).resolves.toBe(0);
    expect(await commentCount(page)).toBe(countBefore + 2);
    await expectAccessibleNow(page);

    await staff.close();
    await visitor.close();
  });
});

describe("staff managing posts", () => {
  it("creates a post published immediately, edits it, unpublishes it and deletes it", {
    timeout: 180_000,
  }, async () => {
    const id = uniqueId();
    const title = `Lantern Notes ${id}`;
    const renamed = `Lantern Notes Revised ${id}`;
    const excerpt = `How we light small studios on a budget (${id}).`;
    const content = [
      "<h2>Lantern basics</h2>",
      `<p onclick="window.e2ePwned = 'onclick'">Soft light first (${id}).</p>`,
      "<script>window.e2ePwned = 'script'</script>",
      '<p><a href="javascript:window.e2ePwned=1">a sneaky link</a> and <a href="https://example.com/guide">a real one</a></p>',
    ].join("\n");

    const staff = await openAdmin();
    const admin = staff.page;
    const postsLink = admin
      .getByRole("navigation", { name: "Dashboard sections" })
      .getByRole("link", { name: "Posts" });
    expect(await postsLink.getAttribute("aria-current")).toBe("page");
    const form = admin.getByRole("form", { name: "Create Post" });
    await expectVisible(form);

    // An empty form is refused with a message per field, before anything is sent.
    await form.getByRole("button", { name: "Create Post" }).click();
    await expectVisible(form.getByText("Title is required"));
    await expect(form.getByText("Please select a category").count()).resolves.toBe(1);
    const titleField = form.getByLabel("Title *", { exact: true });
    expect(await titleField.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessibleNow(admin);

    await titleField.fill(title);
    await form.getByLabel("Category *", { exact: true }).selectOption({ label: "Technology" });
    expect(await form.getByLabel("Language", { exact: true }).inputValue()).toBe("en");
    await form.getByLabel("Excerpt", { exact: true }).fill(excerpt);
    await form.getByLabel("Content", { exact: true }).fill(content);
    const publish = form.getByRole("switch", { name: "Publish immediately" });
    expect(await publish.getAttribute("aria-checked")).toBe("false");
    await publish.click();
    expect(await publish.getAttribute("aria-checked")).toBe("true");
    await form.getByRole("button", { name: "Create Post" }).click();
    await expectVisible(toast(admin, "Post created successfully!"));
    const listed = admin.getByRole("article", { name: title, exact: true });
    await expectVisible(listed);
    await expect(listed.getByText("Published", { exact: true }).count()).resolves.toBe(1);
    // The form is empty again for the next post.
    expect(await titleField.inputValue()).toBe("");
    await expectAccessibleNow(admin);

    // Visitors see it on /posts and can read it, cleaned of scripts and handlers.
    const visitor = await openPage(browser);
    const { page } = visitor;
    await visit(page, "/posts");
    expect(await cardTitles(page)).toContain(title);
    await searchBox(page).fill(id);
    await expect.poll(() => cardTitles(page)).toEqual([title]);
    const card = postList(page).locator("article").first();
    await expect(card.getByText("Technology", { exact: true }).count()).resolves.toBe(1);
    await expect(card.getByText("1 min read", { exact: true }).count()).resolves.toBe(1);
    await card.getByRole("link", { name: `Read More: ${title}` }).click();
    await page.waitForURL(/\/posts\/\d+$/);
    const postPath = new URL(page.url()).pathname;
    await heading(page).filter({ hasText: title }).waitFor();
    const body = page.locator("article .prose-content");
    await expect(body.getByRole("heading", { level: 2, name: "Lantern basics" }).count()).resolves.toBe(1);
    await expect(body.getByText(`Soft light first (${id}).`).count()).resolves.toBe(1);
    await expect(body.locator("script, [onclick]").count()).resolves.toBe(0);
    await expect(body.getByRole("link", { name: "a real one" }).getAttribute("href")).resolves.toBe(
      "https://example.com/guide",
    );
    expect((await body.getByText("a sneaky link").getAttribute("href")) ?? "").not.toMatch(/javascript:/i);
    await body.getByText(`Soft light first (${id}).`).click();
    expect(await page.evaluate(() => (window as unknown as { e2ePwned?: unknown }).e2ePwned)).toBeUndefined();
    await expectAccessibleNow(page);

    // Edit: the form loads the post; the new title replaces the old one everywhere.
    await listed.getByRole("button", { name: `Edit “${title}”` }).click();
    const editForm = admin.getByRole("form", { name: "Edit Post" });
    await expectVisible(editForm);
    const editTitle = editForm.getByLabel("Title *", { exact: true });
    expect(await editTitle.inputValue()).toBe(title);
    expect(await editTitle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await editForm.getByLabel("Excerpt", { exact: true }).inputValue()).toBe(excerpt);
    expect(await editForm.getByRole("switch", { name: "Published" }).getAttribute("aria-checked")).toBe("true");
    await expectAccessibleNow(admin);
    await editTitle.fill(renamed);
    await editForm.getByRole("button", { name: "Update Post" }).click();
    await expectVisible(toast(admin, "Post updated successfully!"));
    const renamedEntry = admin.getByRole("article", { name: renamed, exact: true });
    await expectVisible(renamedEntry);
    await expect(admin.getByRole("article", { name: title, exact: true }).count()).resolves.toBe(0);
    await expectVisible(admin.getByRole("form", { name: "Create Post" }));

    await visit(page, `/posts?q=${id}`);
    expect(await cardTitles(page)).toEqual([renamed]);
    await visit(page, postPath);
    await expect(heading(page).textContent()).resolves.toBe(renamed);

    // Unpublish: back to a draft, gone from the list and from its address.
    await renamedEntry.getByRole("button", { name: `Unpublish “${renamed}”` }).click();
    await expectVisible(toast(admin, "Post moved back to drafts."));
    await expectVisible(renamedEntry.getByText("Draft", { exact: true }));
    await expect(renamedEntry.getByRole("button", { name: `Publish “${renamed}”` }).count()).resolves.toBe(1);
    await expectAccessibleNow(admin);

    await visit(page, "/posts");
    expect(await cardTitles(page)).not.toContain(renamed);
    await visitor.close();
    const gone = await openPage(browser, { allow: [expectedStatus(404, postPath)] });
    const missing = await gone.page.goto(postPath);
    expect(missing?.status()).toBe(404);
    await expect(heading(gone.page).textContent()).resolves.toBe("Post Not Found");
    await gone.close();

    // Delete, after confirming in a dialog.
    await renamedEntry.getByRole("button", { name: `Delete “${renamed}”` }).click();
    const dialog = admin.getByRole("alertdialog", { name: "Delete this post?" });
    await expectVisible(dialog);
    await expect(
      dialog
        .getByText(`“${renamed}” and all of its comments will be permanently deleted. This cannot be undone.`)
        .count(),
    ).resolves.toBe(1);
    await expectAccessibleNow(admin);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expectVisible(toast(admin, "Post deleted successfully."));
    await expectGone(renamedEntry);
    await expectAccessibleNow(admin);
    await staff.close();
  });
});
