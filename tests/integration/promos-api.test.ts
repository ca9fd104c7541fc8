import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROMO_CHECKS_PER_ADDRESS } from "../../core/promotions/service.server.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { visitorCustomerStaff } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

describe("promo codes API", () => {
  let t: TestApp;
  let visitor: TestClient;
  let customer: TestClient;
  let staff: TestClient;
  /** Each call from its own client address, so that the rate limit only bites where a test wants it. */
  let address = 0;
  const validate = (json: unknown, headers: Record<string, string> = {}) =>
    visitor.request("/api/promos/validate", {
      method: "POST",
      json,
      headers: { "x-forwarded-for": `198.51.100.${++address % 250}`, ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    await seedReferenceData(t.services, createLogger("silent"));
    ({ visitor, customer, staff } = await visitorCustomerStaff(t));
  });
  afterAll(() => t.close());

  describe("POST /api/promos/validate", () => {
    it("WELCOME10 gives 10% of the subtotal, rounded down, whatever the case typed", async () => {
      const response = await validate({ code: " welcome10 ", subtotalCents: 12_345 });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        code: "WELCOME10",
        discountCents: 1_234,
        description: "10% off first order",
        kind: "percent",
        value: 10,
        minimumSubtotalCents: null,
        message: "You saved $12.34",
      });
    });

    it("SAVE50 gives $50 off from a $500 subtotal", async () => {
      const response = await validate({ code: "Save50", subtotalCents: 50_000 });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        code: "SAVE50",
        discountCents: 5_000,
        kind: "amount",
        value: 5_000,
        minimumSubtotalCents: 50_000,
      });
    });

    it("SAVE50 below $500: 'This promo code requires a minimum order of $500'", async () => {
      const response = await validate({ code: "SAVE50", subtotalCents: 49_999 });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "validation",
        message: "This promo code requires a minimum order of $500",
        fields: { code: "This promo code requires a minimum order of $500" },
      });
      const fr = await validate({ code: "SAVE50", subtotalCents: 100 }, FR);
      expect((await fr.json()).message).toBe("Ce code promo nécessite une commande minimale de $500");
    });

    it("NEWCLIENT gives $100 off, never more than the subtotal", async () => {
      expect(await (await validate({ code: "NEWCLIENT", subtotalCents: 75_000 })).json()).toMatchObject({
        discountCents: 10_000,
      });
      expect(await (await validate({ code: "NEWCLIENT", subtotalCents: 6_000 })).json()).toMatchObject({
        discountCents: 6_000,
      });
    });

    it("an unknown code: 'Invalid promo code'", async () => {
      const response = await validate({ code: "FREESTUFF", subtotalCents: 10_000 });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "validation", message: "Invalid promo code" });
      expect((await (await validate({ code: "FREESTUFF", subtotalCents: 10_000 }, FR)).json()).message).toBe(
        "Code promo invalide",
      );
    });

    it("an empty code: 'Please enter a promo code'", async () => {
      for (const code of ["", "   "]) {
        const response = await validate({ code, subtotalCents: 10_000 });
        expect(response.status).toBe(400);
        expect((await response.json()).message).toBe("Please enter a promo code");
      }
      expect((await (await validate({ subtotalCents: 10_000 })).json()).message).toBe("Please enter a promo code");
    });

    it("refuses a bad subtotal and unknown fields", async () => {
      expect((await validate({ code: "WELCOME10", subtotalCents: -1 })).status).toBe(400);
      expect((await validate({ code: "WELCOME10", subtotalCents: 10.5 })).status).toBe(400);
      expect((await validate({ code: "WELCOME10", subtotalCents: "100" })).status).toBe(400);
      expect((await validate({ code: "WELCOME10", subtotalCents: 100, discount: 100 })).status).toBe(400);
      expect((await validate({ code: "X".repeat(65), subtotalCents: 100 })).status).toBe(400);
    });

    it("limits refused codes per client address, with a translated 429 and Retry-After", async () => {
      const from = { "x-forwarded-for": "203.0.113.77" };
      const attempt = (code: string, headers: Record<string, string> = {}) =>
        visitor.request("/api/promos/validate", {
          method: "POST",
          json: { code, subtotalCents: 100_000 },
          headers: { ...from, ...headers },
        });
      // A code that applies gives its attempt back, so these do not count.
      for (let i = 0; i < 5; i += 1) expect((await attempt("WELCOME10")).status).toBe(200);
      for (let i = 0; i < PROMO_CHECKS_PER_ADDRESS.limit; i += 1) expect((await attempt(`GUESS${i}`)).status).toBe(400);
      const limited = await attempt("GUESSMORE");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({
        code: "rate_limited",
        message: "Too many promo codes were tried from your network. Please try again in 15 minutes.",
      });
      // Even a real code is refused while the address is limited, and another address is not affected.
      expect((await attempt("WELCOME10", FR)).status).toBe(429);
      expect((await validate({ code: "WELCOME10", subtotalCents: 100 })).status).toBe(200);
    });
  });

  describe("staff management", () => {
    it("refuses visitors (401) and customers (403) on every staff endpoint", async () => {
      const calls: Array<[string, string, unknown?]> = [
        ["GET", "/api/admin/promos"],
        ["POST", "/api/admin/promos", { code: "SPRING", kind: "percent", value: 5 }],
        ["PUT", "/api/admin/promos/WELCOME10", { active: false }],
        ["DELETE", "/api/admin/promos/WELCOME10"],
      ];
      for (const [method, path, json] of calls) {
        expect((await visitor.request(path, { method, json })).status, `${method} ${path}`).toBe(401);
        expect((await customer.request(path, { method, json })).status, `${method} ${path}`).toBe(403);
      }
      expect(await t.services.promotions.findActive("WELCOME10")).not.toBeNull();
      expect(await t.services.promotions.findActive("SPRING")).toBeNull();
    });

    it("lists the seeded codes", async () => {
      const response = await staff.request("/api/admin/promos");
      expect(response.status).toBe(200);
      const promos = await response.json();
      expect(promos.map((p: { code: string }) => p.code)).toEqual(["NEWCLIENT", "SAVE50", "WELCOME10"]);
      expect(promos[1]).toMatchObject({
        kind: "amount",
        value: 5_000,
        minimumSubtotalCents: 50_000,
        active: true,
        firstOrderOnly: false,
      });
      expect(promos[0]).toMatchObject({ code: "NEWCLIENT", firstOrderOnly: true });
    });

    it("creates a code, stored upper-case, that the cart can then apply", async () => {
      const response = await staff.request("/api/admin/promos", {
        method: "POST",
        json: {
          code: "summer-25",
          kind: "percent",
          value: 25,
          minimumSubtotalCents: 20_000,
          description: "Summer sale",
        },
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({
        code: "SUMMER-25",
        kind: "percent",
        value: 25,
        minimumSubtotalCents: 20_000,
        active: true,
        firstOrderOnly: false,
      });
      expect(await (await validate({ code: "Summer-25", subtotalCents: 40_000 })).json()).toMatchObject({
        code: "SUMMER-25",
        discountCents: 10_000,
      });
      const below = await validate({ code: "SUMMER-25", subtotalCents: 10_000 });
      expect((await below.json()).message).toBe("This promo code requires a minimum order of $200");
      expect(await t.services.promotions.findActive("summer-25")).toMatchObject({ code: "SUMMER-25", value: 25 });
    });

    it("refuses a duplicate code with 409, whatever its case", async () => {
      const response = await staff.request("/api/admin/promos", {
        method: "POST",
        json: { code: "welcome10", kind: "amount", value: 100 },
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        code: "conflict",
        message: "A promo code with this name already exists",
      });
      expect(await t.services.promotions.findActive("WELCOME10")).toMatchObject({ kind: "percent", value: 10 });
    });

    it("validates new codes: format, percent 1-100, amount of at least 1 cent", async () => {
      const create = (json: unknown) => staff.request("/api/admin/promos", { method: "POST", json });
      const message = async (json: unknown) => {
        const response = await create(json);
        expect(response.status).toBe(400);
        return (await response.json()).message;
      };
      expect(await message({ code: "AB", kind: "percent", value: 5 })).toBe(
        "Promo codes are 3 to 32 letters, digits, hyphens or underscores",
      );
      expect(await message({ code: "A".repeat(33), kind: "percent", value: 5 })).toBe(
        "Promo codes are 3 to 32 letters, digits, hyphens or underscores",
      );
      expect(await message({ code: "NO SPACE", kind: "percent", value: 5 })).toBe(
        "Promo codes are 3 to 32 letters, digits, hyphens or underscores",
      );
      expect(await message({ code: "PCT0", kind: "percent", value: 0 })).toBe(
        "A percentage discount must be between 1 and 100",
      );
      expect(await message({ code: "PCT101", kind: "percent", value: 101 })).toBe(
        "A percentage discount must be between 1 and 100",
      );
      expect(await message({ code: "AMT0", kind: "amount", value: 0 })).toBe("A fixed discount must be at least $0.01");
      expect(await message({ code: "AMTBIG", kind: "amount", value: 1_000_001 })).toBe(
        "A fixed discount cannot exceed $10,000",
      );
      expect(await message({ code: "HALF", kind: "amount", value: 1.5 })).toBe("Discount value must be a whole number");
      expect(await message({ code: "KIND", kind: "gift", value: 5 })).toBe("Discount type must be percent or amount");
      expect(await message({ code: "MIN", kind: "amount", value: 5, minimumSubtotalCents: -1 })).toBe(
        "Minimum order must be a whole number of cents between 0 and $100,000",
      );
      expect(await message({ code: "EXTRA", kind: "amount", value: 5, owner: "me" })).toBeTruthy();
      expect((await create({ code: "ONECENT", kind: "amount", value: 1 })).status).toBe(201);
      expect((await create({ code: "ALL100", kind: "percent", value: 100 })).status).toBe(201);
      const fr = await staff.request("/api/admin/promos", {
        method: "POST",
        json: { code: "X", kind: "percent", value: 5 },
        headers: FR,
      });
      expect((await fr.json()).message).toBe(
        "Un code promo comporte de 3 à 32 lettres, chiffres, traits d'union ou tirets bas",
      );
    });

    it("updates a code; an inactive code is 'Invalid promo code'", async () => {
      const off = await staff.request("/api/admin/promos/newclient", { method: "PUT", json: { active: false } });
      expect(off.status).toBe(200);
      expect(await off.json()).toMatchObject({ code: "NEWCLIENT", active: false });
      expect((await (await validate({ code: "NEWCLIENT", subtotalCents: 20_000 })).json()).message).toBe(
        "Invalid promo code",
      );
      expect(await t.services.promotions.findActive("NEWCLIENT")).toBeNull();

      const changed = await staff.request("/api/admin/promos/NEWCLIENT", {
        method: "PUT",
        json: { active: true, value: 15_000, description: "$150 off" },
      });
      expect(await changed.json()).toMatchObject({ value: 15_000, description: "$150 off", active: true });
      expect(await (await validate({ code: "NEWCLIENT", subtotalCents: 20_000 })).json()).toMatchObject({
        discountCents: 15_000,
      });
    });

    it("lets staff make any code first-order only, and undo it", async () => {
      const on = await staff.request("/api/admin/promos/save50", { method: "PUT", json: { firstOrderOnly: true } });
      expect(on.status).toBe(200);
      expect(await on.json()).toMatchObject({ code: "SAVE50", firstOrderOnly: true });
      expect(await t.services.promotions.findActive("SAVE50")).toMatchObject({ firstOrderOnly: true });
      const off = await staff.request("/api/admin/promos/SAVE50", { method: "PUT", json: { firstOrderOnly: false } });
      expect(await off.json()).toMatchObject({ firstOrderOnly: false });
      const bad = await staff.request("/api/admin/promos/SAVE50", { method: "PUT", json: { firstOrderOnly: "yes" } });
      expect(bad.status).toBe(400);
      const created = await staff.request("/api/admin/promos", {
        method: "POST",
        json: { code: "HELLO-NEW", kind: "amount", value: 2_000, firstOrderOnly: true },
      });
      expect(await created.json()).toMatchObject({ code: "HELLO-NEW", firstOrderOnly: true });
    });

    it("checks an update against the code's kind, changing nothing on refusal", async () => {
      const tooMuch = await staff.request("/api/admin/promos/WELCOME10", { method: "PUT", json: { value: 150 } });
      expect(tooMuch.status).toBe(400);
      expect((await tooMuch.json()).message).toBe("A percentage discount must be between 1 and 100");
      const toAmount = await staff.request("/api/admin/promos/WELCOME10", {
        method: "PUT",
        json: { kind: "amount", value: 0 },
      });
      expect((await toAmount.json()).message).toBe("A fixed discount must be at least $0.01");
      const rename = await staff.request("/api/admin/promos/WELCOME10", { method: "PUT", json: { code: "WELCOME20" } });
      expect(rename.status).toBe(400);
      expect(await t.services.promotions.findActive("WELCOME10")).toMatchObject({ kind: "percent", value: 10 });
    });

    it("answers 404 for an unknown code on update and delete", async () => {
      const update = await staff.request("/api/admin/promos/NOPE1", { method: "PUT", json: { active: false } });
      expect(update.status).toBe(404);
      expect(await update.json()).toMatchObject({ code: "not_found", message: "Promo code not found" });
      expect((await staff.request("/api/admin/promos/NOPE1", { method: "DELETE" })).status).toBe(404);
      expect((await staff.request("/api/admin/promos/no%20pe", { method: "DELETE" })).status).toBe(404);
    });

    it("deletes a code; it is then unknown, and seeding again does not bring it back", async () => {
      expect((await staff.request("/api/admin/promos/save50", { method: "DELETE" })).status).toBe(204);
      expect((await (await validate({ code: "SAVE50", subtotalCents: 60_000 })).json()).message).toBe(
        "Invalid promo code",
      );
      await seedReferenceData(t.services, createLogger("silent"));
      expect(await t.services.promotions.findActive("SAVE50")).toBeNull();
    });
  });

  it("documents every promo route in the OpenAPI document", async () => {
    const doc = await (await visitor.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/promos/validate",
        "/admin/promos",
        "/admin/promos/{code}",
        "/services",
        "/services/{id}",
        "/hot-deals",
        "/hot-deals/{id}",
        "/admin/hot-deals",
        "/admin/hot-deals/{id}",
        "/newsletter/subscribe",
        "/newsletter/confirm",
      ]),
    );
  });
});
