import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { expectApiSecurityHeaders } from "../helpers/security-headers.ts";

describe("server foundation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers health with the database checked", async () => {
    const response = await t.app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 503 when the database is unreachable", async () => {
    const other = await createTestApp();
    await other.services.database.close();
    const response = await other.app.request("/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable" });
  });

  it("answers unknown API paths with a translated 404 JSON body", async () => {
    const en = await t.app.request("/api/does-not-exist");
    expect(en.status).toBe(404);
    expect(await en.json()).toEqual({ code: "not_found", message: "This API address does not exist." });
    const fr = await t.app.request("/api/does-not-exist", { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect((await fr.json()).message).toBe("Cette adresse d'API n'existe pas.");
  });

  it("sends a page's security headers with a fresh nonce-based CSP each time, and no X-Powered-By", async () => {
    const a = await t.app.request("/en/about");
    const b = await t.app.request("/en/about");
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toBe(b.headers.get("content-security-policy"));
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("permissions-policy")).toContain("camera=()");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("x-powered-by")).toBeNull();
    expect(a.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers the API with a policy that allows nothing, and the headers that matter for a fetched answer", async () => {
    const answer = await t.app.request("/api/health");
    expectApiSecurityHeaders(answer);
    expect(answer.headers.get("x-request-id")).toBeTruthy();
  });

  it("refuses cross-site writes", async () => {
    const response = await t.app.request("/api/health", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("forbidden");
    const fetchSite = await t.app.request("/api/health", {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
  });

  it("limits body sizes", async () => {
    const response = await t.app.request("/api/health", {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/json" },
      body: "x".repeat(t.config.BODY_LIMIT_BYTES + 10),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe("The request is too large.");
  });

  it("publishes the OpenAPI document", async () => {
    const response = await t.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/health");
  });
});
