import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs; secrets and personal data that must never reach a log are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["password", "*.password", "passwordHash", "*.passwordHash", "req.headers.cookie", "req.headers.authorization", "*.clientSecret", "*.token"],
      censor: "[redacted]",
    },
  });
}
