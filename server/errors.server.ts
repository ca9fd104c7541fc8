import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError, type z } from "zod";
import { DomainError, issueMessages, statusOf, type DomainErrorCode, type Message } from "../core/errors.ts";
import type { AppEnv } from "./context.server.ts";
import { translator } from "./i18n.server.ts";

export interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

/** Message keys are "namespace:key"; a plain key is in "errors". */
function translate(c: Context<AppEnv>, key: string, params?: Record<string, unknown>): string {
  const t = translator(c.get("language") ?? "en");
  return t(key.includes(":") ? key : `errors:${key}`, params ?? {}) as string;
}

export function errorBody(
  c: Context<AppEnv>,
  code: DomainErrorCode | "internal",
  messageKey: string,
  params?: Record<string, unknown>,
  fields?: Record<string, string | Message>,
): ErrorBody {
  const body: ErrorBody = { message: translate(c, messageKey, params), code };
  if (fields && Object.keys(fields).length > 0) {
    body.fields = Object.fromEntries(
      Object.entries(fields).map(([field, message]) => [
        field,
        typeof message === "string" ? translate(c, message, params) : translate(c, message.key, message.params),
      ]),
    );
  }
  return body;
}

/** The body of the answer to input that fails its schema: each field's first problem, translated. */
export function validationBody(c: Context<AppEnv>, error: z.ZodError): ErrorBody {
  const fields = issueMessages(error);
  const first = Object.values(fields)[0] ?? { key: "errors:invalidRequest" };
  return errorBody(c, "validation", first.key, first.params, fields);
}

/** The one answer to input that fails its schema, on every route. */
export function validationResponse(c: Context<AppEnv>, error: z.ZodError) {
  return c.json(validationBody(c, error), 400);
}

/** Maps every thrown error to our JSON body; anything unexpected is a logged, generic 500. */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof DomainError) {
    // Every refusal by a rate limit says when to try again, for clients that read headers.
    const retryAfter = error.code === "rate_limited" ? error.details.params?.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) c.header("Retry-After", String(retryAfter));
    return c.json(
      errorBody(c, error.code, error.messageKey, error.details.params, error.details.fields),
      statusOf[error.code],
    );
  }
  if (error instanceof ZodError) return validationResponse(c, error);
  if (error instanceof HTTPException) {
    if (error.status === 413) {
      // The rest of an oversized body is not read: the connection cannot carry another request.
      c.header("Connection", "close");
      return c.json(errorBody(c, "payload_too_large", "errors:payloadTooLarge"), 413);
    }
    if (error.status === 415) return c.json(errorBody(c, "validation", "errors:unsupportedMediaType"), 415);
    if (error.status === 400) return c.json(errorBody(c, "validation", "errors:invalidRequest"), 400);
    if (error.status < 500) return c.json(errorBody(c, "validation", "errors:invalidRequest"), error.status);
  }
  c.get("log")?.error({ err: error }, "unhandled error");
  return c.json(errorBody(c, "internal", "errors:internal"), 500);
};
