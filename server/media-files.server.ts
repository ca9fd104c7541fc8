import type { Context } from "hono";
import { isStorageKey, servedContentType } from "../core/media/rules.ts";
import { UPLOADS_PATH } from "../core/media/service.server.ts";
import type { AppEnv } from "./context.server.ts";
import { errorBody } from "./errors.server.ts";
import type { Services } from "./services.server.ts";

/**
 * Serves stored uploads under /uploads/<key>. The type comes from the key's extension (ours, chosen from
 * the sniffed type), so only images, videos and sounds are ever served inline; with `nosniff` the browser
 * cannot decide otherwise, and a sandboxing CSP keeps any file opened on its own from running anything.
 * Keys hold a random id and are never reused: browsers and CDNs may keep the files for a year.
 */
export function mediaFileHandler(services: Services) {
  return async (c: Context<AppEnv>) => {
    const key = c.req.path.slice(UPLOADS_PATH.length);
    const file = isStorageKey(key) ? await services.media.readFile(key) : null;
    if (!file) return c.json(errorBody(c, "not_found", "media:errors.fileNotFound"), 404);
    const contentType = servedContentType(key);
    const inline = /^(image|video|audio)\//.test(contentType);
    const headers = {
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": inline ? "inline" : "attachment",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
      "Cache-Control": "public, max-age=31536000, immutable",
    };
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, headers);
  };
}
