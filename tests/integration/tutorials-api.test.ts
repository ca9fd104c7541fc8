import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminTutorial, TutorialDetail, TutorialSummary } from "../../core/tutorials/schema.ts";
import { DEMO_TUTORIALS, seedDemoTutorials } from "../../db/seed-tutorials.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs, FIRST_ROWS } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

function input(overrides: Record<string, unknown> = {}) {
  return {
    titleEn: "Storyboard a 30-second Ad",
    titleFr: "Scénariser une publicité de 30 secondes",
    summaryEn: "Six frames that carry a message.",
    summaryFr: "Six cases qui portent un message.",
    contentEn: "## Frames\nSix of them.",
    contentFr: "## Cases\nSix en tout.",
    categoryEn: "Video",
    categoryFr: "Vidéo",
    tagsEn: ["storyboard"],
    tagsFr: ["scénarimage"],
    difficulty: "beginner",
    estimatedMinutes: 20,
    published: true,
    ...overrides,
  };
}

describe("tutorials API", () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let staff: TestClient;
  const seeded = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoTutorials(t.services, createLogger("silent"));
    for (const tutorial of (await t.services.tutorials.listStaffPage(FIRST_ROWS)).items)
      seeded.set(tutorial.titleEn, tutorial.id);
    visitor = t.client();
    member = await signInAs(t, "customer");
    staff = await signInAs(t, "staff");
  });
  afterAll(() => t.close());

  const id = (titleStart: string) => [...seeded].find(([title]) => title.startsWith(titleStart))![1];

  it("GET /api/tutorials lists the published demo tutorials, newest first, in English, without the draft", async () => {
    const response = await visitor.request("/api/tutorials");
    expect(response.status).toBe(200);
    const list: TutorialSummary[] = await response.json();
    const published = DEMO_TUTORIALS.filter((d) => d.tutorial.published).sort((a, b) => a.ageDays - b.ageDays);
    expect(list.map((x) => x.title)).toEqual(published.map((d) => d.tutorial.titleEn));
    expect(list.map((x) => x.title)).not.toContain(expect.stringMatching(/^Draft/));
    const social = list[0];
    expect(social).toMatchObject({
      language: "en",
      category: "Social Media",
      difficulty: "beginner",
      estimatedMinutes: 25,
      hasVideo: true,
      featuredImage: null,
      videoEmbedUrl: "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U",
      viewCount: 184,
    });
    expect(social).not.toHaveProperty("content");
    expect(list.find((x) => x.title.startsWith("Five Checks"))).toMatchObject({
      estimatedMinutes: null,
      hasVideo: false,
    });
  });

  it("answers the same tutorials with their French texts for French readers and ?language=fr; the counts are shared", async () => {
    const english: TutorialSummary[] = await (await visitor.request("/api/tutorials")).json();
    for (const french of [
      await (await visitor.request("/api/tutorials", { headers: FR })).json(),
      await (await visitor.request("/api/tutorials?language=fr")).json(),
    ] as TutorialSummary[][]) {
      expect(french.map((x) => x.id)).toEqual(english.map((x) => x.id));
      expect(french[0]).toMatchObject({ language: "fr", category: "Réseaux sociaux", viewCount: english[0].viewCount });
      expect(french[0].title).toBe(DEMO_TUTORIALS[0].tutorial.titleFr);
    }
    expect((await visitor.request("/api/tutorials?language=de")).status).toBe(400);
  });

  it("searches the title or the category, and filters by difficulty", async () => {
    const titles = async (query: string, headers?: Record<string, string>) =>
      ((await (await visitor.request(`/api/tutorials?${query}`, { headers })).json()) as TutorialSummary[]).map(
        (x) => x.title,
      );
    expect(await titles("q=colour")).toEqual(["Colour Grading Basics for Brand Videos"]);
    expect(await titles("q=ai%20tools")).toEqual(["Write a Chatbot Script That Hands Over to a Human"]);
    expect(await titles("q=outils", FR)).toEqual(["Écrire le script d'un chatbot qui passe la main à un humain"]);
    expect(await titles("q=video", FR)).toEqual(["Les bases de l'étalonnage pour les vidéos de marque"]);
    expect(await titles("difficulty=beginner")).toEqual([
      "Plan a Month of Social Media Posts in One Afternoon",
      "Five Checks Before You Send a Logo to Print",
    ]);
    expect(await titles("difficulty=advanced&q=logo")).toEqual([]);
    expect(await titles("difficulty=all")).toHaveLength(4);
    const bad = await visitor.request("/api/tutorials?difficulty=expert");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Difficulty must be beginner, intermediate or advanced");
  });

  it("GET /api/tutorials/{id} answers a published tutorial with its content; a draft, an unknown id or a non-number is 'Tutorial Not Found'", async () => {
    const response = await visitor.request(`/api/tutorials/${id("Colour")}`);
    expect(response.status).toBe(200);
    const tutorial: TutorialDetail = await response.json();
    expect(tutorial).toMatchObject({
      locked: false,
      videoEmbedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
      tags: ["video", "colour", "editing"],
    });
    expect(tutorial.content).toContain("## Correction before style");
    const french: TutorialDetail = await (
      await visitor.request(`/api/tutorials/${id("Colour")}`, { headers: FR })
    ).json();
    expect(french.content).toContain("## La correction avant le style");
    for (const path of [
      `/api/tutorials/${id("Draft")}`,
      "/api/tutorials/999999",
      "/api/tutorials/abc",
      "/api/tutorials/1e3",
    ]) {
      const missing = await visitor.request(path);
      expect(missing.status, path).toBe(404);
      expect((await missing.json()).message).toBe("Tutorial Not Found");
    }
    const frMissing = await visitor.request("/api/tutorials/999999", { headers: FR });
    expect((await frMissing.json()).message).toBe("Tutoriel introuvable");
  });

  it("a members-only tutorial shows a visitor its summary only (decision 16); a signed-in member reads it all", async () => {
    const locked: TutorialDetail = await (await visitor.request(`/api/tutorials/${id("Write a Chatbot")}`)).json();
    expect(locked).toMatchObject({ locked: true, content: "", membersOnly: true });
    expect(locked.summary).toContain("three exits");
    const open: TutorialDetail = await (await member.request(`/api/tutorials/${id("Write a Chatbot")}`)).json();
    expect(open).toMatchObject({ locked: false, membersOnly: true });
    expect(open.content).toContain("## The three exits");
  });

  it("POST /api/tutorials/{id}/view counts a visitor once a day, whatever the reloads; another visitor counts again", async () => {
    const tutorialId = id("Five Checks");
    const before = (await t.services.tutorials.get(tutorialId)).viewCount;
    const view = (client: TestClient, ua: string) =>
      client.request(`/api/tutorials/${tutorialId}/view`, { method: "POST", headers: { "user-agent": ua } });
    const first = await view(visitor, "Browser A");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ viewCount: before + 1 });
    for (let reload = 0; reload < 3; reload++)
      expect(await (await view(visitor, "Browser A")).json()).toEqual({ viewCount: before + 1 });
    expect(await (await view(visitor, "Browser B")).json()).toEqual({ viewCount: before + 2 });
    // A signed-in member is counted once whatever browser they use.
    expect(await (await view(member, "Browser A")).json()).toEqual({ viewCount: before + 3 });
    expect(await (await view(member, "Browser C")).json()).toEqual({ viewCount: before + 3 });
    // Concurrent loads by one new visitor count once.
    const burst = await Promise.all(Array.from({ length: 8 }, () => view(visitor, "Browser D")));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect((await t.services.tutorials.get(tutorialId)).viewCount).toBe(before + 4);
    // The next day, the same visitor counts again.
    await t.services.tutorials.recordView(tutorialId, "visitor-next-day", new Date("2030-01-01T10:00:00Z"));
    const again = await t.services.tutorials.recordView(
      tutorialId,
      "visitor-next-day",
      new Date("2030-01-02T10:00:00Z"),
    );
    expect(again.viewCount).toBe(before + 6);
    // Seen in the other language too: one record, one count.
    const french: TutorialDetail = await (
      await visitor.request(`/api/tutorials/${tutorialId}`, { headers: FR })
    ).json();
    expect(french).toMatchObject({ language: "fr", viewCount: before + 6 });
  });

  it("a view of a draft, an unknown tutorial or a bad id is 404 and counts nothing", async () => {
    for (const path of [`/api/tutorials/${id("Draft")}/view`, "/api/tutorials/999999/view", "/api/tutorials/x/view"]) {
      expect((await visitor.request(path, { method: "POST" })).status, path).toBe(404);
    }
    expect((await t.services.tutorials.get(id("Draft"))).viewCount).toBe(0);
  });

  describe("staff", () => {
    it("visitors and customers cannot list, create, edit or delete (401, 403)", async () => {
      expect((await visitor.request("/api/admin/tutorials")).status).toBe(401);
      expect((await member.request("/api/admin/tutorials")).status).toBe(403);
      expect((await member.request("/api/admin/tutorials", { method: "POST", json: input() })).status).toBe(403);
      expect(
        (await member.request(`/api/admin/tutorials/${id("Colour")}`, { method: "PUT", json: { titleEn: "x" } }))
          .status,
      ).toBe(403);
      expect((await visitor.request(`/api/admin/tutorials/${id("Colour")}`, { method: "DELETE" })).status).toBe(401);
      expect((await t.services.tutorials.get(id("Colour"))).titleEn).toBe("Colour Grading Basics for Brand Videos");
    });

    it("creates, edits and deletes a tutorial; the public list follows at once", async () => {
      const created = await staff.request("/api/admin/tutorials", { method: "POST", json: input() });
      expect(created.status).toBe(201);
      const tutorial: AdminTutorial = await created.json();
      expect(tutorial).toMatchObject({
        titleEn: "Storyboard a 30-second Ad",
        titleFr: "Scénariser une publicité de 30 secondes",
        viewCount: 0,
        published: true,
      });
      expect(
        ((await (await visitor.request("/api/tutorials?q=storyboard")).json()) as TutorialSummary[]).map((x) => x.id),
      ).toEqual([tutorial.id]);

      const edited = await staff.request(`/api/admin/tutorials/${tutorial.id}`, {
        method: "PUT",
        json: { titleFr: "Scénariser une pub", published: false },
      });
      expect(edited.status).toBe(200);
      expect(await edited.json()).toMatchObject({
        titleEn: "Storyboard a 30-second Ad",
        titleFr: "Scénariser une pub",
        published: false,
      });
      expect((await visitor.request(`/api/tutorials/${tutorial.id}`)).status).toBe(404);
      expect(
        ((await (await staff.request("/api/admin/tutorials")).json()) as AdminTutorial[]).map((x) => x.id),
      ).toContain(tutorial.id);

      expect((await staff.request(`/api/admin/tutorials/${tutorial.id}`, { method: "DELETE" })).status).toBe(204);
      expect((await staff.request(`/api/admin/tutorials/${tutorial.id}`, { method: "DELETE" })).status).toBe(404);
      expect(
        (await staff.request(`/api/admin/tutorials/${tutorial.id}`, { method: "PUT", json: { titleEn: "x" } })).status,
      ).toBe(404);
    });

    it("refuses bad input with translated messages per field, and stores nothing", async () => {
      const count = (await t.services.tutorials.listStaffPage(FIRST_ROWS)).items.length;
      const noTitle = await staff.request("/api/admin/tutorials", {
        method: "POST",
        json: input({ titleEn: " ", titleFr: "" }),
      });
      expect(noTitle.status).toBe(400);
      expect(await noTitle.json()).toMatchObject({
        message: "Title is required",
        fields: { titleEn: "Title is required", titleFr: "Title is required" },
      });
      const frNoTitle = await staff.request("/api/admin/tutorials", {
        method: "POST",
        json: input({ titleFr: "" }),
        headers: FR,
      });
      expect((await frNoTitle.json()).fields).toEqual({ titleFr: "Le titre est obligatoire" });
      const video = await staff.request("/api/admin/tutorials", {
        method: "POST",
        json: input({ videoUrl: "https://evil.example/embed" }),
      });
      expect((await video.json()).fields).toEqual({ videoUrl: "The video must be a YouTube or Vimeo address" });
      const image = await staff.request("/api/admin/tutorials", {
        method: "POST",
        json: input({ featuredImage: "javascript:alert(1)" }),
      });
      expect((await image.json()).fields).toEqual({
        featuredImage: "The image must be an https address or a path on this site",
      });
      const level = await staff.request("/api/admin/tutorials", {
        method: "POST",
        json: input({ difficulty: "expert", estimatedMinutes: 0 }),
      });
      expect(Object.keys((await level.json()).fields).sort()).toEqual(["difficulty", "estimatedMinutes"]);
      const unknown = await staff.request("/api/admin/tutorials", { method: "POST", json: input({ viewCount: 1000 }) });
      expect(unknown.status).toBe(400);
      const empty = await staff.request(`/api/admin/tutorials/${id("Colour")}`, { method: "PUT", json: {} });
      expect(empty.status).toBe(400);
      expect((await t.services.tutorials.listStaffPage(FIRST_ROWS)).items.length).toBe(count);
    });
  });

  it("the CSP lets pages frame exactly the YouTube privacy-enhanced and Vimeo players", async () => {
    const csp = (await visitor.request("/en/tutorials")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com(;|$)/);
    expect(csp).not.toContain("https://www.youtube.com");
  });
});
