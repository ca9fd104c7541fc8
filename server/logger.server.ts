import pino from "pino";

export type Logger = pino.Logger;

/** What a request handler logs through: the request id is added to each line. */
export type RequestLog = Pick<Logger, "error" | "warn" | "info" | "debug">;

/**
 * Fields that hold secrets or personal data, hidden wherever a log call passes them: at the top of the
 * logged object or one level down (`{ customer: { email } }`), and in a serialized error. Errors are
 * serialized by `safeError`, which keeps no values at all.
 */
const SENSITIVE_FIELDS: ReadonlySet<string> = new Set([
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
]);
export const CENSOR = "[redacted]";
/**
 * Request and response shapes, should one be logged: explicit paths, never wildcards. pino's redaction
 * with `*.field` paths walked every logged object on every line and cost a seventh of the server's time;
 * the fields above are hidden by `hideSensitive` instead, a loop over the object's own keys.
 */
const REDACT_PATHS = ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Error);

/** The object with its sensitive fields replaced, or the object itself when it has none (no copy). */
function withoutSensitiveFields(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    if (SENSITIVE_FIELDS.has(key) && object[key] !== undefined) (copy ??= { ...object })[key] = CENSOR;
  }
  return copy ?? object;
}

/**
 * A logged object as it may be written: sensitive fields hidden at the top and one level down. The
 * caller's object is never changed; a copy is made only when something is hidden.
 */
export function hideSensitive(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    const value = object[key];
    if (value === undefined) continue;
    const hidden = SENSITIVE_FIELDS.has(key) ? CENSOR : isPlainObject(value) ? withoutSensitiveFields(value) : value;
    if (hidden !== value) (copy ??= { ...object })[key] = hidden;
  }
  return copy ?? object;
}

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

/** What the one line logged for every request says. */
export interface RequestLine {
  reqId: string;
  method: string;
  /** As `loggablePath` gives it. */
  path: string;
  status: number;
  ms: number;
}

/**
 * Writes the line of each answered request, as pino writes `logger.info({ reqId, method, path, status, ms },
 * "request")`, byte for byte, but built by hand: it is the only line of almost every request, its fields
 * are known and none is sensitive, so pino's generic path (serializers, the sensitive-field check,
 * redaction, a JSON writer per value) is work for nothing there: 3.6 against 2.0 µs a line. A destination
 * that needs pino's metadata (a multistream) still gets the line through pino.
 */
export function requestLineWriter(logger: Logger): (line: RequestLine) => void {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    | (pino.DestinationStream & Record<symbol, unknown>)
    | undefined;
  if (!stream || stream[pino.symbols.needsMetadataGsym]) return (line) => logger.info(line, "request");
  const level = logger.levels.values.info;
  return ({ reqId, method, path, status, ms }) =>
    stream.write(
      `{"level":${level},"time":${Date.now()},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
}

/** An error for the log: `safeError`, its message hidden too (a message may quote what a visitor sent). */
const errorSerializer = (error: unknown) => withoutSensitiveFields(safeError(error) as Record<string, unknown>);

type ClosableDestination = pino.DestinationStream & {
  end?: () => void;
  once?: (event: "close", listener: () => void) => unknown;
};

// Lines wait until this many bytes are held, or until the next flush (at most two intervals after the line).
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_INTERVAL_MS = 250;

/**
 * Where the logs go when no destination is given: standard output, written asynchronously. Lines are held
 * until 4 KB are, or for at most half a second, then written together, instead of one write(2) per line
 * on the request's path: at a page a few thousand times a second, a write per line cost a fifth of the
 * server's time. What is still held is written out by `closeLogs` (shutdown) and, for any other exit, by
 * pino's own handler on the process's exit event.
 *
 * Each line is handed over as bytes (sonic-boom's "buffer" mode): given text, sonic-boom measures the
 * byte length of everything it holds on every line, which cost 4 of the 6 microseconds of a request's log
 * line under load; bytes carry their length.
 */
function standardOutput(): ClosableDestination {
  const stream = pino.destination({
    dest: 1,
    sync: false,
    contentMode: "buffer",
    minLength: LOG_BUFFER_BYTES,
  });
  // A flush finds nothing to do while a write is in flight: a second one an interval later writes what
  // was left. An idle server writes nothing.
  let written = false;
  let again = false;
  const timer = setInterval(() => {
    if (!written && !again) return;
    again = written;
    written = false;
    stream.flush();
  }, LOG_FLUSH_INTERVAL_MS);
  timer.unref();
  return {
    // Looked up on each call: pino replaces the stream's methods with no-ops when the reader has gone (EPIPE).
    write: (line: string) => {
      written = true;
      return stream.write(Buffer.from(line) as unknown as string);
    },
    end: () => {
      clearInterval(timer);
      stream.end();
    },
    once: (event, listener) => stream.once(event, listener),
  };
}

const destinations = new WeakMap<Logger, ClosableDestination>();

/** JSON logs; secrets and personal data that must never reach a log are hidden. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const stream: ClosableDestination = destination ?? standardOutput();
  const logger = pino(
    {
      level,
      base: undefined,
      serializers: { err: errorSerializer, error: errorSerializer },
      formatters: { log: hideSensitive },
      redact: { paths: REDACT_PATHS, censor: CENSOR },
    },
    stream,
  );
  destinations.set(logger, stream);
  // A child's fields are written on each of its lines, and pino's log formatter never sees them (its
  // bindings formatter applies to the root only): they are checked once, when the child is made. Children
  // inherit this method from the root, so theirs are checked too.
  const makeChild = logger.child;
  logger.child = function <L extends string = never>(
    this: Logger,
    bindings: pino.Bindings,
    options?: pino.ChildLoggerOptions<L>,
  ): pino.Logger<L> {
    return Reflect.apply(makeChild, this, [hideSensitive(bindings), options]) as pino.Logger<L>;
  };
  return logger;
}

/**
 * Writes every line logged so far and closes the logger's destination: the last step before the process
 * exits. (pino's flush() does not wait for an asynchronous write in flight; ending the stream does.)
 * Standard output itself stays open for whatever the process prints after.
 */
export function closeLogs(logger: Logger): Promise<void> {
  const destination = destinations.get(logger);
  if (!destination?.end || !destination.once) return Promise.resolve();
  const { end, once } = destination;
  return new Promise((resolve) => {
    once.call(destination, "close", () => resolve());
    end.call(destination);
  });
}
