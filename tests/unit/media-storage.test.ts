import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaStorage, DirectoryStorage, S3Storage } from "../../core/media/storage.server.ts";
import { FakeS3 } from "../helpers/fake-s3.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = async (stream: ReadableStream<Uint8Array> | null) => (stream ? new Response(stream).text() : null);

describe("DirectoryStorage", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "atelier-media-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("writes, reads back and deletes a file under its key, leaving no partial file behind", async () => {
    const storage = new DirectoryStorage(root);
    await storage.put("media/abc/original.png", bytes("hello"), "image/png");
    expect(await text(await storage.read("media/abc/original.png"))).toBe("hello");
    expect(await storage.size("media/abc/original.png")).toBe(5);
    expect(await text(await storage.read("media/abc/original.png", { start: 1, end: 3 }))).toBe("ell");
    expect(await readdir(join(root, "media", "abc"))).toEqual(["original.png"]);
    await storage.delete("media/abc/original.png");
    expect(await storage.read("media/abc/original.png")).toBeNull();
    expect(await storage.size("media/abc/original.png")).toBeNull();
    // Deleting what is gone is fine.
    await storage.delete("media/abc/original.png");
  });

  it("moves a staged upload into place, leaving nothing in the staging folder", async () => {
    const storage = new DirectoryStorage(root);
    await mkdir(storage.stagingDir, { recursive: true });
    const staged = join(storage.stagingDir, "one.upload");
    await writeFile(staged, "video bytes");
    await storage.putFile("media/moved/original.mp4", staged, "video/mp4");
    expect(await text(await storage.read("media/moved/original.mp4"))).toBe("video bytes");
    expect(await readdir(storage.stagingDir)).toEqual([]);
  });

  it("answers null for a missing file and refuses keys that could leave the folder", async () => {
    const storage = new DirectoryStorage(root);
    expect(await storage.read("media/nothing/here.png")).toBeNull();
    await expect(storage.read("media/../../etc/passwd")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put("../x.png", bytes("x"), "image/png")).rejects.toThrow(/Invalid storage key/);
  });

  it("is what the configuration gives without a bucket: DATA_DIR/uploads, or MEDIA_DIR", () => {
    expect(createMediaStorage({ DATA_DIR: root, MEDIA_S3_REGION: "us-east-1" }).kind).toBe("directory");
    expect(createMediaStorage({ DATA_DIR: root, MEDIA_S3_REGION: "us-east-1", MEDIA_S3_BUCKET: "b-1" }).kind).toBe(
      "s3",
    );
  });
});

describe("S3Storage against a local S3-compatible server", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await new FakeS3("atelier-media", "AKIATEST", "secret-test-key", "eu-west-3").start();
  });
  afterAll(() => s3.stop());

  const storage = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      bucket: "atelier-media",
      region: "eu-west-3",
      endpoint: s3.url,
      accessKeyId: "AKIATEST",
      secretAccessKey: "secret-test-key",
      forcePathStyle: true,
      ...overrides,
    });

  it("puts a signed object with its content type, reads it back, and deletes it", async () => {
    const store = storage({ prefix: "site-a/" });
    await store.put("media/abc/original.jpg", bytes("jpeg bytes"), "image/jpeg");
    expect(s3.problems).toEqual([]);
    const object = s3.objects.get("site-a/media/abc/original.jpg");
    expect(object?.contentType).toBe("image/jpeg");
    expect(object?.body.toString()).toBe("jpeg bytes");
    expect(object?.cacheControl).toContain("immutable");
    expect(await text(await store.read("media/abc/original.jpg"))).toBe("jpeg bytes");
    expect(await store.size("media/abc/original.jpg")).toBe(10);
    expect(await text(await store.read("media/abc/original.jpg", { start: 5, end: 9 }))).toBe("bytes");
    await store.delete("media/abc/original.jpg");
    expect(s3.objects.has("site-a/media/abc/original.jpg")).toBe(false);
    expect(await store.read("media/abc/original.jpg")).toBeNull();
    expect(await store.size("media/abc/original.jpg")).toBeNull();
    expect(s3.problems).toEqual([]);
    const methods = s3.requests.map((r) => `${r.method} ${r.path}`);
    expect(methods).toContain("PUT /atelier-media/site-a/media/abc/original.jpg");
    store.destroy();
  });

  it("two app servers configured alike share the same files", async () => {
    const first = storage();
    const second = storage();
    await first.put("media/shared/original.png", bytes("png"), "image/png");
    expect(await text(await second.read("media/shared/original.png"))).toBe("png");
    first.destroy();
    second.destroy();
  });

  it("streams a staged file into the bucket with its length, signed, and removes the staged file", async () => {
    const store = storage();
    const dir = await mkdtemp(join(tmpdir(), "atelier-staged-"));
    const staged = join(dir, "one.upload");
    await writeFile(staged, Buffer.alloc(300_000, 7));
    await store.putFile("media/streamed/original.mp4", staged, "video/mp4");
    expect(s3.problems).toEqual([]);
    const object = s3.objects.get("media/streamed/original.mp4");
    expect(object?.body.length).toBe(300_000);
    expect(object?.contentType).toBe("video/mp4");
    expect(await readdir(dir)).toEqual([]);
    await rm(dir, { recursive: true, force: true });
    store.destroy();
  });

  it("fails loudly with a wrong secret (the server checks the signature), storing nothing", async () => {
    const wrong = storage({ secretAccessKey: "not-the-secret" });
    const before = s3.objects.size;
    await expect(wrong.put("media/bad/original.png", bytes("x"), "image/png")).rejects.toThrow();
    expect(s3.objects.size).toBe(before);
    expect(s3.problems.at(-1)).toMatch(/signature does not match/);
    s3.problems.length = 0;
    wrong.destroy();
  });
});
