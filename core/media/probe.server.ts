import { execFile } from "node:child_process";
import type { ProbeReport } from "./rules.ts";

/** Whether ffprobe can be run, and what it said when it could not. */
export type ProbeAvailability = { available: true; version: string } | { available: false; reason: string };

/** ffprobe's JSON (-show_format -show_streams), the fields read here. */
interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }>;
}

const seconds = (value: string | undefined): number | null => {
  const parsed = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

/** The facts the rules check, from ffprobe's JSON; a cover picture of a sound is not a video stream. */
export function reportFrom(output: FfprobeOutput): ProbeReport {
  const streams = (output.streams ?? []).filter((stream) => stream.disposition?.attached_pic !== 1);
  const video = streams.filter((stream) => stream.codec_type === "video");
  const audio = streams.filter((stream) => stream.codec_type === "audio");
  const durations = streams
    .map((stream) => seconds(stream.duration))
    .filter((value): value is number => value !== null);
  return {
    containers: (output.format?.format_name ?? "").split(",").filter(Boolean),
    durationSeconds: seconds(output.format?.duration) ?? (durations.length > 0 ? Math.max(...durations) : null),
    video: video.map((stream) => ({
      codec: stream.codec_name ?? "unknown",
      width: stream.width ?? 0,
      height: stream.height ?? 0,
    })),
    audio: audio.map((stream) => ({ codec: stream.codec_name ?? "unknown" })),
  };
}

/**
 * Reads a video's or a sound's headers with ffprobe (Debian's `ffmpeg` package), in a process of its own
 * with a time limit, so that a file crafted to stall or crash the demuxer harms neither the server nor
 * its memory.
 */
export class MediaProbe {
  private readonly command: string;
  private readonly timeoutMs: number;
  private availability: Promise<ProbeAvailability> | null = null;

  constructor(command = "ffprobe", timeoutMs = 30_000) {
    this.command = command;
    this.timeoutMs = timeoutMs;
  }

  /** Runs `ffprobe -version` once: whether videos and sounds can be checked on this server. */
  check(): Promise<ProbeAvailability> {
    this.availability ??= new Promise((resolve) => {
      execFile(this.command, ["-version"], { timeout: 10_000 }, (error, stdout) => {
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
          resolve({
            available: false,
            reason: missing
              ? `${this.command} was not found (install Debian's ffmpeg package, or set FFPROBE_PATH)`
              : `${this.command} -version failed: ${error.message}`,
          });
        } else resolve({ available: true, version: stdout.split("\n")[0] ?? "ffprobe" });
      });
    });
    return this.availability;
  }

  /** What the file holds, or null when ffprobe cannot make sense of it (not a media file, or damaged). */
  async probe(path: string): Promise<ProbeReport | null> {
    const args = ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "--", path];
    const output = await new Promise<string | null>((resolve, reject) => {
      execFile(this.command, args, { timeout: this.timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => {
        if (!error) return resolve(stdout);
        // Gone since the check (uninstalled while running): a server problem, not the visitor's file.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return reject(error);
        resolve(null);
      });
    });
    if (output === null) return null;
    try {
      return reportFrom(JSON.parse(output) as FfprobeOutput);
    } catch {
      return null;
    }
  }
}
