import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors.ts";
import { reportFrom } from "../../core/media/probe.server.ts";
import {
  checkProbe,
  checkUpload,
  extensionOf,
  isStorageKey,
  largestLimit,
  servedContentType,
  type ProbeReport,
} from "../../core/media/rules.ts";
import { answerRange } from "../../server/byte-ranges.server.ts";

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
    expect(checkUpload({ name: "photo.PNG", size: 10, sniffed: PNG }, LIMITS)).toEqual({
      mime: "image/png",
      mediaType: "image",
      extension: "png",
    });
    expect(
      checkUpload({ name: "clip.mp4", size: 10, sniffed: { mime: "video/mp4", ext: "mp4" } }, LIMITS).mediaType,
    ).toBe("video");
    expect(
      checkUpload({ name: "jingle.mp3", size: 10, sniffed: { mime: "audio/mpeg", ext: "mp3" } }, LIMITS).mediaType,
    ).toBe("audio");
    // A name without an extension is judged by its bytes alone.
    expect(checkUpload({ name: "blob", size: 10, sniffed: { mime: "image/jpeg", ext: "jpg" } }, LIMITS).extension).toBe(
      "jpg",
    );
  });

  it("refuses a file whose name says another kind than its bytes: a .png that is not a PNG, a renamed executable", () => {
    const jpegNamedPng = refusal(() =>
      checkUpload({ name: "photo.png", size: 10, sniffed: { mime: "image/jpeg", ext: "jpg" } }, LIMITS),
    );
    expect(jpegNamedPng.messageKey).toBe("media:validation.typeMismatch");
    expect(jpegNamedPng.details.fields).toEqual({ file: "media:validation.typeMismatch" });
    const exe = refusal(() =>
      checkUpload({ name: "holiday.png", size: 10, sniffed: { mime: "application/x-msdownload", ext: "exe" } }, LIMITS),
    );
    expect(exe.messageKey).toBe("media:validation.typeNotAccepted");
  });

  it("refuses bytes of no known kind (SVG, HTML and other text) and kinds outside images, videos and sounds", () => {
    expect(refusal(() => checkUpload({ name: "logo.svg", size: 10, sniffed: undefined }, LIMITS)).messageKey).toBe(
      "media:validation.typeNotAccepted",
    );
    expect(
      refusal(() =>
        checkUpload({ name: "doc.pdf", size: 10, sniffed: { mime: "application/pdf", ext: "pdf" } }, LIMITS),
      ).messageKey,
    ).toBe("media:validation.typeNotAccepted");
    expect(
      refusal(() => checkUpload({ name: "x.zip", size: 10, sniffed: { mime: "application/zip", ext: "zip" } }, LIMITS))
        .messageKey,
    ).toBe("media:validation.typeNotAccepted");
    // A prototype property is no accepted type.
    expect(
      refusal(() => checkUpload({ name: "x", size: 10, sniffed: { mime: "constructor", ext: "x" } }, LIMITS))
        .messageKey,
    ).toBe("media:validation.typeNotAccepted");
  });

  it("refuses an empty file as no file at all", () => {
    expect(refusal(() => checkUpload({ name: "a.png", size: 0, sniffed: undefined }, LIMITS)).messageKey).toBe(
      "media:validation.fileRequired",
    );
  });

  it("limits each kind to its own size, saying the limit in megabytes", () => {
    expect(checkUpload({ name: "a.png", size: 1000, sniffed: PNG }, LIMITS).mediaType).toBe("image");
    const big = refusal(() => checkUpload({ name: "a.png", size: 1001, sniffed: PNG }, LIMITS));
    expect(big.code).toBe("payload_too_large");
    expect(big.messageKey).toBe("media:validation.tooLarge");
    // The same size is within a video's limit.
    expect(
      checkUpload({ name: "a.webm", size: 4000, sniffed: { mime: "video/webm", ext: "webm" } }, LIMITS).mediaType,
    ).toBe("video");
    const mb = refusal(() =>
      checkUpload({ name: "a.png", size: 20 * 1024 * 1024, sniffed: PNG }, { ...LIMITS, image: 10 * 1024 * 1024 }),
    );
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
    for (const bad of [
      "media/../etc/passwd",
      "media/a/../../x.jpg",
      "/media/a/b.jpg",
      "media/a/b",
      "media/a/b.jpg/",
      "media/A/b.jpg",
      "media/a%2f/b.jpg",
      "media\\a\\b.jpg",
      "other/a/b.jpg",
    ]) {
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

describe("checking what ffprobe found in a video or a sound", () => {
  const MP4 = { mime: "video/mp4", mediaType: "video", extension: "mp4" } as const;
  const MP3 = { mime: "audio/mpeg", mediaType: "audio", extension: "mp3" } as const;
  const video = (changes: Partial<ProbeReport> = {}): ProbeReport => ({
    containers: ["mov", "mp4", "m4a", "3gp", "3g2", "mj2"],
    durationSeconds: 12.345,
    video: [{ codec: "h264", width: 1920, height: 1080 }],
    audio: [{ codec: "aac" }],
    ...changes,
  });

  it("keeps a playable video's length, picture size and codecs", () => {
    expect(checkProbe(MP4, video())).toEqual({ durationMs: 12_345, width: 1920, height: 1080, codecs: "h264, aac" });
  });

  it("refuses what ffprobe could not read, another container, no video stream, no length, an unplayable codec, an 8K-plus picture", () => {
    expect(refusal(() => checkProbe(MP4, null)).messageKey).toBe("media:validation.videoUnreadable");
    expect(refusal(() => checkProbe(MP4, video({ containers: ["matroska", "webm"] }))).messageKey).toBe(
      "media:validation.notWhatItClaims",
    );
    expect(refusal(() => checkProbe(MP4, video({ video: [] }))).messageKey).toBe("media:validation.notWhatItClaims");
    expect(refusal(() => checkProbe(MP4, video({ durationSeconds: null }))).messageKey).toBe(
      "media:validation.videoUnreadable",
    );
    expect(refusal(() => checkProbe(MP4, video({ durationSeconds: 0 }))).messageKey).toBe(
      "media:validation.videoUnreadable",
    );
    const codec = refusal(() => checkProbe(MP4, video({ video: [{ codec: "prores", width: 640, height: 480 }] })));
    expect(codec.messageKey).toBe("media:validation.videoCodecNotAccepted");
    expect(codec.details.params).toEqual({ codec: "prores" });
    expect(refusal(() => checkProbe(MP4, video({ video: [{ codec: "h264", width: 0, height: 0 }] }))).messageKey).toBe(
      "media:validation.videoUnreadable",
    );
    expect(
      refusal(() => checkProbe(MP4, video({ video: [{ codec: "h264", width: 10_000, height: 100 }] }))).messageKey,
    ).toBe("media:validation.videoTooLarge");
  });

  it("takes a sound with a cover picture as a sound, and refuses an MP3 that holds another codec", () => {
    const withCover = reportFrom({
      format: { format_name: "mp3", duration: "3.5" },
      streams: [
        { codec_type: "audio", codec_name: "mp3" },
        { codec_type: "video", codec_name: "mjpeg", width: 500, height: 500, disposition: { attached_pic: 1 } },
      ],
    });
    expect(withCover.video).toEqual([]);
    expect(checkProbe(MP3, withCover)).toEqual({ durationMs: 3500, width: null, height: null, codecs: "mp3" });
    const disguised = reportFrom({
      format: { format_name: "mp3", duration: "3.5" },
      streams: [{ codec_type: "audio", codec_name: "mp2" }],
    });
    expect(refusal(() => checkProbe(MP3, disguised)).messageKey).toBe("media:validation.notWhatItClaims");
    expect(
      refusal(() =>
        checkProbe(
          MP3,
          reportFrom({
            format: { format_name: "wav", duration: "1" },
            streams: [{ codec_type: "audio", codec_name: "pcm_s16le" }],
          }),
        ),
      ).messageKey,
    ).toBe("media:validation.notWhatItClaims");
  });
});

describe("answering a Range header", () => {
  it("answers one range as a span clamped to the file, and the rest as the whole file or unsatisfiable", () => {
    expect(answerRange(undefined, 1000)).toEqual({ kind: "whole" });
    expect(answerRange("bytes=0-99", 1000)).toEqual({ kind: "partial", span: { start: 0, end: 99 } });
    expect(answerRange("bytes=100-", 1000)).toEqual({ kind: "partial", span: { start: 100, end: 999 } });
    expect(answerRange("bytes=-500", 1000)).toEqual({ kind: "partial", span: { start: 500, end: 999 } });
    expect(answerRange("bytes=-5000", 1000)).toEqual({ kind: "partial", span: { start: 0, end: 999 } });
    expect(answerRange("bytes=990-5000", 1000)).toEqual({ kind: "partial", span: { start: 990, end: 999 } });
    expect(answerRange("Bytes = 5-5", 1000)).toEqual({ kind: "partial", span: { start: 5, end: 5 } });
    expect(answerRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(answerRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
    for (const ignored of ["bytes=0-1,5-9", "bytes=50-10", "bytes=-", "bytes=a-b", "pages=1-2", "bytes=0-1;x"]) {
      expect(answerRange(ignored, 1000), ignored).toEqual({ kind: "whole" });
    }
  });
});
