/**
 * A random key for one order-creation attempt (the Idempotency-Key header). `crypto.randomUUID` exists
 * only in secure contexts (https, localhost); a page opened over plain http elsewhere still has
 * `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
