import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

export type ContentCoding = "br" | "gzip";

/**
 * The codings an Accept-Encoding header allows, honouring q=0 and "*" (RFC 9110, 12.5.3). Memoised:
 * browsers send a handful of distinct values, so the parse runs once per value, not once per request.
 */
const acceptCache = new Map<string, ReadonlySet<ContentCoding>>();
export function acceptedCodings(header: string | undefined): ReadonlySet<ContentCoding> {
  if (!header) return NO_CODING;
  const known = acceptCache.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get("*");
  const accepted = new Set<ContentCoding>();
  for (const coding of ["br", "gzip"] as const) {
    const weight = weights.get(coding) ?? (coding === "gzip" ? weights.get("x-gzip") : undefined) ?? wildcard ?? 0;
    if (weight > 0) accepted.add(coding);
  }
  // A bounded memo: an odd client sending a new header each time must not grow it without end.
  if (acceptCache.size < 256) acceptCache.set(header, accepted);
  return accepted;
}
const NO_CODING: ReadonlySet<ContentCoding> = new Set();

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
// Bodies of a known, small size are compressed in one synchronous call, which costs far less than a
// stream; bigger or unknown-length bodies (a page rendered as a stream) are compressed as they flow.
const BUFFERED_MAX = 256 * 1024;

/**
 * gzip for clients that ask for it. A request without gzip in Accept-Encoding costs one header read and
 * leaves the response untouched (Vary: Accept-Encoding comes with the security headers). Responses that
 * already have a Content-Encoding (precompressed static files) are left as they are.
 */
export function compress(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async (c, next) => {
    await next();
    if (c.req.method === "HEAD" || !acceptedCodings(c.req.header("accept-encoding")).has("gzip")) return;
    const res = c.res;
    const status = res.status;
    if (status < 200 || status === 204 || status === 206 || status === 304) return;
    const headers = res.headers;
    if (headers.has("content-encoding") || headers.has("transfer-encoding")) return;
    const type = headers.get("content-type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (NO_TRANSFORM.test(headers.get("cache-control") ?? "")) return;
    const declared = headers.get("content-length");
    if (declared !== null && Number(declared) < threshold) return;

    const out = new Headers(headers);
    const vary = out.get("vary");
    if (!vary) out.set("vary", "Accept-Encoding");
    else if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))
      out.set("vary", `${vary}, Accept-Encoding`);
    const etag = out.get("etag");
    if (etag && !etag.startsWith("W/")) out.set("etag", `W/${etag}`);

    let body: BodyInit;
    if (type.startsWith("application/json") || (declared !== null && Number(declared) <= BUFFERED_MAX)) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength < threshold) {
        body = bytes;
      } else {
        body = gzipSync(bytes);
        out.set("content-encoding", "gzip");
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
