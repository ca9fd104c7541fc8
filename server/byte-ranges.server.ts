import type { ByteSpan } from "../core/media/storage.server.ts";

/**
 * What to answer a request's Range header with, for a file of `size` bytes (RFC 9110, section 14):
 * - "whole": 200 with the whole file: no Range, a unit other than bytes, a header that does not parse,
 *   or several ranges (decision 29: browsers never ask for several; answering them whole is allowed and
 *   shuts out the overlapping-ranges amplification that multipart answers invite);
 * - "partial": 206 with one span, clamped to the file (`bytes=0-99`, `bytes=100-`, `bytes=-500`);
 * - "unsatisfiable": 416 with `Content-Range: bytes *\/size` (a start at or past the end, `bytes=-0`).
 */
export type RangeAnswer = { kind: "whole" } | { kind: "partial"; span: ByteSpan } | { kind: "unsatisfiable" };

const SPEC = /^(\d*)-(\d*)$/;

export function answerRange(header: string | undefined, size: number): RangeAnswer {
  const whole = { kind: "whole" } as const;
  if (!header) return whole;
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return whole;
  const specs = match[1].split(",").map((spec) => spec.trim());
  if (specs.length !== 1) return whole;
  const parts = SPEC.exec(specs[0]);
  if (!parts || (parts[1] === "" && parts[2] === "")) return whole;
  const [first, last] = [parts[1], parts[2]];
  if (first === "") {
    // A suffix: the last N bytes, or the whole file when it is shorter.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", span: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  // last < first is an invalid range, which RFC 9110 lets a server ignore: the whole file.
  if (last !== "" && Number(last) < start) return whole;
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", span: { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) } };
}
