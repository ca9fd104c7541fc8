import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../../config/env.ts";
import type { SessionData } from "../../core/auth/schema.ts";
import type { AppEnv } from "../context.server.ts";
import type { Services } from "../services.server.ts";

export function sessionCookieName(config: Config): string {
  // The __Host- prefix pins the cookie to this host and path, but browsers accept it only when Secure.
  return config.cookieSecure ? "__Host-atelier.sid" : "atelier.sid";
}

/** The cookie that remembers a browser an account signed in from (see AuthService.login). */
export function deviceCookieName(config: Config): string {
  return config.cookieSecure ? "__Host-atelier.device" : "atelier.device";
}

// A year: a browser signed in from within that time still counts as the owner's.
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export function readDeviceCookie(c: Context<AppEnv>, config: Config): string | null {
  return getCookie(c, deviceCookieName(config)) ?? null;
}

export function writeDeviceCookie(c: Context<AppEnv>, config: Config, token: string) {
  setCookie(c, deviceCookieName(config), token, {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: "Lax",
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

function writeCookie(c: Context<AppEnv>, config: Config, sid: string, expire: Date) {
  setCookie(c, sessionCookieName(config), sid, {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: "Lax",
    path: "/",
    expires: expire,
  });
}

/** Loads the session and the signed-in user for every request that carries a session cookie. */
export function sessionMiddleware(config: Config, services: Services): MiddlewareHandler<AppEnv> {
  const name = sessionCookieName(config);
  return async (c, next) => {
    c.set("sessionId", null);
    c.set("session", {});
    c.set("user", null);
    const sid = getCookie(c, name);
    if (sid && sid.length < 100) {
      const loaded = await services.sessions.load(sid);
      if (loaded) {
        c.set("sessionId", sid);
        c.set("session", loaded.data);
        if (loaded.data.userId) c.set("user", await services.auth.currentUser(loaded.data.userId));
        const extended = await services.sessions.touchIfStale(sid, loaded.expire);
        if (extended) writeCookie(c, config, sid, extended);
      } else {
        deleteCookie(c, name, { path: "/", secure: config.cookieSecure });
      }
    }
    await next();
    // Personal answers must never be stored by a shared cache.
    if (c.get("user") || c.get("sessionId")) c.header("Cache-Control", "private, no-store");
  };
}

/** Starts a new session (new id, old one destroyed): used at sign-in, so a fixed session id is useless. */
export async function startSession(c: Context<AppEnv>, config: Config, services: Services, data: SessionData) {
  const { sid, expire } = await services.sessions.create(data, c.get("sessionId"));
  c.set("sessionId", sid);
  c.set("session", data);
  writeCookie(c, config, sid, expire);
}

/** Saves data into the current session, creating one when there is none. */
export async function saveSession(c: Context<AppEnv>, config: Config, services: Services, data: SessionData) {
  const sid = c.get("sessionId");
  if (!sid) return startSession(c, config, services, data);
  const expire = await services.sessions.save(sid, data);
  c.set("session", data);
  writeCookie(c, config, sid, expire);
}

export async function endSession(c: Context<AppEnv>, config: Config, services: Services) {
  const sid = c.get("sessionId");
  if (sid) await services.sessions.destroy(sid);
  c.set("sessionId", null);
  c.set("session", {});
  c.set("user", null);
  deleteCookie(c, sessionCookieName(config), { path: "/", secure: config.cookieSecure });
}
