import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_POSTS, seedDemoContent } from "../../db/seed.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { FIRST_ROWS } from "../helpers/factories.ts";

describe("demo blog content", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.services, createLogger("silent"));
  });
  afterAll(() => t.close());

  it("seeds published posts in both languages covering every category, and one draft", async () => {
    const all = (await t.services.blog.listStaffPage(FIRST_ROWS)).items;
    expect(all.filter((p) => !p.published)).toHaveLength(1);
    for (const language of ["en", "fr"]) {
      const { posts: published } = await t.services.blog.listPublishedPage({ language, limit: 50 });
      expect(published.length).toBeGreaterThanOrEqual(3);
      expect(new Set(published.map((p) => p.category))).toEqual(
        new Set(["marketing", "technology", "design", "business"]),
      );
    }
  });

  it("gives every post real HTML content and an existing featured image", async () => {
    for (const post of (await t.services.blog.listStaffPage(FIRST_ROWS)).items) {
      expect(post.content, post.title).toMatch(/<h2>/);
      expect(post.content, post.title).toMatch(/<p>/);
      expect(post.content, post.title).toMatch(/<(ul|ol)>/);
      expect(post.featuredImage).toMatch(/^\/images\/blog\/[a-z]+\.svg$/);
      expect(fs.existsSync(path.join("public", post.featuredImage!))).toBe(true);
    }
  });

  it("seeds approved comments with a reply, and one comment awaiting moderation", async () => {
    const {
      posts: [design],
    } = await t.services.blog.listPublishedPage({ language: "en", category: "design" });
    const { comments } = await t.services.blog.listApprovedComments(design.id);
    expect(comments.length).toBeGreaterThanOrEqual(3);
    expect(comments.some((c) => c.parentId !== null)).toBe(true);
    expect((await t.services.blog.listComments("pending", FIRST_ROWS)).items.length).toBeGreaterThanOrEqual(1);
  });

  it("links the English and French versions of the posts written in both languages, both directions", async () => {
    const all = (await t.services.blog.listStaffPage(FIRST_ROWS)).items;
    const byId = new Map(all.map((p) => [p.id, p]));
    const linked = all.filter((p) => p.translationOf !== null);
    expect(linked).toHaveLength(8);
    for (const post of linked) {
      const other = byId.get(post.translationOf!);
      expect(other?.translationOf, post.title).toBe(post.id);
      expect(other?.language, post.title).not.toBe(post.language);
    }
    const signals = all.find((p) => p.title === "Five Signals Your Brand Is Ready for a Campaign");
    expect(byId.get(signals!.translationOf!)?.title).toBe("Cinq signes que votre marque est prête pour une campagne");
    // Comments and reviews carry the language they were written in.
    const comments = (await t.services.blog.listComments("all", FIRST_ROWS)).items;
    expect(comments.every((c) => c.language === byId.get(c.postId)?.language)).toBe(true);
    const reviews = (await t.services.testimonials.listStaffPage(FIRST_ROWS)).items;
    expect(reviews.find((r) => r.customerName === "Julien Moreau")?.language).toBe("fr");
    expect(reviews.find((r) => r.customerName === "Sarah Mitchell")?.language).toBe("en");
  });

  it("carries on where a first start stopped part-way, and leaves a site in use alone", async () => {
    const interrupted = await createTestApp();
    try {
      // What a kill -9 after the third demo post leaves behind.
      const ids = new Map<string, number>();
      for (const demo of DEMO_POSTS.slice(0, 3)) {
        const translationOf = demo.translates === undefined ? null : (ids.get(demo.translates) ?? null);
        ids.set(demo.post.title, (await interrupted.services.blog.createPost({ ...demo.post, translationOf })).id);
      }
      await seedDemoContent(interrupted.services, createLogger("silent"));
      const titles = (await interrupted.services.blog.listStaffPage(FIRST_ROWS)).items.map((post) => post.title).sort();
      expect(titles).toEqual(DEMO_POSTS.map((demo) => demo.post.title).sort());

      const inUse = await createTestApp();
      try {
        await inUse.services.blog.createPost({
          ...DEMO_POSTS[0].post,
          title: "Our own first post",
          translationOf: null,
        });
        await seedDemoContent(inUse.services, createLogger("silent"));
        expect((await inUse.services.blog.listStaffPage(FIRST_ROWS)).items.map((post) => post.title)).toEqual([
          "Our own first post",
        ]);
      } finally {
        await inUse.close();
      }
    } finally {
      await interrupted.close();
    }
  }, 180_000);

  it("does not duplicate anything when started again", async () => {
    const posts = (await t.services.blog.listStaffPage(FIRST_ROWS)).items.length;
    const comments = (await t.services.blog.listComments("all", FIRST_ROWS)).items.length;
    await seedDemoContent(t.services, createLogger("silent"));
    expect((await t.services.blog.listStaffPage(FIRST_ROWS)).items.length).toBe(posts);
    expect((await t.services.blog.listComments("all", FIRST_ROWS)).items.length).toBe(comments);
  });
});
