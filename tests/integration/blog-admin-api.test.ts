import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { createPost, signInAs, visitorCustomerStaff, FIRST_ROWS } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

describe("staff blog API", () => {
  let t: TestApp;
  let visitor: TestClient;
  let customer: TestClient;
  let staff: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ visitor, customer, staff } = await visitorCustomerStaff(t));
    admin = await signInAs(t, "admin");
  });
  afterAll(() => t.close());

  async function pendingComment(postId: number, content = "A thoughtful remark.") {
    return t.services.blog.submitComment(postId, { author: "Lin", email: "lin@example.com", content });
  }

  describe("refuses visitors (401) and customers (403) on every staff endpoint", () => {
    const endpoints: Array<[string, string, unknown?]> = [
      ["POST", "/api/posts", { title: "X", category: "design" }],
      ["PUT", "/api/posts/1", { published: true }],
      ["DELETE", "/api/posts/1"],
      ["GET", "/api/admin/posts"],
      ["GET", "/api/admin/comments?status=pending"],
      ["POST", "/api/admin/comments/1/approve"],
      ["POST", "/api/admin/comments/1/reject"],
    ];
    for (const [method, path, json] of endpoints) {
      it(`${method} ${path}`, async () => {
        const post = await createPost(t, { title: "Guarded", published: false });
        const comment = await createPost(t, { published: true }).then((p) => pendingComment(p.id));
        const target = path
          .replace("/posts/1", `/posts/${post.id}`)
          .replace("/comments/1/", `/comments/${comment.id}/`);
        const asVisitor = await visitor.request(target, { method, json });
        expect(asVisitor.status).toBe(401);
        expect(await asVisitor.json()).toEqual({ code: "unauthenticated", message: "Please sign in to continue." });
        const asCustomer = await customer.request(target, { method, json });
        expect(asCustomer.status).toBe(403);
        expect((await asCustomer.json()).code).toBe("forbidden");
        // Nothing changed.
        expect((await t.services.blog.listStaffPage(FIRST_ROWS)).items.find((p) => p.id === post.id)).toMatchObject({
          title: "Guarded",
          published: false,
        });
        expect((await t.services.blog.listComments("pending", FIRST_ROWS)).items.some((c) => c.id === comment.id)).toBe(
          true,
        );
      });
    }

    it("refuses a visitor before looking at the input", async () => {
      const response = await visitor.request("/api/posts", { method: "POST", json: { nonsense: true } });
      expect(response.status).toBe(401);
    });
  });

  describe("posts", () => {
    it("creates a post (201) with defaults, sanitising its HTML", async () => {
      const response = await staff.request("/api/posts", {
        method: "POST",
        json: {
          title: "  Launch day  ",
          excerpt: "All about it",
          content: `<p>Hi<img src="https://cdn.example/a.png" onerror="x()"></p><script>x()</script>`,
          category: "marketing",
          published: true,
          language: "fr",
          featuredImage: "/images/blog/launch.svg",
          tags: ["launch", "launch", " news "],
          membersOnly: true,
        },
      });
      expect(response.status).toBe(201);
      const post = await response.json();
      expect(post).toMatchObject({
        title: "Launch day",
        category: "marketing",
        published: true,
        language: "fr",
        featuredImage: "/images/blog/launch.svg",
        tags: ["launch", "news"],
        membersOnly: true,
        content: '<p>Hi<img src="https://cdn.example/a.png" /></p>',
      });
      const minimal = await (
        await admin.request("/api/posts", { method: "POST", json: { title: "Draft idea", category: "general" } })
      ).json();
      expect(minimal).toMatchObject({
        published: false,
        language: "en",
        excerpt: "",
        content: "",
        tags: [],
        membersOnly: false,
        featuredImage: null,
      });
    });

    it("requires a title and a category, with translated messages, and creates nothing", async () => {
      const before = (await t.services.blog.listStaffPage(FIRST_ROWS)).items.length;
      const noTitle = await staff.request("/api/posts", { method: "POST", json: { title: "   ", category: "design" } });
      expect(noTitle.status).toBe(400);
      expect(await noTitle.json()).toEqual({
        code: "validation",
        message: "Title is required",
        fields: { title: "Title is required" },
      });
      const noTitleFr = await staff.request("/api/posts", {
        method: "POST",
        json: { category: "design" },
        headers: FR,
      });
      expect((await noTitleFr.json()).message).toBe("Le titre est obligatoire");
      const noCategory = await staff.request("/api/posts", { method: "POST", json: { title: "Hello" } });
      expect(noCategory.status).toBe(400);
      expect((await noCategory.json()).fields).toEqual({ category: "Please select a category" });
      const badImage = await staff.request("/api/posts", {
        method: "POST",
        json: { title: "Hello", category: "design", featuredImage: "javascript:alert(1)" },
      });
      expect((await badImage.json()).fields.featuredImage).toBe(
        "The featured image must be an https:// address or a path on this site",
      );
      const protocolRelative = await staff.request("/api/posts", {
        method: "POST",
        json: { title: "Hello", category: "design", featuredImage: "//evil.example/x.png" },
      });
      expect(protocolRelative.status).toBe(400);
      const unknown = await staff.request("/api/posts", {
        method: "POST",
        json: { title: "Hello", category: "design", authorId: 3 },
      });
      expect(unknown.status).toBe(400);
      expect((await t.services.blog.listStaffPage(FIRST_ROWS)).items.length).toBe(before);
    });

    it("edits, publishes and unpublishes a post; the public sees only published ones", async () => {
      const created = await (
        await staff.request("/api/posts", {
          method: "POST",
          json: { title: "Work in progress", category: "technology", featuredImage: "https://cdn.example/x.png" },
        })
      ).json();
      expect((await visitor.request(`/api/posts/${created.id}`)).status).toBe(404);

      const published = await staff.request(`/api/posts/${created.id}`, {
        method: "PUT",
        json: { published: true, title: "Finished" },
      });
      expect(published.status).toBe(200);
      expect(await published.json()).toMatchObject({
        id: created.id,
        published: true,
        title: "Finished",
        category: "technology",
        featuredImage: "https://cdn.example/x.png",
      });
      const publicView = await visitor.request(`/api/posts/${created.id}`);
      expect(publicView.status).toBe(200);
      expect((await publicView.json()).title).toBe("Finished");

      const cleared = await (
        await staff.request(`/api/posts/${created.id}`, { method: "PUT", json: { featuredImage: "" } })
      ).json();
      expect(cleared.featuredImage).toBeNull();

      await staff.request(`/api/posts/${created.id}`, { method: "PUT", json: { published: false } });
      expect((await visitor.request(`/api/posts/${created.id}`)).status).toBe(404);
      const everything = await (await staff.request("/api/admin/posts")).json();
      expect(everything.find((p: { id: number }) => p.id === created.id)).toMatchObject({
        published: false,
        title: "Finished",
      });
    });

    it("refuses bad edits and unknown posts", async () => {
      const created = await createPost(t, { title: "Stable" });
      const empty = await staff.request(`/api/posts/${created.id}`, { method: "PUT", json: {} });
      expect(empty.status).toBe(400);
      const blankTitle = await staff.request(`/api/posts/${created.id}`, { method: "PUT", json: { title: "" } });
      expect(blankTitle.status).toBe(400);
      expect((await blankTitle.json()).message).toBe("Title is required");
      const missing = await staff.request("/api/posts/987654", { method: "PUT", json: { title: "New" } });
      expect(missing.status).toBe(404);
      expect((await missing.json()).message).toBe("Post not found");
      const missingFr = await staff.request("/api/posts/987654", { method: "DELETE", headers: FR });
      expect(missingFr.status).toBe(404);
      expect((await missingFr.json()).message).toBe("Article introuvable");
      expect((await t.services.blog.listStaffPage(FIRST_ROWS)).items.find((p) => p.id === created.id)?.title).toBe(
        "Stable",
      );
    });

    it("deletes a post with its comments", async () => {
      const post = await createPost(t, { published: true });
      const comment = await pendingComment(post.id);
      const response = await staff.request(`/api/posts/${post.id}`, { method: "DELETE" });
      expect(response.status).toBe(204);
      expect((await visitor.request(`/api/posts/${post.id}`)).status).toBe(404);
      expect((await staff.request(`/api/posts/${post.id}`, { method: "DELETE" })).status).toBe(404);
      expect((await t.services.blog.listComments("all", FIRST_ROWS)).items.some((c) => c.id === comment.id)).toBe(
        false,
      );
    });

    it("lists drafts for staff only", async () => {
      const draft = await createPost(t);
      const list = await (await staff.request("/api/admin/posts")).json();
      expect(list.find((p: { id: number }) => p.id === draft.id)).toMatchObject({ published: false, content: "" });
      const publicList = await (await visitor.request("/api/posts")).json();
      expect(publicList.some((p: { id: number }) => p.id === draft.id)).toBe(false);
    });
  });

  describe("comment moderation", () => {
    it("lists pending comments with their post's title and the author's e-mail", async () => {
      const post = await createPost(t, { title: "Moderated post", published: true });
      const comment = await pendingComment(post.id, "Please moderate me.");
      const response = await staff.request("/api/admin/comments?status=pending");
      expect(response.status).toBe(200);
      const queue = await response.json();
      expect(queue.find((c: { id: number }) => c.id === comment.id)).toMatchObject({
        postTitle: "Moderated post",
        authorName: "Lin",
        authorEmail: "lin@example.com",
        content: "Please moderate me.",
        approved: false,
      });
      const bad = await staff.request("/api/admin/comments?status=weird");
      expect(bad.status).toBe(400);
    });

    it("approve makes a comment public and takes it off the queue", async () => {
      const post = await createPost(t, { published: true });
      const comment = await pendingComment(post.id);
      expect(await (await visitor.request(`/api/posts/${post.id}/comments`)).json()).toEqual([]);
      const response = await staff.request(`/api/admin/comments/${comment.id}/approve`, { method: "POST" });
      expect(response.status).toBe(200);
      expect((await response.json()).id).toBe(comment.id);
      const visible = await (await visitor.request(`/api/posts/${post.id}/comments`)).json();
      expect(visible.map((c: { id: number }) => c.id)).toEqual([comment.id]);
      const queue = await (await staff.request("/api/admin/comments")).json();
      expect(queue.some((c: { id: number }) => c.id === comment.id)).toBe(false);
      const approved = await (await staff.request("/api/admin/comments?status=approved")).json();
      expect(approved.some((c: { id: number }) => c.id === comment.id)).toBe(true);
    });

    it("reject deletes a comment", async () => {
      const post = await createPost(t, { published: true });
      const comment = await pendingComment(post.id);
      const response = await staff.request(`/api/admin/comments/${comment.id}/reject`, { method: "POST" });
      expect(response.status).toBe(204);
      expect((await t.services.blog.listComments("all", FIRST_ROWS)).items.some((c) => c.id === comment.id)).toBe(
        false,
      );
      const again = await staff.request(`/api/admin/comments/${comment.id}/reject`, { method: "POST" });
      expect(again.status).toBe(404);
      expect((await again.json()).message).toBe("Comment not found");
      const approveGone = await staff.request(`/api/admin/comments/${comment.id}/approve`, {
        method: "POST",
        headers: FR,
      });
      expect(approveGone.status).toBe(404);
      expect((await approveGone.json()).message).toBe("Commentaire introuvable");
      expect((await staff.request("/api/admin/comments/abc/approve", { method: "POST" })).status).toBe(404);
    });
  });
});
