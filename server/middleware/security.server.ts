import { randomFillSync } from "node:crypto";
import type { Context } from "hono";
import type { Config } from "../../config/env.ts";
import type { AppEnv } from "../context.server.ts";
import { VIDEO_FRAME_ORIGINS } from "../../core/tutorials/rules.ts";
import { errorBody } from "../errors.server.ts";

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

// Nonces come from a pool of random bytes refilled 256 nonces at a time: one call into the CSPRNG
// instead of one per request. Each nonce is still 128 unpredictable bits, never reused.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

export function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The security headers for a configuration: all fixed but the CSP, which carries each request's nonce.
 * `policy` builds the same CSP around another script-src: a page kept by the page cache lists the hashes
 * of its inline scripts instead of a nonce (server/page-cache.server.ts).
 */
export function securityHeaderSet(config: Config): {
  fixed: Array<[string, string]>;
  csp(nonce: string): string;
  policy(scriptSrc: string): string;
} {
  // Stripe's documented sources (Stripe.js, its frames and its API), only when Stripe takes the payments.
  const stripe = config.paymentProvider === "stripe";
  const extraConnect = [originOf(config.GEO_LOOKUP_URL), stripe ? "https://api.stripe.com" : ""]
    .filter(Boolean)
    .join(" ");
  const development = config.NODE_ENV === "development";
  const connectSrc = ["'self'", extraConnect, development ? "ws: wss:" : ""].filter(Boolean).join(" ");
  const stripeScripts = stripe ? " https://js.stripe.com" : "";
  const stripeFrames = stripe ? " https://js.stripe.com https://hooks.stripe.com" : "";
  const directives = (scriptSrc: string) =>
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      // Radix and sonner set inline styles at run time; scripts stay strictly nonce-bound.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      `connect-src ${connectSrc}`,
      // Tutorial videos: exactly the players core/tutorials/rules.ts embeds (YouTube privacy-enhanced, Vimeo).
      `frame-src ${VIDEO_FRAME_ORIGINS.join(" ")}${stripeFrames}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  // The policy is built once with a marker where the nonce goes; each request only concatenates.
  const marker = "\u0000nonce\u0000";
  const [before, after] = directives(
    development
      ? `'self' 'nonce-${marker}' 'unsafe-eval'${stripeScripts}`
      : `'self' 'nonce-${marker}' 'strict-dynamic'${stripeScripts}`,
  ).split(marker);
  const fixed: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), geolocation=(), payment=(self), microphone=(self)"],
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    // Any answer may be gzipped for a client that asks (server/middleware/compress.server.ts), so shared
    // caches must keep one copy per Accept-Encoding; saying it here costs nothing per response.
    ["Vary", "Accept-Encoding"],
  ];
  if (config.publicUrl.startsWith("https://"))
    fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return {
    fixed,
    csp: (nonce) => before + nonce + after,
    policy: (scriptSrc) => directives(scriptSrc + stripeScripts),
  };
}

/**
 * The headers an API answer carries instead of a page's. An answer under /api is JSON, a PDF or TwiML,
 * never a document that runs scripts or frames players, so its policy allows nothing at all and it needs
 * no nonce; the headers that only govern documents (Referrer-Policy, Permissions-Policy, the opener policy)
 * are left off. What still matters for a fetched answer stays: no MIME sniffing, no framing, no reads from
 * other sites (Cross-Origin-Resource-Policy), HSTS, and Vary for the compressed copies. Half the bytes
 * of a page's headers, written on every call of the API (OWASP's REST Security Cheat Sheet lists the same).
 */
function apiSecurityHeaders(pageHeaders: ReadonlyArray<[string, string]>): Array<readonly [string, string]> {
  const documentOnly = new Set(["Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy"]);
  return [
    ...pageHeaders.filter(([name]) => !documentOnly.has(name)),
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ];
}

/**
 * The security headers of one answer, chosen by its address: an API answer's fixed set, or a page's with
 * a fresh nonce for its Content-Security-Policy (React Router's inline hydration scripts carry it, any
 * injected script does not; the nonce is kept on the context for the renderer). A handler that sets its
 * own Content-Security-Policy (a page from the page cache, an uploaded file) keeps it. The request's id
 * comes last, as X-Request-Id.
 */
export function securityHeadersOf(
  config: Config,
): (c: Context<AppEnv>, requestId: string) => Array<readonly [string, string]> {
  const { fixed, csp } = securityHeaderSet(config);
  const api = apiSecurityHeaders(fixed);
  return (c, requestId) => {
    if (c.req.path.startsWith("/api/")) return [...api, ["X-Request-Id", requestId]];
    const nonce = newNonce();
    c.set("nonce", nonce);
    return [...fixed, ["Content-Security-Policy", csp(nonce)], ["X-Request-Id", requestId]];
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request: a browser always says where a
 * request comes from (Origin, or Sec-Fetch-Site), and only our own origin may write. Our origin is
 * PUBLIC_URL's scheme, host and port, all three; in development also the address the request itself was
 * sent to (localhost, a LAN address, a forwarded port), which a site elsewhere cannot be. Requests without
 * either header come from non-browser clients, which cannot ride on a visitor's cookies. Returns the 403
 * answer for a refused write, null for anything else.
 */
export function crossSiteGuard(config: Config): (c: Context<AppEnv>) => Response | null {
  const publicOrigin = new URL(config.publicUrl).origin;
  const development = config.NODE_ENV === "development";
  return (c) => {
    if (SAFE_METHODS.has(c.req.method)) return null;
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    let ok = true;
    if (origin !== undefined) {
      // "null" (a sandboxed frame, a redirect across sites) and anything unparsable never match.
      const claimed = origin === "null" ? null : originOf(origin);
      ok = claimed !== null && (claimed === publicOrigin || (development && claimed === originOf(c.req.url)));
    } else if (fetchSite) {
      ok = fetchSite === "same-origin" || fetchSite === "none";
    }
    if (ok) return null;
    c.get("log").warn({ origin, fetchSite }, "cross-site write refused");
    return c.json(errorBody(c, "forbidden", "errors:crossSite"), 403);
  };
}
