import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors.ts";
import { processImage, sniffFile } from "../../core/media/processing.server.ts";
import { checkUpload } from "../../core/media/rules.ts";
import { hasExif, jpegWithGps, png, SVG_WITH_SCRIPT, windowsExecutable } from "../helpers/media-files.ts";

describe("sniffing the type from the bytes", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "atelier-sniff-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  let files = 0;
  /** Uploads are sniffed from the file they were written to as they arrived. */
  const sniff = async (bytes: Uint8Array | string) => {
    const path = join(dir, `file-${files++}`);
    await writeFile(path, bytes);
    return sniffFile(path);
  };

  it("recognises images whatever their name, and an executable as one", async () => {
    expect(await sniff(await png())).toEqual({ mime: "image/png", ext: "png" });
    expect((await sniff(await jpegWithGps(40, 30)))?.mime).toBe("image/jpeg");
    expect((await sniff(windowsExecutable()))?.mime).toBe("application/x-msdownload");
  });

  it("sees SVG as XML and HTML as no known type, so that checkUpload refuses both", async () => {
    const svg = await sniff(new TextEncoder().encode(SVG_WITH_SCRIPT));
    expect(svg?.mime).toBe("application/xml");
    const html = await sniff(new TextEncoder().encode("<!doctype html><script>alert(1)</script>"));
    expect(html).toBeUndefined();
    for (const [name, sniffed] of [
      ["logo.svg", svg],
      ["logo.png", svg],
      ["page.html", html],
    ] as const) {
      expect(() => checkUpload({ name, size: 100, sniffed }, { image: 1e6, video: 1e6, audio: 1e6 }), name).toThrow(
        "media:validation.typeNotAccepted",
      );
    }
  });
});

describe("processImage", () => {
  it("re-encodes a JPEG without its EXIF: the GPS position, camera maker and model are gone", async () => {
    const input = await jpegWithGps();
    expect(hasExif(input)).toBe(true);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await processImage(input, "image/jpeg");
    for (const variant of result.variants) {
      expect(hasExif(variant.body), variant.name).toBe(false);
      expect(Buffer.from(variant.body).toString("latin1")).not.toContain("SpyCam");
      expect((await sharp(variant.body).metadata()).exif, variant.name).toBeUndefined();
    }
    const original = result.variants.find((v) => v.name === "original")!;
    expect(original.contentType).toBe("image/jpeg");
    expect((await sharp(original.body).metadata()).format).toBe("jpeg");
    expect(result).toMatchObject({ width: 2000, height: 1200 });
  });

  it("makes a square WebP thumbnail and WebP copies only at the widths narrower than the image", async () => {
    const wide = await processImage(await jpegWithGps(), "image/jpeg");
    expect(wide.variants.map((v) => v.name)).toEqual(["original", "thumb", "w480", "w960", "w1600"]);
    const thumb = wide.variants.find((v) => v.name === "thumb")!;
    expect([thumb.width, thumb.height, thumb.contentType]).toEqual([320, 320, "image/webp"]);
    expect(wide.variants.find((v) => v.name === "w960")).toMatchObject({
      width: 960,
      height: 576,
      contentType: "image/webp",
    });

    const small = await processImage(await png(640, 480), "image/png");
    expect(small.variants.map((v) => v.name)).toEqual(["original", "thumb", "w480"]);
    expect(small.variants[0].contentType).toBe("image/png");
  });

  it("refuses a truncated image with a clear message rather than failing", async () => {
    const broken = (await png()).subarray(0, 100);
    await expect(processImage(broken, "image/png")).rejects.toSatisfy(
      (error) => error instanceof DomainError && error.messageKey === "media:validation.imageUnreadable",
    );
  });
});
