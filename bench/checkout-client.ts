/**
 * The load client of bench/checkout-load.ts, run as a process of its own so that what it costs is not
 * taken from the server it measures: keep-alive node:http connections, each running checkouts one after
 * the other (create the order with an Idempotency-Key, ask for its payment intent, pay it with the
 * sandbox's card), retrying what got no answer (a killed server) as a browser would. It reports its
 * progress and, at the end, what the server told it, to its parent over IPC.
 *
 *   node bench/checkout-client.ts '<json settings>'     (started by bench/checkout-load.ts)
 */
import http from "node:http";
import { randomUUID } from "node:crypto";

export interface ClientSettings {
  /** The server's address, e.g. http://127.0.0.1:3000. */
  base: string;
  /** The checkouts this process runs: indices [from, to). */
  from: number;
  to: number;
  /** Checkouts running at once in this process. */
  concurrency: number;
  dealId: number;
  /** One checkout in `dealEvery` also claims the hot deal. */
  dealEvery: number;
}

export interface ClientReport {
  acknowledged: string[];
  createLatencies: number[];
  checkoutLatencies: number[];
  paid: number;
  soldOut: number;
  declined: number;
  retries: number;
  gaveUp: number;
  requests: number;
  seconds: number;
}

const settings = JSON.parse(process.argv[2] ?? "{}") as ClientSettings;
const url = new URL(settings.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: settings.concurrency });
const report: ClientReport = {
  acknowledged: [],
  createLatencies: [],
  checkoutLatencies: [],
  paid: 0,
  soldOut: 0,
  declined: 0,
  retries: 0,
  gaveUp: 0,
  requests: 0,
  seconds: 0,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: string;
  cookie: string | null;
}

function send(method: "GET" | "POST", path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent,
        headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
        timeout: 15_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const cookies = response.headers["set-cookie"];
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            cookie: cookies ? cookies.map((line) => line.split(";")[0]).join("; ") : null,
          });
        });
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
    request.end(body);
  });
}

/** One request, retried while the server is down or restarting (network errors and 5xx). */
async function call(
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      report.requests++;
      const answer = await send(method, path, headers, body);
      if (answer.status < 500) return answer;
    } catch {
      // connection refused or reset: the server is being killed
    }
    report.retries++;
    await sleep(100 + Math.random() * 200);
  }
  throw new Error(`${path}: no answer after 300 attempts`);
}

const origin = `http://localhost:${url.port}`;

async function checkout(index: number) {
  const started = performance.now();
  const key = `bench-${index}-${randomUUID()}`;
  const items: Array<Record<string, unknown>> = [
    { serviceId: "website", serviceName: "Website", pricingType: "custom", unitPriceCents: 60_000, quantity: 1 },
  ];
  if (index % settings.dealEvery === 0)
    items.push({
      serviceId: "hot_deal",
      serviceName: "Bench Deal",
      pricingType: "fixed",
      unitPriceCents: 15_000,
      quantity: 1,
      serviceData: { dealId: settings.dealId },
    });
  const created = await call(
    "POST",
    "/api/orders/guest",
    { "content-type": "application/json", "idempotency-key": key, origin },
    JSON.stringify({
      customerFirstName: "Load",
      customerLastName: `Client ${index}`,
      customerEmail: `load${index}@example.com`,
      items,
    }),
  );
  if (created.status === 409) {
    report.soldOut++;
    return;
  }
  if (created.status !== 201)
    throw new Error(`order creation answered ${created.status}: ${created.body.slice(0, 300)}`);
  report.createLatencies.push(performance.now() - started);
  const cookie = created.cookie ?? "";
  const order = (JSON.parse(created.body) as { data: { id: string } }).data;
  report.acknowledged.push(order.id);
  const intent = await call("GET", `/api/orders/guest/${order.id}/payment-intent`, { cookie });
  if (intent.status === 409) {
    report.soldOut++;
    return;
  }
  const { clientSecret } = (JSON.parse(intent.body) as { data: { clientSecret: string } }).data;
  const confirm = await call(
    "POST",
    "/api/payments/sandbox/confirm",
    { "content-type": "application/json", cookie, origin },
    JSON.stringify({ clientSecret, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" }),
  );
  const result = JSON.parse(confirm.body) as { data?: { status: string } };
  if (confirm.status === 409) report.soldOut++;
  else if (result.data?.status === "succeeded") report.paid++;
  else report.declined++;
  report.checkoutLatencies.push(performance.now() - started);
}

let next = settings.from;
let done = 0;
const startedAt = performance.now();
const progress = setInterval(() => process.send?.({ kind: "progress", done }), 100);

await Promise.all(
  Array.from({ length: settings.concurrency }, async () => {
    while (next < settings.to) {
      const index = next++;
      try {
        await checkout(index);
      } catch (error) {
        report.gaveUp++;
        console.error(String(error));
      }
      done++;
    }
  }),
);
clearInterval(progress);
report.seconds = (performance.now() - startedAt) / 1000;
agent.destroy();
process.send?.({ kind: "report", report }, () => process.exit(0));
