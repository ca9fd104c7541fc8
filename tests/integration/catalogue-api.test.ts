import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIN_SERVICE_IDS, SPECIALISED_SERVICE_IDS } from "../../core/catalogue/schema.ts";
import { REFERENCE_SERVICES, seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { visitorCustomerStaff } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

interface ServiceBody {
  id: string;
  kind: string;
  pricingType: string;
  fixedPriceCents: number | null;
  minPriceCents: number;
  maxPriceCents: number;
  active: boolean;
  name: string;
  description: string;
  nameEn?: string;
  nameFr?: string;
}

describe("service catalogue API", () => {
  let t: TestApp;
  let visitor: TestClient;
  let customer: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    await seedReferenceData(t.services, createLogger("silent"));
    ({ visitor, customer, staff } = await visitorCustomerStaff(t));
  });
  afterAll(() => t.close());

  describe("reference data", () => {
    it("stores the 5 main and 11 specialised services, and the checkout's Marketing Consultation", async () => {
      const all = await t.services.catalogue.listAll();
      expect(all.map((s) => s.id)).toEqual([...MAIN_SERVICE_IDS, ...SPECIALISED_SERVICE_IDS, "marketing_consultation"]);
      for (const service of all) {
        expect(service.nameEn.length, service.id).toBeGreaterThan(1);
        expect(service.nameFr.length, service.id).toBeGreaterThan(1);
        expect(service.descriptionEn.length, service.id).toBeGreaterThan(40);
        expect(service.descriptionFr.length, service.id).toBeGreaterThan(40);
        expect(service.descriptionFr, service.id).not.toBe(service.descriptionEn);
      }
    });

    it("keeps the ranges of section 9 in cents, logo design fixed at $75", async () => {
      const website = await t.services.catalogue.find("website");
      expect(website).toMatchObject({
        kind: "specialised",
        pricingType: "custom",
        fixedPriceCents: null,
        minPriceCents: 50_000,
        maxPriceCents: 250_000,
      });
      expect(await t.services.catalogue.find("logo_design")).toMatchObject({
        pricingType: "fixed",
        fixedPriceCents: 7_500,
        minPriceCents: 5_000,
        maxPriceCents: 10_000,
      });
      expect(await t.services.catalogue.find("sales")).toMatchObject({
        kind: "main",
        minPriceCents: 60_000,
        maxPriceCents: 400_000,
      });
      expect(await t.services.catalogue.findOrderable("marketing_consultation")).toMatchObject({
        pricingType: "custom",
        minPriceCents: 50_000,
        maxPriceCents: 200_000,
        nameEn: "Marketing Consultation",
      });
    });

    it("does not duplicate anything, nor undo staff edits, when seeded again", async () => {
      await t.services.catalogue.update("jingle", { nameEn: "Sound Logo" });
      await seedReferenceData(t.services, createLogger("silent"));
      expect(await t.services.catalogue.count()).toBe(REFERENCE_SERVICES.length);
      expect((await t.services.catalogue.find("jingle"))?.nameEn).toBe("Sound Logo");
      await t.services.catalogue.update("jingle", { nameEn: "Jingle" });
    });
  });

  describe("GET /api/services", () => {
    it("lists the active services of the grids in display order, in English, without the checkout-only entry", async () => {
      const response = await visitor.request("/api/services");
      expect(response.status).toBe(200);
      const services: ServiceBody[] = await response.json();
      expect(services.map((s) => s.id)).toEqual([...MAIN_SERVICE_IDS, ...SPECIALISED_SERVICE_IDS]);
      expect(services.find((s) => s.id === "agent_ai")).toMatchObject({
        name: "AI Agent",
        kind: "specialised",
        minPriceCents: 50_000,
        maxPriceCents: 150_000,
      });
      expect(services[0]).not.toHaveProperty("nameFr");
    });

    it("answers in French for a French reader", async () => {
      const services: ServiceBody[] = await (await visitor.request("/api/services", { headers: FR })).json();
      expect(services.find((s) => s.id === "website")?.name).toBe("Site web");
      expect(services.find((s) => s.id === "sport_audiovisuel")?.name).toBe("Audiovisuel sportif");
    });

    it("filters by kind, and refuses an unknown kind with a translated 400", async () => {
      const main: ServiceBody[] = await (await visitor.request("/api/services?kind=main")).json();
      expect(main.map((s) => s.id)).toEqual([...MAIN_SERVICE_IDS]);
      const specialised: ServiceBody[] = await (await visitor.request("/api/services?kind=specialised")).json();
      expect(specialised).toHaveLength(11);
      const bad = await visitor.request("/api/services?kind=other", { headers: FR });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        code: "validation",
        message: "Le type de service doit être principal ou spécialisé",
      });
    });

    it("gives staff readers both languages' names and descriptions", async () => {
      const services: ServiceBody[] = await (await staff.request("/api/services")).json();
      expect(services.find((s) => s.id === "logo_design")).toMatchObject({
        name: "Logo Design",
        nameEn: "Logo Design",
        nameFr: "Création de logo",
      });
      const forCustomer: ServiceBody[] = await (await customer.request("/api/services")).json();
      expect(forCustomer[0]).not.toHaveProperty("nameEn");
    });

    it("is what page loaders get from services.catalogue.list", async () => {
      const fr = await t.services.catalogue.list("fr", { kind: "main" });
      expect(fr.map((s) => s.name)).toEqual(["Conception", "Création", "Marketing", "Promotion", "Ventes"]);
    });
  });

  describe("GET /api/admin/services", () => {
    it("refuses visitors (401) and customers (403)", async () => {
      expect((await visitor.request("/api/admin/services")).status).toBe(401);
      const forbidden = await customer.request("/api/admin/services");
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({ code: "forbidden", message: "This area is for staff only." });
    });

    it("lists every entry for staff, the checkout-only one included", async () => {
      const response = await staff.request("/api/admin/services");
      expect(response.status).toBe(200);
      const services = await response.json();
      expect(services).toHaveLength(17);
      expect(services.at(-1)).toMatchObject({ id: "marketing_consultation", nameFr: "Consultation marketing" });
    });
  });

  describe("PUT /api/services/:id", () => {
    it("refuses visitors (401) and customers (403), changing nothing", async () => {
      const visitorAnswer = await visitor.request("/api/services/website", {
        method: "PUT",
        json: { minPriceCents: 100 },
      });
      expect(visitorAnswer.status).toBe(401);
      expect(await visitorAnswer.json()).toMatchObject({
        code: "unauthenticated",
        message: "Please sign in to continue.",
      });
      expect(
        (await customer.request("/api/services/website", { method: "PUT", json: { minPriceCents: 100 } })).status,
      ).toBe(403);
      expect((await t.services.catalogue.find("website"))?.minPriceCents).toBe(50_000);
    });

    it("lets staff edit prices, names, descriptions and availability", async () => {
      const response = await staff.request("/api/services/graphics", {
        method: "PUT",
        json: {
          minPriceCents: 6_000,
          maxPriceCents: 30_000,
          nameEn: "Graphic Design",
          nameFr: "Design graphique",
          descriptionEn: "Visuals for every channel.",
        },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: "graphics",
        minPriceCents: 6_000,
        maxPriceCents: 30_000,
        nameEn: "Graphic Design",
        nameFr: "Design graphique",
      });
      const fr: ServiceBody[] = await (await visitor.request("/api/services", { headers: FR })).json();
      expect(fr.find((s) => s.id === "graphics")).toMatchObject({ name: "Design graphique", minPriceCents: 6_000 });

      expect((await staff.request("/api/services/graphics", { method: "PUT", json: { active: false } })).status).toBe(
        200,
      );
      const visible: ServiceBody[] = await (await visitor.request("/api/services")).json();
      expect(visible.map((s) => s.id)).not.toContain("graphics");
      expect(await t.services.catalogue.findOrderable("graphics")).toBeNull();
      expect((await staff.request("/api/services/graphics", { method: "PUT", json: { active: true } })).status).toBe(
        200,
      );
    });

    it("switches pricing: a fixed price within the range; back to custom drops it", async () => {
      const fixed = await staff.request("/api/services/jingle", {
        method: "PUT",
        json: { pricingType: "fixed", fixedPriceCents: 20_000 },
      });
      expect(fixed.status).toBe(200);
      expect(await fixed.json()).toMatchObject({ pricingType: "fixed", fixedPriceCents: 20_000 });
      const custom = await staff.request("/api/services/jingle", { method: "PUT", json: { pricingType: "custom" } });
      expect(await custom.json()).toMatchObject({ pricingType: "custom", fixedPriceCents: null });
    });

    it("refuses a minimum above the maximum, with a translated message, changing nothing", async () => {
      const response = await staff.request("/api/services/website", {
        method: "PUT",
        json: { minPriceCents: 300_000 },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "validation",
        message: "The minimum price cannot be higher than the maximum price",
        fields: { maxPriceCents: "The minimum price cannot be higher than the maximum price" },
      });
      expect((await t.services.catalogue.find("website"))?.minPriceCents).toBe(50_000);
    });

    it("refuses a fixed price outside the range, a missing fixed price, or one on a custom service", async () => {
      const outside = await staff.request("/api/services/logo_design", {
        method: "PUT",
        json: { fixedPriceCents: 12_000 },
      });
      expect(outside.status).toBe(400);
      expect((await outside.json()).message).toBe("The fixed price must lie within the price range");
      const shrink = await staff.request("/api/services/logo_design", {
        method: "PUT",
        json: { maxPriceCents: 7_000 },
      });
      expect((await shrink.json()).message).toBe("The fixed price must lie within the price range");
      const missing = await staff.request("/api/services/logo_design", {
        method: "PUT",
        json: { fixedPriceCents: null },
      });
      expect((await missing.json()).message).toBe("A fixed-price service needs its fixed price");
      const onCustom = await staff.request("/api/services/website", {
        method: "PUT",
        json: { fixedPriceCents: 60_000 },
      });
      expect((await onCustom.json()).message).toBe("A custom-price service has no fixed price");
      expect((await t.services.catalogue.find("logo_design"))?.fixedPriceCents).toBe(7_500);
    });

    it("keeps prices within sane bounds and refuses bad fields", async () => {
      const tooHigh = await staff.request("/api/services/website", {
        method: "PUT",
        json: { maxPriceCents: 1_000_001 },
      });
      expect(tooHigh.status).toBe(400);
      expect(await tooHigh.json()).toMatchObject({
        message: "Price cannot exceed $10,000",
        fields: { maxPriceCents: "Price cannot exceed $10,000" },
      });
      const tooLow = await staff.request("/api/services/website", {
        method: "PUT",
        json: { minPriceCents: 99 },
        headers: FR,
      });
      expect((await tooLow.json()).message).toBe("Le prix doit être d'au moins 1 $");
      const fraction = await staff.request("/api/services/website", { method: "PUT", json: { minPriceCents: 500.5 } });
      expect((await fraction.json()).message).toBe("Please enter a valid amount");
      const emptyName = await staff.request("/api/services/website", { method: "PUT", json: { nameFr: " " } });
      expect((await emptyName.json()).message).toBe("Name is required");
      const unknownField = await staff.request("/api/services/website", { method: "PUT", json: { id: "other" } });
      expect(unknownField.status).toBe(400);
      const kind = await staff.request("/api/services/website", { method: "PUT", json: { kind: "main" } });
      expect(kind.status).toBe(400);
    });

    it("answers 404 for an unknown service", async () => {
      const response = await staff.request("/api/services/time_machine", { method: "PUT", json: { active: false } });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "not_found", message: "Service not found" });
      expect(
        (await staff.request("/api/services/NOT%20AN%20ID", { method: "PUT", json: { active: false } })).status,
      ).toBe(404);
    });
  });
});
