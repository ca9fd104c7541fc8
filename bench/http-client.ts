/**
 * The load client of bench/http.ts: autocannon, run in a process of its own so that what the client costs
 * is not taken from the process that reads the server's output, and so that one client drives the app,
 * the node:http baseline and the client's own ceiling alike. It warms up, measures, and prints one JSON
 * line (a LoadReport) on stdout.
 *
 *   node bench/http-client.ts '<json LoadSettings>'     (started by bench/http.ts)
 */
import http from "node:http";
import autocannon from "autocannon";

export interface LoadSettings {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadReport {
  requestsPerSecond: number;
  requests: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Content-Encoding and body size of one answer to the same request, read before the run. */
  encoding: string;
  bodyBytes: number;
}

function run(settings: LoadSettings, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: settings.url,
    headers: settings.headers,
    connections: settings.connections,
    duration: seconds,
  });
}

/** One request with the run's headers: what the server answers, before it is under load. */
function probe(settings: LoadSettings): Promise<{ encoding: string; bodyBytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(settings.url, { headers: settings.headers }, (response) => {
      let bodyBytes = 0;
      response.on("data", (chunk: Buffer) => {
        bodyBytes += chunk.length;
      });
      response.on("end", () =>
        resolve({ encoding: String(response.headers["content-encoding"] ?? "identity"), bodyBytes }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

const settings = JSON.parse(process.argv[2] ?? "{}") as LoadSettings;
const answered = await probe(settings);
if (settings.warmupSeconds > 0) await run(settings, settings.warmupSeconds);
const result = await run(settings, settings.seconds);
const report: LoadReport = {
  requestsPerSecond: result.requests.total / result.duration,
  requests: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  ...answered,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
