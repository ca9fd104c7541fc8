import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminMedia, PublicMedia } from "../../core/media/schema.ts";
import { FORM_BUDGETS } from "../../core/rate-limit/rules.ts";
import { FakeS3 } from "../helpers/fake-s3.ts";
import { hasExif, jpegWithGps, png, SVG_WITH_SCRIPT, wavOf, windowsExecutable } from "../helpers/media-files.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9", "x-page-language": "fr" };

function form(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array | string; name: string; type?: string },
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  if (file)
    data.set("file", new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/octet-stream" }));
  return data;
}

/** A silent PCM WAV file of about `bytes` bytes. */
const wav = (bytes: number) => wavOf(Buffer.alloc(Math.floor(bytes) - 44));

async function listFiles(root: string): Promise<string[]> {
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe("media API on the directory storage", () => {
  let t: TestApp;
  let visitor: TestClient;
  let staff: TestClient;
  let dir: string;

  const upload = (
    client: TestClient,
    fields: Record<string, string>,
    file?: Parameters<typeof form>[1],
    headers: Record<string, string> = {},
  ) => client.request("/api/media", { method: "POST", body: form(fields, file), headers });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "atelier-media-api-"));
    t = await createTestApp({
      MEDIA_DIR: dir,
      MEDIA_MAX_IMAGE_BYTES: String(2 * 1024 * 1024),
      MEDIA_MAX_AUDIO_BYTES: String(1024 * 1024),
      MEDIA_MAX_VIDEO_BYTES: String(2 * 1024 * 1024),
      MEDIA_UPLOADS_PER_ADDRESS: "8",
    });
    visitor = t.client();
    staff = await signInAs(t, "staff");
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses an upload without a file or without a title, in the visitor's language, storing nothing", async () => {
    const noFile = await upload(visitor, { title: "Logo" });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({
      message: "Please select a file first!",
      fields: { file: "Please select a file first!" },
    });
    const noTitle = await upload(visitor, { title: "  " }, { bytes: await png(), name: "a.png" });
    expect(noTitle.status).toBe(400);
    expect((await noTitle.json()).fields).toEqual({ title: "Title is required" });
    const french = await upload(visitor, { title: "" }, { bytes: await png(), name: "a.png" }, FR);
    expect((await french.json()).fields.title).toBe("Le titre est obligatoire");
    // A JSON body, as the documents' client sent, has no file.
    const json = await visitor.request("/api/media", {
      method: "POST",
      json: { title: "x", mediaUrl: "/placeholder.png" },
    });
    expect(json.status).toBe(400);
    expect(await listFiles(dir)).toEqual([]);
  });

  it("refuses a renamed executable, a .png that is not a PNG, and an SVG carrying a script", async () => {
    const exe = await upload(
      visitor,
      { title: "Holiday" },
      { bytes: windowsExecutable(), name: "holiday.png", type: "image/png" },
    );
    expect(exe.status).toBe(400);
    expect((await exe.json()).message).toMatch(/not accepted/);
    const jpegAsPng = await upload(
      visitor,
      { title: "Photo" },
      { bytes: await jpegWithGps(40, 30), name: "photo.png", type: "image/png" },
    );
    expect(jpegAsPng.status).toBe(400);
    expect((await jpegAsPng.json()).message).toBe(
      "This file is not really a .png file: its content is of another type.",
    );
    const svg = await upload(
      visitor,
      { title: "Logo" },
      { bytes: SVG_WITH_SCRIPT, name: "logo.svg", type: "image/svg+xml" },
    );
    expect(svg.status).toBe(400);
    const html = await upload(
      visitor,
      { title: "Page" },
      { bytes: "<html><script>alert(1)</script></html>", name: "page.png", type: "image/png" },
    );
    expect(html.status).toBe(400);
    expect(await listFiles(dir)).toEqual([]);
  });

  it("refuses a file over its kind's size limit with 413, and a body over the largest limit before reading it", async () => {
    const sound = wav(1.2 * 1024 * 1024);
    const tooLong = await upload(visitor, { title: "Jingle" }, { bytes: sound, name: "jingle.wav" });
    expect(tooLong.status, await tooLong.clone().text()).toBe(413);
    expect((await tooLong.json()).message).toBe("This file is too large: the limit for its type is 1 MB.");
    // The same size is within an image's limit: the limit is the kind's.
    const fine = await upload(visitor, { title: "Short jingle" }, { bytes: wav(900 * 1024), name: "short.wav" });
    expect(fine.status).toBe(201);
    const jingle = await fine.json();
    expect(jingle).toMatchObject({ mediaType: "audio", mimeType: "audio/wav", thumbnailUrl: null, status: "pending" });
    expect((await visitor.request(jingle.url)).headers.get("content-type")).toBe("audio/wav");
    const huge = await upload(visitor, { title: "Huge" }, { bytes: Buffer.alloc(3 * 1024 * 1024), name: "huge.png" });
    expect(huge.status).toBe(413);
    // The same without a declared length (sent in chunks): the file stops being written at the limit.
    const boundary = "----atelier-chunked";
    const parts = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHuge\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.wav"\r\n\r\n`,
      ),
      ...Array.from({ length: 12 }, () => Buffer.alloc(256 * 1024, 1)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const chunked = await visitor.request("/api/media", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: new ReadableStream({
        pull(controller) {
          const next = parts.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).message).toBe("The request is too large.");
    expect(await listFiles(dir)).toHaveLength(1);
    expect((await staff.request(`/api/media/${jingle.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await listFiles(dir)).toEqual([]);
  });

  let pending: AdminMedia;

  it("keeps a visitor's JPEG pending, re-encoded without its GPS EXIF, with a thumbnail and responsive sizes", async () => {
    const input = await jpegWithGps();
    expect(hasExif(input)).toBe(true);
    const response = await upload(
      visitor,
      { title: "Atelier at dusk", description: "Shot on the roof.", category: "photography" },
      { bytes: input, name: "dusk.JPG", type: "image/jpeg" },
    );
    expect(response.status).toBe(201);
    pending = await response.json();
    expect(pending).toMatchObject({
      title: "Atelier at dusk",
      status: "pending",
      mediaType: "image",
      type: "image",
      mimeType: "image/jpeg",
      category: "photography",
      width: 2000,
      height: 1200,
      language: "en",
    });
    expect(pending.sizes.map((s) => s.width)).toEqual([480, 960, 1600]);
    // Its addresses carry the uploader's preview token: the files are not public yet.
    expect(pending.thumbnailUrl).toMatch(/^\/uploads\/media\/[a-f0-9-]+\/thumb\.webp\?preview=\d+\.[\w-]+$/);
    // Not in the public gallery, nor readable on its own, until approved.
    expect((await (await visitor.request("/api/media")).json()).map((m: PublicMedia) => m.id)).not.toContain(
      pending.id,
    );
    expect((await visitor.request(`/api/media/${pending.id}`)).status).toBe(404);

    for (const url of [pending.url, pending.thumbnailUrl!, ...pending.sizes.map((s) => s.url)]) {
      const file = await visitor.request(url);
      expect(file.status, url).toBe(200);
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(hasExif(bytes), url).toBe(false);
      expect(Buffer.from(bytes).toString("latin1")).not.toContain("SpyCam");
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    expect((await listFiles(dir)).length).toBe(5);
  });

  it("serves files with their own type, nosniff, inline only for media, and a sandboxing policy", async () => {
    const file = await visitor.request(pending.url);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toBe("inline");
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    // Still pending: seen through the uploader's preview address, and kept by no cache.
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    for (const bad of [
      "/uploads/media/../../etc/passwd",
      "/uploads/media/x/y.html",
      "/uploads/%2e%2e/x.jpg",
      "/uploads/media/nothing/here.jpg",
    ]) {
      expect((await visitor.request(bad)).status, bad).toBe(404);
    }
  });

  it("lets staff approve, edit and delete an item (its files go with it), and forbids it to visitors", async () => {
    expect((await visitor.request(`/api/admin/media/${pending.id}/approve`, { method: "POST" })).status).toBe(401);
    expect((await visitor.request(`/api/media/${pending.id}`, { method: "DELETE" })).status).toBe(401);
    const customer = await signInAs(t, "customer");
    expect((await customer.request("/api/admin/media")).status).toBe(403);

    const listed: AdminMedia[] = await (await staff.request("/api/admin/media")).json();
    expect(listed.find((m) => m.id === pending.id)?.status).toBe("pending");
    const approved = await staff.request(`/api/admin/media/${pending.id}/approve`, { method: "POST" });
    expect(approved.status).toBe(200);
    expect((await approved.json()).status).toBe("published");
    const gallery: PublicMedia[] = await (await visitor.request("/api/media?category=photography")).json();
    expect(gallery.map((m) => m.id)).toEqual([pending.id]);
    // Published: its plain address is public, and caches may keep it for good.
    const publicFile = await t.client().request(gallery[0].url);
    expect(publicFile.status).toBe(200);
    expect(publicFile.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(gallery[0]).not.toHaveProperty("status");
    expect(await (await visitor.request("/api/media?category=branding")).json()).toEqual([]);
    expect((await visitor.request("/api/media?category=nope")).status).toBe(400);

    const noTitle = await staff.request(`/api/media/${pending.id}`, { method: "PUT", json: { title: "" } });
    expect(noTitle.status).toBe(400);
    expect((await noTitle.json()).fields.title).toBe("Title is required");
    const edited = await staff.request(`/api/media/${pending.id}`, {
      method: "PUT",
      json: { title: "Dusk", featured: true, clientName: "Studio Nord", category: "branding" },
    });
    expect(await edited.json()).toMatchObject({
      title: "Dusk",
      featured: true,
      clientName: "Studio Nord",
      category: "branding",
    });

    const staffUpload = await upload(staff, { title: "Brand sheet" }, { bytes: await png(), name: "sheet.png" });
    expect(staffUpload.status).toBe(201);
    const published: AdminMedia = await staffUpload.json();
    expect(published.status).toBe("published");
    expect((await (await visitor.request("/api/media")).json()).map((m: PublicMedia) => m.id)).toContain(published.id);

    const before = (await listFiles(dir)).length;
    expect((await staff.request(`/api/media/${published.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await listFiles(dir)).length).toBe(before - 3);
    expect((await visitor.request(published.url)).status).toBe(404);
    expect((await staff.request(`/api/media/${published.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("keeps media comments for moderation like blog comments: name and comment required, public once approved", async () => {
    const missing = await visitor.request(`/api/media/${pending.id}/comments`, {
      method: "POST",
      json: { name: "Ana", comment: " " },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Please fill in both name and comment!");
    const noName = await visitor.request(`/api/media/${pending.id}/comments`, {
      method: "POST",
      json: { comment: "Lovely" },
    });
    expect(noName.status).toBe(400);

    const sent = await visitor.request(`/api/media/${pending.id}/comments`, {
      method: "POST",
      json: { name: "Ana", comment: "Lovely light <b>here</b>" },
      headers: FR,
    });
    expect(sent.status).toBe(201);
    const comment = await sent.json();
    expect(comment).toMatchObject({ approved: false, authorName: "Ana", language: "fr" });
    expect(await (await visitor.request(`/api/media/${pending.id}/comments`)).json()).toEqual([]);

    const queue = await (await staff.request("/api/admin/media-comments")).json();
    expect(queue).toEqual([expect.objectContaining({ id: comment.id, mediaTitle: "Dusk", approved: false })]);
    expect((await staff.request(`/api/admin/media-comments/${comment.id}/approve`, { method: "POST" })).status).toBe(
      200,
    );
    const shown = await (await visitor.request(`/api/media/${pending.id}/comments`)).json();
    expect(shown.map((c: { content: string }) => c.content)).toEqual(["Lovely light <b>here</b>"]);
    expect(await (await staff.request("/api/admin/media-comments")).json()).toEqual([]);

    const spam = await (
      await visitor.request(`/api/media/${pending.id}/comments`, {
        method: "POST",
        json: { name: "Bot", comment: "Buy now" },
      })
    ).json();
    expect((await staff.request(`/api/admin/media-comments/${spam.id}/reject`, { method: "POST" })).status).toBe(204);
    expect((await staff.request("/api/admin/media-comments?status=all")).status).toBe(200);
    expect((await staff.request(`/api/admin/media-comments/${spam.id}/reject`, { method: "POST" })).status).toBe(404);
    // A comment on an unknown item, or one not published, is "not found".
    expect(
      (await visitor.request("/api/media/999999/comments", { method: "POST", json: { name: "A", comment: "B" } }))
        .status,
    ).toBe(404);
  });

  it("limits comments per client address (60 in 10 minutes) with a translated 429 and Retry-After, storing no more", async () => {
    const send = (headers: Record<string, string> = {}) =>
      visitor.request(`/api/media/${pending.id}/comments`, {
        method: "POST",
        json: { name: "Bot", comment: "Same again" },
        headers,
      });
    // Earlier tests commented from this connection too: send until the budget is spent.
    let accepted = 0;
    let refused: Response | undefined;
    while (!refused) {
      const response = await send();
      if (response.status === 429) refused = response;
      else {
        expect(response.status).toBe(201);
        accepted += 1;
        expect(accepted).toBeLessThanOrEqual(FORM_BUDGETS.comment.perAddress.limit);
      }
    }
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(await refused.json()).toEqual({
      code: "rate_limited",
      message: "Too many messages from this connection. Please try again in 10 minutes.",
    });
    const french = await send(FR);
    expect(french.status).toBe(429);
    expect((await french.json()).message).toBe(
      "Trop de messages depuis cette connexion. Veuillez réessayer dans 10 minutes.",
    );
    expect(await (await staff.request("/api/admin/media-comments?limit=100")).json()).toHaveLength(accepted);
  });

  it("limits a visitor's uploads per address, with Retry-After; staff are not counted", async () => {
    const small = await png(64, 64);
    let last: Response | null = null;
    for (let i = 0; i < 10; i++) {
      last = await upload(visitor, { title: `Shot ${i}` }, { bytes: small, name: "shot.png" });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last!.json()).message).toMatch(/Too many uploads from this connection/);
    expect((await upload(staff, { title: "Still fine" }, { bytes: small, name: "ok.png" })).status).toBe(201);
  });
});

describe("media API on an S3-compatible bucket", () => {
  let t: TestApp;
  let s3: FakeS3;

  beforeAll(async () => {
    s3 = await new FakeS3("atelier-test", "AKIAMEDIA", "media-secret").start();
    t = await createTestApp({
      MEDIA_S3_BUCKET: "atelier-test",
      MEDIA_S3_ENDPOINT: s3.url,
      MEDIA_S3_ACCESS_KEY_ID: "AKIAMEDIA",
      MEDIA_S3_SECRET_ACCESS_KEY: "media-secret",
      MEDIA_S3_PREFIX: "site",
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it("stores every copy of an upload in the bucket, signed, and serves them back through the site", async () => {
    const staff = await signInAs(t, "staff");
    const response = await staff.request("/api/media", {
      method: "POST",
      body: form({ title: "Bucket" }, { bytes: await jpegWithGps(1000, 600), name: "b.jpg" }),
    });
    expect(response.status).toBe(201);
    const item: AdminMedia = await response.json();
    expect(s3.problems).toEqual([]);
    const keys = [...s3.objects.keys()];
    expect(keys).toHaveLength(4);
    expect(keys.every((key) => key.startsWith("site/media/"))).toBe(true);
    expect(s3.objects.get(`site${item.url.slice("/uploads".length)}`)?.contentType).toBe("image/jpeg");
    const served = await t.client().request(item.thumbnailUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).width).toBe(320);
    expect((await staff.request(`/api/media/${item.id}`, { method: "DELETE" })).status).toBe(204);
    expect(s3.objects.size).toBe(0);
    expect(s3.problems).toEqual([]);
  });
});

describe("demo media", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "atelier-media-seed-"));
    t = await createTestApp({ MEDIA_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("are seeded once, in both languages, published with their files and an approved comment", async () => {
    const { seedDemoMedia } = await import("../../db/seed-media.server.ts");
    const { createLogger } = await import("../../server/logger.server.ts");
    await seedDemoMedia(t.services, createLogger("silent"));
    await seedDemoMedia(t.services, createLogger("silent"));
    const gallery: PublicMedia[] = await (await t.client().request("/api/media")).json();
    expect(gallery).toHaveLength(4);
    expect(new Set(gallery.map((m) => m.language))).toEqual(new Set(["en", "fr"]));
    expect(gallery[0]).toMatchObject({ featured: true, mediaType: "image" });
    expect((await t.client().request(gallery[0].thumbnailUrl!)).status).toBe(200);
    const comments = await (await t.client().request(`/api/media/${gallery[0].id}/comments`)).json();
    expect(comments).toHaveLength(1);
  });
});
