import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

export type ContentCoding = "br" | "gzip";

/** What an Accept-Encoding header allows: the codings it accepts, best first, and whether it takes none. */
export interface CodingPreferences {
  /** Accepted codings by falling q-value; brotli first where the client weighs both alike (it is smaller). */
  readonly codings: readonly ContentCoding[];
  /** False when the client refused an answer without coding (`identity;q=0`, or `*;q=0` without identity). */
  readonly identity: boolean;
}

const NONE: CodingPreferences = { codings: [], identity: true };
// Ties go to brotli: a stable sort keeps this order for equal weights.
const KNOWN: readonly ContentCoding[] = ["br", "gzip"];

/**
 * Reads Accept-Encoding as RFC 9110 (12.5.3) says: q-values, `q=0` as a refusal, `*` for any coding not
 * named, `x-gzip` as gzip, and identity acceptable unless refused. Memoised: browsers send a handful of
 * distinct values, so the parse runs once per value, not once per request.
 */
const preferenceCache = new Map<string, CodingPreferences>();
export function codingPreferences(header: string | null | undefined): CodingPreferences {
  // No header: the client takes what comes, and an answer without coding is the one it surely reads.
  if (!header) return NONE;
  const known = preferenceCache.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2));
    // A malformed q-value counts as a refusal rather than a wish: the safe reading.
    weights.set(coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const wildcard = weights.get("*");
  const weightOf = (coding: ContentCoding) =>
    weights.get(coding) ?? (coding === "gzip" ? weights.get("x-gzip") : undefined) ?? wildcard ?? 0;
  const codings = KNOWN.filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  const identityWeight = weights.get("identity") ?? (wildcard === 0 ? 0 : 1);
  const preferences: CodingPreferences = { codings, identity: identityWeight > 0 };
  // A bounded memo: an odd client sending a new header each time must not grow it without end.
  if (preferenceCache.size < 256) preferenceCache.set(header, preferences);
  return preferences;
}

/**
 * The coding to answer with, or null for none: the client's best among those `available`. A body too small
 * to gain from compression (`worthwhile` false) goes without, unless the client refused that.
 */
export function chooseCoding(
  header: string | null | undefined,
  available: (coding: ContentCoding) => boolean,
  worthwhile = true,
): ContentCoding | null {
  const preferences = codingPreferences(header);
  if (!worthwhile && preferences.identity) return null;
  for (const coding of preferences.codings) if (available(coding)) return coding;
  // Nothing acceptable can be made: the body goes as it is (RFC 9110 allows that, and a 406 helps no one).
  return null;
}

const ANY_CODING = () => true;
const STREAMED_CODINGS = (coding: ContentCoding) => coding === "gzip";

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
// Bodies of a known, small size are compressed in one synchronous call, which costs far less than a
// stream; bigger or unknown-length bodies (a page rendered as a stream) are compressed as they flow.
const BUFFERED_MAX = 256 * 1024;

/** Brotli for an answer made for one request: quality 4 costs about what gzip does, and is smaller. */
export function brotliOnce(bytes: Uint8Array) {
  return brotliCompressSync(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
}

/**
 * Brotli or gzip, whichever the client prefers, for answers that do not come compressed already. A
 * request without Accept-Encoding costs one header read and leaves the response untouched (Vary:
 * Accept-Encoding comes with the security headers). Responses that already have a Content-Encoding
 * (precompressed static files, stored pages, memoised JSON) are left as they are. Bodies of unknown
 * length streamed out (a page rendered as a stream) get gzip only, through the platform's CompressionStream.
 */
export function compress(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async (c, next) => {
    await next();
    if (c.req.method === "HEAD") return;
    const accept = c.req.header("accept-encoding");
    const preferences = codingPreferences(accept);
    if (preferences.codings.length === 0) return;
    const res = c.res;
    const status = res.status;
    if (status < 200 || status === 204 || status === 206 || status === 304) return;
    const headers = res.headers;
    if (headers.has("content-encoding") || headers.has("transfer-encoding")) return;
    const type = headers.get("content-type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (NO_TRANSFORM.test(headers.get("cache-control") ?? "")) return;
    const declared = headers.get("content-length");
    const small = declared !== null && Number(declared) < threshold;
    const buffered = type.startsWith("application/json") || (declared !== null && Number(declared) <= BUFFERED_MAX);
    const coding = chooseCoding(accept, buffered ? ANY_CODING : STREAMED_CODINGS, !small);
    if (!coding) return;

    const out = new Headers(headers);
    const vary = out.get("vary");
    if (!vary) out.set("vary", "Accept-Encoding");
    else if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))
      out.set("vary", `${vary}, Accept-Encoding`);
    const etag = out.get("etag");
    if (etag && !etag.startsWith("W/")) out.set("etag", `W/${etag}`);

    let body: BodyInit;
    if (buffered) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength < threshold && preferences.identity) {
        body = bytes;
      } else {
        body = coding === "br" ? brotliOnce(bytes) : gzipSync(bytes);
        out.set("content-encoding", coding);
      }
      out.set("content-length", String(body.byteLength));
    } else {
      if (!res.body) return;
      body = res.body.pipeThrough(new CompressionStream("gzip"));
      out.delete("content-length");
      out.set("content-encoding", "gzip");
    }
    // Clearing first replaces the response outright; assigning over a finished one would copy every
    // header of the old response onto the new one a second time.
    c.res = undefined;
    c.res = new Response(body, { status, headers: out });
  };
}
