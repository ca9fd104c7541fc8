import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { sessionCookieName } from "../../server/middleware/session.server.ts";
import { PageCache } from "../../server/page-cache.server.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { createUser } from "../helpers/factories.ts";

/** The script-src directive of a response's Content-Security-Policy. */
function scriptSrc(response: Response): string {
  const policy = response.headers.get("content-security-policy") ?? "";
  const directive = policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src "));
  expect(directive, "a script-src directive").toBeDefined();
  return directive ?? "";
}

function isExecutable(type: string | null): boolean {
  return (
    type === null || ["", "module", "text/javascript", "application/javascript"].includes(type.trim().toLowerCase())
  );
}

/**
 * Checks that the CSP lets exactly this page's inline scripts run: each one either carries the
 * policy's nonce or has its SHA-256 listed. Answers the nonce of the policy, if it has one.
 */
function expectPolicyMatchesScripts(response: Response, html: string): string | null {
  const directive = scriptSrc(response);
  const nonce = /'nonce-([^']+)'/.exec(directive)?.[1] ?? null;
  const hashes = new Set([...directive.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]));
  const document = new JSDOM(html).window.document;
  // Data blocks (the page's translations, type="application/json") never run, so no policy needs to allow them.
  const inline = [...document.querySelectorAll("script:not([src])")].filter((script) =>
    isExecutable(script.getAttribute("type")),
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const script of inline) {
    const hash = createHash("sha256")
      .update(script.textContent ?? "", "utf8")
      .digest("base64");
    const carried = script.getAttribute("nonce");
    if (carried !== null) expect(carried, "a script's nonce is its own response's").toBe(nonce);
    expect(
      hashes.has(hash) || (nonce !== null && carried === nonce),
      `inline script allowed: ${(script.textContent ?? "").slice(0, 60)}`,
    ).toBe(true);
  }
  if (nonce === null) {
    // A page without a nonce lists no more than its own scripts' hashes, and trusts nothing it loads later.
    expect(directive).not.toContain("'strict-dynamic'");
    expect(directive).not.toContain("'unsafe-inline'");
  }
  return nonce;
}

function signedInClient(t: TestApp, sid: string): TestClient {
  const client = t.client();
  client.cookies.set(sessionCookieName(t.config), sid);
  return client;
}

