import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, zonedNow } from "../../core/appointments/rules.ts";
import { appointments } from "../../db/schema/appointments.ts";
import { contactSubmissions } from "../../db/schema/contact.ts";
import { leads } from "../../db/schema/leads.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { createLead, signInAs, submitContact } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

describe("leads API", () => {
  let t: TestApp;
  let staff: TestClient;
  let address = 0;
  const from = () => ({ "x-forwarded-for": `203.0.113.${(++address % 250) + 1}` });
  /** The contact form from Ada, her address in mixed case, from a new client address. */
  const contact = (overrides: Record<string, unknown> = {}) =>
    submitContact(t, { email: "Ada@Example.com", ...overrides }, from());
  const book = (overrides: Record<string, unknown> = {}) =>
    t.client().request("/api/appointments/book", {
      method: "POST",
      headers: from(),
      json: {
        customerName: "Ada Lovelace",
        customerEmail: "ada@example.COM",
        customerPhone: "555.123.4567",
        appointmentDate: addDays(zonedNow(new Date(), "America/New_York").date, 2),
        appointmentTime: "11:00",
        ...overrides,
      },
    });
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    staff = await signInAs(t, "staff");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const db = t.services.database.db;
    await db.delete(leads);
    await db.delete(contactSubmissions);
    await db.delete(appointments);
    await db.delete(rateLimits);
  });

  describe("who may call it", () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/leads"],
      ["GET", "/api/leads/stats"],
      ["GET", "/api/leads/1"],
      ["GET", "/api/crm/providers"],
      ["PATCH", "/api/leads/1", { leadStatus: "contacted" }],
      ["POST", "/api/leads/1/sync", { crmSystem: "hubspot" }],
    ];

    it("refuses visitors with 401 and customers with 403, changing nothing", async () => {
      const customer = await signInAs(t, "customer");
      for (const [method, path, json] of calls) {
        const visitor = await t.client().request(path, { method, json });
        expect(visitor.status, `${method} ${path}`).toBe(401);
        expect((await visitor.json()).code).toBe("unauthenticated");
        const refused = await customer.request(path, { method, json });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect((await refused.json()).code).toBe("forbidden");
      }
    });

    it("lets admins in as well as staff", async () => {
      const admin = await signInAs(t, "admin");
      expect((await admin.request("/api/leads")).status).toBe(200);
    });
  });

  describe("one lead per person", () => {
    it("makes one lead with two touchpoints from a contact message and a booking by the same person", async () => {
      expect((await contact()).status).toBe(201);
      expect((await book()).status).toBe(201);
      const list = await (await staff.request("/api/leads")).json();
      expect(list.total).toBe(1);
      const [lead] = list.leads;
      expect(lead).toMatchObject({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        phone: "+1 (555) 123-4567",
        company: "Analytical",
        leadSource: "contact_form",
        leadStatus: "new",
        syncStatus: "pending",
        crmSystem: null,
        crmLeadId: null,
        channels: ["contact_form", "consultation"],
      });
      const detail = await (await staff.request(`/api/leads/${lead.id}`)).json();
      expect(detail.timeline.map((point: { channel: string }) => point.channel)).toEqual([
        "contact_form",
        "consultation",
      ]);
      const [message] = await t.services.database.db.select().from(contactSubmissions);
      const [booking] = await t.services.database.db.select().from(appointments);
      expect(detail.timeline[0].contactSubmissionId).toBe(message.id);
      expect(detail.timeline[1].appointmentId).toBe(booking.id);
      expect(detail.syncHistory).toEqual([]);
    });

    it("finds a person again by phone number in any format when there is no e-mail to go by", async () => {
      const first = await createLead(t, {
        source: "phone_call",
        name: "",
        email: undefined,
        phone: "+33 6 12 34 56 78",
        callId: "CA1",
        summary: "Asked about logos",
      });
      const second = await createLead(t, {
        source: "chatbot",
        name: "Marie Curie",
        email: undefined,
        phone: "06.12.34.56.78",
        conversationId: "conv-1",
      });
      const third = await createLead(t, {
        source: "contact_form",
        name: "Marie Curie",
        email: "marie@example.fr",
        phone: "0033 612 345 678",
        message: "Hello",
      });
      expect(first.created).toBe(true);
      expect(second.created).toBe(false);
      expect(third.created).toBe(false);
      expect(third.lead.id).toBe(first.lead.id);
      expect(third.lead.email).toBe("marie@example.fr");
      expect(third.lead.channels).toEqual(["phone_call", "chatbot", "contact_form"]);
      expect(third.lead.leadSource).toBe("phone_call");
      const detail = await (await staff.request(`/api/leads/${first.lead.id}`)).json();
      expect(
        detail.timeline.map(
          (point: { callId: string | null; conversationId: string | null }) =>
            point.callId ?? point.conversationId ?? "form",
        ),
      ).toEqual(["CA1", "conv-1", "form"]);
    });

    it("keeps two people apart when they share a phone number but not an e-mail address", async () => {
      const one = await createLead(t, {
        source: "contact_form",
        name: "A",
        email: "a@example.com",
        phone: "555-000-1111",
      });
      const two = await createLead(t, {
        source: "contact_form",
        name: "B",
        email: "b@example.com",
        phone: "(555) 000 1111",
      });
      expect(two.created).toBe(true);
      expect(two.lead.id).not.toBe(one.lead.id);
    });

    it("makes exactly one lead from 100 messages sent at once from one new address", async () => {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          createLead(t, {
            source: i % 2 ? "chatbot" : "contact_form",
            name: "Burst Sender",
            email: i % 3 ? "burst@example.com" : "BURST@example.com",
            message: `message ${i}`,
          }),
        ),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      const rows = await t.services.database.db.select().from(leads);
      expect(rows).toHaveLength(1);
      const detail = await (await staff.request(`/api/leads/${rows[0].id}`)).json();
      expect(detail.timeline).toHaveLength(100);
    });

    it("refuses a contact without an e-mail or a phone, or with a bad source, storing nothing", async () => {
      await expect(createLead(t, { source: "chatbot", name: "Nobody", email: undefined })).rejects.toMatchObject({
        code: "validation",
        messageKey: "leads:validation.emailRequired",
      });
      await expect(createLead(t, { source: "fax" as never, email: "x@example.com" })).rejects.toMatchObject({
        code: "validation",
        messageKey: "leads:validation.sourceRequired",
      });
      expect(await t.services.database.db.select().from(leads)).toHaveLength(0);
    });

    it("stores no lead when the message is refused", async () => {
      expect((await contact({ email: "not-an-address" })).status).toBe(400);
      expect(await t.services.database.db.select().from(leads)).toHaveLength(0);
    });
  });

  describe("listing, stats and status", () => {
    beforeEach(async () => {
      await createLead(t, { source: "contact_form", name: "One", email: "one@example.com" });
      await createLead(t, { source: "consultation", name: "Two", email: "two@example.com", phone: "555 222 3333" });
      await createLead(t, { source: "chatbot", name: "Three", email: "three@example.com" });
      await createLead(t, { source: "phone_call", name: "", email: undefined, phone: "+44 20 7946 0958" });
    });

    it("lists newest first and filters by source, status, sync status and CRM", async () => {
      const all = await (await staff.request("/api/leads")).json();
      expect(all.leads.map((lead: { leadSource: string }) => lead.leadSource)).toEqual([
        "phone_call",
        "chatbot",
        "consultation",
        "contact_form",
      ]);
      const consultation = await (await staff.request("/api/leads?leadSource=consultation")).json();
      expect(consultation.leads.map((lead: { email: string }) => lead.email)).toEqual(["two@example.com"]);
      const id = consultation.leads[0].id;
      expect(
        (await staff.request(`/api/leads/${id}`, { method: "PATCH", json: { leadStatus: "qualified" } })).status,
      ).toBe(200);
      const qualified = await (await staff.request("/api/leads?leadStatus=qualified&syncStatus=pending")).json();
      expect(qualified.leads.map((lead: { id: number }) => lead.id)).toEqual([id]);
      expect((await (await staff.request("/api/leads?crmSystem=hubspot")).json()).total).toBe(0);
      expect((await (await staff.request("/api/leads?leadSource=&leadStatus=")).json()).total).toBe(4);
      const second = await staff.request("/api/leads?limit=2&page=2");
      expect(second.headers.get("x-total-count")).toBe("4");
      expect(second.headers.get("link")).toBe(
        '</api/leads?limit=2&page=1>; rel="first", </api/leads?limit=2&page=1>; rel="prev", </api/leads?limit=2&page=2>; rel="last"',
      );
      const page = await second.json();
      expect(page).toMatchObject({ total: 4, totalExact: true, page: 2, limit: 2, offset: 2 });
      expect(page.leads.map((lead: { leadSource: string }) => lead.leadSource)).toEqual([
        "consultation",
        "contact_form",
      ]);
    });

    it("refuses an unknown filter value with a translated 400", async () => {
      const response = await staff.request("/api/leads?leadSource=fax");
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe("Lead source is required");
      const french = await staff.request("/api/leads?leadStatus=won", { headers: FR });
      expect((await french.json()).message).toBe("Le statut doit être nouveau, contacté, qualifié ou converti");
    });

    it("counts by source, status and sync status, with the conversion rate rounded to a whole percent", async () => {
      const empty = await (await staff.request("/api/leads/stats")).json();
      expect(empty.stats.total).toBe(4);
      expect(empty.stats.conversionRate).toBe(0);
      const all = (await (await staff.request("/api/leads")).json()).leads;
      await staff.request(`/api/leads/${all[0].id}`, { method: "PATCH", json: { leadStatus: "converted" } });
      await staff.request(`/api/leads/${all[1].id}`, { method: "PATCH", json: { leadStatus: "contacted" } });
      const { stats } = await (await staff.request("/api/leads/stats")).json();
      expect(stats).toEqual({
        total: 4,
        bySource: { contact_form: 1, consultation: 1, chatbot: 1, phone_call: 1 },
        byStatus: { new: 2, contacted: 1, qualified: 0, converted: 1 },
        bySyncStatus: { pending: 4, synced: 0, failed: 0 },
        conversionRate: 25,
      });
    });

    it("sets any status, and refuses an unknown status or lead", async () => {
      const [lead] = (await (await staff.request("/api/leads")).json()).leads;
      for (const status of ["contacted", "qualified", "converted", "new"]) {
        const response = await staff.request(`/api/leads/${lead.id}`, {
          method: "PATCH",
          json: { leadStatus: status },
        });
        expect(response.status).toBe(200);
        expect((await response.json()).leadStatus).toBe(status);
      }
      const bad = await staff.request(`/api/leads/${lead.id}`, { method: "PATCH", json: { leadStatus: "won" } });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fields.leadStatus).toBe("Status must be new, contacted, qualified or converted");
      const missing = await staff.request("/api/leads/999999", { method: "PATCH", json: { leadStatus: "new" } });
      expect(missing.status).toBe(404);
      expect((await missing.json()).message).toBe("Lead not found");
      expect((await staff.request("/api/leads/abc")).status).toBe(400);
    });

    it("lists the CRMs as not configured and refuses a sync to one", async () => {
      const { providers } = await (await staff.request("/api/crm/providers")).json();
      expect(providers).toEqual([
        { name: "hubspot", configured: false, isDefault: false },
        { name: "pipedrive", configured: false, isDefault: false },
        { name: "salesforce", configured: false, isDefault: false },
      ]);
      const [lead] = (await (await staff.request("/api/leads")).json()).leads;
      const refused = await staff.request(`/api/leads/${lead.id}/sync`, {
        method: "POST",
        json: { crmSystem: "pipedrive" },
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe("Pipedrive is not configured on the server");
      const noDefault = await staff.request(`/api/leads/${lead.id}/sync`, { method: "POST", json: {} });
      expect(noDefault.status).toBe(400);
      expect((await noDefault.json()).message).toBe(
        "No default CRM is set: choose one, or set CRM_DEFAULT on the server",
      );
      const unknown = await staff.request(`/api/leads/${lead.id}/sync`, {
        method: "POST",
        json: { crmSystem: "zoho" },
      });
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).message).toBe("CRM must be hubspot, pipedrive or salesforce");
      const detail = await (await staff.request(`/api/leads/${lead.id}`)).json();
      expect(detail.syncHistory).toEqual([]);
    });
  });
});
