import pino from "pino";

export type Logger = pino.Logger;

/**
 * Fields that hold secrets or personal data, redacted wherever a log call passes them (at the top of
 * the object or one level down). Errors are serialized by `safeError`, which keeps no values at all.
 */
const SENSITIVE_FIELDS = [
  "password",
  "currentPassword",
  "passwordHash",
  "token",
  "tokenHash",
  "clientSecret",
  "email",
  "toAddress",
  "name",
  "firstName",
  "lastName",
  "username",
  "phone",
  "company",
  "message",
  "text",
  "html",
  "body",
  "params",
];
const REDACT_PATHS = [
  ...SENSITIVE_FIELDS,
  ...SENSITIVE_FIELDS.map((field) => `*.${field}`),
  "req.headers.cookie",
  "req.headers.authorization",
];

/** Database error fields that name what failed without quoting the data (e.g. a constraint, not its key). */
const DATABASE_ERROR_FIELDS = ["code", "severity", "routine", "constraint", "table", "column", "schema"] as const;

interface SafeError {
  type: string;
  message: string;
  stack?: string;
  query?: string;
  paramCount?: number;
  cause?: SafeError | Record<string, unknown>;
}

/** Only the stack's frames: the first lines repeat the message, which may quote a query's values. */
function framesOf(error: Error): string | undefined {
  return error.stack
    ?.split("\n")
    .filter((line) => line.startsWith("    at "))
    .join("\n");
}

/**
 * An error as a log may carry it: its type, the query's shape (SQL with placeholders) and how many
 * values it had, the database's error code and constraint, the stack frames, never a value. A failed
 * query's message and a database error's detail quote the values (e-mails, password hashes, message
 * text), so they are left out; a database error's own message ("invalid byte sequence...", "duplicate
 * key value violates unique constraint...") is kept unless it quotes something.
 */
export function safeError(error: unknown, depth = 0): SafeError | Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const record = error as Error & Record<string, unknown>;
  const safe: SafeError = {
    type: error.constructor?.name ?? error.name,
    message: error.message,
    stack: framesOf(error),
  };
  if (typeof record.query === "string" && Array.isArray(record.params)) {
    safe.message = "Failed query";
    safe.query = record.query;
    safe.paramCount = record.params.length;
  }
  const databaseFields = DATABASE_ERROR_FIELDS.filter((field) => typeof record[field] === "string");
  if (databaseFields.length > 0) {
    for (const field of databaseFields) (safe as unknown as Record<string, unknown>)[field] = record[field];
    // Messages such as `invalid input syntax for type integer: "abc"` quote the value.
    if (/["'(]/.test(safe.message)) safe.message = "database error";
  }
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/**
 * The segment after these words is a bearer token (a receipt's, a subscription's management link):
 * matched without case, as the pages' router matches addresses (`/fr/RECEIPT/...` shows the receipt).
 */
const TOKEN_AFTER = /(\/(?:receipts?|subscriptions?(?:\/manage)?)\/)[^/?#]+/gi;
/**
 * Anything else that looks like a one-time token: a run of 24 or more base64url characters mixing
 * upper case, lower case and digits (what randomBytes().toString("base64url") and our signatures give),
 * which the lower-case slugs and hexadecimal ids of ordinary addresses never are.
 */
const TOKEN_LIKE = /[A-Za-z0-9_-]{24,}/g;
const looksLikeToken = (run: string) => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);

/**
 * An address as the request log writes it: its path only (a query string carries the one-time tokens of
 * e-mailed links: password reset, sign-up and newsletter confirmation, waiting list, seat offers, the
 * provider's client secrets), with the bearer tokens of paths replaced by "[token]".
 */
export function loggablePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0];
  return path.replace(TOKEN_AFTER, "$1[token]").replace(TOKEN_LIKE, (run) => (looksLikeToken(run) ? "[token]" : run));
}

/** JSON logs; secrets and personal data that must never reach a log are redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: safeError, error: safeError },
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
  };
  return destination ? pino(options, destination) : pino(options);
}
