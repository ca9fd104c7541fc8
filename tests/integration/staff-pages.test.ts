import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

/**
 * The staff pages' data requests (what React Router fetches on a client-side navigation) refuse with
 * the status, its own status text and the API's error body, never React Router's default "Internal
 * Server Error" beside a 401.
 */
describe("staff pages' data requests, and the sign-in pages", () => {
  let t: TestApp;
  let customer: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    const { ssr } = await countingSsr();
    t = await createTestApp({}, { ssr });
    customer = await signInAs(t, "customer");
    staff = await signInAs(t, "admin");
  }, 240_000);
  afterAll(() => t.close());

  it("answer a visitor 401 Unauthorized and a customer 403 Forbidden, in the page's language", async () => {
    for (const page of ["/admin", "/calls", "/leads"]) {
      const visitor = await t.client().request(`${page}.data`);
      expect(visitor.status, page).toBe(401);
      const refusedVisitor = await visitor.text();
      expect(refusedVisitor, page).toContain('401,"Unauthorized"');
      expect(refusedVisitor, page).toContain("Please sign in to continue.");
      expect(refusedVisitor, page).not.toContain("Internal Server Error");

      const signedIn = await customer.request(`/fr${page}.data`);
      expect(signedIn.status, page).toBe(403);
      const refusedCustomer = await signedIn.text();
      expect(refusedCustomer, page).toContain('403,"Forbidden"');
      expect(refusedCustomer, page).toContain("Cet espace est réservé au personnel.");
      expect(refusedCustomer, page).not.toContain("Internal Server Error");

      expect((await staff.request(`${page}.data`)).status, page).toBe(200);
    }
  });

  it("answer an address no page claims 404 Not Found", async () => {
    const response = await t.client().request("/no-such-page.data");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404,"Not Found"');
  });

  it("send someone already signed in on from the sign-in and sign-up pages, to where they were going", async () => {
    const home = await customer.request("/login");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/");

    const french = await customer.request("/fr/register");
    expect(french.status).toBe(302);
    expect(french.headers.get("location")).toBe("/fr");

    const back = await staff.request(`/fr/login?returnTo=${encodeURIComponent("/fr/admin")}`);
    expect(back.headers.get("location")).toBe("/fr/admin");
    // Only our own addresses: a link that names another site leads home.
    const elsewhere = await customer.request(`/register?returnTo=${encodeURIComponent("https://evil.example/")}`);
    expect(elsewhere.headers.get("location")).toBe("/");

    expect((await t.client().request("/fr/login")).status).toBe(200);
  });
});
