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

/** Per-field message keys (or keys with values of their own), and the values the message interpolates. */
export interface DomainErrorDetails {
  fields?: Record<string, string | Message>;
  params?: Record<string, string | number>;
}

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
  public readonly details: DomainErrorDetails;

  constructor(code: DomainErrorCode, messageKey: string, details: DomainErrorDetails = {}) {
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

/** A translatable text: a message key ("namespace:key") and the values it interpolates. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

/** A schema's own message is a key ("ns:a.b"); zod's defaults are English sentences. */
const MESSAGE_KEY = /^(?:[a-z]+:)?[a-zA-Z]+(?:\.[a-zA-Z]+)*$/;
/** The catch-all a schema gives when it has nothing more precise to say: the issue itself says more. */
const GENERIC_KEY = "errors:invalidValue";

const TYPE_NAMES: Record<string, string> = {
  number: "number",
  int: "integer",
  bigint: "integer",
  string: "text",
  boolean: "boolean",
  array: "list",
  object: "object",
  date: "date",
};
const SIZE_UNITS: Record<string, string> = { string: "characters", array: "items", set: "items", file: "bytes" };

function bound(value: number | bigint | Date | undefined): string | number {
  if (value instanceof Date) return value.toISOString();
  return typeof value === "bigint" ? value.toString() : (value ?? 0);
}

/**
 * The message of one zod issue: the schema's own key when it gave one, else a sentence written from the
 * issue (which field, which bound, which values), so that no client ever reads zod's English or a blank.
 */
export function issueMessage(issue: z.core.$ZodIssue, field: string): Message {
  if (MESSAGE_KEY.test(issue.message) && issue.message !== GENERIC_KEY)
    return { key: issue.message.includes(":") ? issue.message : `errors:${issue.message}` };
  const label = field || "request";
  switch (issue.code) {
    case "unrecognized_keys":
      return { key: "errors:validation.unexpectedField", params: { field: field || issue.keys.join(", ") } };
    case "too_small":
    case "too_big": {
      const limit = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const unit = SIZE_UNITS[issue.origin];
      const direction = issue.code === "too_small" ? "atLeast" : "atMost";
      if (unit)
        return { key: `errors:validation.${direction}.${unit}`, params: { field: label, count: Number(limit) } };
      return {
        key: `errors:validation.${direction}${issue.inclusive === false ? "Exclusive" : "Bound"}`,
        params: { field: label, bound: bound(limit) },
      };
    }
    case "invalid_type":
      // zod says "received undefined" of a field that was left out (its issue carries no input by default).
      if (field && issue.message.endsWith("received undefined"))
        return { key: "errors:validation.required", params: { field } };
      if (!field) return { key: "errors:invalidRequest" };
      return { key: `errors:validation.type.${TYPE_NAMES[issue.expected] ?? "other"}`, params: { field } };
    case "invalid_value":
      return {
        key: "errors:validation.oneOf",
        params: { field: label, values: issue.values.map((value) => String(value)).join(", ") },
      };
    case "invalid_format":
      return {
        key: issue.format === "email" ? "errors:validation.email" : "errors:validation.format",
        params: { field: label },
      };
    case "not_multiple_of":
      return { key: "errors:validation.multipleOf", params: { field: label, divisor: bound(issue.divisor) } };
    default:
      return field ? { key: "errors:validation.invalidField", params: { field } } : { key: "errors:invalidRequest" };
  }
}

/** Field → message of a failed parse: the first issue of each field; "_" for the request as a whole. */
export function issueMessages(error: z.ZodError): Record<string, Message> {
  const fields: Record<string, Message> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    // Each unknown field is named where a form would show it, as the request's own fields are.
    const targets =
      issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...path, key].join(".")) : [path.join(".")];
    for (const target of targets) {
      fields[target || "_"] ??= issueMessage(issue, target);
    }
  }
  return fields;
}

/** Parses input with a schema whose messages are i18n keys, or throws a validation DomainError naming each field's first problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = issueMessages(result.error);
  const first = Object.values(fields)[0] ?? { key: "errors:invalidRequest" };
  throw new DomainError("validation", first.key, { fields, params: first.params });
}
