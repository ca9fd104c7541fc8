import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HubSpotProvider } from "../../core/crm/hubspot.server.ts";
import { PipedriveProvider } from "../../core/crm/pipedrive.server.ts";
import type { CrmLead, CrmProvider } from "../../core/crm/provider.ts";
import { CrmError } from "../../core/crm/rules.ts";
import { SalesforceProvider } from "../../core/crm/salesforce.server.ts";
import { FakeHubSpot } from "../helpers/fake-crm-hubspot.ts";
import { FakePipedrive } from "../helpers/fake-crm-pipedrive.ts";
import type { FakeCrmServer } from "../helpers/fake-crm-server.ts";
import { FakeSalesforce } from "../helpers/fake-crm-salesforce.ts";

const lead = (overrides: Partial<CrmLead> = {}): CrmLead => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+1 555 123 4567",
  company: "Analytical",
  message: "A brand for our engine",
  source: "contact_form",
  status: "new",
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<CrmError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CrmError) return error;
    throw error;
  }
  throw new Error("expected a CrmError");
}

/** The behaviour every adapter shares, against its own fake. */
function sharedBehaviour(
  name: string,
  setup: () => { fake: FakeCrmServer; provider: (token?: string) => CrmProvider },
) {
  describe(`${name}: shared behaviour`, () => {
    it("refuses a bad token with the CRM's message, not to be retried", async () => {
      const { provider } = setup();
      const error = await failure(
        provider("wrong-token").upsertLead(lead({ email: `bad-token@${name}.example` }), null),
      );
      expect(error.kind).toBe("unauthorized");
      expect(error.status).toBe(401);
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(/auth|session|unauthorized/i);
    });

    it("reads a 429's Retry-After, and takes 500 and time-outs for passing trouble", async () => {
      const { fake, provider } = setup();
      fake.failNext({ status: 429, retryAfter: "7" });
      const limited = await failure(provider().upsertLead(lead({ email: `limited@${name}.example` }), null));
      expect(limited).toMatchObject({ kind: "rate_limited", status: 429, retryAfterMs: 7000 });
      expect(limited.retryable).toBe(true);
      fake.failNext({ status: 500 });
      const broken = await failure(provider().upsertLead(lead({ email: `broken@${name}.example` }), null));
      expect(broken).toMatchObject({ kind: "server", status: 500 });
      expect(broken.retryable).toBe(true);
      fake.failNext({ timeout: true });
      const slow = await failure(provider().upsertLead(lead({ email: `slow@${name}.example` }), null));
      expect(slow.kind).toBe("timeout");
      expect(slow.retryable).toBe(true);
      expect(fake.problems).toEqual([]);
    });
  });
}

