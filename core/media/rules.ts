import { DomainError } from "../errors.ts";
import type { MediaType } from "./limits.ts";

/**
 * The file kinds an upload may be, by the MIME type sniffed from its first bytes (never the name or the
 * browser's claim), with the file name extensions that may honestly carry each. Anything else (an
 * executable, a PDF, an archive, and text formats such as SVG and HTML, which a browser would run
 * scripts from) is refused.
 */
export const ACCEPTED_FORMATS = {
  "image/jpeg": { mediaType: "image", extensions: ["jpg", "jpeg", "jfif"] },
  "image/png": { mediaType: "image", extensions: ["png"] },
  "image/webp": { mediaType: "image", extensions: ["webp"] },
  "image/gif": { mediaType: "image", extensions: ["gif"] },
  "image/avif": { mediaType: "image", extensions: ["avif"] },
  "video/mp4": { mediaType: "video", extensions: ["mp4", "m4v"] },
  "video/webm": { mediaType: "video", extensions: ["webm"] },
  "video/quicktime": { mediaType: "video", extensions: ["mov", "qt"] },
  "audio/mpeg": { mediaType: "audio", extensions: ["mp3"] },
  "audio/wav": { mediaType: "audio", extensions: ["wav"] },
  "audio/ogg": { mediaType: "audio", extensions: ["ogg", "oga", "opus"] },
  "audio/opus": { mediaType: "audio", extensions: ["opus", "ogg"] },
  "audio/flac": { mediaType: "audio", extensions: ["flac"] },
  "audio/x-m4a": { mediaType: "audio", extensions: ["m4a", "mp4"] },
  "audio/aac": { mediaType: "audio", extensions: ["aac"] },
  "audio/webm": { mediaType: "audio", extensions: ["webm", "weba"] },
} as const satisfies Record<string, { mediaType: MediaType; extensions: readonly string[] }>;

export type AcceptedMime = keyof typeof ACCEPTED_FORMATS;

/** The largest file of each kind, in bytes (from MEDIA_MAX_*_BYTES). */
export type SizeLimits = Record<MediaType, number>;

/** What the bytes of an upload turned out to be, as a sniffer reports it (file-type's `{ ext, mime }`), or nothing. */
export interface SniffedType {
  mime: string;
  ext: string;
}

export interface AcceptedFile {
  mime: AcceptedMime;
  mediaType: MediaType;
  /** The extension stored files of this kind get: always ours, never the uploader's. */
  extension: string;
}

const refuse = (key: string, params?: Record<string, string | number>) =>
  new DomainError("validation", key, { fields: { file: key }, ...(params ? { params } : {}) });

/** The extension of a file name, lower case, or "" when it has none ("photo.JPG" → "jpg"). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
}

/** Megabytes with at most one decimal, for a refusal's message ("10 MB", "2.5 MB"). */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/**
 * Decides whether an upload is accepted from what its bytes are (`sniffed`), the name it came with and
 * its size. Refusals: an empty file, an unknown or unaccepted kind (SVG, HTML, executables...), a name
 * whose extension says another kind (a ".png" that is not a PNG), and a file over its kind's limit.
 */
export function checkUpload(
  file: { name: string; size: number; sniffed: SniffedType | undefined },
  limits: SizeLimits,
): AcceptedFile {
  if (file.size === 0) throw refuse("media:validation.fileRequired");
  const format =
    file.sniffed && Object.hasOwn(ACCEPTED_FORMATS, file.sniffed.mime)
      ? ACCEPTED_FORMATS[file.sniffed.mime as AcceptedMime]
      : null;
  if (!format || !file.sniffed) throw refuse("media:validation.typeNotAccepted");
  const declared = extensionOf(file.name);
  const extensions: readonly string[] = format.extensions;
  if (declared !== "" && !extensions.includes(declared))
    throw refuse("media:validation.typeMismatch", { extension: declared });
  const limit = limits[format.mediaType];
  if (file.size > limit)
    throw new DomainError("payload_too_large", "media:validation.tooLarge", {
      fields: { file: "media:validation.tooLarge" },
      params: { megabytes: megabytes(limit) },
    });
  return { mime: file.sniffed.mime as AcceptedMime, mediaType: format.mediaType, extension: extensions[0] };
}

/** The largest upload of any kind: what the upload route lets through before it looks at the file. */
export function largestLimit(limits: SizeLimits): number {
  return Math.max(limits.image, limits.video, limits.audio);
}

/**
 * The Content-Type a stored file is served with, from its key's extension: only the accepted kinds
 * (and the WebP copies we make) ever have one; anything else is served as a download of bytes.
 */
