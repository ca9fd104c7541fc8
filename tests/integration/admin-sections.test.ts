import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_SECTIONS, adminSectionPath } from "../../core/admin/sections.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { createPost, visitorCustomerStaff } from "../helpers/factories.ts";

/**
 * The staff dashboard's sections, each a page of its own (decision 36, "Staff screens"): their addresses
 * and titles in both languages, the former ?tab= addresses, pages of twenty rows with their 404s, and the
 * staff list APIs a page at a time with their limit and paging headers.
 */
describe("the staff dashboard's sections", () => {
  let t: TestApp;
  let visitor: TestClient;
  let customer: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    const { ssr } = await countingSsr();
    t = await createTestApp({}, { ssr });
    ({ visitor, customer, staff } = await visitorCustomerStaff(t));
    // 45 posts beside the demo's: three pages of twenty at least.
    for (let index = 0; index < 45; index++)
      await createPost(
        t,
        { title: `Sectioned ${String(index).padStart(2, "0")}` },
        { createdAt: new Date(Date.UTC(2030, 0, 1, 0, index)) },
      );
  }, 240_000);
  afterAll(() => t.close());

  it("answer each section at its own address, titled after it, in English and French", async () => {
    for (const section of ADMIN_SECTIONS) {
      const english = await staff.request(adminSectionPath(section));
      expect(english.status, section).toBe(200);
      expect(await english.text(), section).toMatch(/<title>[^<|]+ \| Admin Dashboard \| /);
      const french = await staff.request(`/fr${adminSectionPath(section)}`);
      expect(french.status, section).toBe(200);
      expect(await french.text(), section).toContain('<html lang="fr"');
    }
    expect(await (await staff.request("/fr/admin/posts")).text()).toContain("<title>Articles | ");
  });

  it("refuse visitors (401) and customers (403) on every section's data, with the error body", async () => {
    for (const section of ADMIN_SECTIONS) {
      const path = `${adminSectionPath(section)}.data`;
      expect((await visitor.request(path)).status, path).toBe(401);
      const refused = await customer.request(`/fr${path}`);
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).toContain("Cet espace est réservé au personnel.");
    }
  });

  it("send the dashboard's former tab addresses to the sections, language kept", async () => {
    const orders = await staff.request("/admin?tab=orders");
    expect(orders.status).toBe(301);
    expect(orders.headers.get("location")).toBe("/admin/orders");
    const french = await staff.request("/fr/admin?tab=moderation");
    expect(french.headers.get("location")).toBe("/fr/admin/moderation");
    const unknown = await staff.request("/fr/admin?tab=nothing");
    expect(unknown.headers.get("location")).toBe("/fr/admin");
  });

  it("show twenty posts a page, newest first, and answer 404 for a malformed page or one past the last", async () => {
    // The list's headings (the page also carries the form's choices of translation, which name other posts).
    const listed = async (path: string) =>
      [...(await (await staff.request(path)).text()).matchAll(/<h3 id="admin-post-\d+"[^>]*>([^<]+)<\/h3>/g)].map(
        (match) => match[1],
      );
    const first = await listed("/admin/posts");
    expect(first).toHaveLength(20);
    expect(first[0]).toBe("Sectioned 44");
    expect(first[19]).toBe("Sectioned 25");
    const second = await listed("/admin/posts?page=2");
    expect(second[0]).toBe("Sectioned 24");
    expect(second[19]).toBe("Sectioned 05");
    const html = await (await staff.request("/admin/posts?page=2")).text();
    expect(html).toContain('rel="prev"');
    expect(html).toContain('rel="next"');
    for (const page of ["0", "02", "x", "999"])
      expect((await staff.request(`/admin/posts?page=${page}`)).status, page).toBe(404);
  });

  it("read only the Overview's figures when /admin opens, never a list", async () => {
    const lists = [
      vi.spyOn(t.services.blog, "listStaffPage"),
      vi.spyOn(t.services.media, "listStaffPage"),
      vi.spyOn(t.services.testimonials, "listStaffPage"),
      vi.spyOn(t.services.tutorials, "listStaffPage"),
      vi.spyOn(t.services.classes, "listStaffPage"),
      vi.spyOn(t.services.deals, "listStaffPage"),
    ];
    expect((await staff.request("/admin")).status).toBe(200);
    for (const list of lists) expect(list).not.toHaveBeenCalled();
    for (const list of lists) list.mockRestore();
  });

  it("answer the staff lists a page at a time, with Link and X-Total-Count, and refuse a limit over 100", async () => {
    const lists = [
      "/api/admin/posts",
      "/api/admin/comments",
      "/api/admin/media",
      "/api/admin/media-comments",
      "/api/admin/tutorials",
      "/api/admin/classes",
      "/api/admin/hot-deals",
      "/api/admin/testimonials",
    ];
    for (const list of lists) {
      const page = await staff.request(`${list}?limit=2`);
      expect(page.status, list).toBe(200);
      const total = Number(page.headers.get("x-total-count"));
      expect(Number.isInteger(total), list).toBe(true);
      expect(page.headers.get("link"), list).toContain(`<${list}?limit=2&page=1>; rel="first"`);
      const body = (await page.json()) as unknown[] | { testimonials: unknown[] };
      const rows = Array.isArray(body) ? body : body.testimonials;
      expect(rows.length, list).toBe(Math.min(2, total));

      const refused = await staff.request(`${list}?limit=101`, { headers: { "accept-language": "fr" } });
      expect(refused.status, list).toBe(400);
      expect(((await refused.json()) as { message: string }).message, list).toBe(
        "La limite doit être un nombre entier de 1 à 100.",
      );
      expect((await customer.request(list)).status, list).toBe(403);
    }
    const posts = await staff.request("/api/admin/posts?limit=20&page=2");
    const titles = ((await posts.json()) as Array<{ title: string }>).map((post) => post.title);
    expect(titles[0]).toBe("Sectioned 24");
    expect(posts.headers.get("link")).toContain('rel="prev"');
  });
});
