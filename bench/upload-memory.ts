/**
 * The server's memory while it takes large uploads and serves large downloads: four 95 MiB videos
 * uploaded at once, then ten downloads of one of them at once, against the server as shipped (its own
 * process, production mode, the default settings with request logging, the embedded database, files in
 * DATA_DIR/uploads).
 *
 *   node bench/upload-memory.ts
 *   node bench/upload-memory.ts --megabytes 95 --uploads 4 --downloads 10
 *
 * The load comes from another process (bench/upload-memory-client.ts), streaming the files from disk.
 * This process reads the server's resident memory (VmRSS in /proc) every 20 ms: idle is the median over
 * two seconds after start-up and a first upload and download (so that the code of both paths is loaded),
 * and each phase's peak is set against it. The budget is 100 MiB above idle; the exit status is 1 over it.
 * The video is a real one (made by ffmpeg, then grown with an MP4 "free" box to the size asked), since
 * the server probes every video before it accepts it.
 */
import { execFileSync, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { NODE, startServer, temporaryDir } from "../tests/e2e/server-process.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;
const BUDGET_MIB = 100;

const { values } = parseArgs({
  options: {
    megabytes: { type: "string", default: "95" },
    uploads: { type: "string", default: "4" },
    downloads: { type: "string", default: "10" },
  },
});
const megabytes = Number(values.megabytes);
const uploads = Number(values.uploads);
const downloads = Number(values.downloads);
if (
  !(megabytes >= 1 && megabytes <= 99) ||
  !Number.isInteger(uploads) ||
  uploads < 1 ||
  uploads > 16 ||
  !Number.isInteger(downloads) ||
  downloads < 1 ||
  downloads > 64
) {
  console.error("--megabytes must be 1 to 99 (the video limit is 100 MiB), --uploads 1 to 16, --downloads 1 to 64");
  process.exit(2);
}

const work = temporaryDir("atelier-bench-upload-memory-");
const dataDir = path.join(work, "data");

/** A real one-second MP4 followed by a top-level "free" box (which players and ffprobe skip) up to `bytes`. */
function bigVideo(bytes: number): string {
  const small = path.join(work, "small.mp4");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=320x240:rate=25:duration=1",
    "-c:v",
    "libx264",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    small,
  ]);
  const file = path.join(work, "big.mp4");
  fs.copyFileSync(small, file);
  const padding = bytes - fs.statSync(small).size;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write("free", 4, "latin1");
  fs.appendFileSync(file, header);
  const zeros = Buffer.alloc(MiB);
  for (let left = padding - 8; left > 0; left -= zeros.length)
    fs.appendFileSync(file, left >= zeros.length ? zeros : zeros.subarray(0, left));
  return file;
}

function residentMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Samples the server's resident memory every 20 ms until stopped; answers the samples. */
function sampler(pid: number) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(residentMiB(pid)), 20);
  return {
    stop() {
      clearInterval(timer);
      samples.push(residentMiB(pid));
      return samples;
    },
  };
}

interface ClientResult {
  status: number;
  bytes: number;
  ms: number;
  body?: string;
}

function runClient(job: Record<string, unknown>): Promise<ClientResult[]> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(HERE, "upload-memory-client.ts"), [JSON.stringify(job)], {
      execPath: NODE,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (message: { ok: boolean; results?: ClientResult[]; error?: string }) =>
      message.ok ? resolve(message.results!) : reject(new Error(message.error)),
    );
    child.once("error", reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const video = bigVideo(Math.round(megabytes * MiB));
const admin = { email: "bench-admin@atelier.test", password: "bench-upload-password" };
// The shipped defaults: LOG_LEVEL is left to the server (info: a line per request).
const server = await startServer({
  env: { DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  unset: ["LOG_LEVEL"],
});
const origin = `http://localhost:${server.port}`;
const pid = server.child.pid!;
let failed = false;

try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ identifier: admin.email, password: admin.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const uploadJob = (count: number) => ({
    kind: "upload",
    url: `${server.url}/api/media`,
    cookie,
    origin,
    file: video,
    count,
  });

  // Warm-up: one upload and one download, so that idle includes the code and the pools of both paths.
  const [warm] = await runClient(uploadJob(1));
  if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
  const fileUrl = `${server.url}${(JSON.parse(warm.body!) as { url: string }).url}`;
  await runClient({ kind: "download", url: fileUrl, count: 1 });
  await sleep(3000);
  const idleSampler = sampler(pid);
  await sleep(2000);
  const idle = median(idleSampler.stop());

  const uploadSampler = sampler(pid);
  const uploadStarted = performance.now();
  const uploaded = await runClient(uploadJob(uploads));
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const uploadPeak = Math.max(...uploadSampler.stop());
  const uploadProblems = uploaded.filter((result) => result.status !== 201);

  await sleep(2000);
  const downloadSampler = sampler(pid);
  const downloadStarted = performance.now();
  const downloaded = await runClient({ kind: "download", url: fileUrl, count: downloads });
  const downloadSeconds = (performance.now() - downloadStarted) / 1000;
  const downloadPeak = Math.max(...downloadSampler.stop());
  const size = fs.statSync(video).size;
  const downloadProblems = downloaded.filter((result) => result.status !== 200 || result.bytes !== size);

  const row = (label: string, peak: number, seconds: number, moved: number) => {
    const above = peak - idle;
    if (above > BUDGET_MIB) failed = true;
    return `${label.padEnd(34)} ${peak.toFixed(0).padStart(8)} ${above.toFixed(0).padStart(11)} ${(peak / idle).toFixed(2).padStart(8)} ${seconds.toFixed(1).padStart(9)} ${(moved / MiB / seconds).toFixed(0).padStart(8)}`;
  };
  console.log(
    `\nServer resident memory (MiB), ${(size / MiB).toFixed(1)} MiB video, shipped defaults (request logging on), embedded database, files on disk\n`,
  );
  console.log(
    `${"phase".padEnd(34)} ${"peak MiB".padStart(8)} ${"above idle".padStart(11)} ${"x idle".padStart(8)} ${"seconds".padStart(9)} ${"MiB/s".padStart(8)}`,
  );
  console.log(`${"idle (median of 2 s)".padEnd(34)} ${idle.toFixed(0).padStart(8)}`);
  console.log(row(`${uploads} parallel uploads`, uploadPeak, uploadSeconds, uploads * size));
  console.log(row(`${downloads} parallel downloads`, downloadPeak, downloadSeconds, downloads * size));
  console.log(`\nBudget: ${BUDGET_MIB} MiB above idle: ${failed ? "EXCEEDED" : "kept"}`);
  if (uploadProblems.length > 0 || downloadProblems.length > 0) {
    failed = true;
    console.log(
      `Failed requests: ${JSON.stringify([...uploadProblems, ...downloadProblems].map((r) => ({ status: r.status, bytes: r.bytes, body: r.body?.slice(0, 200) })))}`,
    );
  }
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
