import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminClass, PublicClass } from "../../core/classes/schema.ts";
import { DEMO_CLASSES, seedDemoClasses } from "../../db/seed-classes.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { visitorCustomerStaff, FIRST_ROWS } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

function input(overrides: Record<string, unknown> = {}) {
  return {
    titleEn: "Video Editing Essentials",
    titleFr: "Les bases du montage vidéo",
    descriptionEn: "Cut, pace and export short videos for social media.",
    descriptionFr: "Couper, rythmer et exporter de courtes vidéos pour les réseaux sociaux.",
    instructorName: "Léa Dubois",
    durationEn: "3 weeks",
    durationFr: "3 semaines",
    level: "beginner",
    format: "online",
    price: 29_900,
    maxStudents: 5,
    ...overrides,
  };
}

describe("classes API", () => {
  let t: TestApp;
  let visitor: TestClient;
  let customer: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoClasses(t.services, createLogger("silent"));
    ({ visitor, customer, staff } = await visitorCustomerStaff(t));
  });
  afterAll(() => t.close());

  const byTitle = (list: PublicClass[], start: string) => list.find((c) => c.title.startsWith(start))!;

  it("GET /api/classes answers the active classes wrapped in `data`, featured first, with their seats worked out", async () => {
    const response = await visitor.request("/api/classes");
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: PublicClass[] };
    expect(data.map((c) => c.title)).toEqual([
      DEMO_CLASSES[2].class.titleEn,
      DEMO_CLASSES[0].class.titleEn,
      DEMO_CLASSES[1].class.titleEn,
    ]);
    expect(byTitle(data, "Social")).toMatchObject({
      featured: true,
      maxStudents: 20,
      currentEnrollment: 9,
      seatsLeft: 11,
      full: false,
      price: 49_900,
      level: "beginner",
      format: "online",
      duration: "6 weeks",
      textLanguage: "en",
    });
    expect(byTitle(data, "Social").syllabus).toEqual([
      "Define your audience and voice",
      "Plan a monthly content calendar",
      "Write captions that get replies",
      "Read your analytics and adjust",
    ]);
    expect(byTitle(data, "Brand")).toMatchObject({
      maxStudents: 8,
      currentEnrollment: 8,
      seatsLeft: 0,
      full: true,
      language: "fr",
      format: "in-person",
      scheduleDays: ["saturday", "sunday"],
      scheduleTime: "09:30",
    });
    expect(byTitle(data, "AI Tools")).toMatchObject({ maxStudents: null, seatsLeft: null, full: false });
  });

  it("answers the same classes in French for French readers and for ?language=fr; seats are shared", async () => {
    for (const response of [
      await visitor.request("/api/classes", { headers: FR }),
      await visitor.request("/api/classes?language=fr"),
    ]) {
      const { data } = (await response.json()) as { data: PublicClass[] };
      expect(data[1]).toMatchObject({
        title: DEMO_CLASSES[0].class.titleFr,
        duration: "6 semaines",
        textLanguage: "fr",
        currentEnrollment: 9,
      });
    }
    const bad = await visitor.request("/api/classes?language=de");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Language must be English or French");
  });

  it("GET /api/classes/{id} answers an active class; an inactive, unknown or malformed id is 'Class Not Found'", async () => {
    const [first] = (await t.services.classes.listStaffPage(FIRST_ROWS)).items;
    const response = await visitor.request(`/api/classes/${first.id}`, { headers: FR });
    expect(response.status).toBe(200);
    expect((await response.json()).textLanguage).toBe("fr");
    const hidden = await t.services.classes.create(input({ active: false }));
    for (const path of [`/api/classes/${hidden.id}`, "/api/classes/999999", "/api/classes/abc", "/api/classes/-1"]) {
      const missing = await visitor.request(path);
      expect(missing.status, path).toBe(404);
      expect((await missing.json()).message).toBe("Class Not Found");
    }
    expect((await (await visitor.request("/api/classes/999999", { headers: FR })).json()).message).toBe(
      "Cours introuvable",
    );
  });

  describe("staff", () => {
    it("only staff list, create, edit and delete (401, 403)", async () => {
      expect((await visitor.request("/api/admin/classes")).status).toBe(401);
      expect((await customer.request("/api/admin/classes")).status).toBe(403);
      expect((await customer.request("/api/admin/classes", { method: "POST", json: input() })).status).toBe(403);
      const [first] = (await t.services.classes.listStaffPage(FIRST_ROWS)).items;
      expect((await customer.request(`/api/admin/classes/${first.id}`, { method: "DELETE" })).status).toBe(403);
      expect(
        (await visitor.request(`/api/admin/classes/${first.id}`, { method: "PUT", json: { price: 1 } })).status,
      ).toBe(401);
    });

    it("creates, edits and deletes a class, both languages side by side; the public list follows at once", async () => {
      const created = await staff.request("/api/admin/classes", {
        method: "POST",
        json: input({ scheduleDays: ["monday"], scheduleTime: "19:00", startDate: "2030-03-01T18:00:00Z" }),
      });
      expect(created.status).toBe(201);
      const made: AdminClass = await created.json();
      expect(made).toMatchObject({
        titleEn: "Video Editing Essentials",
        titleFr: "Les bases du montage vidéo",
        currentEnrollment: 0,
        maxStudents: 5,
        startDate: "2030-03-01T18:00:00.000Z",
      });
      const listed = ((await (await visitor.request("/api/classes")).json()) as { data: PublicClass[] }).data;
      expect(listed.map((c) => c.id)).toContain(made.id);

      const edited = await staff.request(`/api/admin/classes/${made.id}`, {
        method: "PUT",
        json: { titleFr: "Montage vidéo", price: 0, maxStudents: null },
      });
      expect(edited.status).toBe(200);
      expect(await edited.json()).toMatchObject({
        titleEn: "Video Editing Essentials",
        titleFr: "Montage vidéo",
        price: 0,
        maxStudents: null,
      });

      expect((await staff.request(`/api/admin/classes/${made.id}`, { method: "DELETE" })).status).toBe(204);
      expect((await visitor.request(`/api/classes/${made.id}`)).status).toBe(404);
      expect((await staff.request(`/api/admin/classes/${made.id}`, { method: "DELETE" })).status).toBe(404);
    });

    it("refuses the rules of section 5 with translated messages per field, and changes nothing", async () => {
      const before = (await t.services.classes.listStaffPage(FIRST_ROWS)).items.length;
      const bad = await staff.request("/api/admin/classes", {
        method: "POST",
        json: input({
          titleEn: "",
          descriptionFr: "court",
          instructorName: "",
          level: "expert",
          durationEn: "",
          format: "webinar",
          price: -5,
        }),
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fields).toEqual({
        titleEn: "Title is required",
        descriptionFr: "Description must be at least 10 characters",
        instructorName: "Instructor name is required",
        level: "Level must be beginner, intermediate or advanced",
        durationEn: "Duration is required",
        format: "Format must be online, in-person or hybrid",
        price: "Price must be at least 0",
      });
      const french = await staff.request("/api/admin/classes", {
        method: "POST",
        json: input({ titleFr: "" }),
        headers: FR,
      });
      expect((await french.json()).fields).toEqual({ titleFr: "Le titre est obligatoire" });
      expect(
        (await staff.request("/api/admin/classes", { method: "POST", json: input({ currentEnrollment: 3 }) })).status,
      ).toBe(400);
      expect((await t.services.classes.listStaffPage(FIRST_ROWS)).items.length).toBe(before);
    });

    it("keeps at least as many seats as students already enrolled", async () => {
      const full = (await t.services.classes.listStaffPage(FIRST_ROWS)).items.find((c) =>
        c.titleEn.startsWith("Brand"),
      )!;
      const fewer = await staff.request(`/api/admin/classes/${full.id}`, { method: "PUT", json: { maxStudents: 5 } });
      expect(fewer.status).toBe(400);
      expect((await fewer.json()).fields).toEqual({
        maxStudents: "The class already has 8 enrolled students: it needs at least as many seats",
      });
      expect((await t.services.classes.get(full.id)).maxStudents).toBe(8);
      const more = await staff.request(`/api/admin/classes/${full.id}`, { method: "PUT", json: { maxStudents: 10 } });
      expect(await more.json()).toMatchObject({ maxStudents: 10, currentEnrollment: 8 });
    });
  });
});
