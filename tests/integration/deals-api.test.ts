import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminDeal, PublicDeal } from "../../core/deals/schema.ts";
import { seedDemoDeals } from "../../db/seed-deals.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { visitorCustomerStaff } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 24 * 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function dealInput(overrides: Record<string, unknown> = {}) {
  return {
    titleEn: "Brand Video Package",
    titleFr: "Forfait vidéo de marque",
    descriptionEn: "A one-minute brand film with script, shooting day and edits for social media.",
    descriptionFr: "Un film de marque d'une minute : script, journée de tournage et montages pour les réseaux sociaux.",
    serviceNameEn: "Video Marketing",
    serviceNameFr: "Marketing vidéo",
    originalPrice: 30_000,
    discountedPrice: 21_000,
    discountPercentage: 30,
    validFrom: iso(-DAY),
    validUntil: iso(10 * DAY),
    ...overrides,
  };
}

describe("hot deals API", () => {
  let t: TestApp;
  let visitor: TestClient;
  let customer: TestClient;
  let staff: TestClient;

  /** `title` names the deal in both languages ("X", and "X (FR)" in French). */
  const create = async ({ title, ...overrides }: Record<string, unknown> = {}, options: { claimCount?: number } = {}) =>
    t.services.deals.create(
      dealInput({ ...(typeof title === "string" ? { titleEn: title, titleFr: `${title} (FR)` } : {}), ...overrides }),
      options,
    );

  beforeAll(async () => {
    t = await createTestApp();
    ({ visitor, customer, staff } = await visitorCustomerStaff(t));
  });
  afterAll(() => t.close());

  describe("public list and detail", () => {
    let normal: AdminDeal;
    let hurry: AdminDeal;
    let soldOut: AdminDeal;
    let inactive: AdminDeal;
    let future: AdminDeal;
    let ended: AdminDeal;

    beforeAll(async () => {
      normal = await create(
        { title: "Normal", validUntil: iso(10 * DAY + 3600_000), claimLimit: 40 },
        { claimCount: 10 },
      );
      hurry = await create({ title: "Hurry", validUntil: iso(2 * DAY - 60_000) });
      soldOut = await create({ title: "Sold out", claimLimit: 15, validUntil: iso(6 * DAY) }, { claimCount: 15 });
      inactive = await create({ title: "Inactive", active: false });
      future = await create({ title: "Future", validFrom: iso(DAY), validUntil: iso(5 * DAY) });
      ended = await create({ title: "Ended", validFrom: iso(-10 * DAY), validUntil: iso(-60_000) });
    });

    it("GET /api/hot-deals lists only active deals within their window, in the request's language, ending soonest first", async () => {
      const response = await visitor.request("/api/hot-deals");
      expect(response.status).toBe(200);
      const deals: PublicDeal[] = await response.json();
      expect(deals.map((d) => d.id)).toEqual([hurry.id, soldOut.id, normal.id]);
      for (const hidden of [inactive, future, ended]) expect(deals.map((d) => d.id)).not.toContain(hidden.id);
    });

    it("computes days left (rounded up), hurry, sold out and progress", async () => {
      const deals: PublicDeal[] = await (await visitor.request("/api/hot-deals")).json();
      const byId = new Map(deals.map((d) => [d.id, d]));
      expect(byId.get(hurry.id)).toMatchObject({
        daysLeft: 2,
        hurry: true,
        soldOut: false,
        progress: 0,
        claimLimit: null,
      });
      expect(byId.get(soldOut.id)).toMatchObject({
        daysLeft: 6,
        hurry: false,
        soldOut: true,
        progress: 100,
        claimCount: 15,
        claimLimit: 15,
      });
      expect(byId.get(normal.id)).toMatchObject({
        daysLeft: 11,
        hurry: false,
        soldOut: false,
        progress: 25,
        title: "Normal",
        serviceName: "Video Marketing",
        originalPrice: 30_000,
        discountedPrice: 21_000,
        discountPercentage: 30,
      });
      expect(byId.get(normal.id)).not.toHaveProperty("active");
    });

    it("answers the same deals in French for French readers, or for ?language=fr, with their French texts", async () => {
      const english: PublicDeal[] = await (await visitor.request("/api/hot-deals")).json();
      const fromHeader: PublicDeal[] = await (await visitor.request("/api/hot-deals", { headers: FR })).json();
      expect(fromHeader.map((d) => d.id)).toEqual(english.map((d) => d.id));
      expect(fromHeader.find((d) => d.id === normal.id)).toMatchObject({
        title: "Normal (FR)",
        serviceName: "Marketing vidéo",
        language: "fr",
        claimCount: 10,
        progress: 25,
      });
      expect(english.find((d) => d.id === normal.id)).toMatchObject({
        title: "Normal",
        serviceName: "Video Marketing",
        language: "en",
        claimCount: 10,
        progress: 25,
      });
      const fromQuery: PublicDeal[] = await (await visitor.request("/api/hot-deals?language=fr")).json();
      expect(fromQuery.map((d) => d.id)).toEqual(english.map((d) => d.id));
      const bad = await visitor.request("/api/hot-deals?language=de");
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe("Language must be English or French");
    });

    it("GET /api/hot-deals/:id answers a visible deal in the reader's language", async () => {
      const response = await visitor.request(`/api/hot-deals/${normal.id}`, { headers: FR });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: normal.id, title: "Normal (FR)", language: "fr" });
      expect(await (await visitor.request(`/api/hot-deals/${normal.id}`)).json()).toMatchObject({
        id: normal.id,
        title: "Normal",
        language: "en",
      });
      expect(await (await visitor.request(`/api/hot-deals/${soldOut.id}`)).json()).toMatchObject({ soldOut: true });
      expect(await t.services.deals.findVisible(normal.id)).toMatchObject({ id: normal.id, progress: 25 });
    });

    it("GET /api/hot-deals/:id answers 404 'This deal is no longer available' for hidden, unknown or garbled ids", async () => {
      for (const id of [inactive.id, future.id, ended.id, 999_999, "abc", "1.5", "-1"]) {
        const response = await visitor.request(`/api/hot-deals/${id}`);
        expect(response.status, String(id)).toBe(404);
        expect(await response.json()).toMatchObject({ code: "not_found", message: "This deal is no longer available" });
      }
      const fr = await visitor.request(`/api/hot-deals/${ended.id}`, { headers: FR });
      expect((await fr.json()).message).toBe("Cette offre n'est plus disponible");
      expect(await t.services.deals.findVisible(ended.id)).toBeNull();
    });

    it("GET /api/admin/hot-deals lists every deal for staff with whether it is shown", async () => {
      expect((await visitor.request("/api/admin/hot-deals")).status).toBe(401);
      expect((await customer.request("/api/admin/hot-deals")).status).toBe(403);
      const response = await staff.request("/api/admin/hot-deals");
      expect(response.status).toBe(200);
      const deals: AdminDeal[] = await response.json();
      const byId = new Map(deals.map((d) => [d.id, d]));
      for (const deal of [normal, hurry, soldOut, inactive, future, ended]) expect(byId.has(deal.id)).toBe(true);
      expect(byId.get(inactive.id)).toMatchObject({ active: false, visible: false });
      expect(byId.get(ended.id)).toMatchObject({ active: true, visible: false, daysLeft: 0 });
      expect(byId.get(normal.id)).toMatchObject({
        active: true,
        visible: true,
        titleEn: "Normal",
        titleFr: "Normal (FR)",
        serviceNameFr: "Marketing vidéo",
      });
    });
  });

  describe("staff management", () => {
    it("refuses visitors (401) and customers (403) on every write, changing nothing", async () => {
      const deal = await create({ title: "Guarded" });
      const calls: Array<[string, string, unknown?]> = [
        ["POST", "/api/admin/hot-deals", dealInput()],
        ["PUT", `/api/admin/hot-deals/${deal.id}`, { titleEn: "Hacked" }],
        ["DELETE", `/api/admin/hot-deals/${deal.id}`],
      ];
      const before = await t.services.deals.count();
      for (const [method, path, json] of calls) {
        expect((await visitor.request(path, { method, json })).status, `${method} ${path}`).toBe(401);
        expect((await customer.request(path, { method, json })).status, `${method} ${path}`).toBe(403);
      }
      expect(await t.services.deals.count()).toBe(before);
      expect((await t.services.deals.get(deal.id)).titleEn).toBe("Guarded");
    });

    it("creates a deal", async () => {
      const response = await staff.request("/api/admin/hot-deals", {
        method: "POST",
        json: dealInput({
          titleEn: "  Podcast Jingle  ",
          titleFr: "Jingle de podcast",
          claimLimit: 30,
          featuredImage: "/images/deals/jingle.svg",
        }),
      });
      expect(response.status).toBe(201);
      const created: AdminDeal = await response.json();
      expect(created).toMatchObject({
        titleEn: "Podcast Jingle",
        titleFr: "Jingle de podcast",
        claimLimit: 30,
        claimCount: 0,
        active: true,
        visible: true,
        featuredImage: "/images/deals/jingle.svg",
      });
      const fr: PublicDeal[] = await (await visitor.request("/api/hot-deals?language=fr")).json();
      expect(fr.find((d) => d.id === created.id)).toMatchObject({ title: "Jingle de podcast", language: "fr" });
      const en: PublicDeal[] = await (await visitor.request("/api/hot-deals?language=en")).json();
      expect(en.find((d) => d.id === created.id)).toMatchObject({ title: "Podcast Jingle", language: "en" });
    });

    it("validates a new deal with the specification's messages, in the reader's language", async () => {
      const message = async (overrides: Record<string, unknown>, headers: Record<string, string> = {}) => {
        const response = await staff.request("/api/admin/hot-deals", {
          method: "POST",
          json: dealInput(overrides),
          headers,
        });
        expect(response.status).toBe(400);
        return (await response.json()) as { message: string; fields: Record<string, string> };
      };
      expect(await message({ discountPercentage: 100 })).toMatchObject({
        message: "Discount percentage must be between 1 and 99",
        fields: { discountPercentage: "Discount percentage must be between 1 and 99" },
      });
      expect((await message({ discountPercentage: 0 }, FR)).message).toBe(
        "Le pourcentage de réduction doit être compris entre 1 et 99",
      );
      expect(await message({ titleEn: "" })).toMatchObject({
        message: "Title is required",
        fields: { titleEn: "Title is required" },
      });
      expect(await message({ titleFr: undefined })).toMatchObject({
        message: "Title is required",
        fields: { titleFr: "Title is required" },
      });
      expect((await message({ titleFr: " " }, FR)).fields).toEqual({ titleFr: "Le titre est obligatoire" });
      expect((await message({ descriptionFr: "Too short" })).fields).toEqual({
        descriptionFr: "Description must be at least 10 characters",
      });
      expect((await message({ serviceNameEn: " " })).fields).toEqual({ serviceNameEn: "Service name is required" });
      // The former one-language shape is refused, not half-stored.
      expect((await message({ title: "Old shape", language: "fr" })).message).toBeTruthy();
      expect((await message({ originalPrice: 0 })).message).toBe("Price must be at least 1");
      expect((await message({ discountedPrice: 30_000 })).message).toBe(
        "The discounted price must be lower than the original price",
      );
      expect((await message({ validUntil: iso(-2 * DAY) })).message).toBe("The end date must be after the start date");
      expect((await message({ validFrom: "tomorrow" })).message).toBe("Please enter a valid start date");
      expect((await message({ claimLimit: 0 })).message).toBe("The claim limit must be a whole number of at least 1");
      expect((await message({ featuredImage: "http://example.com/a.png" })).fields).toHaveProperty("featuredImage");
      expect((await message({ claimCount: 3 })).message).toBeTruthy();
    });

    it("edits any subset of a deal's fields, checking the deal as a whole", async () => {
      const deal = await create({ title: "Editable", claimLimit: 10 });
      const response = await staff.request(`/api/admin/hot-deals/${deal.id}`, {
        method: "PUT",
        json: { titleFr: "Modifiée", discountedPrice: 15_000, discountPercentage: 50 },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: deal.id,
        titleEn: "Editable",
        titleFr: "Modifiée",
        discountedPrice: 15_000,
        discountPercentage: 50,
        claimLimit: 10,
        serviceNameEn: "Video Marketing",
      });

      const aboveOriginal = await staff.request(`/api/admin/hot-deals/${deal.id}`, {
        method: "PUT",
        json: { discountedPrice: 40_000 },
      });
      expect(aboveOriginal.status).toBe(400);
      expect((await aboveOriginal.json()).message).toBe("The discounted price must be lower than the original price");
      const endBeforeStart = await staff.request(`/api/admin/hot-deals/${deal.id}`, {
        method: "PUT",
        json: { validUntil: iso(-3 * DAY) },
      });
      expect((await endBeforeStart.json()).message).toBe("The end date must be after the start date");
      const badField = await staff.request(`/api/admin/hot-deals/${deal.id}`, {
        method: "PUT",
        json: { claimCount: 0 },
      });
      expect(badField.status).toBe(400);
      expect(await t.services.deals.get(deal.id)).toMatchObject({ titleFr: "Modifiée", discountedPrice: 15_000 });

      const hidden = await staff.request(`/api/admin/hot-deals/${deal.id}`, {
        method: "PUT",
        json: { active: false, claimLimit: null },
      });
      expect(await hidden.json()).toMatchObject({ active: false, visible: false, claimLimit: null });
      expect((await visitor.request(`/api/hot-deals/${deal.id}`)).status).toBe(404);
    });

    it("answers 404 for unknown deals on update and delete", async () => {
      for (const id of ["999999", "nope"]) {
        const update = await staff.request(`/api/admin/hot-deals/${id}`, { method: "PUT", json: { titleEn: "X" } });
        expect(update.status).toBe(404);
        expect(await update.json()).toMatchObject({ code: "not_found", message: "Deal not found" });
        expect((await staff.request(`/api/admin/hot-deals/${id}`, { method: "DELETE" })).status).toBe(404);
      }
    });

    it("deletes a deal", async () => {
      const deal = await create({ title: "Doomed" });
      expect((await staff.request(`/api/admin/hot-deals/${deal.id}`, { method: "DELETE" })).status).toBe(204);
      expect((await visitor.request(`/api/hot-deals/${deal.id}`)).status).toBe(404);
      expect((await staff.request(`/api/admin/hot-deals/${deal.id}`, { method: "DELETE" })).status).toBe(404);
    });
  });

  describe("recordClaim (counted when an order is paid)", () => {
    it("counts claims up to the limit and refuses claims that would pass it", async () => {
      const deal = await create({ claimLimit: 5 });
      expect(await t.services.deals.recordClaim(deal.id, 3)).toBe(true);
      expect(await t.services.deals.recordClaim(deal.id, 3)).toBe(false);
      expect(await t.services.deals.recordClaim(deal.id, 2)).toBe(true);
      expect(await t.services.deals.recordClaim(deal.id, 1)).toBe(false);
      expect(await t.services.deals.get(deal.id)).toMatchObject({ claimCount: 5, soldOut: true, progress: 100 });
    });

    it("a claim shows the same count in both languages: a deal is one record", async () => {
      const deal = await create({ title: "Shared", claimLimit: 20 }, { claimCount: 13 });
      expect(await t.services.deals.recordClaim(deal.id, 1)).toBe(true);
      const [en, fr] = await Promise.all([
        visitor.request(`/api/hot-deals/${deal.id}`).then((r) => r.json()),
        visitor.request(`/api/hot-deals/${deal.id}`, { headers: FR }).then((r) => r.json()),
      ]);
      expect(en).toMatchObject({ title: "Shared", claimCount: 14, progress: 70 });
      expect(fr).toMatchObject({ title: "Shared (FR)", claimCount: 14, progress: 70 });
      const lists = await Promise.all(
        [visitor.request("/api/hot-deals?language=en"), visitor.request("/api/hot-deals?language=fr")].map(async (r) =>
          ((await (await r).json()) as PublicDeal[]).find((d) => d.id === deal.id),
        ),
      );
      expect(lists.map((d) => d?.claimCount)).toEqual([14, 14]);
    });

    it("an id of a per-language copy merged into one deal still names that deal (carts saved before the merge)", async () => {
      const deal = await create({ title: "Merged", claimLimit: 10 });
      const { hotDealAliases } = await import("../../db/schema/deals.ts");
      await t.services.database.db.insert(hotDealAliases).values({ oldId: 900_001, dealId: deal.id });
      expect(await (await visitor.request("/api/hot-deals/900001", { headers: FR })).json()).toMatchObject({
        id: deal.id,
        title: "Merged (FR)",
      });
      expect(await t.services.deals.recordClaim(900_001, 2)).toBe(true);
      expect((await t.services.deals.get(deal.id)).claimCount).toBe(2);
    });

    it("has no ceiling without a limit, and refuses inactive or unknown deals", async () => {
      const unlimited = await create();
      expect(await t.services.deals.recordClaim(unlimited.id, 500)).toBe(true);
      expect((await t.services.deals.get(unlimited.id)).claimCount).toBe(500);
      const inactive = await create({ active: false });
      expect(await t.services.deals.recordClaim(inactive.id, 1)).toBe(false);
      expect((await t.services.deals.get(inactive.id)).claimCount).toBe(0);
      expect(await t.services.deals.recordClaim(999_999, 1)).toBe(false);
    });

    it("refuses a quantity that is not a positive whole number", async () => {
      const deal = await create();
      await expect(t.services.deals.recordClaim(deal.id, 0)).rejects.toThrow(RangeError);
      await expect(t.services.deals.recordClaim(deal.id, 1.5)).rejects.toThrow(RangeError);
    });

    it("joins the caller's transaction: a rolled-back payment counts nothing", async () => {
      const deal = await create({ claimLimit: 3 });
      await expect(
        t.services.database.db.transaction(async (tx) => {
          expect(await t.services.deals.recordClaim(deal.id, 2, tx)).toBe(true);
          throw new Error("payment failed");
        }),
      ).rejects.toThrow("payment failed");
      expect((await t.services.deals.get(deal.id)).claimCount).toBe(0);
      await t.services.database.db.transaction(async (tx) => {
        expect(await t.services.deals.recordClaim(deal.id, 3, tx)).toBe(true);
      });
      expect((await t.services.deals.get(deal.id)).claimCount).toBe(3);
    });

    it("never passes the limit under many concurrent claims", async () => {
      const deal = await create({ claimLimit: 10 });
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => t.services.deals.recordClaim(deal.id, i % 3 === 0 ? 2 : 1)),
      );
      const after = await t.services.deals.get(deal.id);
      expect(after.claimCount).toBeLessThanOrEqual(10);
      expect(after.claimCount).toBeGreaterThanOrEqual(9);
      // Exactly the successful claims were counted.
      const counted = results.reduce((sum, ok, i) => sum + (ok ? (i % 3 === 0 ? 2 : 1) : 0), 0);
      expect(counted).toBe(after.claimCount);

      const single = await create({ claimLimit: 25 });
      const ones = await Promise.all(Array.from({ length: 60 }, () => t.services.deals.recordClaim(single.id, 1)));
      expect(ones.filter(Boolean)).toHaveLength(25);
      expect(await t.services.deals.get(single.id)).toMatchObject({ claimCount: 25, soldOut: true });
    });
  });

  describe("demo deals", () => {
    it("seeds 3 deals read in both languages (hurry with 2 days left, sold out, normal), once", async () => {
      const fresh = await createTestApp();
      try {
        await seedDemoDeals(fresh.services, createLogger("silent"));
        for (const language of ["en", "fr"] as const) {
          const deals = await fresh.services.deals.listVisible(language);
          expect(deals).toHaveLength(3);
          expect(deals.filter((d) => d.hurry && d.daysLeft === 2 && !d.soldOut)).toHaveLength(1);
          expect(deals.filter((d) => d.soldOut)).toHaveLength(1);
          expect(deals.filter((d) => !d.hurry && !d.soldOut && d.progress > 0)).toHaveLength(1);
        }
        await seedDemoDeals(fresh.services, createLogger("silent"));
        expect(await fresh.services.deals.count()).toBe(3);
        const [en, fr] = await Promise.all([
          fresh.services.deals.listVisible("en"),
          fresh.services.deals.listVisible("fr"),
        ]);
        expect(fr.map((d) => [d.id, d.claimCount])).toEqual(en.map((d) => [d.id, d.claimCount]));
        expect(en[0]).toMatchObject({ title: "Launch-Ready Website", claimCount: 14 });
        expect(fr[0]).toMatchObject({ title: "Site web prêt à lancer", claimCount: 14 });
      } finally {
        await fresh.close();
      }
      // A second in-memory database is slow to migrate on a busy machine.
    }, 120_000);
  });
});
