import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../../config/env.ts";
import type { AppEnv } from "../context.server.ts";
import { errorBody } from "../errors.server.ts";

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Security headers on every answer, with a fresh nonce per request for the Content-Security-Policy:
 * React Router's inline hydration scripts carry it, any injected script does not.
 */
export function securityHeaders(config: Config): MiddlewareHandler<AppEnv> {
  const extraConnect = [originOf(config.GEO_LOOKUP_URL)].filter(Boolean).join(" ");
  const development = config.NODE_ENV === "development";
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    // A handler may set its own script-src: the page cache's stored pages carry hashes, not this nonce.
    const scriptSrc = c.get("scriptSrc") ?? (development ? `'self' 'nonce-${nonce}' 'unsafe-eval'` : `'self' 'nonce-${nonce}' 'strict-dynamic'`);
    const connectSrc = ["'self'", extraConnect, development ? "ws: wss:" : ""].filter(Boolean).join(" ");
    c.header(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        // Radix and sonner set inline styles at run time; scripts stay strictly nonce-bound.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "font-src 'self' data:",
        `connect-src ${connectSrc}`,
        "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    c.header("X-Content-Type-Options", "nosniff");
    c.header("X-Frame-Options", "DENY");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("Permissions-Policy", "camera=(), geolocation=(), payment=(self), microphone=(self)");
    c.header("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    if (config.publicUrl.startsWith("https://")) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    c.res.headers.delete("X-Powered-By");
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request: a browser always says where a
 * request comes from (Origin, or Sec-Fetch-Site), and only our own origin may write. Requests without
 * either header come from non-browser clients, which cannot ride on a visitor's cookies.
 */
export function csrfGuard(config: Config): MiddlewareHandler<AppEnv> {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const host = c.req.header("host");
    let ok = true;
    if (origin && origin !== "null") {
      const sameHost = host !== undefined && originOf(origin) !== null && new URL(origin).host === host;
      ok = allowed.has(origin) || sameHost;
    } else if (origin === "null") {
      ok = false;
    } else if (fetchSite) {
      ok = fetchSite === "same-origin" || fetchSite === "none";
    }
    if (!ok) {
      c.get("log").warn({ origin, fetchSite }, "cross-site write refused");
      return c.json(errorBody(c, "forbidden", "errors:crossSite"), 403);
    }
    return next();
  };
}
