import type { Context } from "hono";
import { isStaff } from "../core/auth/rules.ts";
import { isStorageKey, servedContentType } from "../core/media/rules.ts";
import { UPLOADS_PATH } from "../core/media/service.server.ts";
import { answerRange } from "./byte-ranges.server.ts";
import type { AppEnv } from "./context.server.ts";
import { errorBody } from "./errors.server.ts";
import type { Services } from "./services.server.ts";

/** Published files never change under their key: browsers and CDNs may keep them for a year. */
const PUBLIC_CACHE = "public, max-age=31536000, immutable";
/** A pending item's files are for staff and the uploader's preview only: no cache may keep them. */
const PRIVATE_CACHE = "private, no-store";

/**
 * Serves stored uploads under /uploads/<key>, streamed from the disk or the bucket, never whole in memory,
 * with byte ranges (206, and 416 for a range past the end) so that Safari and iOS play videos and seeking
 * reads only what it needs. A published item's files are public and cached for good; a pending item's are
 * answered only to staff and to a valid `?preview=` token (the uploader's), uncached; anyone else, and any
 * key no item owns, gets 404. The type comes from the key's extension (ours, chosen from the sniffed
 * type), so only images, videos and sounds are ever served inline; with `nosniff` the browser cannot
 * decide otherwise, and a sandboxing CSP keeps any file opened on its own from running anything.
 */
export function mediaFileHandler(services: Services) {
  return async (c: Context<AppEnv>) => {
    const key = c.req.path.slice(UPLOADS_PATH.length);
    const notFound = () => c.json(errorBody(c, "not_found", "media:errors.fileNotFound"), 404);
    if (!isStorageKey(key)) return notFound();
    const user = c.get("user");
    const access = await services.media.fileAccess(key, {
      staff: Boolean(user && isStaff(user.role)),
      preview: c.req.query("preview"),
    });
    const size = access ? await services.media.fileSize(key) : null;
    if (!access || size === null) return notFound();

    const contentType = servedContentType(key);
    const inline = /^(image|video|audio)\//.test(contentType);
    const headers: Record<string, string> = {
      "Content-Type": contentType,
      "Accept-Ranges": "bytes",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": inline ? "inline" : "attachment",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
      "Cache-Control": access === "public" ? PUBLIC_CACHE : PRIVATE_CACHE,
    };
    // Range applies to GET only (RFC 9110, 14.2); an If-Range we cannot validate (we send no validators) means the whole file.
    const range =
      c.req.method === "GET" && !c.req.header("if-range")
        ? answerRange(c.req.header("range"), size)
        : ({ kind: "whole" } as const);
    if (range.kind === "unsatisfiable") {
      return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}`, "Content-Length": "0" });
    }
    if (c.req.method === "HEAD") return c.body(null, 200, { ...headers, "Content-Length": String(size) });
    const span = range.kind === "partial" ? range.span : undefined;
    const body = await services.media.readFile(key, span);
    if (!body) return notFound();
    if (!span) return c.body(body, 200, { ...headers, "Content-Length": String(size) });
    return c.body(body, 206, {
      ...headers,
      "Content-Length": String(span.end - span.start + 1),
      "Content-Range": `bytes ${span.start}-${span.end}/${size}`,
    });
  };
}
