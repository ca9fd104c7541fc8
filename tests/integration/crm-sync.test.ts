import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { leads } from "../../db/schema/leads.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { FakeHubSpot } from "../helpers/fake-crm-hubspot.ts";
import { FakeSalesforce } from "../helpers/fake-crm-salesforce.ts";
import { signInAs } from "../helpers/factories.ts";

/** The first value of `probe` that is `done`, failing with the last value seen after `timeoutMs`. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  let last: T | undefined;
  const found = await vi
    .waitUntil(
      async () => {
        last = await probe();
        return done(last) ? { value: last } : false;
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .catch(() => {
      throw new Error(`timed out waiting; last value ${JSON.stringify(last)}`);
    });
  return found.value;
}

describe("CRM sync jobs", () => {
  const hubspot = new FakeHubSpot();
  const salesforce = new FakeSalesforce();
  let t: TestApp;
  let staff: TestClient;
  const record = (email: string) =>
    t.services.database.db.transaction((tx) =>
      t.services.leads.record(tx, {
        source: "contact_form",
        name: "Ada Lovelace",
        email,
        phone: "+1 555 123 4567",
        message: "Hello",
      }),
    );
  const detail = async (id: number) => (await staff.request(`/api/leads/${id}`)).json();

  beforeAll(async () => {
    await Promise.all([hubspot.start(), salesforce.start()]);
    t = await createTestApp({
      CRM_DEFAULT: "hubspot",
      HUBSPOT_ACCESS_TOKEN: hubspot.token,
      HUBSPOT_API_URL: hubspot.url,
      SALESFORCE_INSTANCE_URL: salesforce.url,
      SALESFORCE_ACCESS_TOKEN: salesforce.token,
      CRM_TIMEOUT_MS: "10000",
      CRM_RETRY_BASE_MS: "50",
      CRM_SYNC_MAX_ATTEMPTS: "3",
      JOB_POLL_SECONDS: "0.5",
    });
    await t.services.jobs.start();
    staff = await signInAs(t, "staff");
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([hubspot.stop(), salesforce.stop()]);
  });

  it("lists the configured CRMs and the default", async () => {
    const { providers } = await (await staff.request("/api/crm/providers")).json();
    expect(providers).toEqual([
      { name: "hubspot", configured: true, isDefault: true },
      { name: "pipedrive", configured: false, isDefault: false },
      { name: "salesforce", configured: true, isDefault: false },
    ]);
  });

  it("syncs a new lead to the default CRM in the background, through a 429 (Retry-After) then a 500, once", async () => {
    hubspot.failNext({ status: 429, retryAfter: "1" }, { status: 500 });
    const { lead } = await record("retry@example.com");
    expect(lead.syncStatus).toBe("pending");
    const synced = await until(
      () => detail(lead.id),
      (d) => d.syncStatus === "synced",
    );
    expect(synced.crmSystem).toBe("hubspot");
    expect(synced.crmLeadId).toMatch(/^\d+$/);
    expect(synced.crmSyncedAt).not.toBeNull();
    expect(synced.syncHistory.map((a: { outcome: string; attempt: number }) => `${a.outcome}:${a.attempt}`)).toEqual([
      "synced:3",
      "retrying:2",
      "retrying:1",
      "queued:0",
    ]);
    expect(synced.syncHistory[2].error).toBe("You have reached your secondly limit.");
    const creates = hubspot.requests.filter(
      (r) =>
        r.method === "POST" &&
        (r.body as { properties?: { email?: string } })?.properties?.email === "retry@example.com",
    );
    expect(creates).toHaveLength(3);
    // The 429 asked for a second: the next attempt waited for it.
    expect(creates[1].at - creates[0].at).toBeGreaterThanOrEqual(950);
    expect([...hubspot.contacts.values()].filter((c) => c.properties.email === "retry@example.com")).toHaveLength(1);
    expect(hubspot.problems).toEqual([]);
  });

  it("queues a sync at once from the API, updates the same record the second time, and syncs a status change", async () => {
    const { lead } = await record("twice@example.com");
    const first = await until(
      () => detail(lead.id),
      (d) => d.syncStatus === "synced",
    );
    const queued = await staff.request(`/api/leads/${lead.id}/sync`, {
      method: "POST",
      json: { crmSystem: "hubspot" },
    });
    expect(queued.status).toBe(202);
    expect((await queued.json()).message).toBe("Sync to HubSpot queued");
    await until(
      () => detail(lead.id),
      (d) => d.syncHistory.filter((a: { outcome: string }) => a.outcome === "synced").length === 2,
    );
    const patched = await staff.request(`/api/leads/${lead.id}`, {
      method: "PATCH",
      json: { leadStatus: "qualified" },
    });
    expect((await patched.json()).syncStatus).toBe("pending");
    await until(
      () => detail(lead.id),
      (d) => d.syncHistory.filter((a: { outcome: string }) => a.outcome === "synced").length === 3,
    );
    expect([...hubspot.contacts.values()].filter((c) => c.properties.email === "twice@example.com")).toHaveLength(1);
    expect(hubspot.contacts.get(first.crmLeadId)?.properties.hs_lead_status).toBe("IN_PROGRESS");
  });

  it("refuses to sync a lead that does not exist with 404, and makes none", async () => {
    const ids = await t.services.database.db.select({ id: leads.id }).from(leads);
    const missing = Math.max(0, ...ids.map((row) => row.id)) + 1000;
    const response = await staff.request(`/api/leads/${missing}/sync`, {
      method: "POST",
      json: { crmSystem: "hubspot" },
    });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe("Lead not found");
    expect((await staff.request(`/api/leads/${missing}`)).status).toBe(404);
    expect(await t.services.database.db.select().from(leads).where(eq(leads.id, missing))).toEqual([]);
  });

  it("gives up after the bounded number of attempts, marking the lead failed with the CRM's message", async () => {
    hubspot.failNext({ status: 503 }, { status: 503 }, { status: 503 });
    const { lead } = await record("down@example.com");
    const failed = await until(
      () => detail(lead.id),
      (d) => d.syncStatus !== "pending",
    );
    expect(failed.syncStatus).toBe("failed");
    expect(failed.syncHistory.map((a: { outcome: string; attempt: number }) => `${a.outcome}:${a.attempt}`)).toEqual([
      "failed:3",
      "retrying:2",
      "retrying:1",
      "queued:0",
    ]);
    expect(failed.syncHistory[0].error).toBe("internal error");
    expect([...hubspot.contacts.values()].filter((c) => c.properties.email === "down@example.com")).toHaveLength(0);
  });

  it("does not retry a refused token; the lead fails with the CRM's message", async () => {
    const { lead } = await t.services.database.db.transaction((tx) =>
      t.services.leads.record(tx, { source: "chatbot", name: "Salesforce Only", email: "sf@example.com" }),
    );
    await until(
      () => detail(lead.id),
      (d) => d.syncStatus !== "pending",
    );
    salesforce.failNext({
      status: 401,
      body: [{ message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" }],
    });
    await staff.request(`/api/leads/${lead.id}/sync`, { method: "POST", json: { crmSystem: "salesforce" } });
    const failed = await until(
      () => detail(lead.id),
      (d) => d.crmSystem === "salesforce" && d.syncStatus === "failed",
    );
    expect(failed.syncHistory[0]).toMatchObject({
      outcome: "failed",
      attempt: 1,
      error: "INVALID_SESSION_ID: Session expired or invalid",
    });
    // Synced again once the token works: one Lead in Salesforce.
    await staff.request(`/api/leads/${lead.id}/sync`, { method: "POST", json: { crmSystem: "salesforce" } });
    await until(
      () => detail(lead.id),
      (d) => d.crmSystem === "salesforce" && d.syncStatus === "synced",
    );
    expect([...salesforce.leads.values()].filter((l) => l.Email === "sf@example.com")).toHaveLength(1);
    const [row] = await t.services.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(Object.keys(row.crmIds).sort()).toEqual(["hubspot", "salesforce"]);
  });
});
