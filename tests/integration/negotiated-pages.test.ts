import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SsrHandler } from "../../server/app.server.ts";
import { NEGOTIATED_CACHE_CONTROL } from "../../server/page-cache.server.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Pages whose language was negotiated (a plain address) say so to caches even when the page cache is off:
 * Vary on the cookie and Accept-Language, and a Cache-Control no shared cache may keep. The renderer
 * here answers with the language the app chose, which is all these headers are about.
 */
describe("headers of pages whose language was negotiated", () => {
  let t: TestApp;
  const ssr: SsrHandler = async (_request, context) =>
    new Response(`<!doctype html><html lang="${context.requestLanguage}"><body>page</body></html>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });

  beforeAll(async () => {
    t = await createTestApp({ PAGE_CACHE: "false" }, { ssr });
  });
  afterAll(() => t.close());

  it("vary on Accept-Language and the cookie, privately cached, for a plain address", async () => {
    const french = await t.client().request("/about", { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect(await french.text()).toContain('lang="fr"');
    expect(french.headers.get("vary")).toMatch(/Accept-Language/);
    expect(french.headers.get("vary")).toMatch(/Cookie/);
    expect(french.headers.get("cache-control")).toBe(NEGOTIATED_CACHE_CONTROL);
  });

  it("leave pages whose address names the language alone", async () => {
    const english = await t.client().request("/en/about", { headers: { "accept-language": "fr" } });
    expect(english.headers.get("vary") ?? "").not.toMatch(/Accept-Language/);
  });
});
