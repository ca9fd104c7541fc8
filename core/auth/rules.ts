import type { Role } from "./schema.ts";

/** Staff pages and APIs are open to staff and admins. */
export function isStaff(role: Role | null | undefined): boolean {
  return role === "staff" || role === "admin";
}

/** First name, else the part of the e-mail before @, else null (the caller shows its default label). */
export function displayName(user: { firstName?: string | null; email?: string | null } | null): string | null {
  if (!user) return null;
  const first = user.firstName?.trim();
  if (first) return first;
  const local = user.email?.split("@")[0]?.trim();
  return local ? local : null;
}

/** Two letters for an avatar without a picture. */
export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const letters = [user.firstName?.trim()[0], user.lastName?.trim()[0]].filter(Boolean).join("");
  return (letters || user.email?.[0] || "?").toUpperCase();
}

/** A sign-in identifier holding "@" is an e-mail address (usernames cannot contain one), else a username. */
export function identifierKind(identifier: string): "email" | "username" {
  return identifier.includes("@") ? "email" : "username";
}

const RETURN_TO_MAX = 2000;

/**
 * Where to go after signing in: a path on this site only (no other host, no scheme, no "//" or "\" tricks,
 * not an API address), else "/". Protects the sign-in flow from being used as an open redirect.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > RETURN_TO_MAX || !value.startsWith("/")) return "/";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return "/";
  const base = "http://same-site.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return "/";
  }
  if (url.origin !== base) return "/";
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return "/";
  // Coming back to the sign-in, sign-up or password reset forms after signing in would only show them again.
  if (/^(\/(en|fr))?\/(login|register|register\/confirm|forgot-password|reset-password)\/?$/.test(url.pathname))
    return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
