import { getConnInfo } from "@hono/node-server/conninfo";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Config } from "../../config/env.ts";
import { OidcError } from "../../core/auth/oidc.server.ts";
import { safeReturnTo } from "../../core/auth/rules.ts";
import {
  currentUserSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
  signInLinkSchema,
  signUpConfirmSchema,
  type CurrentUser,
} from "../../core/auth/schema.ts";
import { DomainError } from "../../core/errors.ts";
import { localizedPath, splitLanguagePrefix } from "../../core/i18n/language.ts";
import type { AppEnv } from "../context.server.ts";
import { errorBody } from "../errors.server.ts";
import { translator } from "../i18n.server.ts";
import {
  endSession,
  readDeviceCookie,
  saveSession,
  startSession,
  writeDeviceCookie,
} from "../middleware/session.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";
import { json, jsonBody, refusal } from "./openapi-responses.server.ts";

/**
 * The client's address for rate limits: the first X-Forwarded-For hop when a trusted proxy sets it
 * (TRUST_PROXY), else the socket's address; "unknown" when there is no socket (app.request in tests).
 */
export function clientAddress(c: Context<AppEnv>, config: Pick<Config, "TRUST_PROXY">): string {
  if (config.TRUST_PROXY) {
    const first = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

const userSchema = currentUserSchema.openapi("CurrentUser");
const redirect = (description: string) => ({ description, headers: z.object({ location: z.string() }) });

const messageSchema = z.object({ message: z.string() }).openapi("Message");

const register = createRoute({
  method: "post",
  path: "/auth/register",
  tags: ["auth"],
  summary: "Sign up: e-mail a link that creates the account",
  description:
    "The answer is the same whether or not the address already has an account, so that signing up reveals no accounts: a new address gets a link (valid 24 hours, once) to /<lang>/register/confirm?token=..., a taken one an e-mail telling its owner. Usernames are public, so a taken one is refused.",
  request: {
    body: jsonBody(registerSchema.openapi("RegisterRequest")),
  },
  responses: {
    202: json(messageSchema, "Accepted; the e-mail is on its way"),
    400: refusal("A field is missing or invalid"),
    409: refusal("The username is taken (named in fields)"),
    429: refusal("Too many sign-ups from this address or for this e-mail; Retry-After says when to try again"),
  },
});

const registerConfirm = createRoute({
  method: "post",
  path: "/auth/register/confirm",
  tags: ["auth"],
  summary: "Create the account of an e-mailed sign-up link, and sign in",
  request: {
    body: jsonBody(signUpConfirmSchema.openapi("RegisterConfirm")),
  },
  responses: {
    201: json(userSchema, "The new account, now signed in"),
    400: refusal("The link is unknown, used or expired (named in fields)"),
    409: refusal("The address or the username got an account meanwhile"),
  },
});

const login = createRoute({
  method: "post",
  path: "/auth/login",
  tags: ["auth"],
  summary: "Sign in with an e-mail address or username and a password",
  request: {
    body: jsonBody(loginSchema.openapi("LoginRequest")),
  },
  responses: {
    200: json(userSchema, "Signed in; the session id is new"),
    400: refusal("A field is missing"),
    401: refusal("Invalid e-mail/username or password"),
    403: refusal(
      "Past the account's free failures, from a browser it never signed in from: the same answer whatever the password; when it was right, a single-use link to /<lang>/login/confirm?token=... is e-mailed to the account",
    ),
    429: refusal("Too many sign-in attempts from this address; Retry-After (seconds) is the wait the message states"),
  },
});

const loginConfirm = createRoute({
  method: "post",
  path: "/auth/login/confirm",
  tags: ["auth"],
  summary:
    "Sign in with an e-mailed sign-in link (once, within 30 minutes); this browser becomes one the account knows",
  request: {
    body: jsonBody(signInLinkSchema.openapi("LoginConfirm")),
  },
  responses: {
    200: json(userSchema, "Signed in; the session id is new"),
    400: refusal("The link is unknown, used or expired (named in fields)"),
  },
});

const passwordResetRequest = createRoute({
  method: "post",
  path: "/auth/password-reset/request",
  tags: ["auth"],
  summary: "Forgot password: e-mail a single-use link to set a new password",
  description:
    "The answer is the same whether or not an account uses the address, so that the form reveals no accounts. The link (valid 1 hour, once) opens /<lang>/reset-password?token=... in the page's language.",
  request: {
    body: jsonBody(passwordResetRequestSchema.openapi("PasswordResetRequest")),
  },
  responses: {
    202: json(messageSchema, "Accepted; an e-mail is on its way if an account uses the address"),
    400: refusal("The e-mail address is missing or invalid"),
    429: refusal("Too many requests from this connection or for this address; Retry-After says when to try again"),
  },
});

const passwordReset = createRoute({
  method: "post",
  path: "/auth/password-reset",
  tags: ["auth"],
  summary: "Set a new password with an e-mailed token; every session of the account ends",
  request: {
    body: jsonBody(passwordResetSchema.openapi("PasswordReset")),
  },
  responses: {
    200: json(messageSchema, "The password is set; sign in with it"),
    400: refusal("The token is unknown, used or expired, or the password is too short (named in fields)"),
  },
});

const passwordChange = createRoute({
  method: "post",
  path: "/auth/password",
  tags: ["auth"],
  summary: "Change the signed-in user's password; their other sessions end",
  request: {
    body: jsonBody(passwordChangeSchema.openapi("PasswordChange")),
  },
  responses: {
    200: json(messageSchema, "Changed; this session continues under a new id"),
    400: refusal("The current password is wrong or the new one too short (named in fields)"),
    401: refusal("Nobody is signed in"),
    429: refusal("Too many wrong current passwords; Retry-After says when to try again"),
  },
});

const logout = createRoute({
  method: "post",
  path: "/auth/logout",
  tags: ["auth"],
  summary: "Sign out (the session is destroyed)",
  description:
    "Called with fetch, it answers 204. Submitted by an HTML form (the /logout page before its script runs), it answers 303 to the form's returnTo field, a path on this site (the home page otherwise).",
  responses: {
    204: { description: "Signed out" },
    303: redirect("Signed out; a form submission goes on to returnTo"),
  },
});

const currentUser = createRoute({
  method: "get",
  path: "/auth/user",
  tags: ["auth"],
  summary: "The signed-in user",
  responses: {
    200: json(userSchema, "The signed-in user"),
    401: refusal("Nobody is signed in"),
  },
});

const navigationLogin = createRoute({
  method: "get",
  path: "/login",
  tags: ["auth"],
  summary: "Browser navigation: to the sign-in page, or to the OpenID Connect provider when configured",
  request: {
    query: z.object({
      returnTo: z.string().optional().openapi({ description: "A path on this site to come back to" }),
      sso: z.string().optional().openapi({ description: "1: single sign-on (the provider, when configured)" }),
    }),
  },
  responses: { 302: redirect("To /login, or to the provider's authorization address") },
});

const callback = createRoute({
  method: "get",
  path: "/callback",
  tags: ["auth"],
  summary: "Browser navigation: the OpenID Connect provider's return address",
  request: {
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
      iss: z.string().optional(),
    }),
  },
  responses: { 302: redirect("Signed in and back to the page the visitor came from, or to /login with an error") },
});

