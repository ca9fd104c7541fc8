/**
 * The one error type services throw. `code` is stable and maps to an HTTP status at the edge;
 * `messageKey` names the translated text (namespace "errors"), `fields` the per-field message keys.
 */
export type DomainErrorCode =
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "payload_too_large";

// The production server runs core/ from source while React Router's bundle carries its own copy of
// this module, so a plain prototype check fails across the two; a global symbol brand does not.
const BRAND = Symbol.for("atelier.DomainError");

export class DomainError extends Error {
  readonly [BRAND] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  constructor(
    public readonly code: DomainErrorCode,
    public readonly messageKey: string,
    public readonly details: { fields?: Record<string, string>; params?: Record<string, string | number> } = {},
  ) {
    super(messageKey);
    this.name = "DomainError";
  }
}

export const statusOf: Record<DomainErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 429> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
};
