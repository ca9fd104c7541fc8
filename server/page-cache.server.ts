import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { CONTENT_TTL_MS } from "../core/cache/content-cache.ts";
import { splitLanguagePrefix, type Language } from "../core/i18n/language.ts";
import { chooseCoding } from "./middleware/compress.server.ts";

/**
 * The page cache: server-rendered public pages for anonymous visitors, kept in memory per address and
 * language, with their gzip and brotli forms made once when stored. Why it looks like this (hashes
 * instead of nonces, what a CDN may keep, time to live) is in docs/decisions/0010-caches.md.
 */

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * The public pages whose content is the same for every anonymous visitor, by address without the language
 * prefix. The tutorials' list shows view counts, which no content event announces: a stored copy lives
 * the content's time to live, as long as the list's own copy did before it was read a page at a time.
 */
const CACHEABLE_PATH =
  /^\/(?:about|contact|posts|posts\/\d{1,9}|tutorials|media|testimonials|hot-deals|privacy|terms|cart)?$/;
// Queries are part of the key (the lists' page, search and filters); a longer one is not worth a slot.
const MAX_QUERY_LENGTH = 200;

/** How a CDN and the browser may keep a page whose language is in its address (/en/..., /fr/...). */
export const PREFIXED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/**
 * A plain address renders in the language negotiated from the cookie, the browser's languages and the
 * CDN's country header: no shared cache may keep it (Vary cannot name the country header the CDN adds
 * itself); the browser keeps it and asks again with its ETag.
 */
export const NEGOTIATED_CACHE_CONTROL = "private, no-cache";

export interface PageVariant {
  /** The language a plain address renders in (the negotiated one). */
  language: Language;
  /** Whether the page asks the browser to find the language (root loader's `languageUndetermined`). */
  languageUndetermined: boolean;
}

