import { describe, expect, it } from "vitest";
import { ContentEvents, SnapshotCache } from "../../core/cache/content-cache.ts";
import { inlineScriptHashes, pageCacheKey, preferredEncoding } from "../../server/page-cache.server.ts";

describe("content snapshots", () => {
  it("reads once, then again after a change of its topic (not another's) or after its time to live", async () => {
    const events = new ContentEvents();
    let clock = 0;
    let reads = 0;
    const cache = new SnapshotCache<string, number>(events, "blog", { ttlMs: 5_000, now: () => clock });
    const load = async () => ++reads;
    expect((await cache.get("en", load)).value).toBe(1);
    expect((await cache.get("en", load)).value).toBe(1);
    events.changed("deals");
    expect((await cache.get("en", load)).value).toBe(1);
    events.changed("blog");
    expect((await cache.get("en", load)).value).toBe(2);
    clock = 4_999;
    expect((await cache.get("en", load)).value).toBe(2);
    clock = 5_000;
    expect((await cache.get("en", load)).value).toBe(3);
  });

  it("shares one read between concurrent callers, and outdates a read that a write overtook", async () => {
    const events = new ContentEvents();
    const cache = new SnapshotCache<string, string>(events, "catalogue");
    let release: (value: string) => void = () => undefined;
    let reads = 0;
    const slow = () => {
      reads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.get("k", slow);
    const second = cache.get("k", slow);
    events.changed("catalogue");
    release("before the write");
    expect((await first).value).toBe("before the write");
    expect(await second).toBe(await first);
    expect(reads).toBe(1);
    expect((await cache.get("k", async () => "after the write")).value).toBe("after the write");
  });

  it("forgets a failed read and memoizes derived answers per snapshot", async () => {
    const events = new ContentEvents();
    const cache = new SnapshotCache<string, number[]>(events, "testimonials");
    await expect(cache.get("k", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    const snapshot = await cache.get("k", async () => [3, 1, 2]);
    let derivations = 0;
    const sorted = () => snapshot.memo("sorted", (value) => (derivations++, [...value].sort()));
    expect(sorted()).toEqual([1, 2, 3]);
    expect(sorted()).toBe(sorted());
    expect(derivations).toBe(1);
  });

  it("tells listeners of every change", () => {
    const events = new ContentEvents();
    const heard: string[] = [];
    const stop = events.subscribe((topic) => heard.push(topic));
    events.changed("blog");
    stop();
    events.changed("deals");
    expect(heard).toEqual(["blog"]);
  });
});

describe("page cache helpers", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip;q=1, br;q=0")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding(null)).toBe("identity");
  });

  it("hashes inline scripts only, as a CSP hash source reads them", () => {
    const html =
      '<script nonce="x">a()</script><script src="/b.js"></script><script type="module">import "/c.js";</script>';
    // Known SHA-256 digests of "a()" and 'import "/c.js";'.
    expect(inlineScriptHashes(html)).toEqual([
      "qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=",
      "gzsg04lv6qVWepM4CTi0nMIidqV/9vBybPsV6Sbb6J0=",
    ]);
  });

  it("keys plain addresses by language, prefixed ones by address, and leaves other pages out", () => {
    const en = { language: "en" as const, languageUndetermined: false };
    const fr = { language: "fr" as const, languageUndetermined: false };
    expect(pageCacheKey(new URL("http://x/en/posts?q=ink"), en)).toBe(
      pageCacheKey(new URL("http://x/en/posts?q=ink"), fr),
    );
    expect(pageCacheKey(new URL("http://x/posts"), en)).not.toBe(pageCacheKey(new URL("http://x/posts"), fr));
    expect(pageCacheKey(new URL("http://x/posts"), en)).not.toBe(
      pageCacheKey(new URL("http://x/posts"), { ...en, languageUndetermined: true }),
    );
    for (const path of [
      "/admin",
      "/en/admin",
      "/login",
      "/newsletter/confirm?token=1",
      "/posts.data",
      "/en/posts/abc",
    ]) {
      expect(pageCacheKey(new URL(`http://x${path}`), en), path).toBeNull();
    }
  });
});