describe("CRM adapters against local fakes of their APIs", () => {
  const hubspot = new FakeHubSpot();
  const pipedrive = new FakePipedrive();
  const salesforce = new FakeSalesforce();
  const timeoutMs = 400;

  beforeAll(async () => {
    await Promise.all([hubspot.start(), pipedrive.start(), salesforce.start()]);
  });
  afterAll(async () => {
    await Promise.all([hubspot.stop(), pipedrive.stop(), salesforce.stop()]);
  });

  const hub = (token = hubspot.token) => new HubSpotProvider({ accessToken: token, baseUrl: hubspot.url, timeoutMs });
  const pipe = (token = pipedrive.token) =>
    new PipedriveProvider({ apiToken: token, companyDomain: pipedrive.url, timeoutMs });
  const sf = (token = salesforce.token) =>
    new SalesforceProvider({ instanceUrl: salesforce.url, accessToken: token, timeoutMs });

  sharedBehaviour("hubspot", () => ({ fake: hubspot, provider: hub }));
  sharedBehaviour("pipedrive", () => ({ fake: pipedrive, provider: pipe }));
  sharedBehaviour("salesforce", () => ({ fake: salesforce, provider: sf }));

  describe("HubSpot", () => {
    it("creates a contact with its lead status, then updates the same one", async () => {
      const id = await hub().upsertLead(lead(), null);
      const created = hubspot.requests.at(-1)!;
      expect(created.method).toBe("POST");
      expect(created.path).toBe("/crm/v3/objects/contacts");
      expect(created.headers.authorization).toBe(`Bearer ${hubspot.token}`);
      expect(created.body).toEqual({
        properties: {
          email: "ada@example.com",
          firstname: "Ada",
          lastname: "Lovelace",
          phone: "+1 555 123 4567",
          company: "Analytical",
          hs_lead_status: "NEW",
        },
      });
      expect(await hub().upsertLead(lead({ status: "converted" }), id)).toBe(id);
      expect(hubspot.requests.at(-1)).toMatchObject({ method: "PATCH", path: `/crm/v3/objects/contacts/${id}` });
      expect(hubspot.contacts.get(id)?.properties.hs_lead_status).toBe("OPEN_DEAL");
      expect(hubspot.problems).toEqual([]);
    });

    it("answers a 409 for a known e-mail by updating that contact, and tells the id at once", async () => {
      const before = hubspot.contacts.size;
      const told: string[] = [];
      const id = await hub().upsertLead(lead({ status: "contacted" }), null, async (known) => void told.push(known));
      expect(hubspot.contacts.size).toBe(before);
      expect(told).toEqual([id]);
      expect(hubspot.contacts.get(id)?.properties.hs_lead_status).toBe("CONNECTED");
    });
  });

  describe("Pipedrive", () => {
    it("finds or creates the person by e-mail, attaches a lead labelled with the status, then updates that lead", async () => {
      const id = await pipe().upsertLead(
        lead({ email: "grace@example.com", firstName: "Grace", lastName: "Hopper" }),
        null,
      );
      const paths = pipedrive.requests.map((request) => `${request.method} ${request.path}`);
      expect(paths.slice(-5)).toEqual([
        "GET /v1/leadLabels",
        "POST /v1/leadLabels",
        "GET /api/v2/persons/search",
        "POST /api/v2/persons",
        "POST /v1/leads",
      ]);
      expect(
        pipedrive.requests.every(
          (request) =>
            request.headers["x-api-token"] === pipedrive.token || request.headers["x-api-token"] === "wrong-token",
        ),
      ).toBe(true);
      expect(pipedrive.requests.some((request) => request.query.has("api_token"))).toBe(false);
      const created = pipedrive.leads.get(id)!;
      expect(pipedrive.labelName(created.label_ids[0])).toBe("New");
      expect(pipedrive.persons.get(created.person_id)?.emails[0].value).toBe("grace@example.com");

      expect(await pipe().upsertLead(lead({ email: "grace@example.com", status: "qualified" }), id)).toBe(id);
      expect(pipedrive.labelName(pipedrive.leads.get(id)!.label_ids[0])).toBe("Qualified");
      expect(pipedrive.leads.size).toBe(1);

      // A second lead for the same person finds the person instead of making another.
      const persons = pipedrive.persons.size;
      await pipe().upsertLead(lead({ email: "grace@example.com" }), null);
      expect(pipedrive.persons.size).toBe(persons);
      expect(pipedrive.problems).toEqual([]);
    });
  });

  describe("Salesforce", () => {
    it("creates a Lead with its standard Status, finds it again by e-mail, and updates it", async () => {
      const id = await sf().upsertLead(lead({ email: "o'brien@example.com", company: null }), null);
      const [query, create] = salesforce.requests.slice(-2);
      expect(query.path).toBe("/services/data/v62.0/query");
      expect(query.query.get("q")).toContain("WHERE Email = 'o\\'brien@example.com'");
      expect(create).toMatchObject({ method: "POST", path: "/services/data/v62.0/sobjects/Lead" });
      expect(create.headers.authorization).toBe(`Bearer ${salesforce.token}`);
      expect(create.body).toMatchObject({
        FirstName: "Ada",
        LastName: "Lovelace",
        Email: "o'brien@example.com",
        Company: "[not provided]",
        Status: "Open - Not Contacted",
        LeadSource: "Web",
      });

      // Without the id (a lost answer), the e-mail finds the record: no second Lead.
      expect(await sf().upsertLead(lead({ email: "o'brien@example.com", status: "contacted" }), null)).toBe(id);
      expect(await sf().upsertLead(lead({ email: "o'brien@example.com", status: "converted" }), id)).toBe(id);
      expect(salesforce.leads.size).toBe(1);
      expect(salesforce.leads.get(id)?.Status).toBe("Closed - Converted");
      expect(salesforce.problems).toEqual([]);
    });
  });
});