export interface PageCacheOptions {
  maxEntries?: number;
  /** Bound on the bytes held, all three encodings of every page counted. */
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/** Renders the page with the given nonce on its inline scripts (React Router's handler). */
export type RenderPage = (nonce: string) => Promise<Response>;

interface PageEntry {
  contentType: string;
  identity: Bytes;
  gzip: Bytes;
  br: Bytes;
  etag: string;
  /** script-src for this page: 'self' and the hashes of its inline scripts. */
  scriptSrc: string;
  cacheControl: string;
  vary: string;
  storedAt: number;
  bytes: number;
}

type Encoding = "br" | "gzip" | "identity";
// Copies into a plain ArrayBuffer of its own: the form a Response body takes, and no share of Node's buffer pool.
type Bytes = Uint8Array<ArrayBuffer>;
const ownBytes = (buffer: Uint8Array): Bytes => new Uint8Array(buffer);

/**
 * The encoding of a stored page the client takes best (every page is stored in all three): Accept-Encoding
 * is read as the static files and compress() read it (q-values, `*`, `identity;q=0`), through the same
 * memoised parser.
 */
export function preferredEncoding(acceptEncoding: string | null): Encoding {
  return chooseCoding(acceptEncoding, () => true) ?? "identity";
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** SHA-256 (base64) of every inline script's text, as a Content-Security-Policy hash source matches it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(match[1])) continue;
    // A data block (the page's translations as JSON) never runs: it needs no hash.
    if (/\stype\s*=\s*["']?application\/json/i.test(match[1])) continue;
    hashes.add(createHash("sha256").update(match[2], "utf8").digest("base64"));
  }
  return [...hashes];
}

/**
 * Which stored copy a request may get, or null when the page is not for the cache. The language is in the
 * key only for plain addresses: under /en and /fr the address alone decides what renders.
 */
export function pageCacheKey(url: URL, variant: PageVariant): string | null {
  const { language, rest } = splitLanguagePrefix(url.pathname);
  if (!CACHEABLE_PATH.test(rest) || url.search.length > MAX_QUERY_LENGTH) return null;
  const address = url.pathname + url.search;
  return language ? address : `${variant.language}${variant.languageUndetermined ? "?" : ""} ${address}`;
}

/** Stored public pages with their compressed forms and hash-based script policy, bounded and invalidated as a whole. */
export class PageCache {
  /**
   * The nonce pages are rendered with when they may be stored. No policy ever lists it: stored pages drop
   * it for hashes, and a render that is not stored gets the request's own nonce in its place.
   */
  readonly placeholder = randomBytes(16).toString("base64");
  private readonly entries = new Map<string, PageEntry>();
  private readonly pending = new Map<string, Promise<PageEntry | null>>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private bytes = 0;
  // Moves at each invalidation: a render that began before it must not be stored after it.
  private generation = 0;

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? CONTENT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every stored page (public content changed). */
  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  /**
   * Answers an anonymous visitor's GET of a public page from the cache, rendering and storing it on a
   * miss; null when the request is not for the cache (other methods, other pages), and the caller renders
   * it as usual. `nonce` is the request's own; `policy` builds the CSP of an answer that has
   * no nonce.
   */
  async serve(
    request: Request,
    variant: PageVariant,
    render: RenderPage,
    nonce: string,
    policy: (scriptSrc: string) => string,
  ): Promise<Response | null> {
    if (request.method !== "GET") return null;
    const url = new URL(request.url);
    const key = pageCacheKey(url, variant);
    if (key === null) return null;
    const entry = this.lookup(key);
    if (entry) return this.answer(entry, request, "hit", policy);
    const pending = this.pending.get(key);
    if (pending) {
      // A render that is not stored, or failed, leaves the waiters to render for themselves.
      const shared = await pending.catch(() => null);
      if (shared) return this.answer(shared, request, "hit", policy);
      return null;
    }
    const prefixed = splitLanguagePrefix(url.pathname).language !== null;
    const rendered = this.renderForCache(key, prefixed, render, nonce);
    const stored = rendered.then((outcome) => ("entry" in outcome ? outcome.entry : null));
    // A failed render is this request's error alone (see the waiters above).
    stored.catch(() => undefined);
    this.pending.set(key, stored);
    try {
      const outcome = await rendered;
      if ("response" in outcome) return outcome.response;
      return this.answer(outcome.entry, request, "miss", policy);
    } finally {
      if (this.pending.get(key) === stored) this.pending.delete(key);
    }
  }

  private lookup(key: string): PageEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.remove(key, entry);
      return undefined;
    }
    // Least recently used goes first: a hit moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private async renderForCache(
    key: string,
    prefixed: boolean,
    render: RenderPage,
    nonce: string,
  ): Promise<{ entry: PageEntry } | { response: Response }> {
    const generation = this.generation;
    const startedAt = this.now();
    const response = await render(this.placeholder);
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get("content-type") ?? "";
    const storable =
      response.status === 200 &&
      contentType.startsWith("text/html") &&
      !response.headers.has("set-cookie") &&
      !response.headers.has("content-encoding");
    if (!storable) return { response: this.withNonce(response, body, nonce) };

    const html = body.toString("utf8").replaceAll(` nonce="${this.placeholder}"`, "");
    const identity = ownBytes(Buffer.from(html, "utf8"));
    const previous = this.entries.get(key);
    // An expired page that renders the same again keeps its compressed forms.
    const [gzipped, brotlied] =
      previous && Buffer.from(previous.identity.buffer).equals(identity)
        ? [previous.gzip, previous.br]
        : await Promise.all([
            gzip(identity, { level: 9 }),
            brotli(identity, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            }),
          ]).then(([g, b]) => [ownBytes(g), ownBytes(b)]);
    const entry: PageEntry = {
      contentType,
      identity,
      gzip: gzipped,
      br: brotlied,
      etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      scriptSrc: ["'self'", ...inlineScriptHashes(html).map((hash) => `'sha256-${hash}'`)].join(" "),
      cacheControl: prefixed ? PREFIXED_CACHE_CONTROL : NEGOTIATED_CACHE_CONTROL,
      vary: prefixed ? "Accept-Encoding" : "Accept-Encoding, Accept-Language, Cookie",
      storedAt: startedAt,
      bytes: identity.length + gzipped.length + brotlied.length,
    };
    if (generation === this.generation && entry.bytes <= this.maxBytes / 8) this.store(key, entry);
    return { entry };
  }

  private store(key: string, entry: PageEntry): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size < this.maxEntries && this.bytes + entry.bytes <= this.maxBytes) break;
      this.remove(oldKey, old);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  private remove(key: string, entry: PageEntry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** A render that is not stored, answered as a normal render: the request's nonce where the placeholder was. */
  private withNonce(response: Response, body: Buffer, nonce: string): Response {
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    const type = headers.get("content-type") ?? "";
    const text = type.startsWith("text/") || type.includes("javascript") || type.includes("json");
    const content =
      body.length === 0
        ? null
        : text && !headers.has("content-encoding")
          ? body.toString("utf8").replaceAll(this.placeholder, nonce)
          : ownBytes(body);
    return new Response(content, { status: response.status, statusText: response.statusText, headers });
  }

  private answer(
    entry: PageEntry,
    request: Request,
    outcome: "hit" | "miss",
    policy: (scriptSrc: string) => string,
  ): Response {
    const headers: Record<string, string> = {
      // The stored page's own policy: its inline scripts' hashes, no nonce (the middleware keeps a handler's CSP).
      "Content-Security-Policy": policy(entry.scriptSrc),
      "Content-Type": entry.contentType,
      "Cache-Control": entry.cacheControl,
      Vary: entry.vary,
      ETag: entry.etag,
      "X-Page-Cache": outcome,
    };
    const ifNoneMatch = request.headers.get("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === entry.etag || tag.trim() === "*")) {
      return new Response(null, { status: 304, headers });
    }
    const encoding = preferredEncoding(request.headers.get("accept-encoding"));
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.length);
    return new Response(body, { status: 200, headers });
  }
}
