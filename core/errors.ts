import type { z } from "zod";

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
  | "payload_too_large"
  | "unsupported_media_type";

// The production server runs core/ from source while React Router's bundle carries its own copy of
// this module, so a plain prototype check fails across the two; a global symbol brand does not.
const BRAND = Symbol.for("atelier.DomainError");

export class DomainError extends Error {
  readonly [BRAND] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  public readonly code: DomainErrorCode;
  public readonly messageKey: string;
  public readonly details: { fields?: Record<string, string>; params?: Record<string, string | number> };

  constructor(
    code: DomainErrorCode,
    messageKey: string,
    details: { fields?: Record<string, string>; params?: Record<string, string | number> } = {},
  ) {
    super(messageKey);
    this.code = code;
    this.messageKey = messageKey;
    this.details = details;
    this.name = "DomainError";
  }
}

export const statusOf: Record<DomainErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
};

/**
 * Parses input with a schema whose messages are i18n keys, or throws a validation DomainError carrying
 * the first message of each field (a message that is not a key becomes "errors:invalidValue").
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "_";
    if (!fields[field]) fields[field] = issue.message.includes(":") ? issue.message : "errors:invalidValue";
  }
  throw new DomainError("validation", Object.values(fields)[0] ?? "errors:invalidRequest", { fields });
}
