import { randomUUID } from "node:crypto";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { getCookie } from "hono/cookie";
import { publicConfig, type Config } from "../config/env.ts";
import { LANGUAGE_COOKIE, isLanguage, languageFromAcceptLanguage, languageFromCountry, negotiateLanguage, splitLanguagePrefix } from "../core/i18n/language.ts";
import type { AtelierLoadContext } from "../app/load-context.ts";
import { healthRoutes } from "./api/health.server.ts";
import { createRouter } from "./api/router.server.ts";
import { authRoutes } from "./api/auth.server.ts";
import { blogRoutes } from "./api/blog.server.ts";
import { appointmentRoutes } from "./api/appointments.server.ts";
import { contactRoutes } from "./api/contact.server.ts";
import { mailRoutes } from "./api/mail.server.ts";
import { testimonialRoutes } from "./api/testimonials.server.ts";
import { catalogueRoutes } from "./api/catalogue.server.ts";
import { dealRoutes } from "./api/deals.server.ts";
import { newsletterRoutes } from "./api/newsletter.server.ts";
import { promotionRoutes } from "./api/promotions.server.ts";
import type { AppEnv } from "./context.server.ts";
import { errorBody, handleError } from "./errors.server.ts";
import type { Logger } from "./logger.server.ts";
import { csrfGuard, securityHeaders } from "./middleware/security.server.ts";
import { PageCache } from "./page-cache.server.ts";
import { sessionMiddleware } from "./middleware/session.server.ts";
import type { Services } from "./services.server.ts";

export type SsrHandler = (request: Request, context: AtelierLoadContext) => Promise<Response>;

export interface AppOptions {
  config: Config;
  services: Services;
  logger: Logger;
  /** React Router's request handler; absent in API-only tests. */
  ssr?: SsrHandler;
  /** Folder of built client assets (production). */
  staticRoot?: string;
  /** The page cache to use when PAGE_CACHE is on (tests pass theirs to bound or inspect it); one is made otherwise. */
  pageCache?: PageCache;
}

function countryHeader(c: { req: { header(name: string): string | undefined } }): string | null {
  return c.req.header("cf-ipcountry") ?? c.req.header("cloudfront-viewer-country") ?? c.req.header("x-vercel-ip-country") ?? null;
}

/** Request id, a child logger, the negotiated language, and one log line per request. */
function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const url = new URL(c.req.url);
    c.set(
      "language",
      negotiateLanguage({
        // An API call speaks the language of the page it comes from (see app/lib/api.ts), like the page's address.
        pathLanguage: splitLanguagePrefix(url.pathname).language ?? (url.pathname.startsWith("/api/") ? c.req.header("x-page-language") : null),
        preferred: getCookie(c, LANGUAGE_COOKIE),
        browserLanguages: c.req.header("accept-language") ?? null,
        country: countryHeader(c),
      }),
    );
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    log.info({ method: c.req.method, path: url.pathname, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
  };
}

export function createApp({ config, services, logger, ssr, staticRoot, pageCache }: AppOptions) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(requestContext(logger));
  app.use(securityHeaders(config));
  // gzip for browsers that accept it: scripts, styles, pages and JSON shrink four to eight times.
  app.use(compress());

  if (staticRoot) {
    // Hashed build output never changes under the same name: cache it for a year.
    app.use(
      "/assets/*",
      serveStatic({
        root: staticRoot,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root: staticRoot,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  app.use("/api/*", bodyLimit({ maxSize: config.BODY_LIMIT_BYTES, onError: (c) => c.json(errorBody(c, "payload_too_large", "errors:payloadTooLarge"), 413) }));
  app.use(sessionMiddleware(config, services));
  app.use(csrfGuard(config));

  const api = createRouter();
  api.route("/", healthRoutes(services));
  api.route("/", authRoutes(config, services));
  api.route("/", blogRoutes(services, config));
  api.route("/", mailRoutes(services));
  api.route("/", contactRoutes(services, config));
  api.route("/", appointmentRoutes(services, config));
  api.route("/", testimonialRoutes(services, config));
  api.route("/", catalogueRoutes(services));
  api.route("/", promotionRoutes(services, config));
  api.route("/", dealRoutes(services));
  api.route("/", newsletterRoutes(services, config));
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Atelier API", version: "1.0.0", description: "Every /api route of Atelier, generated from its zod schemas." },
    servers: [{ url: "/api" }],
  });
  app.route("/api", api);
  app.all("/api/*", (c) => c.json(errorBody(c, "not_found", "errors:apiNotFound"), 404));

  if (ssr) {
    const exposed = publicConfig(config);
    // Development re-renders every time: the code under the pages changes as it is edited.
    const pages = config.PAGE_CACHE && config.NODE_ENV !== "development" ? (pageCache ?? new PageCache()) : null;
    if (pages) services.content.subscribe(() => pages.clear());
    app.all("*", async (c) => {
      const cookieLanguage = getCookie(c, LANGUAGE_COOKIE);
      const acceptLanguage = c.req.header("accept-language") ?? null;
      const country = countryHeader(c);
      const requestLanguage = negotiateLanguage({ preferred: cookieLanguage, browserLanguages: acceptLanguage, country });
      const languageUndetermined = !isLanguage(cookieLanguage) && !languageFromAcceptLanguage(acceptLanguage) && !languageFromCountry(country);
      const user = c.get("user");
      const render = (nonce: string) => ssr(c.req.raw, { nonce, user, requestLanguage, languageUndetermined, services, publicConfig: exposed });
      // Signed-in visitors and staff are always rendered for themselves (the session middleware marks
      // their answers private, no-store).
      if (pages && !user) {
        const cached = await pages.serve(c.req.raw, { language: requestLanguage, languageUndetermined }, render, c.get("nonce"), (scriptSrc) => c.set("scriptSrc", scriptSrc));
        if (cached) return cached;
      }
      return render(c.get("nonce"));
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
