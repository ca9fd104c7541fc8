import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";
import type { JsonText } from "../../core/cache/content-cache.ts";
import { chooseCoding, type ContentCoding } from "../middleware/compress.server.ts";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

// Below this a compressed body saves less than its headers cost (compress() uses the same threshold).
const THRESHOLD = 1024;

/**
 * The text's body in one coding, made once per text and shared by every request that asks meanwhile.
 * Made off the main thread (zlib's thread pool) at the highest settings: a list is serialized once per
 * read of the database and then served thousands of times, so every byte saved is saved on each answer.
 */
export function encodedBody(text: JsonText<unknown>, coding: ContentCoding | "identity"): Promise<Uint8Array> {
  let form = text.forms.get(coding);
  if (!form) {
    const identity = Buffer.from(text.text, "utf8");
    form =
      coding === "identity"
        ? Promise.resolve(identity)
        : coding === "gzip"
          ? gzip(identity, { level: 9 })
          : brotli(identity, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            });
    text.forms.set(coding, form);
    // A failed compression is not remembered: the next request tries again.
    form.catch(() => text.forms.delete(coding));
  }
  return form;
}

/**
 * A JSON answer (200 unless said) from text serialized earlier (a service's cached copy), in the coding the client
 * prefers (brotli, gzip or none), compressed once per text rather than once per request. Typed like
 * `c.json(value)` so that the OpenAPI route still checks the shape of what was serialized. compress()
 * leaves it alone: it carries its Content-Encoding.
 */
export function jsonText<T>(
  c: Context,
  text: JsonText<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">>;
export function jsonText<T, S extends ContentfulStatusCode>(
  c: Context,
  text: JsonText<T>,
  status: S,
): Promise<Response & TypedResponse<JSONParsed<T>, S, "json">>;
export async function jsonText(
  c: Context,
  text: JsonText<unknown>,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const coding = chooseCoding(c.req.header("accept-encoding"), () => true, text.text.length >= THRESHOLD);
  const body = await encodedBody(text, coding ?? "identity");
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Content-Length": String(body.byteLength),
    Vary: "Accept-Encoding",
  };
  if (coding) headers["Content-Encoding"] = coding;
  return c.body(body as Uint8Array<ArrayBuffer>, status, headers);
}
