/**
 * The load side of bench/upload-memory.ts, in a process of its own so that its buffers and its CPU are
 * not the server's: uploads a file several times at once as multipart forms streamed from disk, or
 * downloads one address several times at once, reading and dropping the bytes. Reports to its parent
 * over IPC: { ok, results: [{ status, bytes, ms }] }.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

interface UploadJob {
  kind: "upload";
  url: string;
  cookie: string;
  origin: string;
  file: string;
  count: number;
}
interface DownloadJob {
  kind: "download";
  url: string;
  count: number;
}
type Job = UploadJob | DownloadJob;

interface Result {
  status: number;
  bytes: number;
  ms: number;
  body?: string;
}

function upload(job: UploadJob, index: number): Promise<Result> {
  const boundary = `----atelier-bench-${index}-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench upload ${index + 1}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nvideo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(job.file)}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(job.file).size;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      job.url,
      {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + size + tail.length,
          cookie: job.cookie,
          origin: job.origin,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes: size,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.write(head);
    const file = fs.createReadStream(job.file);
    file.on("error", reject);
    file.on("end", () => request.end(tail));
    file.pipe(request, { end: false });
  });
}

function download(job: DownloadJob): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(job.url, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const job = JSON.parse(process.argv[2]) as Job;
try {
  const results = await Promise.all(
    Array.from({ length: job.count }, (_, index) => (job.kind === "upload" ? upload(job, index) : download(job))),
  );
  process.send!({ ok: true, results }, () => process.exit(0));
} catch (error) {
  process.send!({ ok: false, error: String(error) }, () => process.exit(1));
}