const navigationLogout = createRoute({
  method: "get",
  path: "/logout",
  tags: ["auth"],
  summary: "Browser navigation: sign out and go home, when the link is on this site",
  description:
    "A navigation from a page of this site (Sec-Fetch-Site same-origin or same-site; without that header, a Referer on this site) signs out at once. Any other (a link on another site, a typed address) goes to the /logout page, which asks first: a GET must not let another site sign a visitor out.",
  responses: {
    302: redirect(
      "Always a redirect (a client that follows it gets the page's 200): signed out, to the home page; or to /logout to confirm; or home when nobody is signed in",
    ),
  },
});

/** The sign-in page in the language of the page the visitor wants to reach. */
function loginPage(returnTo: string, error?: string): string {
  const page = localizedPath("/login", splitLanguagePrefix(returnTo.split(/[?#]/)[0]).language);
  const query = new URLSearchParams();
  if (error) query.set("error", error);
  if (returnTo !== "/") query.set("returnTo", returnTo);
  const search = query.toString();
  return search ? `${page}?${search}` : page;
}

/**
 * True when a navigation comes from a page of this site. Browsers say so in Sec-Fetch-Site (which a page
 * cannot forge); a browser too old to send it still sends a Referer, unless a policy strips it, in which
 * case the answer is no and the visitor is asked instead.
 */
function navigationFromThisSite(c: Context<AppEnv>, config: Config): boolean {
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite !== undefined) return fetchSite === "same-origin" || fetchSite === "same-site";
  return sameSiteReferrer(c, config) !== undefined;
}

/** A form post (the /logout page before its script runs), as opposed to a fetch() with or without JSON. */
function isFormSubmission(c: Context<AppEnv>): boolean {
  const type = c.req.header("content-type") ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

/** Where a navigation to /api/login came from, when it was a page of this site. */
function sameSiteReferrer(c: Context<AppEnv>, config: Config): string | undefined {
  const referrer = c.req.header("referer");
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.origin === new URL(config.publicUrl).origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

function ssoErrorCode(error: unknown): string {
  if (error instanceof DomainError && error.messageKey === "auth:errors.ssoEmailInUse") return "sso_email_in_use";
  if (error instanceof DomainError && error.messageKey === "auth:errors.ssoNoEmail") return "sso_no_email";
  return "sso";
}

export function authRoutes(config: Config, services: Services) {
  /** A new session id for the signed-in user; anything else the visitor's session held is kept. */
  async function signIn(c: Context<AppEnv>, user: CurrentUser) {
    const { oidc: _pending, ...rest } = c.get("session");
    await startSession(c, config, services, { ...rest, userId: user.id });
    c.set("user", user);
  }

  return createRouter()
    .openapi(register, async (c) => {
      const { returnTo, ...input } = c.req.valid("json");
      const language = c.get("language");
      await services.auth.requestSignUp(input, {
        address: clientAddress(c, config),
        language,
        returnTo: safeReturnTo(returnTo ?? null),
      });
      return c.json({ message: translator(language)("auth:register.sent", { email: input.email }) }, 202);
    })
    .openapi(registerConfirm, async (c) => {
      const user = await services.auth.confirmSignUp(c.req.valid("json"));
      await signIn(c, user);
      return c.json(user, 201);
    })
    .openapi(login, async (c) => {
      const input = c.req.valid("json");
      const { user, deviceToken } = await services.auth.login(input, {
        address: clientAddress(c, config),
        deviceToken: readDeviceCookie(c, config),
        language: c.get("language"),
      });
      writeDeviceCookie(c, config, deviceToken);
      await signIn(c, user);
      return c.json(user, 200);
    })
    .openapi(loginConfirm, async (c) => {
      const { user, deviceToken } = await services.auth.signInWithLink(c.req.valid("json"));
      writeDeviceCookie(c, config, deviceToken);
      await signIn(c, user);
      return c.json(user, 200);
    })
    .openapi(passwordResetRequest, async (c) => {
      const language = c.get("language");
      await services.auth.requestPasswordReset(c.req.valid("json"), { address: clientAddress(c, config), language });
      return c.json({ message: translator(language)("auth:forgot.sent") }, 202);
    })
    .openapi(passwordReset, async (c) => {
      await services.auth.resetPassword(c.req.valid("json"));
      return c.json({ message: translator(c.get("language"))("auth:reset.done") }, 200);
    })
    .openapi(passwordChange, async (c) => {
      const user = c.get("user");
      if (!user) return c.json(errorBody(c, "unauthenticated", "errors:signInRequired"), 401);
      await services.auth.changePassword(user.id, c.req.valid("json"), c.get("sessionId"));
      // A new session id too: a copy of the old cookie is worth nothing after the change.
      const { oidc: _pending, ...rest } = c.get("session");
      await startSession(c, config, services, rest);
      return c.json({ message: translator(c.get("language"))("auth:password.done") }, 200);
    })
    .openapi(logout, async (c) => {
      if (isFormSubmission(c)) {
        const form = await c.req.parseBody();
        await endSession(c, config, services);
        return c.redirect(safeReturnTo(typeof form.returnTo === "string" ? form.returnTo : undefined), 303);
      }
      await endSession(c, config, services);
      return c.body(null, 204);
    })
    .openapi(currentUser, async (c) => {
      const user = c.get("user");
      if (!user) return c.json(errorBody(c, "unauthenticated", "errors:signInRequired"), 401);
      return c.json(user, 200);
    })
    .openapi(navigationLogin, async (c) => {
      // One behaviour: with OpenID Connect configured, /api/login (with or without sso=1) goes to the
      // provider, as the site's Login navigation always did; local accounts still sign in on /login,
      // whose single sign-on button uses /api/login?sso=1. Without OIDC, /api/login opens /login.
      const query = c.req.valid("query");
      const returnTo = safeReturnTo(query.returnTo ?? sameSiteReferrer(c, config));
      if (c.get("user")) return c.redirect(returnTo, 302);
      if (!services.auth.oidcEnabled) return c.redirect(loginPage(returnTo), 302);
      try {
        const { url, checks } = await services.auth.beginOidc();
        await saveSession(c, config, services, { ...c.get("session"), oidc: { ...checks, returnTo } });
        return c.redirect(url, 302);
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        c.get("log").error({ err: error }, "single sign-on could not start");
        return c.redirect(loginPage(returnTo, "sso"), 302);
      }
    })
    .openapi(callback, async (c) => {
      const pending = c.get("session").oidc;
      if (!pending || !services.auth.oidcEnabled) return c.redirect(loginPage("/", "sso"), 302);
      // The provider redirected to our public address; rebuild it (a proxy may have changed the host).
      const callbackUrl = new URL(`${config.publicUrl}/api/callback${new URL(c.req.url).search}`);
      let user: CurrentUser;
      try {
        user = await services.auth.completeOidc(callbackUrl, pending);
      } catch (error) {
        if (!(error instanceof OidcError) && !(error instanceof DomainError)) throw error;
        c.get("log").warn({ err: error }, "single sign-on failed");
        // A code and its checks are good for one try only.
        const { oidc: _used, ...rest } = c.get("session");
        await saveSession(c, config, services, rest);
        return c.redirect(loginPage(pending.returnTo, ssoErrorCode(error)), 302);
      }
      await signIn(c, user);
      return c.redirect(safeReturnTo(pending.returnTo), 302);
    })
    .openapi(navigationLogout, async (c) => {
      if (!c.get("user")) return c.redirect("/", 302);
      if (!navigationFromThisSite(c, config)) return c.redirect("/logout", 302);
      await endSession(c, config, services);
      return c.redirect("/", 302);
    });
}
