import type { Language } from "../i18n/language.ts";
import type { RateLimitRule } from "../rate-limit/rules.ts";

/**
 * Confirmation e-mails per recipient: 3 per day, whoever asks, so that nobody can flood an inbox from
 * many networks. Beyond it the request is still answered the same way, but no e-mail is sent.
 */
export const CONFIRMATIONS_PER_EMAIL: RateLimitRule = {
  name: "newsletter:email",
  limit: 3,
  windowMs: 24 * 60 * 60_000,
};

/** A confirmation token: 32 random bytes in base64url, 43 characters. */
export const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** True when a text could be a token we issued (anything else is refused without a database look-up). */
export function isTokenShaped(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** The page the e-mail links to, in the subscriber's language tree (/en/... or /fr/...). */
export function confirmationUrl(publicUrl: string, language: Language, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/${language}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/** Text made safe to put in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}
