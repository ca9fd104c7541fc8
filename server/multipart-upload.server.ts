import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { DomainError } from "../core/errors.ts";
import type { UploadedFile } from "../core/media/service.server.ts";

/** A form with one file, as received: its text fields, and the file written to disk (or null when none came). */
export interface ReceivedUpload {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

export interface ReceiveOptions {
  /** Where the file is to be written (a new path in the storage's staging folder). */
  stagingPath: () => Promise<string>;
  /** The most a file may hold; the rest of a longer one is not written. */
  maxFileBytes: number;
  /** The most one text field may hold. */
  maxFieldBytes: number;
}

const FILE_FIELD = "file";
const brokenForm = () =>
  new DomainError("validation", "media:validation.formIncomplete", {
    fields: { file: "media:validation.formIncomplete" },
  });

/**
 * Reads a multipart (or URL-encoded) upload form as it arrives, with busboy: the text fields are kept,
 * the file named "file" is written straight to the staging folder, so memory holds a few chunks of it at
 * a time, whatever its size. A body that is not a form reads as no fields and no file (the service then
 * answers "Title is required"). A file longer than `maxFileBytes` is a 413; a form cut short is a 400.
 * On any failure the staged file is removed.
 */
export async function receiveUpload(request: Request, options: ReceiveOptions): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  const contentType = request.headers.get("content-type") ?? "";
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fields: 20, parts: 24, fieldSize: options.maxFieldBytes, fileSize: options.maxFileBytes },
    });
  } catch {
    // Not multipart/form-data nor URL-encoded (JSON, say): nothing to read as a form.
    await request.body?.cancel().catch(() => {});
    return { fields, file: null };
  }
  if (!request.body) return { fields, file: null };
  // Named before the form is read, so that the file part is piped to disk the moment it starts.
  const stagingPath = await options.stagingPath();

  let file: UploadedFile | null = null;
  let writing: Promise<void> | null = null;
  let tooLarge = false;
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) tooLarge = true;
    else if (!Object.hasOwn(fields, name)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== FILE_FIELD || writing) {
      stream.resume();
      return;
    }
    const staged: UploadedFile = { name: (info.filename ?? "").slice(0, 255), path: stagingPath, size: 0 };
    file = staged;
    stream.on("limit", () => (tooLarge = true));
    const out = createWriteStream(stagingPath);
    writing = pipeline(stream, out).then(() => {
      staged.size = out.bytesWritten;
    });
    // The pipeline's failure is reported below, once the whole form has been read.
    writing.catch(() => {});
  });

  try {
    await pipeline(Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>), parser);
    if (writing) await writing;
  } catch {
    await discard(file);
    // A body cut short, or not the form its boundary announces: the visitor's request, not our fault.
    throw brokenForm();
  }
  if (tooLarge) {
    await discard(file);
    throw new DomainError("payload_too_large", "errors:payloadTooLarge");
  }
  return { fields, file };
}

async function discard(file: UploadedFile | null): Promise<void> {
  if (file?.path) await rm(file.path, { force: true });
}
