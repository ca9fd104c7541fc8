/**
 * Writes a brotli (.br) and a gzip (.gz) twin beside each compressible file of the client build, so that
 * the server sends compressed assets without compressing them on every request (see
 * server/middleware/static.server.ts). Run by `npm run build` after `react-router build`.
 *
 *   node scripts/precompress.ts [folder]        (default: build/client)
 *
 * Maximum settings (brotli quality 11, gzip level 9) cost seconds once per build and save bytes on every
 * download. A twin that would not be smaller than its original is not written.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".html",
  ".map",
  ".webmanifest",
]);
// Below this a compressed answer saves less than a network packet, and the headers outweigh it.
export const MIN_BYTES = 1024;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Compresses every eligible file under `root`; returns the totals of what it wrote. */
export async function precompress(root: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const candidates = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    candidates.map(async (file) => {
      const original = await fs.promises.readFile(file);
      // A twin left from an earlier build would otherwise outlive a file now too small to compress.
      await Promise.all([fs.promises.rm(`${file}.br`, { force: true }), fs.promises.rm(`${file}.gz`, { force: true })]);
      if (original.byteLength < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(original, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.byteLength,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(original, { level: 9 }),
      ]);
      summary.files++;
      summary.bytes += original.byteLength;
      if (br.byteLength < original.byteLength) {
        await fs.promises.writeFile(`${file}.br`, br);
        summary.brotliBytes += br.byteLength;
      }
      if (gz.byteLength < original.byteLength) {
        await fs.promises.writeFile(`${file}.gz`, gz);
        summary.gzipBytes += gz.byteLength;
      }
    }),
  );
  return summary;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? "build/client");
  if (!fs.existsSync(root)) {
    console.error(`No folder ${root}: run "react-router build" first.`);
    process.exit(1);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const summary = await precompress(root);
  console.log(
    `precompressed ${summary.files} files of ${path.relative(process.cwd(), root) || "."}: ${kb(summary.bytes)} -> brotli ${kb(summary.brotliBytes)}, gzip ${kb(summary.gzipBytes)}`,
  );
}
