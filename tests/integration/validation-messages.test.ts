import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const FRENCH = { "accept-language": "fr" };

describe("validation messages name the field and the rule, in the reader's language", () => {
  let t: TestApp;
  let staff: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    await seedReferenceData(t.services, createLogger("silent"));
    staff = await signInAs(t, "admin");
  });
  afterAll(() => t.close());

  it("names an unknown field, on routes validated at the edge and in the services", async () => {
    const contact = await t.client().request("/api/contact", {
      method: "POST",
      json: { name: "Ada Lovelace", email: "ada@example.com", message: "A message long enough.", amountCents: 5 },
    });
    expect(contact.status).toBe(400);
    expect(await contact.json()).toEqual({
      code: "validation",
      message: "This field is not expected: amountCents",
      fields: { amountCents: "This field is not expected: amountCents" },
    });

    const custom = {
      amount: 100,
      paymentPlan: "1time",
      serviceName: "Logo",
      customerName: "Ada Lovelace",
      customerEmail: "ada@example.com",
      amountCents: 5,
    };
    const english = await t.client().request("/api/create-custom-payment", { method: "POST", json: custom });
    expect(english.status).toBe(400);
    expect((await english.json()).fields).toEqual({ amountCents: "This field is not expected: amountCents" });
    const french = await t
      .client()
      .request("/api/create-custom-payment", { method: "POST", json: custom, headers: FRENCH });
    expect((await french.json()).message).toBe("Ce champ n'est pas attendu\u202f: amountCents");
  });

  it("says which number is out of range and its bound", async () => {
    const below = await staff.request("/api/leads?page=0");
    expect(below.status).toBe(400);
    expect(await below.json()).toEqual({
      code: "validation",
      message: "Page must be a whole number from 1 to 100,000.",
      fields: { page: "Page must be a whole number from 1 to 100,000." },
    });
    expect((await (await staff.request("/api/leads?limit=500")).json()).message).toBe(
      "Limit must be a whole number from 1 to 100.",
    );
    expect((await (await staff.request("/api/leads?page=0", { headers: FRENCH })).json()).message).toBe(
      "La page doit être un nombre entier de 1 à 100 000.",
    );
    // The page on which the call was made speaks for the API call, before the browser's languages.
    expect(
      (
        await (
          await staff.request("/api/leads?limit=0", { headers: { "x-page-language": "fr", "accept-language": "en" } })
        ).json()
      ).message,
    ).toBe("La limite doit être un nombre entier de 1 à 100.");
  });

  it("says what a value of the wrong type should be, and keeps a schema's own message where it has one", async () => {
    const kind = await staff.request("/api/leads?leadStatus=lost");
    expect((await kind.json()).message).toBe("Status must be new, contacted, qualified or converted");
    const type = await staff.request("/api/leads?limit=many", { headers: FRENCH });
    expect((await type.json()).message).toBe("La limite doit être un nombre entier de 1 à 100.");
  });

  it("answers a body that is not sent as JSON with 415 and says so, on every route that reads one", async () => {
    for (const path of ["/api/contact", "/api/create-custom-payment"]) {
      const response = await t
        .client()
        .request(path, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
      expect(response.status, path).toBe(415);
      expect(await response.json(), path).toEqual({
        code: "validation",
        message: "The request body must be sent as JSON (Content-Type: application/json).",
      });
    }
  });
});
