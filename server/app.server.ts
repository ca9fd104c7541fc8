import { randomUUID } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { publicConfig, type Config } from "../config/env.ts";
import {
  LANGUAGE_COOKIE,
  isLanguage,
  languageFromAcceptLanguage,
  languageFromCountry,
  negotiateLanguage,
  splitLanguagePrefix,
} from "../core/i18n/language.ts";
import type { AtelierLoadContext } from "../app/load-context.ts";
import { HealthProbe, healthRoutes } from "./api/health.server.ts";
import { withCommonAnswers } from "./api/openapi-responses.server.ts";
import { createRouter } from "./api/router.server.ts";
import { authRoutes } from "./api/auth.server.ts";
import { blogRoutes } from "./api/blog.server.ts";
import { appointmentRoutes } from "./api/appointments.server.ts";
import { contactRoutes } from "./api/contact.server.ts";
import { mailRoutes } from "./api/mail.server.ts";
import { testimonialRoutes } from "./api/testimonials.server.ts";
import { catalogueRoutes } from "./api/catalogue.server.ts";
import { dealRoutes } from "./api/deals.server.ts";
import { tutorialRoutes } from "./api/tutorials.server.ts";
import { classRoutes } from "./api/classes.server.ts";
import { classWaitlistRoutes } from "./api/class-waitlist.server.ts";
import { adminRoutes } from "./api/admin.server.ts";
import { leadRoutes } from "./api/leads.server.ts";
import { newsletterRoutes } from "./api/newsletter.server.ts";
import { mediaRoutes } from "./api/media.server.ts";
import { promotionRoutes } from "./api/promotions.server.ts";
import { orderRoutes } from "./api/orders.server.ts";
import { sandboxPaymentRoutes } from "./api/payments-sandbox.server.ts";
import { paymentRoutes } from "./api/payments.server.ts";
import { webhookRoutes } from "./api/webhooks.server.ts";
import { assistantRoutes } from "./api/assistant.server.ts";
import { callRoutes } from "./api/calls.server.ts";
import type { AppEnv } from "./context.server.ts";
import { errorBody, handleError } from "./errors.server.ts";
import { loggablePath, requestLineWriter, type Logger, type RequestLog } from "./logger.server.ts";
import { compress } from "./middleware/compress.server.ts";
import { presetHeaders, setOnResponse } from "./middleware/headers.server.ts";
import { crossSiteGuard, securityHeaderSet, securityHeadersOf } from "./middleware/security.server.ts";
import { NEGOTIATED_CACHE_CONTROL, PageCache } from "./page-cache.server.ts";
import { sessionMiddleware } from "./middleware/session.server.ts";
import { staticFiles } from "./middleware/static.server.ts";
import { mediaFileHandler } from "./media-files.server.ts";
import { largestLimit } from "../core/media/rules.ts";
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
  /** The background database check behind /api/health (started and stopped by server/main.ts). */
  health?: HealthProbe;
  /** The page cache to use when PAGE_CACHE is on (tests pass theirs to bound or inspect it); one is made otherwise. */
  pageCache?: PageCache;
}

function countryHeader(c: { req: { header(name: string): string | undefined } }): string | null {
  return (
    c.req.header("cf-ipcountry") ??
    c.req.header("cloudfront-viewer-country") ??
    c.req.header("x-vercel-ip-country") ??
    null
  );
}

const REQUEST_ID = /^[\w-]{1,64}$/;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// Beyond this, the rest of a refused body is not worth reading to keep its connection open.
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/**
 * 413 for a body over the limit. When the body is still to come (a declared length the server refuses
 * before reading a byte), Node discards the rest of it after the answer and the connection serves the
 * next request. When part of it was read (a chunked body that grew too large) or the rest is too big to
 * discard, the answer says Connection: close, and Node closes the connection after sending it, so that the
 * client sends its next request on a new connection instead of waiting on one the server has given up.
 */
function payloadTooLarge(c: Context<AppEnv>, close: boolean) {
  if (close) c.header("Connection", "close");
  return c.json(errorBody(c, "payload_too_large", "errors:payloadTooLarge"), 413);
}

/**
 * A request's logger, whose child logger (carrying the request id) is made on its first line only: most
 * requests log nothing but their request line, and a child per request cost a few percent of the
 * server's time. One small object per request, its methods shared on the prototype.
 */
class LazyRequestLog implements RequestLog {
  readonly #logger: Logger;
  readonly #requestId: string;
  #child: Logger | null = null;

  constructor(logger: Logger, requestId: string) {
    this.#logger = logger;
    this.#requestId = requestId;
  }