describe("page cache (server-rendered pages for visitors who are not signed in)", () => {
  let t: TestApp;
  let renders: () => number;
  let pageCache: PageCache;
  let visitor: TestClient;
  let staff: TestClient;
  let customer: TestClient;
  let postId: number;

  beforeAll(async () => {
    const counting = await countingSsr();
    renders = counting.renders;
    pageCache = new PageCache();
    t = await createTestApp({ GEO_LOOKUP_URL: "https://geo.example/country" }, { ssr: counting.ssr, pageCache });
    await seedReferenceData(t.services, createLogger("silent"));
    visitor = t.client();
    const staffUser = await createUser(t, "staff", { firstName: "Stella" });
    staff = signedInClient(t, (await t.services.sessions.create({ userId: staffUser.id })).sid);
    const customerUser = await createUser(t, "customer", { firstName: "Quentin" });
    customer = signedInClient(t, (await t.services.sessions.create({ userId: customerUser.id })).sid);
    const created = await staff.request("/api/posts", {
      method: "POST",
      json: {
        title: "Light and paper",
        excerpt: "On the studio's first prints.",
        content: "<p>Prints.</p>",
        category: "design",
        published: true,
        language: "en",
      },
    });
    expect(created.status).toBe(201);
    postId = ((await created.json()) as { id: number }).id;
  }, 300_000);
  afterAll(() => t?.close());

  it("renders a public page once, then answers the same bytes from the cache with a hash-based CSP", async () => {
    pageCache.clear();
    const before = renders();
    const first = await visitor.request("/en/posts");
    const firstHtml = await first.text();
    const second = await visitor.request("/en/posts");
    const secondHtml = await second.text();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(renders() - before).toBe(1);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(secondHtml).toBe(firstHtml);
    expect(secondHtml).toContain("Light and paper");
    expect(expectPolicyMatchesScripts(second, secondHtml)).toBeNull();
    expect(secondHtml).not.toMatch(/\snonce=/);
    expect(second.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
    expect(second.headers.get("vary")).toMatch(/Accept-Encoding/i);
  });

  it("renders once for visitors who ask for the same page at the same time", async () => {
    pageCache.clear();
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.client().request("/en/testimonials")));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(renders() - before).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
  });

  it("stores gzip and brotli forms, answers the one the client takes, and 304 for its ETag", async () => {
    const plain = await (await visitor.request("/en/about")).text();
    const br = await visitor.request("/en/about", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8")).toBe(plain);
    const gz = await visitor.request("/en/about", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString("utf8")).toBe(plain);
    const etag = gz.headers.get("etag");
    expect(etag).toBeTruthy();
    const notModified = await visitor.request("/en/about", { headers: { "if-none-match": etag ?? "" } });
    expect(notModified.status).toBe(304);
  });

  it("never gives a signed-in visitor's or staff's page to anyone, nor the visitors' page to them", async () => {
    pageCache.clear();
    const anonymous = await (await visitor.request("/en/posts")).text();
    expect(anonymous).not.toContain("Quentin");

    for (const [client, name] of [
      [customer, "Quentin"],
      [staff, "Stella"],
    ] as const) {
      const before = renders();
      const response = await client.request("/en/posts");
      const html = await response.text();
      expect(renders() - before, "rendered for the signed-in visitor").toBe(1);
      expect(response.headers.get("x-page-cache")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(html).toContain(name);
      expectPolicyMatchesScripts(response, html);
    }

    const after = await visitor.request("/en/posts");
    const afterHtml = await after.text();
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(afterHtml).not.toContain("Quentin");
    expect(afterHtml).not.toContain("Stella");
  });

  it("keeps each language apart, on prefixed and plain addresses alike", async () => {
    pageCache.clear();
    const language = async (path: string, headers: Record<string, string> = {}) => {
      const client = t.client();
      if (headers.cookie) {
        const [name, value] = headers.cookie.split("=");
        client.cookies.set(name, value);
      }
      const response = await client.request(path, {
        headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "cookie")),
      });
      const html = await response.text();
      return { lang: new JSDOM(html).window.document.documentElement.lang, response };
    };
    expect((await language("/en/about")).lang).toBe("en");
    expect((await language("/fr/about")).lang).toBe("fr");
    expect((await language("/about", { "accept-language": "fr-FR,fr;q=0.9" })).lang).toBe("fr");
    expect((await language("/about", { "accept-language": "en-US,en;q=0.9" })).lang).toBe("en");
    // The remembered choice wins over the browser's languages, as when rendering.
    expect((await language("/about", { "accept-language": "en-US", cookie: "preferredLanguage=fr" })).lang).toBe("fr");
    expect((await language("/about", { "cf-ipcountry": "FR" })).lang).toBe("fr");
    expect((await language("/about", { "accept-language": "fr" })).lang).toBe("fr");
    // Nothing tells the language: English, and a page that asks the browser (not the page of a known English reader).
    const before = renders();
    const undetermined = await language("/about");
    expect(undetermined.lang).toBe("en");
    expect(renders() - before).toBe(1);
    expect((await language("/about", { "accept-language": "en" })).lang).toBe("en");

    const plain = (await language("/about", { "accept-language": "fr" })).response;
    expect(plain.headers.get("x-page-cache")).toBe("hit");
    // A shared cache must not keep an address whose language depends on the visitor.
    expect(plain.headers.get("cache-control")).toMatch(/^private/);
    expect(plain.headers.get("vary")).toMatch(/Accept-Language/);
    expect(plain.headers.get("vary")).toMatch(/Cookie/);
  });

  it("shows a post as staff edited it, on its page and in the list, at the next visit", async () => {
    await visitor.request(`/en/posts/${postId}`);
    await visitor.request("/en/posts");
    expect((await visitor.request(`/en/posts/${postId}`)).headers.get("x-page-cache")).toBe("hit");
    const edited = await staff.request(`/api/posts/${postId}`, {
      method: "PUT",
      json: { title: "Light, paper and ink" },
    });
    expect(edited.status).toBe(200);
    const page = await visitor.request(`/en/posts/${postId}`);
    expect(page.headers.get("x-page-cache")).toBe("miss");
    expect(await page.text()).toContain("Light, paper and ink");
    expect(await (await visitor.request("/en/posts")).text()).toContain("Light, paper and ink");
    const api = (await (await visitor.request("/api/posts?language=en")).json()) as Array<{ title: string }>;
    expect(api.map((post) => post.title)).toContain("Light, paper and ink");
  });

  it("shows an approved comment at the next visit", async () => {
    await visitor.request(`/en/posts/${postId}`);
    const submitted = await visitor.request(`/api/posts/${postId}/comments`, {
      method: "POST",
      json: { author: "Ada", email: "ada@example.com", content: "Lovely prints, thank you." },
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: number };
    expect(await (await visitor.request(`/en/posts/${postId}`)).text()).not.toContain("Lovely prints");
    expect((await staff.request(`/api/admin/comments/${id}/approve`, { method: "POST" })).status).toBe(200);
    expect(await (await visitor.request(`/en/posts/${postId}`)).text()).toContain("Lovely prints");
  });

  it("shows a service as staff edited it on the home page and in /api/services, at the next visit", async () => {
    const home = await (await visitor.request("/en")).text();
    expect(home).toContain("Logo Design");
    expect((await visitor.request("/en")).headers.get("x-page-cache")).toBe("hit");
    await visitor.request("/api/services", { headers: { "x-page-language": "en" } });
    const edited = await staff.request("/api/services/logo_design", {
      method: "PUT",
      json: { nameEn: "Logo & Identity Design" },
    });
    expect(edited.status).toBe(200);
    const after = await (await visitor.request("/en")).text();
    expect(after).toContain("Logo &amp; Identity Design");
    const api = (await (
      await visitor.request("/api/services", { headers: { "x-page-language": "en" } })
    ).json()) as Array<{ id: string; name: string }>;
    expect(api.find((service) => service.id === "logo_design")?.name).toBe("Logo & Identity Design");
  });

  it("gives every rendered answer its own nonce, matching its scripts, never one twice", async () => {
    const nonces: string[] = [];
    for (const [client, path] of [
      [customer, "/en/posts"],
      [customer, "/en/posts"],
      [staff, "/en/about"],
      [visitor, "/en/posts/999999"],
      [visitor, "/en/posts/999999"],
      [visitor, "/en/login"],
      [visitor, "/en/login"],
    ] as const) {
      const response = await client.request(path);
      const html = await response.text();
      expect(html).not.toContain(pageCache.placeholder);
      const nonce = expectPolicyMatchesScripts(response, html);
      expect(nonce, `${path} carries a nonce`).not.toBeNull();
      nonces.push(nonce ?? "");
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("stores neither HEAD answers nor answers other than 200", async () => {
    pageCache.clear();
    const head = await visitor.request("/en/terms", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBeNull();
    expect(pageCache.size).toBe(0);
    expect((await visitor.request("/en/terms")).headers.get("x-page-cache")).toBe("miss");

    const before = renders();
    const missing = await visitor.request("/en/posts/999999");
    expect(missing.status).toBe(404);
    expect((await visitor.request("/en/posts/999999")).status).toBe(404);
    expect(renders() - before).toBe(2);
    expect(pageCache.size).toBe(1);
  });

  it("keeps no more pages than its bound, dropping the least recently used", async () => {
    const counting = await countingSsr();
    const small = new PageCache({ maxEntries: 2 });
    const bounded = await createTestApp({}, { ssr: counting.ssr, pageCache: small });
    try {
      const client = bounded.client();
      for (const path of ["/en/about", "/en/terms", "/en/about", "/en/privacy"]) await client.request(path);
      expect(small.size).toBe(2);
      expect((await client.request("/en/about")).headers.get("x-page-cache")).toBe("hit");
      expect((await client.request("/en/terms")).headers.get("x-page-cache")).toBe("miss");
    } finally {
      await bounded.close();
    }
  }, 120_000);

  it("renders every time with PAGE_CACHE=false", async () => {
    const counting = await countingSsr();
    const uncached = await createTestApp({ PAGE_CACHE: "false" }, { ssr: counting.ssr });
    try {
      expect(uncached.config.PAGE_CACHE).toBe(false);
      const client = uncached.client();
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const response = await client.request("/en/about");
        expect(response.status).toBe(200);
        expect(response.headers.get("x-page-cache")).toBeNull();
        nonces.add(expectPolicyMatchesScripts(response, await response.text()) ?? "");
      }
      expect(counting.renders()).toBe(3);
      expect(nonces.size).toBe(3);
    } finally {
      await uncached.close();
    }
  }, 120_000);
});
