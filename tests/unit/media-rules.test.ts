import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors.ts";
import { checkUpload, extensionOf, isStorageKey, largestLimit, servedContentType } from "../../core/media/rules.ts";

const LIMITS = { image: 1000, video: 5000, audio: 2000 };
const PNG = { mime: "image/png", ext: "png" };

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("accepted");
}

describe("checkUpload: media type and size rules", () => {
  it("accepts an image, a video and a sound, the media type following the sniffed MIME type's prefix", () => {
    expect(checkUpload({ name: "photo.PNG", size: 10, sniffed: PNG }, LIMITS)).toEqual({ mime: "image/png", mediaType: "image", extension: "png" });
    expect(checkUpload({ name: "clip.mp4", size: 10, sniffed: { mime: "video/mp4", ext: "mp4" } }, LIMITS).mediaType).toBe("video");
    expect(checkUpload({ name: "jingle.mp3", size: 10, sniffed: { mime: "audio/mpeg", ext: "mp3" } }, LIMITS).mediaType).toBe("audio");
    // A name without an extension is judged by its bytes alone.
    expect(checkUpload({ name: "blob", size: 10, sniffed: { mime: "image/jpeg", ext: "jpg" } }, LIMITS).extension).toBe("jpg");
  });

  it("refuses a file whose name says another kind than its bytes: a .png that is not a PNG, a renamed executable", () => {
    const jpegNamedPng = refusal(() => checkUpload({ name: "photo.png", size: 10, sniffed: { mime: "image/jpeg", ext: "jpg" } }, LIMITS));
    expect(jpegNamedPng.messageKey).toBe("media:validation.typeMismatch");
    expect(jpegNamedPng.details.fields).toEqual({ file: "media:validation.typeMismatch" });
    const exe = refusal(() => checkUpload({ name: "holiday.png", size: 10, sniffed: { mime: "application/x-msdownload", ext: "exe" } }, LIMITS));
    expect(exe.messageKey).toBe("media:validation.typeNotAccepted");
  });

  it("refuses bytes of no known kind (SVG, HTML and other text) and kinds outside images, videos and sounds", () => {
    expect(refusal(() => checkUpload({ name: "logo.svg", size: 10, sniffed: undefined }, LIMITS)).messageKey).toBe("media:validation.typeNotAccepted");
    expect(refusal(() => checkUpload({ name: "doc.pdf", size: 10, sniffed: { mime: "application/pdf", ext: "pdf" } }, LIMITS)).messageKey).toBe("media:validation.typeNotAccepted");
    expect(refusal(() => checkUpload({ name: "x.zip", size: 10, sniffed: { mime: "application/zip", ext: "zip" } }, LIMITS)).messageKey).toBe("media:validation.typeNotAccepted");
    // A prototype property is no accepted type.
    expect(refusal(() => checkUpload({ name: "x", size: 10, sniffed: { mime: "constructor", ext: "x" } }, LIMITS)).messageKey).toBe("media:validation.typeNotAccepted");
  });

  it("refuses an empty file as no file at all", () => {
    expect(refusal(() => checkUpload({ name: "a.png", size: 0, sniffed: undefined }, LIMITS)).messageKey).toBe("media:validation.fileRequired");
  });

  it("limits each kind to its own size, saying the limit in megabytes", () => {
    expect(checkUpload({ name: "a.png", size: 1000, sniffed: PNG }, LIMITS).mediaType).toBe("image");
    const big = refusal(() => checkUpload({ name: "a.png", size: 1001, sniffed: PNG }, LIMITS));
    expect(big.code).toBe("payload_too_large");
    expect(big.messageKey).toBe("media:validation.tooLarge");
    // The same size is within a video's limit.
    expect(checkUpload({ name: "a.webm", size: 4000, sniffed: { mime: "video/webm", ext: "webm" } }, LIMITS).mediaType).toBe("video");
    const mb = refusal(() => checkUpload({ name: "a.png", size: 20 * 1024 * 1024, sniffed: PNG }, { ...LIMITS, image: 10 * 1024 * 1024 }));
    expect(mb.details.params).toEqual({ megabytes: "10" });
    expect(largestLimit(LIMITS)).toBe(5000);
  });
});

describe("stored files", () => {
  it("are served with the type of their extension, never HTML or SVG", () => {
    expect(servedContentType("media/abc/original.jpg")).toBe("image/jpeg");
    expect(servedContentType("media/abc/thumb.webp")).toBe("image/webp");
    expect(servedContentType("media/abc/original.mp3")).toBe("audio/mpeg");
    expect(servedContentType("media/abc/page.html")).toBe("application/octet-stream");
    expect(servedContentType("media/abc/logo.svg")).toBe("application/octet-stream");
  });

  it("have keys that cannot leave their folder", () => {
    expect(isStorageKey("media/0f8e-12/original.jpg")).toBe(true);
    for (const bad of ["media/../etc/passwd", "media/a/../../x.jpg", "/media/a/b.jpg", "media/a/b", "media/a/b.jpg/", "media/A/b.jpg", "media/a%2f/b.jpg", "media\\a\\b.jpg", "other/a/b.jpg"]) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
  });

  it("extensionOf reads the last extension of the base name", () => {
    expect(extensionOf("a.tar.GZ")).toBe("gz");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("C:\\x\\photo.Jpeg")).toBe("jpeg");
    expect(extensionOf("noext")).toBe("");
  });
});
