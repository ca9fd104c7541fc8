import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

describe("GET /api/logout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signedIn() {
    const client = await signInAs(t, "customer");
    const signedInNow = async () => (await client.request("/api/auth/user")).status === 200;
    expect(await signedInNow()).toBe(true);
    return { client, signedInNow };
  }

  it("signs out at once when the navigation comes from this site (Sec-Fetch-Site same-origin or same-site)", async () => {
    for (const fetchSite of ["same-origin", "same-site"]) {
      const { client, signedInNow } = await signedIn();
      const response = await client.request("/api/logout", {
        headers: { "sec-fetch-site": fetchSite, "sec-fetch-mode": "navigate" },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
      expect(await signedInNow()).toBe(false);
    }
  });

  it("asks first (the /logout page) when a link on another site, or a typed address, leads there", async () => {
    for (const fetchSite of ["cross-site", "none"]) {
      const { client, signedInNow } = await signedIn();
      const response = await client.request("/api/logout", {
        headers: { "sec-fetch-site": fetchSite, "sec-fetch-mode": "navigate" },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/logout");
      expect(await signedInNow()).toBe(true);
    }
  });

  it("without Sec-Fetch-Site (an older browser), trusts only a Referer on this site", async () => {
    const fromHere = await signedIn();
    const own = await fromHere.client.request("/api/logout", { headers: { referer: `${TEST_ORIGIN}/posts` } });
    expect(own.headers.get("location")).toBe("/");
    expect(await fromHere.signedInNow()).toBe(false);

    const others: Array<Record<string, string>> = [
      { referer: "https://evil.example/page" },
      { referer: "http://localhost:3001/" },
      {},
    ];
    for (const headers of others) {
      const { client, signedInNow } = await signedIn();
      const response = await client.request("/api/logout", { headers });
      expect(response.headers.get("location")).toBe("/logout");
      expect(await signedInNow()).toBe(true);
    }
  });

  it("sends a visitor who is not signed in home", async () => {
    const response = await t.client().request("/api/logout", { headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("POST /api/auth/logout (the /logout page's button)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 204 to a script and signs out", async () => {
    const client = await signInAs(t, "customer");
    const response = await client.request("/api/auth/logout", { method: "POST" });
    expect(response.status).toBe(204);
    expect((await client.request("/api/auth/user")).status).toBe(401);
  });

  it("answers a form post with a redirect to its returnTo, a path on this site only", async () => {
    for (const [returnTo, location] of [
      ["/fr", "/fr"],
      ["https://evil.example/", "/"],
      ["//evil.example/", "/"],
    ]) {
      const client = await signInAs(t, "customer");
      const response = await client.request("/api/auth/logout", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ returnTo }).toString(),
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(location);
      expect((await client.request("/api/auth/user")).status).toBe(401);
    }
  });

  it("is refused to another site's form", async () => {
    const client = await signInAs(t, "customer");
    const response = await client.request("/api/auth/logout", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "returnTo=%2F",
    });
    expect(response.status).toBe(403);
    expect((await client.request("/api/auth/user")).status).toBe(200);
  });
});

describe("the cross-site write check", () => {
  const write = (t: TestApp, headers: Record<string, string>) =>
    t.app.request("/api/auth/logout", { method: "POST", headers: { host: "localhost:3000", ...headers } });

  describe("in production", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://atelier.example" });
    });
    afterAll(() => t.close());

    it("accepts PUBLIC_URL's exact origin, with or without its default port", async () => {
      expect((await write(t, { origin: "https://atelier.example", host: "atelier.example" })).status).toBe(204);
      expect((await write(t, { origin: "https://atelier.example:443", host: "atelier.example" })).status).toBe(204);
    });

    it("refuses another scheme, host or port, even one matching the Host header", async () => {
      for (const origin of [
        "http://atelier.example",
        "https://atelier.example:8443",
        "https://evil.example",
        "https://shop.atelier.example",
        "null",
        "not a url",
      ]) {
        const response = await write(t, {
          origin,
          host: new URL(origin.startsWith("http") ? origin : "https://x.invalid").host,
        });
        expect(response.status, origin).toBe(403);
        expect((await response.json()).code).toBe("forbidden");
      }
    });

    it("falls back on Sec-Fetch-Site without an Origin, and lets other clients through", async () => {
      expect((await write(t, { "sec-fetch-site": "cross-site" })).status).toBe(403);
      expect((await write(t, { "sec-fetch-site": "same-site" })).status).toBe(403);
      expect((await write(t, { "sec-fetch-site": "same-origin" })).status).toBe(204);
      expect((await write(t, {})).status).toBe(204);
    });
  });

  describe("in development", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" });
    });
    afterAll(() => t.close());

    it("also accepts the address the request was sent to (a LAN address, a forwarded port)", async () => {
      const response = await t.app.request("http://192.168.1.20:3000/api/auth/logout", {
        method: "POST",
        headers: { origin: "http://192.168.1.20:3000" },
      });
      expect(response.status).toBe(204);
      expect((await write(t, { origin: "http://localhost:3000" })).status).toBe(204);
    });

    it("still refuses any other origin", async () => {
      const response = await t.app.request("http://192.168.1.20:3000/api/auth/logout", {
        method: "POST",
        headers: { origin: "http://192.168.1.20:8080" },
      });
      expect(response.status).toBe(403);
      expect((await write(t, { origin: "https://localhost:3000" })).status).toBe(403);
    });
  });
});
