import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { MIN_BYTES, precompress } from "../../scripts/precompress.ts";
import { loadStaticFiles } from "../../server/middleware/static.server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-precompress-"));
  dirs.push(root);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

const text = (kind: string) =>
  `/* ${kind} */\n${`.card-${kind} { color: rebeccapurple; margin: 0 auto; padding: 1rem 2rem; }\n`.repeat(60)}`;

describe("precompress", () => {
  it("writes a brotli and a gzip twin beside each compressible file, which decompress to the original", async () => {
    const root = folder({
      "assets/app-1.js": text("js"),
      "assets/app-1.css": text("css"),
      "images/logo.svg": `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`,
      "data/site.json": JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ i, name: `item ${i}` })) }),
      "robots.txt": `User-agent: *\n${"Disallow: /admin\n".repeat(100)}`,
      "sitemap.xml": `<urlset>${"<url><loc>https://atelier.example/posts</loc></url>".repeat(50)}</urlset>`,
    });
    const summary = await precompress(root);
    expect(summary.files).toBe(6);
    for (const name of [
      "assets/app-1.js",
      "assets/app-1.css",
      "images/logo.svg",
      "data/site.json",
      "robots.txt",
      "sitemap.xml",
    ]) {
      const original = fs.readFileSync(path.join(root, name));
      const br = fs.readFileSync(path.join(root, `${name}.br`));
      const gz = fs.readFileSync(path.join(root, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length).toBeLessThan(original.length);
    }
  });

  it("skips tiny files and what is already compressed (images, fonts), and removes twins a file outgrew", async () => {
    const root = folder({
      "favicon.svg": "<svg/>",
      "assets/tiny.js": "export{};",
      "images/photo.png": Buffer.alloc(4096, 7),
      "fonts/body.woff2": Buffer.alloc(4096, 9),
      "assets/shrunk.js": "x".repeat(MIN_BYTES - 1),
      "assets/shrunk.js.br": "left over from an earlier build",
      "assets/shrunk.js.gz": "left over from an earlier build",
    });
    const summary = await precompress(root);
    expect(summary.files).toBe(0);
    const names = fs.readdirSync(root, { recursive: true }).map(String).sort();
    expect(names.filter((name) => name.endsWith(".br") || name.endsWith(".gz"))).toEqual([]);
  });

  it("gives the server one entry per address, with its twins and the original's type", async () => {
    const root = folder({
      "assets/app-1.js": text("js"),
      "favicon.svg": "<svg/>",
      "downloads/archive.tar.gz": Buffer.alloc(100, 1),
    });
    await precompress(root);
    const files = loadStaticFiles(root);
    expect([...files.keys()].sort()).toEqual(["/assets/app-1.js", "/downloads/archive.tar.gz", "/favicon.svg"]);
    const script = files.get("/assets/app-1.js")!;
    expect(script.type).toBe("text/javascript; charset=utf-8");
    expect(script.cacheControl).toBe("public, max-age=31536000, immutable");
    expect(script.br?.size).toBe(fs.statSync(path.join(root, "assets/app-1.js.br")).size);
    expect(script.gzip?.size).toBe(fs.statSync(path.join(root, "assets/app-1.js.gz")).size);
    expect(files.get("/favicon.svg")!.br).toBeUndefined();
    expect(files.get("/favicon.svg")!.cacheControl).toBe("public, max-age=3600");
  });
});
