import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminMedia } from "../../core/media/schema.ts";
import { FakeS3 } from "../helpers/fake-s3.ts";
import { ffmpegMedia, png, wavOf } from "../helpers/media-files.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9", "x-page-language": "fr" };

function form(
  fields: Record<string, string>,
  file: { bytes: Uint8Array | string; name: string; type?: string },
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  data.set("file", new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/octet-stream" }));
  return data;
}

const upload = (
  client: TestClient,
  title: string,
  file: Parameters<typeof form>[1],
  headers: Record<string, string> = {},
) => client.request("/api/media", { method: "POST", body: form({ title }, file), headers });

/** The address without its query (the preview token). */
const plain = (url: string) => url.split("?")[0];

/** 256 KiB whose every byte says where it is, so that a wrong slice cannot pass for the right one. */
function numberedBytes(): Buffer {
  const bytes = Buffer.alloc(256 * 1024);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
  return bytes;
}

/**
 * The byte-range rules every storage must keep, asked of a published file whose exact bytes we know:
 * first bytes, an open end, a suffix, several ranges (answered whole, decision 29), a range past the
 * end (416 with the size), HEAD, and ranges that do not parse (the whole file).
 */
async function expectByteRanges(client: TestClient, url: string, original: Buffer) {
  const size = original.length;
  const get = (range?: string, method = "GET") => client.request(url, { method, headers: range ? { range } : {} });
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  const whole = await get();
  expect(whole.status).toBe(200);
  expect(whole.headers.get("accept-ranges")).toBe("bytes");
  expect(whole.headers.get("content-length")).toBe(String(size));
  expect((await bytesOf(whole)).equals(original)).toBe(true);

  const first = await get("bytes=0-99");
  expect(first.status).toBe(206);
  expect(first.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
  expect(first.headers.get("content-length")).toBe("100");
  expect(first.headers.get("accept-ranges")).toBe("bytes");
  expect((await bytesOf(first)).equals(original.subarray(0, 100))).toBe(true);

  const suffix = await get("bytes=-500");
  expect(suffix.status).toBe(206);
  expect(suffix.headers.get("content-range")).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
  expect((await bytesOf(suffix)).equals(original.subarray(size - 500))).toBe(true);

  const openEnd = await get("bytes=100-");
  expect(openEnd.status).toBe(206);
  expect(openEnd.headers.get("content-range")).toBe(`bytes 100-${size - 1}/${size}`);
  expect(openEnd.headers.get("content-length")).toBe(String(size - 100));
  expect((await bytesOf(openEnd)).equals(original.subarray(100))).toBe(true);

  // An end past the file is clamped to it; a suffix longer than the file is the whole file, as a 206.
  const clamped = await get(`bytes=${size - 10}-${size + 5000}`);
  expect(clamped.status).toBe(206);
  expect(clamped.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
  expect((await bytesOf(clamped)).equals(original.subarray(size - 10))).toBe(true);
  const longSuffix = await get(`bytes=-${size * 2}`);
  expect(longSuffix.status).toBe(206);
  expect(longSuffix.headers.get("content-range")).toBe(`bytes 0-${size - 1}/${size}`);

  // Several ranges: the whole file, 200 (browsers never ask for several; decision 29).
  const several = await get("bytes=0-9, 200-209, -5");
  expect(several.status).toBe(200);
  expect(several.headers.get("content-range")).toBeNull();
  expect((await bytesOf(several)).equals(original)).toBe(true);

  for (const impossible of [`bytes=${size}-`, `bytes=${size + 100}-${size + 200}`, "bytes=-0"]) {
    const refused = await get(impossible);
    expect(refused.status, impossible).toBe(416);
    expect(refused.headers.get("content-range"), impossible).toBe(`bytes */${size}`);
    await refused.arrayBuffer();
  }

  // What does not parse as a byte range is ignored, as RFC 9110 allows: the whole file.
  for (const ignored of ["bytes=abc", "items=0-10", "bytes=50-10"]) {
    const answer = await get(ignored);
    expect(answer.status, ignored).toBe(200);
    expect((await bytesOf(answer)).length, ignored).toBe(size);
  }

  const head = await get(undefined, "HEAD");
  expect(head.status).toBe(200);
  expect(head.headers.get("content-length")).toBe(String(size));
  expect(head.headers.get("accept-ranges")).toBe("bytes");
  expect((await head.arrayBuffer()).byteLength).toBe(0);
}

describe("media files on the directory storage", () => {
  let t: TestApp;
  let dir: string;
  let visitor: TestClient;
  let staff: TestClient;
  let pending: AdminMedia;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "atelier-media-files-"));
    t = await createTestApp({ MEDIA_DIR: dir, MEDIA_UPLOADS_PER_ADDRESS: "50" });
    visitor = t.client();
    staff = await signInAs(t, "staff");
    const response = await upload(visitor, "My reel", {
      bytes: await ffmpegMedia("mp4"),
      name: "reel.mp4",
      type: "video/mp4",
    });
    expect(response.status, await response.clone().text()).toBe(201);
    pending = await response.json();
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("accepts a real small video with its probed length, picture size and codecs", () => {
    expect(pending).toMatchObject({
      status: "pending",
      mediaType: "video",
      mimeType: "video/mp4",
      width: 64,
      height: 48,
      durationSeconds: 1,
      codecs: "h264, aac",
    });
    expect(pending.url).toMatch(/^\/uploads\/media\/[a-f0-9-]+\/original\.mp4\?preview=\d+\.[\w-]+$/);
  });

  it("serves a pending upload to nobody but staff and the uploader's preview address, and never lets a cache keep it", async () => {
    const stranger = t.client();
    const refused = await stranger.request(plain(pending.url));
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBe("File not found");
    expect((await stranger.request(plain(pending.url), { method: "HEAD" })).status).toBe(404);
    expect((await stranger.request(plain(pending.url), { headers: { range: "bytes=0-9" } })).status).toBe(404);
    // A customer's session is not staff's.
    expect((await (await signInAs(t, "customer")).request(plain(pending.url))).status).toBe(404);

    const forStaff = await staff.request(plain(pending.url));
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get("cache-control")).toBe("private, no-store");
    expect(forStaff.headers.get("content-type")).toBe("video/mp4");

    // The address the upload's answer gave works from any browser (it is the uploader's to share or not), uncached.
    const preview = await stranger.request(pending.url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    const ranged = await stranger.request(pending.url, { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses a preview token that has expired, was altered, or names another upload", async () => {
    const folder = plain(pending.url).split("/")[3];
    const token = new URL(pending.url, "http://x").searchParams.get("preview")!;
    const [expiry, signature] = token.split(".");
    const expired = await t.services.signing.expiringToken("media-preview", folder, Date.now() - 1000);
    const otherUpload = await t.services.signing.expiringToken(
      "media-preview",
      "00000000-0000-4000-8000-000000000000",
      Date.now() + 60_000,
    );
    const lengthened = `${Number(expiry) + 3600}.${signature}`;
    const otherPurpose = await t.services.signing.expiringToken("something-else", folder, Date.now() + 60_000);
    for (const bad of [expired, otherUpload, lengthened, otherPurpose, `${expiry}.${"A".repeat(32)}`, "garbage"]) {
      expect((await t.client().request(`${plain(pending.url)}?preview=${encodeURIComponent(bad)}`)).status, bad).toBe(
        404,
      );
    }
    // The token's own expiry is the upload's time plus half an hour.
    expect(Number(expiry) * 1000 - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Number(expiry) * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 1000);
  });

  it("makes the files public and cacheable for good once staff approve the item", async () => {
    expect((await staff.request(`/api/admin/media/${pending.id}/approve`, { method: "POST" })).status).toBe(200);
    const file = await t.client().request(plain(pending.url));
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("accept-ranges")).toBe("bytes");
    const listed = await (await t.client().request(`/api/media/${pending.id}`)).json();
    expect(listed).toMatchObject({ durationSeconds: 1, codecs: "h264, aac", width: 64, height: 48 });
    expect(listed.url).toBe(plain(pending.url));
  });

  it("answers byte ranges of a stored file: first bytes, suffix, open end, several, impossible, HEAD", async () => {
    const original = wavOf(numberedBytes());
    const response = await upload(staff, "Numbered", { bytes: original, name: "numbered.wav" });
    expect(response.status, await response.clone().text()).toBe(201);
    const item: AdminMedia = await response.json();
    expect(item.status).toBe("published");
    await expectByteRanges(t.client(), item.url, original);
  });

  it("refuses a text file that claims to be an MP4, and an MP4 signature with nothing playable after it, storing nothing", async () => {
    const before = await readdir(dir, { recursive: true });
    const text = await upload(visitor, "Fake", {
      bytes: "This is not a video at all, just words.\n".repeat(50),
      name: "clip.mp4",
      type: "video/mp4",
    });
    expect(text.status).toBe(400);
    expect((await text.json()).message).toMatch(/not accepted/);

    // The first bytes of an MP4 ("ftyp" box), then text: the sniffer says MP4, ffprobe finds no video in it.
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypisom\0\0\x02\0isomiso2", "latin1"),
      Buffer.from("not a movie ".repeat(400)),
    ]);
    const fake = await upload(visitor, "Fake", { bytes: ftyp, name: "clip.mp4", type: "video/mp4" });
    expect(fake.status).toBe(400);
    const body = await fake.json();
    expect(body.message).toBe("This video could not be read: the file may be damaged, or not really a video.");
    expect(body.fields.file).toBe(body.message);
    const french = await upload(visitor, "Faux", { bytes: ftyp, name: "clip.mp4", type: "video/mp4" }, FR);
    expect((await french.json()).message).toBe(
      "Cette vidéo n’a pas pu être lue\u202f: le fichier est peut-être endommagé, ou n’est pas vraiment une vidéo.",
    );
    // Nothing kept, not even in the staging folder.
    expect((await readdir(dir, { recursive: true })).filter((name) => !name.startsWith(".staging")).sort()).toEqual(
      before.filter((name) => !name.startsWith(".staging")).sort(),
    );
    expect(await readdir(join(dir, ".staging"))).toEqual([]);
  });

  it("refuses a real video whose codec browsers cannot play, naming it", async () => {
    const response = await upload(visitor, "Old codec", {
      bytes: await ffmpegMedia("mp4-mpeg4"),
      name: "old.mp4",
      type: "video/mp4",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      "This video is encoded as mpeg4, which browsers cannot play: upload an H.264, HEVC, VP8, VP9 or AV1 video.",
    );
  });

  it("accepts a WebM video and an MP3 sound, with their codecs and length", async () => {
    const webm = await upload(staff, "Loop", { bytes: await ffmpegMedia("webm"), name: "loop.webm" });
    expect(webm.status, await webm.clone().text()).toBe(201);
    expect(await webm.json()).toMatchObject({
      mediaType: "video",
      mimeType: "video/webm",
      codecs: "vp8",
      width: 64,
      height: 48,
    });
    const mp3 = await upload(staff, "Tone", { bytes: await ffmpegMedia("mp3"), name: "tone.mp3" });
    expect(mp3.status, await mp3.clone().text()).toBe(201);
    const sound = await mp3.json();
    expect(sound).toMatchObject({
      mediaType: "audio",
      mimeType: "audio/mpeg",
      codecs: "mp3",
      width: null,
      height: null,
    });
    expect(sound.durationSeconds).toBeGreaterThan(0.9);
  });

  it("streams an upload cut short into nothing: a translated 400, no file kept", async () => {
    const boundary = "----atelier-cut";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const response = await visitor.request("/api/media", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([Buffer.from(head), Buffer.alloc(5000, 1)]),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("The upload did not arrive whole: please try again.");
    expect(await readdir(join(dir, ".staging"))).toEqual([]);
  });
});

describe("media files on an S3-compatible bucket", () => {
  let t: TestApp;
  let s3: FakeS3;

  beforeAll(async () => {
    s3 = await new FakeS3("atelier-files", "AKIAFILES", "files-secret").start();
    t = await createTestApp({
      MEDIA_S3_BUCKET: "atelier-files",
      MEDIA_S3_ENDPOINT: s3.url,
      MEDIA_S3_ACCESS_KEY_ID: "AKIAFILES",
      MEDIA_S3_SECRET_ACCESS_KEY: "files-secret",
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it("streams a video into the bucket and answers byte ranges from it, asking the bucket for the range only", async () => {
    const staff = await signInAs(t, "staff");
    const video = await ffmpegMedia("mp4", 2);
    const response = await upload(staff, "Bucket reel", { bytes: video, name: "reel.mp4" });
    expect(response.status, await response.clone().text()).toBe(201);
    const item: AdminMedia = await response.json();
    expect(s3.problems).toEqual([]);
    expect(s3.objects.get(`media${item.url.slice("/uploads/media".length)}`)?.body.equals(video)).toBe(true);

    s3.requests.length = 0;
    const ranged = await t.client().request(item.url, { headers: { range: "bytes=10-19" } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(10, 20))).toBe(true);
    expect(s3.requests.map((r) => `${r.method} ${r.headers.range ?? ""}`)).toEqual(["HEAD ", "GET bytes=10-19"]);
    await expectByteRanges(t.client(), item.url, video);
    expect(s3.problems).toEqual([]);
  });

  it("keeps a visitor's pending upload private there too", async () => {
    const response = await upload(t.client(), "Pending in the bucket", { bytes: await png(64, 64), name: "p.png" });
    expect(response.status).toBe(201);
    const item: AdminMedia = await response.json();
    expect((await t.client().request(plain(item.url))).status).toBe(404);
    const preview = await t.client().request(item.url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("media uploads without ffprobe", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FFPROBE_PATH: "/nonexistent/ffprobe" });
  });
  afterAll(() => t.close());

  it("refuses videos and sounds with a clear, translated 415, and still takes images", async () => {
    const staff = await signInAs(t, "staff");
    const video = await upload(staff, "Reel", { bytes: await ffmpegMedia("mp4"), name: "reel.mp4" });
    expect(video.status).toBe(415);
    expect((await video.json()).message).toBe(
      "Videos and sounds cannot be accepted at the moment, as the server cannot check them. Images can still be uploaded.",
    );
    const french = await upload(staff, "Son", { bytes: await ffmpegMedia("mp3"), name: "son.mp3" }, FR);
    expect(french.status).toBe(415);
    expect((await french.json()).message).toMatch(/^Les vidéos et les sons ne peuvent pas être acceptés/);
    expect((await upload(staff, "Still", { bytes: await png(64, 64), name: "still.png" })).status).toBe(201);
    expect(await t.services.media.probe.check()).toMatchObject({
      available: false,
      reason: expect.stringMatching(/not found.*ffmpeg/),
    });
  });
});
