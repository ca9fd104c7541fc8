import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { chooseCoding, type ContentCoding } from "./compress.server.ts";

/** One stored form of a file: as built, or its brotli or gzip twin written by scripts/precompress.ts. */
interface Representation {
  file: string;
  size: number;
  etag: string;
  /** The bytes, for files small enough to keep in memory; bigger ones are streamed from disk. */
  bytes: Uint8Array<ArrayBuffer> | null;
}

export interface StaticFile {
  type: string;
  cacheControl: string;
  lastModified: string;
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
}

/** Hashed build output never changes under the same name: browsers keep it for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE_HOURLY = "public, max-age=3600";
const KEEP_IN_MEMORY_MAX = 1024 * 1024;
const TWINS: ReadonlyArray<readonly [ContentCoding, string]> = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

function representation(file: string, stats: fs.Stats, suffix: string): Representation {
  return {
    file,
    size: stats.size,
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${suffix}"`,
    bytes: stats.size <= KEEP_IN_MEMORY_MAX ? new Uint8Array(fs.readFileSync(file)) : null,
  };
}

/**
 * Every file of the client build, read once at start: its address, type, caching and encoded twins.
 * The build does not change under a running server (a new build is a new deployment), so requests never
 * touch the disk to find out whether an address is a file.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(root)) return files;
  const all = new Set(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  for (const file of all) {
    // A .br or .gz beside its original is a twin, served in its place; alone it is a file of its own.
    if (TWINS.some(([, suffix]) => file.endsWith(suffix) && all.has(file.slice(0, -suffix.length)))) continue;
    const stats = fs.statSync(file);
    const address = `/${path.relative(root, file).split(path.sep).join("/")}`;
    const entry: StaticFile = {
      type: getMimeType(file) ?? "application/octet-stream",
      cacheControl: address.startsWith("/assets/") ? IMMUTABLE : REVALIDATE_HOURLY,
      lastModified: stats.mtime.toUTCString(),
      identity: representation(file, stats, ""),
    };
    for (const [coding, suffix] of TWINS) {
      if (all.has(file + suffix))
        entry[coding] = representation(file + suffix, fs.statSync(file + suffix), `-${coding}`);
    }
    files.set(address, entry);
  }
  return files;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || trimmed === `W/${etag}`;
  });
}

/**
 * Serves the client build from memory: the brotli twin when the request accepts br, else the gzip twin
 * when it accepts gzip, else the file as built, with the original's Content-Type and the encoded length.
 * Addresses that are not files of the build pass through at the cost of one map lookup.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const files = loadStaticFiles(root);
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    let address = c.req.path;
    let entry = files.get(address);
    if (!entry && address.includes("%")) {
      try {
        address = decodeURIComponent(address);
        entry = files.get(address);
      } catch {
        // Not a valid escape: not one of our files.
      }
    }
    if (!entry) return next();

    const negotiated = Boolean(entry.br || entry.gzip);
    const coding = negotiated
      ? chooseCoding(c.req.header("accept-encoding"), (coding: ContentCoding) => Boolean(entry[coding]))
      : null;
    const chosen = coding ? entry[coding]! : entry.identity;

    const headers: Record<string, string> = {
      "Content-Type": entry.type,
      "Cache-Control": entry.cacheControl,
      "Last-Modified": entry.lastModified,
      ETag: chosen.etag,
    };
    if (negotiated) headers.Vary = "Accept-Encoding";
    if (coding) headers["Content-Encoding"] = coding;
    if (matchesEtag(c.req.header("if-none-match"), chosen.etag)) {
      delete headers["Content-Type"];
      return new Response(null, { status: 304, headers });
    }
    headers["Content-Length"] = String(chosen.size);
    if (method === "HEAD") return new Response(null, { status: 200, headers });
    const body = chosen.bytes ?? (Readable.toWeb(fs.createReadStream(chosen.file)) as ReadableStream<Uint8Array>);
    return new Response(body, { status: 200, headers });
  };
}
