import { fileTypeFromFile } from "file-type";
import sharp, { type Sharp } from "sharp";
import { RESPONSIVE_WIDTHS, THUMBNAIL_SIZE } from "./limits.ts";
import type { SniffedType } from "./rules.ts";
import { DomainError } from "../errors.ts";

/** What a file's bytes are, from their signature (file-type reads only its first kilobytes), whatever it is called. */
export async function sniffFile(path: string): Promise<SniffedType | undefined> {
  const found = await fileTypeFromFile(path);
  return found ? { mime: found.mime, ext: found.ext } : undefined;
}

/** One file made from an uploaded image. */
export interface ImageVariant {
  /** "original" (the re-encoded full image), "thumb", or "w480"... */
  name: string;
  extension: string;
  contentType: string;
  body: Uint8Array;
  width: number;
  height: number;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: ImageVariant[];
}

// A decompression bomb (a few kilobytes that decode to gigapixels) is refused before it is decoded.
const MAX_INPUT_PIXELS = 50_000_000;

const OUTPUT: Record<string, { extension: string; contentType: string; encode: (image: Sharp) => Sharp }> = {
  "image/jpeg": {
    extension: "jpg",
    contentType: "image/jpeg",
    encode: (image) => image.jpeg({ quality: 85, mozjpeg: true }),
  },
  "image/png": { extension: "png", contentType: "image/png", encode: (image) => image.png({ compressionLevel: 9 }) },
  "image/gif": { extension: "gif", contentType: "image/gif", encode: (image) => image.gif() },
  "image/webp": { extension: "webp", contentType: "image/webp", encode: (image) => image.webp({ quality: 85 }) },
  // AVIF encodes slowly; its full-size copy is kept as WebP, which every browser shows too.
  "image/avif": { extension: "webp", contentType: "image/webp", encode: (image) => image.webp({ quality: 85 }) },
};

const unreadable = () =>
  new DomainError("validation", "media:validation.imageUnreadable", {
    fields: { file: "media:validation.imageUnreadable" },
  });

/**
 * Re-encodes an uploaded image: turned upright from its EXIF orientation, then written anew without any
 * metadata (sharp keeps none unless asked: no EXIF, GPS position, camera serial or comment survives), plus
 * a square WebP thumbnail and WebP copies at the responsive widths narrower than the image. `bytes` is
 * the image itself or the path of its file.
 */
export async function processImage(bytes: Uint8Array | string, mime: string): Promise<ProcessedImage> {
  const output = OUTPUT[mime];
  if (!output) throw unreadable();
  const animated = mime === "image/gif" || mime === "image/webp";
  const load = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: "error" }).rotate();
  try {
    const original = await output.encode(load()).toBuffer({ resolveWithObject: true });
    const width = original.info.width;
    // For an animation, sharp reports the height of the whole strip of frames; one frame's is the page height.
    const height = original.info.pageHeight ?? original.info.height;
    const variants: ImageVariant[] = [
      {
        name: "original",
        extension: output.extension,
        contentType: output.contentType,
        body: new Uint8Array(original.data),
        width,
        height,
      },
    ];
    const thumb = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    variants.push({
      name: "thumb",
      extension: "webp",
      contentType: "image/webp",
      body: new Uint8Array(thumb.data),
      width: thumb.info.width,
      height: thumb.info.height,
    });
    for (const target of RESPONSIVE_WIDTHS) {
      if (target >= width) break;
      const copy = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: target })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({
        name: `w${target}`,
        extension: "webp",
        contentType: "image/webp",
        body: new Uint8Array(copy.data),
        width: copy.info.width,
        height: copy.info.height,
      });
    }
    return { width, height, variants };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // A truncated or corrupt image, or one past the pixel limit: the visitor's file, not our fault.
    throw unreadable();
  }
}
