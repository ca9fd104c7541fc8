import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoDeals } from "../../db/seed-deals.server.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const EMPTY_EDIT = "Nothing to change: send at least one field.";

describe("ids in paths and empty edits", () => {
  let t: TestApp;
  let staff: TestClient;
  let dealId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const logger = createLogger("silent");
    await seedReferenceData(t.services, logger);
    await seedDemoDeals(t.services, logger);
    staff = await signInAs(t, "admin");
    const deals = (await (await t.client().request("/api/hot-deals")).json()) as { id: number }[];
    dealId = deals[0].id;
  });
  afterAll(() => t.close());

  it("find a deal by its id written plainly, and nothing for the same digits with a space, a sign, a zero or an exponent", async () => {
    expect((await t.client().request(`/api/hot-deals/${dealId}`)).status).toBe(200);
    for (const path of [
      `%20${dealId}`,
      `${dealId}%20`,
      `+${dealId}`,
      `0${dealId}`,
      `${dealId}.0`,
      `${dealId}e0`,
      "-1",
      "0",
      "99999999999",
    ]) {
      const response = await t.client().request(`/api/hot-deals/${path}`);
      expect(response.status, path).toBe(404);
    }
    expect(
      (await staff.request(`/api/admin/hot-deals/%20${dealId}`, { method: "PUT", json: { active: false } })).status,
    ).toBe(404);
    expect((await staff.request(`/api/posts/%201`)).status).toBe(404);
  });

  it("refuse an empty edit of a service, a promo code or a deal with a 400, and change nothing", async () => {
    const services = (await (await staff.request("/api/admin/services")).json()) as {
      id: string;
      updatedAt?: string;
    }[];
    const promos = (await (await staff.request("/api/admin/promos")).json()) as { code: string }[];
    const edits = [
      `/api/services/${services[0].id}`,
      `/api/admin/promos/${promos[0].code}`,
      `/api/admin/hot-deals/${dealId}`,
    ];
    for (const path of edits) {
      const response = await staff.request(path, { method: "PUT", json: {} });
      expect(response.status, path).toBe(400);
      expect((await response.json()).message, path).toBe(EMPTY_EDIT);
    }
    const french = await staff.request(edits[2], { method: "PUT", json: {}, headers: { "accept-language": "fr" } });
    expect((await french.json()).message).toBe("Rien à modifier\u202f: envoyez au moins un champ.");
    expect(await (await staff.request("/api/admin/services")).json()).toEqual(services);
    // A real edit still works.
    expect((await staff.request(edits[2], { method: "PUT", json: { active: true } })).status).toBe(200);
  });
});
