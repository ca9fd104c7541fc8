import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { randomUUID } from "node:crypto";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { isStorageKey } from "./rules.ts";

/** A stored file as read back. */
export interface StoredFile {
  body: Uint8Array;
  size: number;
}

/**
 * Where uploaded files live. Keys are ours (see isStorageKey), never a visitor's file name; every server
 * of a deployment must see the same files, so a shared bucket is the choice for more than one server.
 */
export interface MediaStorage {
  readonly kind: "directory" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

function checkKey(key: string): void {
  // A bug, not a visitor's mistake: keys are built by the service, and read keys are checked at the edge.
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Files in a directory (by default `DATA_DIR/uploads`): for one server, or several sharing a network disk. */
export class DirectoryStorage implements MediaStorage {
  readonly kind = "directory";
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
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

  async get(key: string): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const body = new Uint8Array(await readFile(path));
      return { body, size: body.byteLength };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
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

/** Files in an S3-compatible bucket, shared by every app server. */
export class S3Storage implements MediaStorage {
  readonly kind = "s3";
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
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      maxAttempts: 3,
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

  async get(key: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!answer.Body) return null;
      const body = await answer.Body.transformToByteArray();
      return { body, size: body.byteLength };
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
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
