import { createReadStream, type ReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { randomUUID } from "node:crypto";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { isStorageKey } from "./rules.ts";

/** Bytes `start` to `end` of a file, both included (an HTTP byte range, already checked against the size). */
export interface ByteSpan {
  start: number;
  end: number;
}

/**
 * Where uploaded files live. Keys are ours (see isStorageKey), never a visitor's file name; every server
 * of a deployment must see the same files, so a shared bucket is the choice for more than one server.
 * Files go in and come out as streams: a 100 MiB video is never held in memory.
 */
export interface MediaStorage {
  readonly kind: "directory" | "s3";
  /** A folder on this server's disk where an upload is written as it arrives, before it is checked and stored. */
  readonly stagingDir: string;
  /** Stores bytes made here (an image's re-encoded copies). */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Stores a file from this server's disk, taking it (it is moved or removed). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The file's size in bytes, or null when there is none under that key. */
  size(key: string): Promise<number | null>;
  /** The file's bytes (or one span of them) as they are read; null when there is none under that key. */
  read(key: string, span?: ByteSpan): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

function checkKey(key: string): void {
  // A bug, not a visitor's mistake: keys are built by the service, and read keys are checked at the edge.
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

const CHUNK_BYTES = 64 * 1024;

/**
 * A Node stream as a web stream that reads its next chunk only when the reader asks for it (pull), so a
 * slow client holds back the disk or the bucket instead of the file piling up in memory.
 */
function pulled(source: AsyncIterable<Uint8Array> & { destroy(): void }): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel() {
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Files in a directory (by default `DATA_DIR/uploads`): for one server, or several sharing a network disk. */
export class DirectoryStorage implements MediaStorage {
  readonly kind = "directory";
  readonly stagingDir: string;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
    // Inside the root, so that storing an upload is a rename on the same disk, not a copy.
    this.stagingDir = join(this.root, ".staging");
  }

  private pathOf(key: string): string {
    checkKey(key);
    const path = resolve(this.root, ...key.split("/"));
    // The key's pattern already forbids it; this keeps a future pattern change from reaching outside.
    if (!path.startsWith(this.root + sep)) throw new Error("Storage key outside the storage root");
    return path;
  }

  // A file's type is not kept beside it: it is served with the type its key's extension names (servedContentType).
  async put(key: string, body: Uint8Array, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const partial = join(dirname(path), `.${randomUUID()}.partial`);
    await writeFile(partial, body);
    await rename(partial, path);
  }

  async putFile(key: string, path: string, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(path, target);
    } catch (error) {
      // MEDIA_DIR on another disk than the staging folder cannot happen with the default layout, but a
      // mount inside the root could: copy beside, then rename, so a reader still never sees half a file.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      const partial = join(dirname(target), `.${randomUUID()}.partial`);
      await copyFile(path, partial);
      await rename(partial, target);
      await rm(path, { force: true });
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async read(key: string, span?: ByteSpan): Promise<ReadableStream<Uint8Array> | null> {
    const path = this.pathOf(key);
    const stream: ReadStream = createReadStream(path, {
      highWaterMark: CHUNK_BYTES,
      ...(span ? { start: span.start, end: span.end } : {}),
    });
    // The file is opened before the answer starts, so that a missing one is a 404, not a broken body.
    const opened = await new Promise<NodeJS.ErrnoException | null>((done) => {
      stream.once("ready", () => done(null));
      stream.once("error", (error) => done(error));
    });
    if (opened) {
      stream.destroy();
      if (opened.code === "ENOENT" || opened.code === "EISDIR") return null;
      throw opened;
    }
    return pulled(stream);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, Spaces...); AWS's own when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path rather than the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Prepended to every key, so that one bucket can hold several sites' files. */
  prefix?: string;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** Files in an S3-compatible bucket, shared by every app server. */
export class S3Storage implements MediaStorage {
  readonly kind = "s3";
  readonly stagingDir = join(tmpdir(), "atelier-media-staging");
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? options.prefix.replace(/\/+$/, "") + "/" : "";
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      maxAttempts: 3,
      // A streamed body is sent as it is read, with its length and no checksum trailer (aws-chunked
      // encoding, which some S3-compatible services refuse): a checksum only where S3 requires one.
      requestChecksumCalculation: "WHEN_REQUIRED",
    });
  }

  private objectKey(key: string): string {
    checkKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.byteLength,
        // Keys are never reused, so whoever reads the bucket directly (a CDN) may keep files for good.
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    try {
      const { size } = await stat(path);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: createReadStream(path, { highWaterMark: CHUNK_BYTES }),
          ContentType: contentType,
          ContentLength: size,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    } finally {
      await rm(path, { force: true });
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return answer.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, span?: ByteSpan): Promise<ReadableStream<Uint8Array> | null> {
    try {
      const range = span ? `bytes=${span.start}-${span.end}` : undefined;
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Range: range }),
      );
      if (!answer.Body) return null;
      return pulled(answer.Body as unknown as AsyncIterable<Uint8Array> & { destroy(): void });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** The storage the configuration names: the bucket when MEDIA_S3_BUCKET is set, else MEDIA_DIR or DATA_DIR/uploads. */
export function createMediaStorage(config: {
  DATA_DIR: string;
  MEDIA_DIR?: string;
  MEDIA_S3_BUCKET?: string;
  MEDIA_S3_REGION: string;
  MEDIA_S3_ENDPOINT?: string;
  MEDIA_S3_ACCESS_KEY_ID?: string;
  MEDIA_S3_SECRET_ACCESS_KEY?: string;
  MEDIA_S3_FORCE_PATH_STYLE?: boolean;
  MEDIA_S3_PREFIX?: string;
}): MediaStorage {
  if (config.MEDIA_S3_BUCKET) {
    return new S3Storage({
      bucket: config.MEDIA_S3_BUCKET,
      region: config.MEDIA_S3_REGION,
      endpoint: config.MEDIA_S3_ENDPOINT,
      accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE ?? Boolean(config.MEDIA_S3_ENDPOINT),
      prefix: config.MEDIA_S3_PREFIX,
    });
  }
  return new DirectoryStorage(config.MEDIA_DIR ?? join(config.DATA_DIR, "uploads"));
}
