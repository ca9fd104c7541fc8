import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "../../db/client.server.ts";
import type { StoredSize } from "../../db/schema/media.ts";
import { ContentEvents, SnapshotCache } from "../cache/content-cache.ts";
import { readPage, type Page, type PageRequest } from "../paging/rules.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { parseId } from "../ids.ts";
import { COMMENT_PAGE_SIZE, offsetOf, pageInfo, PAGE_SIZE, type PageInfo } from "../paging/rules.ts";
import { FORM_BUDGETS, spentBudget, type RateLimitRule } from "../rate-limit/rules.ts";
import { RateLimitService } from "../rate-limit/service.server.ts";
import { PREVIEW_LIFETIME_MS } from "./limits.ts";
import type { MediaProbe } from "./probe.server.ts";
import { processImage, sniffFile } from "./processing.server.ts";
import { MediaRepo, type MediaCommentRow, type MediaRow, type NewMediaRow } from "./repo.server.ts";
import { checkProbe, checkUpload, type ProbedFacts, type SizeLimits } from "./rules.ts";
import {
  galleryQuerySchema,
  mediaCommentInputSchema,
  mediaUpdateSchema,
  uploadFieldsSchema,
  type AdminMedia,
  type ModerationMediaComment,
  type PublicMedia,
  type PublicMediaComment,
} from "./schema.ts";
import type { ByteSpan, MediaStorage } from "./storage.server.ts";

/** The address a stored file is served from (see server/media-files.server.ts). */
export const UPLOADS_PATH = "/uploads/";
export const fileUrl = (key: string) => UPLOADS_PATH + key;

const mediaNotFound = () => new DomainError("not_found", "media:errors.notFound");
const commentNotFound = () => new DomainError("not_found", "media:errors.commentNotFound");
const fileRequired = () =>
  new DomainError("validation", "media:validation.fileRequired", { fields: { file: "media:validation.fileRequired" } });