export function servedContentType(key: string): string {
  const extension = extensionOf(key);
  for (const [mime, format] of Object.entries(ACCEPTED_FORMATS)) {
    if ((format.extensions as readonly string[])[0] === extension) return mime;
  }
  return "application/octet-stream";
}

/**
 * A storage key: "media/" then folders and a file name made of lower-case letters, digits, "-" and "_",
 * with one extension. Nothing a path or a URL could turn into another place ("..", "/", "\", "%").
 */
const KEY = /^media\/[a-z0-9_-]{1,64}\/[a-z0-9_-]{1,64}\.[a-z0-9]{1,5}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** What ffprobe found in a video or a sound (see probe.server.ts). */
export interface ProbeReport {
  /** The demuxer's names for the container ("mov", "mp4", "m4a"...; "matroska", "webm"). */
  containers: string[];
  durationSeconds: number | null;
  video: Array<{ codec: string; width: number; height: number }>;
  audio: Array<{ codec: string }>;
}

/** The probed facts kept with an accepted video or sound. */
export interface ProbedFacts {
  durationMs: number;
  width: number | null;
  height: number | null;
  codecs: string;
}

/** The containers each accepted video and sound type must turn out to be, and the codecs browsers play in them. */
const PROBED_FORMATS: Record<string, { containers: string[]; codecs: RegExp }> = {
  "video/mp4": { containers: ["mp4", "mov"], codecs: /^(h264|hevc|av1|vp9)$/ },
  "video/quicktime": { containers: ["mov", "mp4"], codecs: /^(h264|hevc)$/ },
  "video/webm": { containers: ["webm", "matroska"], codecs: /^(vp8|vp9|av1)$/ },
  "audio/mpeg": { containers: ["mp3"], codecs: /^mp3$/ },
  "audio/wav": { containers: ["wav"], codecs: /^pcm_/ },
  "audio/ogg": { containers: ["ogg"], codecs: /^(vorbis|opus|flac)$/ },
  "audio/opus": { containers: ["ogg"], codecs: /^opus$/ },
  "audio/flac": { containers: ["flac"], codecs: /^flac$/ },
  "audio/x-m4a": { containers: ["m4a", "mp4", "mov"], codecs: /^(aac|alac)$/ },
  "audio/aac": { containers: ["aac"], codecs: /^aac$/ },
  "audio/webm": { containers: ["webm", "matroska"], codecs: /^(opus|vorbis)$/ },
};

/** The widest side a video may have: 8K. */
export const MAX_VIDEO_SIDE = 8192;

/**
 * Decides whether a video or a sound is what its sniffed type claims, from what ffprobe read in it:
 * the container must be that type's, a video must hold a video stream of a codec browsers play with its
 * picture's size, a sound an audio stream of its format's codec, and both a length. `report` is null
 * when ffprobe could not read the file at all.
 */
export function checkProbe(accepted: AcceptedFile, report: ProbeReport | null): ProbedFacts {
  const kind = accepted.mediaType === "video" ? "video" : "audio";
  const unreadable = refuse(`media:validation.${kind}Unreadable`);
  const format = PROBED_FORMATS[accepted.mime];
  if (!format || !report) throw unreadable;
  if (!report.containers.some((name) => format.containers.includes(name)))
    throw refuse("media:validation.notWhatItClaims", { extension: accepted.extension });
  if (report.durationSeconds === null || !(report.durationSeconds > 0)) throw unreadable;
  const durationMs = Math.round(report.durationSeconds * 1000);
  if (kind === "video") {
    const [video] = report.video;
    if (!video) throw refuse("media:validation.notWhatItClaims", { extension: accepted.extension });
    if (!format.codecs.test(video.codec))
      throw refuse("media:validation.videoCodecNotAccepted", { codec: video.codec });
    if (!(video.width > 0 && video.height > 0)) throw unreadable;
    if (video.width > MAX_VIDEO_SIDE || video.height > MAX_VIDEO_SIDE)
      throw refuse("media:validation.videoTooLarge", { pixels: MAX_VIDEO_SIDE });
    return {
      durationMs,
      width: video.width,
      height: video.height,
      codecs: [video.codec, ...report.audio.map((a) => a.codec)].join(", "),
    };
  }
  const [audio] = report.audio;
  if (!audio) throw refuse("media:validation.notWhatItClaims", { extension: accepted.extension });
  if (!format.codecs.test(audio.codec))
    throw refuse("media:validation.notWhatItClaims", { extension: accepted.extension });
  return { durationMs, width: null, height: null, codecs: audio.codec };
}
