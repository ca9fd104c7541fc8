import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPost } from "../../core/blog/schema.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs, FIRST_ROWS } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

describe("public blog API", () => {
  let t: TestApp;
  let visitor: TestClient;
  let enDesign: AdminPost;
  let enTech: AdminPost;
  let frMarketing: AdminPost;
  let draft: AdminPost;
  let premium: AdminPost;

  beforeAll(async () => {
    t = await createTestApp();
    visitor = t.client();
    const blog = t.services.blog;
    enDesign = await blog.createPost({
      title: "Colour systems that scale",
      excerpt: "How a small palette carries a whole brand.",
      content: `<h2>Start small</h2><p onclick="steal()">Pick <strong>three</strong> colours.</p><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a><img src="x" onerror="alert(1)">`,
      category: "design",
      language: "en",
      published: true,
    });
    enTech = await blog.createPost({
      title: "Shipping a chatbot",
      excerpt: "Lessons from production.",
      content: "<p>Tech</p>",
      category: "technology",
      language: "en",
      published: true,
    });
    frMarketing = await blog.createPost({
      title: "Création de marque",
      excerpt: "Une identité qui dure.",
      content: "<p>Bonjour</p>",
      category: "marketing",
      language: "fr",
      published: true,
    });
    draft = await blog.createPost({
      title: "Secret draft",
      excerpt: "Not yet",
      content: "<p>draft</p>",
      category: "business",
      language: "en",
      published: false,
    });
    premium = await blog.createPost({
      title: "Members playbook",
      excerpt: "The public teaser.",
      content: "<p>The secret premium recipe.</p>",
      category: "business",
      language: "en",
      published: true,
      membersOnly: true,
    });
  });
  afterAll(() => t.close());

  describe("GET /api/posts", () => {
    it("lists published posts only, newest first, without their content", async () => {
      const response = await visitor.request("/api/posts");
      expect(response.status).toBe(200);
      const posts = await response.json();
      const ids = posts.map((p: { id: number }) => p.id);
      expect(ids).toEqual([premium.id, frMarketing.id, enTech.id, enDesign.id]);
      expect(ids).not.toContain(draft.id);
      expect(posts[0]).not.toHaveProperty("content");
      expect(JSON.stringify(posts)).not.toContain("secret premium recipe");
    });

    it("filters by language, category and search text in title or excerpt", async () => {
      const fr = await (await visitor.request("/api/posts?language=fr")).json();
      expect(fr.map((p: { id: number }) => p.id)).toEqual([frMarketing.id]);
      const design = await (await visitor.request("/api/posts?category=design")).json();
      expect(design.map((p: { id: number }) => p.id)).toEqual([enDesign.id]);
      const byExcerpt = await (await visitor.request("/api/posts?q=PRODUCTION")).json();
      expect(byExcerpt.map((p: { id: number }) => p.id)).toEqual([enTech.id]);
      const accentless = await (await visitor.request("/api/posts?q=creation")).json();
      expect(accentless.map((p: { id: number }) => p.id)).toEqual([frMarketing.id]);
      const all = await (await visitor.request("/api/posts?category=all&language=en")).json();
      expect(all).toHaveLength(3);
      const none = await (await visitor.request("/api/posts?q=draft")).json();
      expect(none).toEqual([]);
    });

    it("refuses an unknown category or language with a translated 400", async () => {
      const en = await visitor.request("/api/posts?category=cooking");
      expect(en.status).toBe(400);
      expect(await en.json()).toMatchObject({ code: "validation", message: "Unknown category" });
      const fr = await visitor.request("/api/posts?language=de", { headers: FR });
      expect(fr.status).toBe(400);
      expect((await fr.json()).message).toBe("La langue doit être l'anglais ou le français");
    });
  });

  describe("GET /api/posts/:id", () => {
    it("returns a published post with its content sanitised on the server", async () => {
      const response = await visitor.request(`/api/posts/${enDesign.id}`);
      expect(response.status).toBe(200);
      const post = await response.json();
      expect(post).toMatchObject({
        id: enDesign.id,
        title: "Colour systems that scale",
        category: "design",
        locked: false,
      });
      expect(post.content).toContain("<h2>Start small</h2>");
      expect(post.content).toContain("<strong>three</strong>");
      expect(post.content).toContain('<a href="https://example.com" rel="noopener noreferrer">good</a>');
      expect(post.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    });

    it("answers 404 'Post not found' for unknown, non-numeric and draft ids, translated", async () => {
      for (const id of ["999999", "abc", "1.5", "-1", "99999999999", String(draft.id)]) {
        const response = await visitor.request(`/api/posts/${id}`);
        expect(response.status, id).toBe(404);
        expect(await response.json()).toEqual({ code: "not_found", message: "Post not found" });
      }
      const fr = await visitor.request(`/api/posts/${draft.id}`, { headers: FR });
      expect((await fr.json()).message).toBe("Article introuvable");
    });

    it("hides members-only content from visitors and shows it to signed-in users", async () => {
      const asVisitor = await (await visitor.request(`/api/posts/${premium.id}`)).json();
      expect(asVisitor).toMatchObject({ locked: true, content: "", excerpt: "The public teaser." });
      expect(JSON.stringify(asVisitor)).not.toContain("secret premium recipe");
      const customer = await signInAs(t, "customer");
      const asMember = await (await customer.request(`/api/posts/${premium.id}`)).json();
      expect(asMember).toMatchObject({ locked: false, content: "<p>The secret premium recipe.</p>" });
    });
  });

  describe("comments", () => {
    const valid = { author: "Ada", email: "ada@example.com", content: "Great article, thank you!" };

    it("stores a comment unapproved (201) and shows it only once approved", async () => {
      const response = await visitor.request(`/api/posts/${enDesign.id}/comments`, {
        method: "POST",
        json: { ...valid, parentId: null, website: "https://ada.example" },
      });
      expect(response.status).toBe(201);
      const created = await response.json();
      expect(created).toMatchObject({
        postId: enDesign.id,
        authorName: "Ada",
        authorWebsite: "https://ada.example",
        approved: false,
        parentId: null,
      });
      expect(created).not.toHaveProperty("authorEmail");
      let listed = await (await visitor.request(`/api/posts/${enDesign.id}/comments`)).json();
      expect(listed).toEqual([]);
      await t.services.blog.approveComment(created.id);
      listed = await (await visitor.request(`/api/posts/${enDesign.id}/comments`)).json();
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id: created.id, authorName: "Ada", content: "Great article, thank you!" });
      expect(listed[0]).not.toHaveProperty("authorEmail");
    });

    it("accepts one level of replies and refuses a reply to a reply", async () => {
      const top = await (
        await visitor.request(`/api/posts/${enTech.id}/comments`, { method: "POST", json: valid })
      ).json();
      await t.services.blog.approveComment(top.id);
      const replyResponse = await visitor.request(`/api/posts/${enTech.id}/comments`, {
        method: "POST",
        json: { ...valid, content: "I agree entirely.", parentId: top.id },
      });
      expect(replyResponse.status).toBe(201);
      const reply = await replyResponse.json();
      expect(reply.parentId).toBe(top.id);
      await t.services.blog.approveComment(reply.id);

      const nested = await visitor.request(`/api/posts/${enTech.id}/comments`, {
        method: "POST",
        json: { ...valid, parentId: reply.id },
      });
      expect(nested.status).toBe(400);
      expect(await nested.json()).toMatchObject({
        code: "validation",
        message: "You can only reply to a top-level comment, not to a reply.",
        fields: { parentId: "You can only reply to a top-level comment, not to a reply." },
      });
      const nestedFr = await visitor.request(`/api/posts/${enTech.id}/comments`, {
        method: "POST",
        json: { ...valid, parentId: reply.id },
        headers: FR,
      });
      expect((await nestedFr.json()).message).toBe(
        "Vous ne pouvez répondre qu'à un commentaire principal, pas à une réponse.",
      );

      const listed = await (await visitor.request(`/api/posts/${enTech.id}/comments`)).json();
      expect(listed.map((c: { id: number }) => c.id)).toEqual([top.id, reply.id]);
    });

    it("refuses replies to pending comments or comments of another post", async () => {
      const pending = await (
        await visitor.request(`/api/posts/${enTech.id}/comments`, { method: "POST", json: valid })
      ).json();
      const toPending = await visitor.request(`/api/posts/${enTech.id}/comments`, {
        method: "POST",
        json: { ...valid, parentId: pending.id },
      });
      expect(toPending.status).toBe(400);
      expect((await toPending.json()).message).toBe(
        "The comment you are replying to does not exist or has not been published yet.",
      );
      await t.services.blog.approveComment(pending.id);
      const otherPost = await visitor.request(`/api/posts/${enDesign.id}/comments`, {
        method: "POST",
        json: { ...valid, parentId: pending.id },
      });
      expect(otherPost.status).toBe(400);
    });

    it("validates the payload with translated messages and stores nothing", async () => {
      const before = (await t.services.blog.listComments("all", FIRST_ROWS)).items;
      const cases: Array<[Record<string, unknown>, string, string, string]> = [
        [{ ...valid, author: "  " }, "author", "Name is required", "Le nom est obligatoire"],
        [
          { ...valid, email: "not-an-email" },
          "email",
          "Valid email is required",
          "Une adresse e-mail valide est requise",
        ],
        [
          { ...valid, content: "abcd" },
          "content",
          "Comment must be at least 5 characters",
          "Le commentaire doit comporter au moins 5 caractères",
        ],
        [
          { ...valid, content: "x".repeat(5001) },
          "content",
          "Comment must be at most 5,000 characters",
          "Le commentaire doit comporter au plus 5 000 caractères",
        ],
        [
          { ...valid, author: "x".repeat(101) },
          "author",
          "Name must be at most 100 characters",
          "Le nom doit comporter au plus 100 caractères",
        ],
        [
          { ...valid, website: "javascript:alert(1)" },
          "website",
          "Website must be a full address starting with http:// or https://",
          "Le site web doit être une adresse complète commençant par http:// ou https://",
        ],
        [{ email: valid.email, content: valid.content }, "author", "Name is required", "Le nom est obligatoire"],
      ];
      for (const [payload, field, english, french] of cases) {
        const en = await visitor.request(`/api/posts/${enDesign.id}/comments`, { method: "POST", json: payload });
        expect(en.status, field).toBe(400);
        const body = await en.json();
        expect(body.code).toBe("validation");
        expect(body.fields[field]).toBe(english);
        const fr = await visitor.request(`/api/posts/${enDesign.id}/comments`, {
          method: "POST",
          json: payload,
          headers: FR,
        });
        expect((await fr.json()).fields[field]).toBe(french);
      }
      const unknownField = await visitor.request(`/api/posts/${enDesign.id}/comments`, {
        method: "POST",
        json: { ...valid, approved: true },
      });
      expect(unknownField.status).toBe(400);
      const notJson = await visitor.request(`/api/posts/${enDesign.id}/comments`, {
        method: "POST",
        body: "{oops",
        headers: { "content-type": "application/json" },
      });
      expect(notJson.status).toBe(400);
      expect((await t.services.blog.listComments("all", FIRST_ROWS)).items).toHaveLength(before.length);
    });

    it("accepts comments only on published posts", async () => {
      for (const id of [String(draft.id), "424242", "abc"]) {
        const response = await visitor.request(`/api/posts/${id}/comments`, { method: "POST", json: valid });
        expect(response.status, id).toBe(404);
        expect((await response.json()).message).toBe("Post not found");
        const list = await visitor.request(`/api/posts/${id}/comments`);
        expect(list.status).toBe(404);
      }
    });

    it("refuses a cross-site comment", async () => {
      const response = await t.app.request(`/api/posts/${enDesign.id}/comments`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify(valid),
      });
      expect(response.status).toBe(403);
    });
  });

  it("limits comments per client address with a translated 429 and Retry-After", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const post = await proxied.services.blog.createPost({ title: "Busy post", category: "design", published: true });
      const client = proxied.client();
      const send = (address: string, headers: Record<string, string> = {}) =>
        client.request(`/api/posts/${post.id}/comments`, {
          method: "POST",
          json: { author: "Bot", email: "bot@example.com", content: "Same comment again." },
          headers: { "x-forwarded-for": `${address}, 10.0.0.1`, ...headers },
        });
      // Refused input does not use up the allowance.
      const invalid = await client.request(`/api/posts/${post.id}/comments`, {
        method: "POST",
        json: { author: "", email: "x", content: "" },
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
      expect(invalid.status).toBe(400);
      // Per e-mail address: 10 in 10 minutes, wherever they come from.
      for (let i = 0; i < 10; i++) expect((await send("203.0.113.7")).status).toBe(201);
      const refused = await send("203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(590);
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many messages for this e-mail address. Please try again in 10 minutes.",
      });
      const refusedFr = await send("203.0.113.7", FR);
      expect((await refusedFr.json()).message).toBe(
        "Trop de messages pour cette adresse e-mail. Veuillez réessayer dans 10 minutes.",
      );
      expect((await send("198.51.100.4")).status).toBe(429);
      expect((await proxied.services.blog.listComments("pending", FIRST_ROWS)).items).toHaveLength(10);
    } finally {
      await proxied.close();
    }
  });

  it("documents every blog route in the OpenAPI document", async () => {
    const doc = await (await visitor.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/posts",
        "/posts/{id}",
        "/posts/{id}/comments",
        "/admin/posts",
        "/admin/comments",
        "/admin/comments/{id}/approve",
        "/admin/comments/{id}/reject",
      ]),
    );
    expect(Object.keys(doc.paths["/posts/{id}"])).toEqual(expect.arrayContaining(["get", "put", "delete"]));
  });
});