function toPublic(row: MediaRow): PublicMedia {
  const url = fileUrl(row.fileKey);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    language: row.language,
    mediaType: row.mediaType,
    type: row.mediaType,
    category: row.category,
    clientName: row.clientName,
    projectType: row.projectType,
    featured: row.featured,
    sortOrder: row.sortOrder,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationMs === null ? null : row.durationMs / 1000,
    codecs: row.codecs,
    mediaUrl: url,
    url,
    thumbnailUrl: row.thumbnailKey ? fileUrl(row.thumbnailKey) : null,
    sizes: row.sizes.map((size) => ({ width: size.width, url: fileUrl(size.key) })),
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdmin(row: MediaRow & { pendingComments?: number }): AdminMedia {
  return {
    ...toPublic(row),
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    pendingComments: row.pendingComments ?? 0,
  };
}

function toPublicComment(row: MediaCommentRow): PublicMediaComment {
  return {
    id: row.id,
    mediaId: row.mediaId,
    authorName: row.authorName,
    content: row.content,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

function keysOf(row: Pick<MediaRow, "fileKey" | "thumbnailKey" | "sizes">): string[] {
  return [row.fileKey, ...(row.thumbnailKey ? [row.thumbnailKey] : []), ...row.sizes.map((size) => size.key)];
}

/** The folder of a storage key ("media/<folder>/original.mp4"), which names its item. */
const folderOf = (key: string) => key.split("/")[1] ?? "";

/** The item's addresses with its preview token, for the uploader of an item still waiting for approval. */
function withPreview(item: AdminMedia, token: string): AdminMedia {
  const signed = (url: string) => `${url}?preview=${encodeURIComponent(token)}`;
  return {
    ...item,
    mediaUrl: signed(item.mediaUrl),
    url: signed(item.url),
    thumbnailUrl: item.thumbnailUrl ? signed(item.thumbnailUrl) : null,
    sizes: item.sizes.map((size) => ({ ...size, url: signed(size.url) })),
  };
}

/** An upload as the edge received it: written to a file in the storage's staging folder, which the service then owns. */
export interface UploadedFile {
  name: string;
  path: string;
  size: number;
}

/** Who may read a stored file: anyone (a published item's), only this viewer (private), or nobody (not found). */
export type FileAccess = "public" | "private" | null;

/** Signs and checks the short-lived preview addresses of pending uploads (see Signing.expiringToken). */
export interface PreviewSigner {
  expiringToken(purpose: string, subject: string, expiresAt: number): Promise<string>;
  checkExpiringToken(purpose: string, subject: string, token: string): Promise<boolean>;
}

const PREVIEW_PURPOSE = "media-preview";

/** Who uploads: staff publish at once; a visitor's upload waits for approval and counts against their address. */
export interface Uploader {
  staff: boolean;
  userId?: string | null;
  /** The client's address; absent for the application's own uploads (the demo seed). */
  address?: string;
  language?: string;
}

export interface MediaOptions {
  storage: MediaStorage;
  limits: SizeLimits;
  /** Visitors' uploads per address and hour. */
  uploadsPerAddress: number;
  rateLimits?: RateLimitService;
  content?: ContentEvents;
  /** Reads videos' and sounds' headers before they are accepted. */
  probe: MediaProbe;
  previews: PreviewSigner;
}

/** One page of the public gallery and where it stands among the others. */
export interface MediaPage {
  items: PublicMedia[];
  paging: PageInfo;
}

/** One page of an item's approved comments. */
export interface MediaCommentPage {
  comments: PublicMediaComment[];
  paging: PageInfo;
}

/** The media portfolio: uploads, the public gallery, comments, and staff editing and moderation. */
export class MediaService {
  private readonly repo: MediaRepo;
  private readonly storage: MediaStorage;
  private readonly rateLimits: RateLimitService;
  private readonly content: ContentEvents;
  /** How many media items there are, for the staff list's pages, kept until one changes. */
  private readonly staffTotal: SnapshotCache<"all", number>;
  readonly limits: SizeLimits;
  readonly probe: MediaProbe;
  private readonly previews: PreviewSigner;
  private readonly uploadRule: RateLimitRule;
  /** Published items by category ("all" for every one), kept until the gallery changes ("media"). */
  private readonly counts: SnapshotCache<string, number>;

  constructor(db: Database, options: MediaOptions) {
    this.repo = new MediaRepo(db);
    this.storage = options.storage;
    this.limits = options.limits;
    this.rateLimits = options.rateLimits ?? new RateLimitService(db);
    this.content = options.content ?? new ContentEvents();
    this.staffTotal = new SnapshotCache(this.content, "media");
    this.probe = options.probe;
    this.previews = options.previews;
    this.counts = new SnapshotCache(this.content, "media");
    this.uploadRule = { name: "media-upload:address", limit: options.uploadsPerAddress, windowMs: 60 * 60_000 };
  }

  /** A new file name in the storage's staging folder, where the edge writes an upload as it arrives. */
  async stagingPath(): Promise<string> {
    await mkdir(this.storage.stagingDir, { recursive: true });
    return join(this.storage.stagingDir, `${randomUUID()}.upload`);
  }

  /** Bytes made by the application itself (the demo seed), staged like an upload. */
  async stage(name: string, bytes: Uint8Array): Promise<UploadedFile> {
    const path = await this.stagingPath();
    await writeFile(path, bytes);
    return { name, path, size: bytes.byteLength };
  }

  /**
   * Stores an upload: the fields checked (title required), the visitor's budget counted, the file's type
   * sniffed from its bytes and checked against its name and its kind's size limit, videos and sounds
   * probed (container, codec, length, picture size), images re-encoded without metadata with their
   * thumbnail and responsive copies. Nothing is stored when any check fails, and the staged file is
   * always gone afterwards (moved into the storage, or removed). A visitor's answer carries preview
   * addresses that work for PREVIEW_LIFETIME_MS, since the item is not public yet.
   */
  async upload(fields: unknown, file: UploadedFile | null, by: Uploader): Promise<AdminMedia> {
    try {
      const row = await this.store(fields, file, by);
      if (row.status === "published") return toAdmin(row);
      return withPreview(
        toAdmin(row),
        await this.previews.expiringToken(PREVIEW_PURPOSE, folderOf(row.fileKey), Date.now() + PREVIEW_LIFETIME_MS),
      );
    } finally {
      if (file) await rm(file.path, { force: true });
    }
  }

  private async store(fields: unknown, file: UploadedFile | null, by: Uploader): Promise<MediaRow> {
    const valid = parseOrThrow(uploadFieldsSchema, fields);
    if (!file || file.size === 0) throw fileRequired();
    if (!by.staff && by.address !== undefined) {
      const decision = await this.rateLimits.hit(this.uploadRule, by.address);
      if (!decision.allowed) throw spentBudget("media:errors.tooManyUploads", decision);
    }
    const accepted = checkUpload(
      { name: file.name, size: file.size, sniffed: await sniffFile(file.path) },
      this.limits,
    );
    const probed = accepted.mediaType === "image" ? null : await this.probed(accepted, file.path);
    const folder = `media/${randomUUID()}`;
    const stored: string[] = [];
    const put = async (name: string, extension: string, body: Uint8Array, contentType: string) => {
      const key = `${folder}/${name}.${extension}`;
      await this.storage.put(key, body, contentType);
      stored.push(key);
      return key;
    };
    try {
      let row: Omit<NewMediaRow, "title" | "description" | "category" | "language" | "status">;
      // Only videos and sounds are probed: no probe, an image.
      if (probed === null) {
        const image = await processImage(file.path, accepted.mime);
        const keys = new Map<string, string>();
        for (const variant of image.variants)
          keys.set(variant.name, await put(variant.name, variant.extension, variant.body, variant.contentType));
        const original = image.variants[0];
        const sizes: StoredSize[] = image.variants
          .filter((v) => v.name.startsWith("w"))
          .map((v) => ({ width: v.width, key: keys.get(v.name)! }));
        row = {
          mediaType: "image",
          mimeType: original.contentType,
          fileSize: original.body.byteLength,
          width: image.width,
          height: image.height,
          fileKey: keys.get("original")!,
          thumbnailKey: keys.get("thumb") ?? null,
          sizes,
        };
      } else {
        const key = `${folder}/original.${accepted.extension}`;
        // Moved (directory) or streamed (bucket) from the staging file: never read into memory.
        await this.storage.putFile(key, file.path, accepted.mime);
        stored.push(key);
        row = {
          mediaType: accepted.mediaType,
          mimeType: accepted.mime,
          fileSize: file.size,
          width: probed.width,
          height: probed.height,
          durationMs: probed.durationMs,
          codecs: probed.codecs,
          fileKey: key,
          sizes: [],
        };
      }
      const inserted = await this.repo.insert({
        ...row,
        title: valid.title,
        description: valid.description,
        category: valid.category,
        language: by.language === "fr" ? "fr" : "en",
        status: by.staff ? "published" : "pending",
        uploadedBy: by.userId ?? null,
      });
      // An upload awaiting approval is not shown, but the staff list's count is kept until the next change.
      this.content.changed("media");
      return inserted;
    } catch (error) {
      await Promise.allSettled(stored.map((key) => this.storage.delete(key)));
      throw error;
    }
  }

  /**
   * A video's or a sound's probed facts, or its refusal. Without ffprobe nothing can tell a real video
   * from a renamed file, so none is accepted (415) until it is installed; images are unaffected.
   */
  private async probed(accepted: ReturnType<typeof checkUpload>, path: string): Promise<ProbedFacts> {
    const availability = await this.probe.check();
    if (!availability.available)
      throw new DomainError("unsupported_media_type", "media:errors.probeUnavailable", {
        fields: { file: "media:errors.probeUnavailable" },
      });
    return checkProbe(accepted, await this.probe.probe(path));
  }

  /**
   * One page of published items, featured first, in one category when asked. A page past the last holds
   * no items; the caller decides whether that is a 404 (the page) or an empty list (the API).
   */
  async listPublishedPage(query: { category?: string | null; page?: number; limit?: number }): Promise<MediaPage> {
    const { category } = parseOrThrow(galleryQuerySchema, { category: query.category ?? undefined });
    const request = { page: query.page ?? 1, limit: query.limit ?? PAGE_SIZE };
    const key = category ?? "all";
    const [rows, total] = await Promise.all([
      this.repo.listPublishedPage(category ?? null, { offset: offsetOf(request), limit: request.limit }),
      // Counted once per category until the gallery changes (an upload by staff, an approval, an edit).
      this.counts.get(key, () => this.repo.countPublished(category ?? null)).then((count) => count.value),
    ]);
    return { items: rows.map(toPublic), paging: pageInfo(request, total) };
  }

  /** One published item, or not found (a pending upload is not public). */
  async getPublished(rawId: string | number): Promise<PublicMedia> {
    return toPublic(await this.publishedRow(rawId));
  }

  /** One page of a published item's approved comments, oldest first. */
  async listApprovedComments(
    rawId: string | number,
    query: { page?: number; limit?: number } = {},
  ): Promise<MediaCommentPage> {
    const row = await this.publishedRow(rawId);
    const request = { page: query.page ?? 1, limit: query.limit ?? COMMENT_PAGE_SIZE };
    const [rows, total] = await Promise.all([
      this.repo.listApprovedComments(row.id, { offset: offsetOf(request), limit: request.limit }),
      this.repo.countApprovedComments(row.id),
    ]);
    return { comments: rows.map(toPublicComment), paging: pageInfo(request, total) };
  }

  /** Stores a visitor's comment on a published item, unapproved until staff approve it (like blog comments). */
  async submitComment(
    rawId: string | number,
    input: unknown,
    from: { address?: string; language?: string } = {},
  ): Promise<PublicMediaComment & { approved: boolean }> {
    const row = await this.publishedRow(rawId);
    const valid = parseOrThrow(mediaCommentInputSchema, input);
    if (from.address !== undefined) await this.rateLimits.enforce(FORM_BUDGETS.comment, { address: from.address });
    const comment = await this.repo.insertComment({
      mediaId: row.id,
      authorName: valid.name,
      content: valid.comment,
      language: from.language === "fr" || from.language === "en" ? from.language : row.language,
      approved: false,
    });
    return { ...toPublicComment(comment), approved: comment.approved };
  }

  // --- staff -----------------------------------------------------------------------------------

  /** Every item, pending ones included, newest first, with its count of comments awaiting moderation. */
  /** One page of every media item, pending ones included, newest first (the staff list), counted once per change. */
  async listStaffPage(request: PageRequest): Promise<Page<AdminMedia>> {
    return readPage(
      request,
      (page) => this.repo.listPage(page),
      async () => (await this.staffTotal.get("all", () => this.repo.count())).value,
      (rows) => rows.map(toAdmin),
    );
  }

  /** The `limit` oldest uploads awaiting approval (the moderation queue, first come first served). */
  async listPending(limit: number): Promise<AdminMedia[]> {
    return (await this.repo.listPending(limit)).map(toAdmin);
  }

  async countPending(): Promise<number> {
    return this.repo.countPending();
  }

  async update(rawId: string | number, input: unknown): Promise<AdminMedia> {
    const id = parseId(rawId);
    if (id === null) throw mediaNotFound();
    const valid = parseOrThrow(mediaUpdateSchema, input);
    const row = await this.repo.update(id, valid);
    if (!row) throw mediaNotFound();
    this.content.changed("media");
    return toAdmin(row);
  }

  /** Approving publishes a pending upload. */
  async approve(rawId: string | number): Promise<AdminMedia> {
    return this.update(rawId, { status: "published" });
  }

  /** Deletes the item, its comments and its files. */
  async delete(rawId: string | number): Promise<void> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.delete(id);
    if (!row) throw mediaNotFound();
    this.content.changed("media");
    // The row is gone first: a file left behind by a storage failure is unreachable, never a broken item.
    await Promise.allSettled(keysOf(row).map((key) => this.storage.delete(key)));
  }

  /** A page of media comments for moderation, newest first: pending, approved, or all of them. */
  async listComments(
    status: "pending" | "approved" | "all",
    request: PageRequest,
  ): Promise<Page<ModerationMediaComment>> {
    const approved = status === "all" ? null : status === "approved";
    return readPage(
      request,
      (page) => this.repo.listCommentsForModeration(approved, page),
      () => this.repo.countComments(approved),
      (rows) => rows.map((row) => ({ ...toPublicComment(row), approved: row.approved, mediaTitle: row.mediaTitle })),
    );
  }

  async countPendingComments(): Promise<number> {
    return this.repo.countPendingComments();
  }

  async approveComment(rawId: string | number): Promise<PublicMediaComment> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.approveComment(id);
    if (!row) throw commentNotFound();
    this.content.changed("media");
    return toPublicComment(row);
  }

  /** Rejecting deletes the comment. */
  async rejectComment(rawId: string | number): Promise<void> {
    const id = parseId(rawId);
    if (id === null || !(await this.repo.deleteComment(id))) throw commentNotFound();
    this.content.changed("media");
  }

  /**
   * Who may read a stored file: anyone when its item is published; staff, and whoever holds the item's
   * unexpired preview token, while it waits for approval; nobody when no item owns it (not found).
   */
  async fileAccess(key: string, viewer: { staff: boolean; preview?: string }): Promise<FileAccess> {
    const folder = folderOf(key);
    const row = await this.repo.findByFolder(folder);
    if (!row || !keysOf(row).includes(key)) return null;
    if (row.status === "published") return "public";
    if (viewer.staff) return "private";
    if (viewer.preview && (await this.previews.checkExpiringToken(PREVIEW_PURPOSE, folder, viewer.preview)))
      return "private";
    return null;
  }

  /** A stored file's size, or null when it is missing; only keys of the media storage's shape are looked up. */
  async fileSize(key: string): Promise<number | null> {
    return this.storage.size(key);
  }

  /** A stored file's bytes, or one span of them, as a stream. */
  async readFile(key: string, span?: ByteSpan): Promise<ReadableStream<Uint8Array> | null> {
    return this.storage.read(key, span);
  }

  private async publishedRow(rawId: string | number): Promise<MediaRow> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    if (!row || row.status !== "published") throw mediaNotFound();
    return row;
  }
}