  #made(): Logger {
    return (this.#child ??= this.#logger.child({ reqId: this.#requestId }));
  }

  error(...args: Parameters<Logger["error"]>) {
    this.#made().error(...args);
  }
  warn(...args: Parameters<Logger["warn"]>) {
    this.#made().warn(...args);
  }
  info(...args: Parameters<Logger["info"]>) {
    this.#made().info(...args);
  }
  debug(...args: Parameters<Logger["debug"]>) {
    this.#made().debug(...args);
  }
}

/** Whether a request's body is refused before it is read, measured as it is read, or not concerned. */
type BodyCheck = Response | "measure" | null;

/**
 * The frame of every request, in one middleware rather than five (each layer of Hono's chain is a closure
 * and a promise, which a small JSON answer feels): its id, a lazy child logger and the negotiated
 * language; the security headers; the cross-site write guard; the body size guard; and one log line once
 * it is answered. A refused request is logged like any other.
 */
function requestFrame(
  logger: Logger,
  config: Config,
  checkBody: (c: Context<AppEnv>) => BodyCheck,
  measureBody: MiddlewareHandler<AppEnv>,
): MiddlewareHandler<AppEnv> {
  // With request logging off (LOG_LEVEL above info), skip the clock and the log call entirely.
  const logRequests = logger.isLevelEnabled("info");
  const writeRequestLine = requestLineWriter(logger);
  const securityHeaders = securityHeadersOf(config);
  const refuseCrossSite = crossSiteGuard(config);
  return async (c, next) => {
    const started = logRequests ? performance.now() : 0;
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("log", new LazyRequestLog(logger, requestId));
    const pathname = c.req.path;
    c.set(
      "language",
      negotiateLanguage({
        // An API call speaks the language of the page it comes from (see app/lib/api.ts), like the page's address.
        pathLanguage:
          splitLanguagePrefix(pathname).language ??
          (pathname.startsWith("/api/") ? c.req.header("x-page-language") : null),
        preferred: getCookie(c, LANGUAGE_COOKIE),
        browserLanguages: c.req.header("accept-language") ?? null,
        country: countryHeader(c),
      }),
    );
    const headers = securityHeaders(c, requestId);
    const preset = presetHeaders(c, headers);
    const refusal = refuseCrossSite(c) ?? checkBody(c);
    if (refusal instanceof Response) c.res = refusal;
    else if (refusal === "measure") {
      const answered = await measureBody(c, next);
      if (answered instanceof Response) c.res = answered;
    } else await next();
    if (!preset) setOnResponse(c, headers);
    if (logRequests)
      writeRequestLine({
        reqId: requestId,
        method: c.req.method,
        path: loggablePath(pathname),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
  };
}

/**
 * The body size guard of the API. Only a request that may carry a body is measured: a GET costs nothing.
 * A body declared too large is refused before it is read; one of unknown length (chunked) is measured as
 * it is read ("measure"). An upload may be as large as the largest kind of media allows, plus the form's
 * other fields; its body is not measured here (hono's bodyLimit would hold a body without a declared
 * length in memory): the upload route reads it as a stream, bounded by the form reader's own limits
 * (server/multipart-upload.server.ts).
 */
function bodyGuard(maxSize: number, uploadMax: number): (c: Context<AppEnv>) => BodyCheck {
  return (c) => {
    if (!c.req.path.startsWith("/api/")) return null;
    if (c.req.method === "POST" && c.req.path === "/api/media") {
      const declared = Number(c.req.header("content-length") ?? Number.NaN);
      return declared > uploadMax ? payloadTooLarge(c, declared > DRAIN_MAX_BYTES) : null;
    }
    const length = c.req.header("content-length");
    const chunked = c.req.header("transfer-encoding") !== undefined;
    if (!BODY_METHODS.has(c.req.method) && length === undefined && !chunked) return null;
    // Refused on its declared size before the body is touched: reading it would start consuming it.
    const declared = length === undefined || chunked ? Number.NaN : Number(length);
    if (declared > maxSize) return payloadTooLarge(c, declared > DRAIN_MAX_BYTES);
    return "measure";
  };
}

/**
 * A page rendered without the page cache says what chose its language, as a cached one does: a plain
 * address (no /en or /fr) was chosen by the language cookie and Accept-Language, so it varies on both and
 * no shared cache may keep it (the CDN's country header, which also counts, cannot be named in Vary).
 */
function negotiated(pathname: string, response: Response): Response {
  if (splitLanguagePrefix(pathname).language) return response;
  const headers = new Headers(response.headers);
  const vary = headers.get("vary");
  const missing = ["Accept-Language", "Cookie"].filter(
    (name) => !vary || !new RegExp(`(?:^|,)\\s*${name}\\s*(?:,|$)`, "i").test(vary),
  );
  if (vary !== "*" && missing.length > 0) headers.set("Vary", [vary, ...missing].filter(Boolean).join(", "));
  if (!headers.has("cache-control")) headers.set("Cache-Control", NEGOTIATED_CACHE_CONTROL);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function createApp({ config, services, logger, ssr, staticRoot, health, pageCache }: AppOptions) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  const maxSize = config.BODY_LIMIT_BYTES;
  const uploadMax = largestLimit(services.media.limits) + 64 * 1024;
  const measureBody = bodyLimit({ maxSize, onError: (c) => payloadTooLarge(c, true) });
  app.use(requestFrame(logger, config, bodyGuard(maxSize, uploadMax), measureBody));
  // The client build, served from memory with its precompressed twins; ahead of compress(), which
  // would have nothing left to do for it.
  if (staticRoot) app.use(staticFiles(staticRoot));
  // gzip or brotli for clients that accept it: pages and JSON shrink four to eight times.
  app.use(compress());
  app.use(sessionMiddleware(config, services));

  app.on(["GET", "HEAD"], "/uploads/*", mediaFileHandler(services));

  const api = createRouter();
  api.route("/", healthRoutes(health ?? new HealthProbe({ ping: () => services.database.ping(), logger })));
  api.route("/", authRoutes(config, services));
  api.route("/", blogRoutes(services, config));
  api.route("/", mailRoutes(services));
  api.route("/", contactRoutes(services, config));
  api.route("/", appointmentRoutes(services, config));
  api.route("/", testimonialRoutes(services, config));
  api.route("/", catalogueRoutes(services));
  api.route("/", promotionRoutes(services, config));
  api.route("/", dealRoutes(services));
  api.route("/", tutorialRoutes(services, config));
  api.route("/", classRoutes(services));
  api.route("/", classWaitlistRoutes(services, config));
  api.route("/", adminRoutes(services));
  api.route("/", newsletterRoutes(services, config));
  api.route("/", mediaRoutes(services, config));
  api.route("/", orderRoutes(services, config));
  api.route("/", sandboxPaymentRoutes(services));
  api.route("/", paymentRoutes(services, config));
  api.route("/", webhookRoutes(services));
  api.route("/", leadRoutes(services));
  api.route("/", assistantRoutes(services, config));
  api.route("/", callRoutes(services));
  // Written once, on its first request: every route is registered by then.
  let document: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  api.get("/openapi.json", (c) => {
    document ??= withCommonAnswers(
      api.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Atelier API",
          version: "1.0.0",
          description: "Every /api route of Atelier, generated from its zod schemas.",
        },
        servers: [{ url: "/api" }],
      }),
    );
    return c.json(document, 200);
  });
  app.route("/api", api);
  app.all("/api/*", (c) => c.json(errorBody(c, "not_found", "errors:apiNotFound"), 404));

  if (ssr) {
    const exposed = publicConfig(config);
    const { policy } = securityHeaderSet(config);
    // Development re-renders every time: the code under the pages changes as it is edited.
    const pages = config.PAGE_CACHE && config.NODE_ENV !== "development" ? (pageCache ?? new PageCache()) : null;
    if (pages) services.content.subscribe(() => pages.clear());
    app.all("*", async (c) => {
      const cookieLanguage = getCookie(c, LANGUAGE_COOKIE);
      const acceptLanguage = c.req.header("accept-language") ?? null;
      const country = countryHeader(c);
      const requestLanguage = negotiateLanguage({
        preferred: cookieLanguage,
        browserLanguages: acceptLanguage,
        country,
      });
      const languageUndetermined =
        !isLanguage(cookieLanguage) && !languageFromAcceptLanguage(acceptLanguage) && !languageFromCountry(country);
      const user = c.get("user");
      const render = (nonce: string) =>
        ssr(c.req.raw, { nonce, user, requestLanguage, languageUndetermined, services, publicConfig: exposed });
      // Signed-in visitors and staff are always rendered for themselves (the session middleware marks
      // their answers private, no-store).
      if (pages && !user) {
        const cached = await pages.serve(
          c.req.raw,
          { language: requestLanguage, languageUndetermined },
          render,
          c.get("nonce"),
          policy,
        );
        if (cached) return cached;
      }
      return negotiated(c.req.path, await render(c.get("nonce")));
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
