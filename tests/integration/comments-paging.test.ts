import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicComment } from "../../core/blog/schema.ts";
import { PageCache } from "../../server/page-cache.server.ts";
import { createPost } from "../helpers/factories.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

function page(html: string) {
  const document = new JSDOM(html).window.document;
  const section = document.querySelector("section#comments");
  return {
    /** The threads' first lines, with their replies after a "/": "Thread 02 / Reply 02.1 / Reply 02.2". */
    threads: [...(section?.querySelectorAll(":scope > ol > li") ?? [])].map((item) =>
      [...item.querySelectorAll("p[lang]")].map((node) => node.textContent?.trim()).join(" / "),
    ),
    heading: section?.querySelector("h2")?.textContent ?? "",
    anchor: (rel: string) => section?.querySelector(`a[rel="${rel}"]`)?.getAttribute("href") ?? null,
    headLink: (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute("href") ?? null,
    text: section?.textContent ?? "",
  };
}

describe("a post's comments a page of threads at a time (docs/decisions/0036-lists-a-page-at-a-time.md)", () => {
  let t: TestApp;
  let visitor: TestClient;
  let renders: () => number;
  let postId: number;
  /** The approved threads, oldest first, each as the page shows it. */
  const threads: string[] = [];

  beforeAll(async () => {
    const counting = await countingSsr();
    renders = counting.renders;
    t = await createTestApp({}, { ssr: counting.ssr, pageCache: new PageCache() });
    visitor = t.client();
    postId = (await createPost(t, { title: "A much discussed post", language: "en", published: true })).id;
    const comment = async (content: string, parentId?: number, approve = true) => {
      const sent = await t.services.blog.submitComment(postId, {
        author: "Reader",
        email: "reader@example.com",
        content,
        ...(parentId ? { parentId } : {}),
      });
      if (approve) await t.services.blog.approveComment(sent.id);
      return sent.id;
    };
    // 23 approved threads (two pages of twenty) and one awaiting moderation; thread 02 has two approved
    // replies and one waiting, which go with it.
    for (let i = 1; i <= 24; i++) {
      const number = String(i).padStart(2, "0");
      const id = await comment(`Thread ${number}`, undefined, i !== 5);
      if (i === 5) continue;
      if (i === 2) {
        await comment("Reply 02.1", id);
        await comment("Reply 02.2", id);
        await comment("Reply 02.3 waiting", id, false);
        threads.push("Thread 02 / Reply 02.1 / Reply 02.2");
      } else threads.push(`Thread ${number}`);
    }
  }, 240_000);
  afterAll(() => t.close());

  async function api(query: string, headers: Record<string, string> = {}) {
    const response = await visitor.request(`/api/posts/${postId}/comments${query}`, { headers });
    return { response, body: (await response.json()) as PublicComment[] };
  }

  describe("GET /api/posts/{id}/comments", () => {
    it("answers twenty threads, each with its replies, with the count of threads and the links", async () => {
      const { response, body } = await api("");
      expect(response.status).toBe(200);
      expect(body.filter((comment) => comment.parentId === null).map((comment) => comment.content)).toEqual(
        threads.slice(0, 20).map((thread) => thread.split(" / ")[0]),
      );
      expect(body.filter((comment) => comment.parentId !== null).map((comment) => comment.content)).toEqual([
        "Reply 02.1",
        "Reply 02.2",
      ]);
      expect(response.headers.get("x-total-count")).toBe("23");
      expect(response.headers.get("link")).toBe(
        [
          `</api/posts/${postId}/comments?page=1>; rel="first"`,
          `</api/posts/${postId}/comments?page=2>; rel="next"`,
          `</api/posts/${postId}/comments?page=2>; rel="last"`,
        ].join(", "),
      );
      const second = await api("?page=2");
      expect(second.body.map((comment) => comment.content)).toEqual(["Thread 22", "Thread 23", "Thread 24"]);
      expect((await api("?page=3")).body).toEqual([]);
    });

    it("takes a limit of threads up to a hundred and refuses more with a translated 400", async () => {
      const { response, body } = await api("?limit=2");
      expect(body.map((comment) => comment.content)).toEqual(["Thread 01", "Thread 02", "Reply 02.1", "Reply 02.2"]);
      expect(response.headers.get("link")).toContain(`</api/posts/${postId}/comments?limit=2&page=12>; rel="last"`);
      const tooMany = await visitor.request(`/api/posts/${postId}/comments?limit=101`);
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).fields).toEqual({ limit: "Limit must be a whole number from 1 to 100." });
      const french = await visitor.request(`/api/posts/${postId}/comments?page=1.5`, { headers: FR });
      expect(french.status).toBe(400);
      expect((await french.json()).fields).toEqual({ page: "La page doit être un nombre entier de 1 à 100 000." });
      expect((await visitor.request("/api/posts/999999/comments")).status).toBe(404);
    });
  });

  describe("the post page", () => {
    it("shows twenty threads with their replies and a link to the later comments", async () => {
      const response = await visitor.request(`/en/posts/${postId}`);
      expect(response.status).toBe(200);
      const first = page(await response.text());
      expect(first.threads).toEqual(threads.slice(0, 20));
      // Every approved comment and reply beside the heading, not only the page's.
      expect(first.heading).toContain("(25 comments)");
      expect(first.anchor("next")).toBe(`/en/posts/${postId}?comments=2#comments`);
      expect(first.anchor("prev")).toBeNull();
      // The page is the post, not a list: its head leads to no other comments page.
      expect(first.headLink("next")).toBeNull();
      expect(first.text).toContain("Page 1 of 2");
      expect(first.text).toContain("Load more comments");
    });

    it("shows the later comments at ?comments=2, in French too, and sends a reader of a page that is gone back to the post", async () => {
      const second = page(await (await visitor.request(`/fr/posts/${postId}?comments=2`)).text());
      expect(second.threads).toEqual(threads.slice(20));
      expect(second.anchor("prev")).toBe(`/fr/posts/${postId}#comments`);
      expect(second.anchor("next")).toBeNull();
      expect(second.text).toContain("Page 2 sur 2");
      expect(second.text).not.toContain("Afficher plus de commentaires");
      for (const query of ["?comments=3", "?comments=0", "?comments=x"]) {
        const gone = await visitor.request(`/en/posts/${postId}${query}`);
        expect(gone.status, query).toBe(302);
        expect(gone.headers.get("location"), query).toBe(`/en/posts/${postId}#comments`);
      }
    });

    it("keeps each page of comments in the page cache under its own address", async () => {
      await visitor.request(`/en/posts/${postId}?comments=2`);
      const before = renders();
      await visitor.request(`/en/posts/${postId}?comments=2`);
      expect(renders()).toBe(before);
    });
  });
});
