/**
 * Listing and filtering 10,000 leads through the API and the /leads page, beside /api/health measured in
 * the same run, on the built production server.
 *
 *   npm run build && node bench/leads-list.ts
 *   node bench/leads-list.ts --leads 10000 --runs 40 --database postgres://postgres@127.0.0.1:5432/test
 *
 * It seeds the leads straight into a fresh database (embedded PGlite in a temporary folder, or a throwaway
 * PostgreSQL database beside --database / BENCH_DATABASE_URL), with every source, status and sync status
 * represented, then starts the server on it, signs in as staff and times each address one request at a
 * time (after a warm-up): median and 95th percentile in milliseconds, and the median as a multiple of
 * /api/health's. Ratios are what to compare between runs and machines.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.server.ts";
import { leads } from "../db/schema/leads.ts";
import { CRM_SYSTEMS, LEAD_SOURCES, LEAD_STATUSES, SYNC_STATUSES } from "../core/leads/rules.ts";
import { createPostgresDatabase, startServer, temporaryDir } from "../tests/e2e/server-process.ts";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "10000" },
    runs: { type: "string", default: "40" },
    database: { type: "string" },
  },
});
const count = Number(values.leads);
const runs = Number(values.runs);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000 || !Number.isInteger(runs) || runs < 5 || runs > 1000) {
  console.error("--leads must be 1 to 1000000 and --runs 5 to 1000");
  process.exit(2);
}
const adminUrl = values.database ?? process.env.BENCH_DATABASE_URL;

const dataDir = temporaryDir("atelier-bench-leads-");
const postgres = adminUrl ? await createPostgresDatabase(adminUrl, "atelier_bench_leads") : null;
const target = postgres ? { url: postgres.url } : { dataDir };

// Seed: a deterministic spread over every value, created over the last 400 days.
const seedStarted = performance.now();
const database = await openDatabase(target);
const now = Date.now();
for (let start = 0; start < count; start += 1000) {
  const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
    const i = start + offset;
    const synced = i % 3 === 0;
    return {
      firstName: `Lead${i}`,
      lastName: "Bench",
      email: `lead${i}@bench.example`,
      phone: `+1555${String(i).padStart(7, "0")}`,
      phoneE164: `+1555${String(i).padStart(7, "0")}`,
      company: i % 4 === 0 ? `Company ${i % 97}` : null,
      message: "Seeded for the leads benchmark",
      leadSource: LEAD_SOURCES[i % LEAD_SOURCES.length],
      channels: [LEAD_SOURCES[i % LEAD_SOURCES.length]],
      leadStatus: LEAD_STATUSES[(i * 7) % LEAD_STATUSES.length],
      syncStatus: synced ? ("synced" as const) : SYNC_STATUSES[(i % 2) * 2],
      crmSystem: synced ? CRM_SYSTEMS[i % CRM_SYSTEMS.length] : null,
      crmLeadId: synced ? `crm-${i}` : null,
      createdAt: new Date(now - (i % 400) * 86_400_000 - i * 1000),
    };
  });
  await database.db.insert(leads).values(rows);
}
await database.close();
const seedSeconds = (performance.now() - seedStarted) / 1000;

const admin = { email: "bench-admin@atelier.test", password: "bench-leads-password" };
const server = await startServer({
  env: {
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
});
const origin = `http://localhost:${server.port}`;

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

  async function time(path: string): Promise<{ median: number; p95: number; bytes: number; status: number }> {
    const samples: number[] = [];
    let bytes = 0;
    let status = 0;
    for (let i = 0; i < runs + 5; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, { headers: { cookie, "accept-language": "en" } });
      const body = await response.arrayBuffer();
      const elapsed = performance.now() - started;
      status = response.status;
      bytes = body.byteLength;
      if (i >= 5) samples.push(elapsed);
    }
    samples.sort((a, b) => a - b);
    return {
      median: samples[Math.floor(samples.length / 2)],
      p95: samples[Math.floor(samples.length * 0.95) - 1] ?? samples.at(-1)!,
      bytes,
      status,
    };
  }

  const addresses = [
    "/api/health",
    "/api/leads",
    "/api/leads?leadSource=chatbot&leadStatus=qualified",
    "/api/leads?syncStatus=failed&crmSystem=&offset=2000",
    "/api/leads/stats",
    "/leads",
    "/leads?tab=all&leadSource=phone_call&syncStatus=synced",
  ];
  const results = [];
  for (const path of addresses) results.push({ path, ...(await time(path)) });
  const health = results[0].median;
  console.log(
    `\n${count} leads on ${postgres ? "PostgreSQL" : "PGlite"} (seeded in ${seedSeconds.toFixed(1)} s), ${runs} sequential requests per address\n`,
  );
  console.log(["address".padEnd(58), "status", "median ms", "p95 ms", "x health", "bytes"].join("  "));
  for (const row of results) {
    console.log(
      [
        row.path.padEnd(58),
        String(row.status).padStart(6),
        row.median.toFixed(1).padStart(9),
        row.p95.toFixed(1).padStart(6),
        (row.median / health).toFixed(1).padStart(8),
        String(row.bytes).padStart(7),
      ].join("  "),
    );
  }
} finally {
  await server.stop();
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
