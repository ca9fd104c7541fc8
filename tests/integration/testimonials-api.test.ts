import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../db/seed.server.ts";
import { testimonials } from "../../db/schema/testimonials.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { signInAs, FIRST_ROWS } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

describe("testimonials API", () => {
  let t: TestApp;
  let address = 0;
  const from = () => ({ "x-forwarded-for": `192.0.2.${++address}` });
  const submit = (body: unknown, headers: Record<string, string> = from()) =>
    t.client().request("/api/testimonials/submit", { method: "POST", json: body, headers });
  const dialog = {
    name: "Grace Hopper",
    email: "grace@example.com",
    company: "Navy Labs",
    content: "They made our brand sing. Highly recommended!",
    rating: 4,
  };

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.database.db.delete(testimonials);
  });

  describe("POST /api/testimonials/submit", () => {
    it("stores a public submission, unapproved, and says it will be reviewed", async () => {
      const response = await submit({ ...dialog, title: "Director", projectType: "Branding" });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        message: "Your testimonial has been submitted and will be reviewed soon.",
      });
      const [row] = await t.services.database.db.select().from(testimonials);
      expect(row).toMatchObject({
        customerName: "Grace Hopper",
        customerEmail: "grace@example.com",
        companyName: "Navy Labs",
        customerTitle: "Director",
        projectType: "Branding",
        testimonialText: "They made our brand sing. Highly recommended!",
        rating: 4,
        approved: false,
        featured: false,
        isPublicSubmission: true,
      });
      // Not public until approved.
      expect(await (await t.client().request("/api/testimonials")).json()).toEqual([]);
    });

    it("answers in French, and rates 5 by default; email and company are optional", async () => {
      const response = await submit({ name: "Zoé", content: "Un travail remarquable, merci !" }, { ...FR, ...from() });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        message: "Votre témoignage a été envoyé et sera examiné prochainement.",
      });
      const [row] = await t.services.database.db.select().from(testimonials);
      expect(row).toMatchObject({ rating: 5, customerEmail: null, companyName: null });
    });

    it("refuses bad input with translated messages and stores nothing", async () => {
      const response = await submit({ name: "", email: "grace@", content: "Too short", rating: 7 });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "validation",
        message: "Name is required",
        fields: {
          name: "Name is required",
          email: "Valid email is required",
          content: "Testimonial must be at least 10 characters",
          rating: "Rating must be a whole number from 1 to 5",
        },
      });
      const fr = await submit({ ...dialog, content: "Court" }, { ...FR, ...from() });
      expect(await fr.json()).toMatchObject({ message: "Le témoignage doit comporter au moins 10 caractères" });
      const selfApproved = await submit({ ...dialog, approved: true });
      expect(selfApproved.status).toBe(400);
      expect(await t.services.database.db.select().from(testimonials)).toEqual([]);
    });

    it("limits submissions per address (20 in 10 minutes) with a translated 429", async () => {
      const headers = { "x-forwarded-for": "203.0.113.99" };
      const anonymous = { ...dialog, email: undefined };
      for (let i = 0; i < 20; i++) expect((await submit(anonymous, headers)).status).toBe(201);
      const refused = await submit(anonymous, headers);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(590);
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many messages from this connection. Please try again in 10 minutes.",
      });
      expect((await submit(anonymous, { ...headers, ...FR })).status).toBe(429);
      expect((await submit(anonymous)).status).toBe(201);
    });
  });

  describe("moderation", () => {
    it("is for staff only: listing, approving and deleting", async () => {
      const pending = await t.services.testimonials.submit(dialog);
      const visitor = t.client();
      expect((await visitor.request("/api/admin/testimonials")).status).toBe(401);
      expect(
        (await visitor.request(`/api/testimonials/${pending.id}`, { method: "PUT", json: { approved: true } })).status,
      ).toBe(401);
      expect((await visitor.request(`/api/testimonials/${pending.id}`, { method: "DELETE" })).status).toBe(401);
      const customer = await signInAs(t, "customer");
      expect((await customer.request("/api/admin/testimonials")).status).toBe(403);
      expect(
        (await customer.request(`/api/testimonials/${pending.id}`, { method: "PUT", json: { approved: true } })).status,
      ).toBe(403);
      const refused = await customer.request(`/api/testimonials/${pending.id}`, { method: "DELETE", headers: FR });
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toBe("Cet espace est réservé au personnel.");
      expect((await t.services.testimonials.listApprovedPage()).testimonials).toEqual([]);
      expect(await t.services.testimonials.countPending()).toBe(1);
    });

    it("lists everything for staff with the pending count; approving publishes, deleting rejects", async () => {
      const first = await t.services.testimonials.submit({ ...dialog, name: "First" });
      const second = await t.services.testimonials.submit({ ...dialog, name: "Second", rating: 5 });
      const third = await t.services.testimonials.submit({ ...dialog, name: "Third" });
      const staff = await signInAs(t, "staff");

      const listed = await staff.request("/api/admin/testimonials");
      expect(listed.status).toBe(200);
      const moderation = await listed.json();
      expect(moderation.pendingCount).toBe(3);
      expect(moderation.testimonials.map((x: { customerName: string }) => x.customerName)).toEqual([
        "Third",
        "Second",
        "First",
      ]);
      expect(moderation.testimonials[0]).toMatchObject({
        customerEmail: "grace@example.com",
        approved: false,
        isPublicSubmission: true,
        featured: false,
      });
      expect(moderation.testimonials[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const approved = await staff.request(`/api/testimonials/${second.id}`, {
        method: "PUT",
        json: { approved: true },
      });
      expect(approved.status).toBe(200);
      expect(await approved.json()).toMatchObject({ id: second.id, approved: true });
      await staff.request(`/api/testimonials/${first.id}`, { method: "PUT", json: { approved: true } });

      const deleted = await staff.request(`/api/testimonials/${third.id}`, { method: "DELETE" });
      expect(deleted.status).toBe(204);

      const publicList = await (await t.client().request("/api/testimonials")).json();
      expect(publicList.map((x: { customerName: string }) => x.customerName)).toEqual(["Second", "First"]);
      expect(Object.keys(publicList[0]).sort()).toEqual([
        "companyName",
        "createdAt",
        "customerName",
        "customerTitle",
        "id",
        "language",
        "projectType",
        "rating",
        "testimonialText",
        "verified",
      ]);
      expect(JSON.stringify(publicList)).not.toContain("grace@example.com");

      const after = await (await staff.request("/api/admin/testimonials")).json();
      expect(after.pendingCount).toBe(0);
      expect(after.testimonials).toHaveLength(2);
    });

    it("lets staff edit a testimonial, and refuses an invalid edit", async () => {
      const entry = await t.services.testimonials.submit(dialog);
      const staff = await signInAs(t, "admin");
      const edited = await staff.request(`/api/testimonials/${entry.id}`, {
        method: "PUT",
        json: { testimonialText: "They made our brand sing, on time.", companyName: "", featured: true },
      });
      expect(edited.status).toBe(200);
      expect(await edited.json()).toMatchObject({
        testimonialText: "They made our brand sing, on time.",
        companyName: null,
        featured: true,
        approved: false,
      });
      const invalid = await staff.request(`/api/testimonials/${entry.id}`, {
        method: "PUT",
        json: { rating: 0 },
        headers: FR,
      });
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).message).toBe("La note doit être un nombre entier de 1 à 5");
      const empty = await staff.request(`/api/testimonials/${entry.id}`, { method: "PUT", json: {} });
      expect(empty.status).toBe(400);
    });

    it("answers 404 for an unknown testimonial, in the visitor's language", async () => {
      const staff = await signInAs(t, "staff");
      const put = await staff.request("/api/testimonials/999999", { method: "PUT", json: { approved: true } });
      expect(put.status).toBe(404);
      expect(await put.json()).toEqual({ code: "not_found", message: "Testimonial not found" });
      const del = await staff.request("/api/testimonials/abc", { method: "DELETE", headers: FR });
      expect(del.status).toBe(404);
      expect((await del.json()).message).toBe("Témoignage introuvable");
    });
  });

  it("seeds 4 approved demo testimonials in English and French and 1 awaiting review, once", async () => {
    const logger = createLogger("silent");
    await seedDemoContent(t.services, logger);
    await seedDemoContent(t.services, logger);
    const approved = (await t.services.testimonials.listApprovedPage()).testimonials;
    expect(approved).toHaveLength(4);
    expect(
      approved.every((x) => x.rating >= 1 && x.rating <= 5 && x.testimonialText.length >= 10 && x.companyName),
    ).toBe(true);
    expect(approved.some((x) => /[éèàç]/.test(x.testimonialText))).toBe(true);
    expect(approved.some((x) => /\bthe\b/i.test(x.testimonialText))).toBe(true);
    const [{ items: all }, pendingCount] = await Promise.all([
      t.services.testimonials.listStaffPage(FIRST_ROWS),
      t.services.testimonials.countPending(),
    ]);
    expect(all).toHaveLength(5);
    expect(pendingCount).toBe(1);
    expect(all.find((x) => !x.approved)).toMatchObject({ isPublicSubmission: true });
  });
});
