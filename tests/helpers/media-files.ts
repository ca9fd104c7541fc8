import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";

/** A JPEG from a camera that recorded where it was: EXIF with the maker, the model and a GPS position (Paris). */
export async function jpegWithGps(width = 2000, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam", Model: "Model-GPS-7" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 7/1" },
    })
    .toBuffer();
}

export async function png(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: "#2e86de" } })
    .png()
    .toBuffer();
}

/** The start of a Windows executable (an "MZ" header and the PE signature file-type looks for). */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  return bytes;
}

export const SVG_WITH_SCRIPT = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`;

/** True when the bytes hold an EXIF block (the "Exif\0\0" header of an APP1 segment, or PNG's eXIf chunk). */
export function hasExif(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString("latin1");
  return text.includes("Exif\0\0") || text.includes("eXIf");
}

/**
 * A small real video or sound made by ffmpeg (Debian's ffmpeg package, which the project's scripts
 * install): `kind` picks the codecs, `seconds` the length. Returned as the file's bytes.
 */
export async function ffmpegMedia(kind: "mp4" | "webm" | "mp3" | "mp4-mpeg4", seconds = 1): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "atelier-ffmpeg-"));
  const picture = ["-f", "lavfi", "-i", `testsrc=size=64x48:rate=10:duration=${seconds}`];
  const tone = ["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=8000:duration=${seconds}`];
  const recipes = {
    mp4: {
      ext: "mp4",
      args: [...picture, ...tone, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart"],
    },
    "mp4-mpeg4": { ext: "mp4", args: [...picture, "-c:v", "mpeg4"] },
    webm: { ext: "webm", args: [...picture, "-c:v", "libvpx", "-b:v", "100k"] },
    mp3: { ext: "mp3", args: [...tone, "-c:a", "libmp3lame"] },
  } as const;
  const recipe = recipes[kind];
  const out = join(dir, `out.${recipe.ext}`);
  try {
    await new Promise<void>((resolve, reject) =>
      execFile("ffmpeg", ["-v", "error", "-y", ...recipe.args, "-t", String(seconds), out], (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A WAV file holding `data` as its samples: stored as sent, so its bytes come back unchanged. */
export function wavOf(data: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "latin1");
  header.write("fmt ", 12, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
