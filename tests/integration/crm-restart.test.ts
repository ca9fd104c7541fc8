import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../db/client.server.ts";
import { leadSyncAttempts, leads } from "../../db/schema/leads.ts";
import { NODE, ROOT, createPostgresDatabase, temporaryDir } from "../e2e/server-process.ts";
import { FakeHubSpot } from "../helpers/fake-crm-hubspot.ts";

/** Waits until `check` holds, failing with `what` after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  await vi.waitUntil(check, { timeout: timeoutMs, interval: 100 }).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });
}

describe("a sync job in flight when its server is killed", () => {
  const hubspot = new FakeHubSpot();
  let target: { DATA_DIR?: string; DATABASE_URL?: string };
  let cleanup = async () => {};
  const children: ChildProcess[] = [];

  function worker(args: string[]): { child: ChildProcess; output: () => string } {
    let log = "";
    const child = spawn(NODE, ["tests/helpers/lead-worker-process.ts", ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        ...target,
        CRM_DEFAULT: "hubspot",
        HUBSPOT_ACCESS_TOKEN: hubspot.token,
        HUBSPOT_API_URL: hubspot.url,
        CRM_TIMEOUT_MS: "60000",
        CRM_SYNC_EXPIRE_SECONDS: "5",
        JOB_POLL_SECONDS: "0.5",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    children.push(child);
    return { child, output: () => log };
  }

  beforeAll(async () => {
    await hubspot.start();
    if (process.env.TEST_DATABASE_URL) {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL, "atelier_restart");
      target = { DATABASE_URL: database.url };
      cleanup = () => database.drop();
    } else {
      const dir = temporaryDir("atelier-restart-");
      target = { DATA_DIR: dir };
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await hubspot.stop();
    await cleanup();
  });

  it("runs again after the restart, and the CRM ends with one record", async () => {
    // The CRM creates the contact, but its answer never reaches the server, which is killed meanwhile.
    hubspot.failNext({ timeout: true, afterHandling: true });
    const first = worker(["record", "killed@example.com"]);
    await until(() => hubspot.requests.length > 0, 120_000, `the first attempt\n${first.output()}`);
    expect(hubspot.contacts.size).toBe(1);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    expect(first.output()).toContain("recorded");

    const second = worker([]);
    // The job expires (5 s), is put back, and runs on the new server: its create meets the contact
    // the first attempt made (409) and updates it instead.
    await until(
      () => hubspot.requests.some((request) => request.method === "PATCH"),
      120_000,
      `the retried job\n${second.output()}`,
    );
    await until(() => second.output().includes("ready"), 60_000, "the second worker");
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.once("exit", resolve));

    expect(hubspot.contacts.size).toBe(1);
    const [contact] = [...hubspot.contacts.values()];
    expect(hubspot.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /crm/v3/objects/contacts",
      "POST /crm/v3/objects/contacts",
      `PATCH /crm/v3/objects/contacts/${contact.id}`,
    ]);
    expect(hubspot.problems).toEqual([]);

    const database = await openDatabase(
      target.DATABASE_URL ? { url: target.DATABASE_URL } : { dataDir: target.DATA_DIR! },
    );
    try {
      const [lead] = await database.db.select().from(leads).where(eq(leads.email, "killed@example.com"));
      expect(lead).toMatchObject({ syncStatus: "synced", crmSystem: "hubspot", crmLeadId: contact.id });
      const attempts = await database.db.select().from(leadSyncAttempts).where(eq(leadSyncAttempts.leadId, lead.id));
      expect(attempts.map((attempt) => attempt.outcome).sort()).toEqual(["queued", "synced"]);
    } finally {
      await database.close();
    }
  }, 320_000);
});
