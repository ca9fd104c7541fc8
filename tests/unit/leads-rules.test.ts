import { describe, expect, it } from "vitest";
import {
  CRM_STATUS_MAP,
  CrmError,
  crmStatus,
  nextRetry,
  parseRetryAfter,
  failureKindOf,
} from "../../core/crm/rules.ts";
import {
  CRM_SYSTEMS,
  LEAD_STATUSES,
  conversionRate,
  countBy,
  emailKey,
  matchLead,
  splitName,
  toE164,
} from "../../core/leads/rules.ts";

describe("finding a person again", () => {
  it("compares e-mail addresses without regard to case or surrounding spaces", () => {
    expect(emailKey("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(emailKey("")).toBeNull();
    expect(emailKey(null)).toBeNull();
  });

  it("writes phone numbers in E.164 whatever their format", () => {
    for (const written of [
      "+1 (555) 123-4567",
      "555.123.4567",
      "(555) 123 4567",
      "1-555-123-4567",
      "001 555 123 4567",
      "+1 555 123 4567 ext. 12",
    ]) {
      expect(toE164(written), written).toBe("+15551234567");
    }
    for (const written of ["+33 6 12 34 56 78", "06 12 34 56 78", "06.12.34.56.78", "0033 612 345 678"]) {
      expect(toE164(written), written).toBe("+33612345678");
    }
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("gives no E.164 form to what cannot be one", () => {
    for (const written of ["12345", "555-1234", "+0 123 456 789", "+1234567890123456", "", null])
      expect(toE164(written), String(written)).toBeNull();
  });

  it("matches by e-mail first, else by phone, and never joins two different e-mail addresses by a shared phone", () => {
    const leads = [
      { id: 1, email: "a@example.com", phoneE164: "+15550001111" },
      { id: 2, email: null, phoneE164: "+33612345678" },
    ];
    expect(matchLead(leads, "a@example.com", null)?.id).toBe(1);
    expect(matchLead(leads, "a@example.com", "+33612345678")?.id).toBe(1);
    expect(matchLead(leads, null, "+15550001111")?.id).toBe(1);
    expect(matchLead(leads, "b@example.com", "+15550001111")).toBeNull();
    expect(matchLead(leads, "c@example.com", "+33612345678")?.id).toBe(2);
    expect(matchLead(leads, "d@example.com", null)).toBeNull();
  });

  it("splits a full name into first and last", () => {
    expect(splitName("  Ada   King Lovelace ")).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
    expect(splitName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
    expect(splitName("")).toEqual({ firstName: "", lastName: "" });
  });
});

describe("the dashboard's figures", () => {
  it("rounds the conversion rate to a whole percent, 0% when there are no leads", () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(1, 3)).toBe(33);
    expect(conversionRate(2, 3)).toBe(67);
    expect(conversionRate(1, 8)).toBe(13);
    expect(conversionRate(5, 5)).toBe(100);
  });

  it("counts every value, 0 for the missing ones, ignoring unknown ones", () => {
    expect(
      countBy(LEAD_STATUSES, [
        { key: "new", count: 3 },
        { key: "converted", count: 1 },
        { key: "lost", count: 9 },
      ]),
    ).toEqual({ new: 3, contacted: 0, qualified: 0, converted: 1 });
  });
});

describe("CRM status mapping", () => {
  it("maps each of our statuses to each CRM's own value", () => {
    expect(Object.keys(CRM_STATUS_MAP)).toEqual(["hubspot", "pipedrive", "salesforce"]);
    // Each of our statuses, then what HubSpot, Pipedrive and Salesforce call it.
    expect(LEAD_STATUSES.map((status) => [status, ...CRM_SYSTEMS.map((crm) => CRM_STATUS_MAP[crm][status])])).toEqual([
      ["new", "NEW", "New", "Open - Not Contacted"],
      ["contacted", "CONNECTED", "Contacted", "Working - Contacted"],
      ["qualified", "IN_PROGRESS", "Qualified", "Working - Contacted"],
      ["converted", "OPEN_DEAL", "Converted", "Closed - Converted"],
    ]);
    const hubspotOptions = new Set([
      "NEW",
      "OPEN",
      "IN_PROGRESS",
      "OPEN_DEAL",
      "UNQUALIFIED",
      "ATTEMPTED_TO_CONTACT",
      "CONNECTED",
      "BAD_TIMING",
    ]);
    const salesforceStandard = new Set([
      "Open - Not Contacted",
      "Working - Contacted",
      "Closed - Converted",
      "Closed - Not Converted",
    ]);
    for (const status of LEAD_STATUSES) {
      expect(hubspotOptions.has(crmStatus("hubspot", status))).toBe(true);
      expect(salesforceStandard.has(crmStatus("salesforce", status))).toBe(true);
    }
    for (const crm of CRM_SYSTEMS) expect(Object.keys(CRM_STATUS_MAP[crm])).toEqual([...LEAD_STATUSES]);
  });
});

describe("retrying a CRM call", () => {
  const policy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 60_000 };

  it("reads Retry-After in seconds or as a date", () => {
    expect(parseRetryAfter("12")).toBe(12_000);
    expect(parseRetryAfter("Wed, 25 Nov 2026 12:00:30 GMT", Date.parse("2026-11-25T12:00:00Z"))).toBe(30_000);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it("classifies answers: 429 and 5xx pass, 401 and 4xx do not", () => {
    expect(failureKindOf(429)).toBe("rate_limited");
    expect(failureKindOf(503)).toBe("server");
    expect(failureKindOf(401)).toBe("unauthorized");
    expect(failureKindOf(400)).toBe("rejected");
    expect(new CrmError("rejected", "bad").retryable).toBe(false);
    expect(new CrmError("timeout", "slow").retryable).toBe(true);
  });

  it("backs off exponentially, honours Retry-After within the cap, and stops at the bound or on a refusal", () => {
    const server = new CrmError("server", "boom", { status: 500 });
    expect([1, 2, 3].map((attempt) => nextRetry(server, attempt, policy))).toEqual([
      { retry: true, delayMs: 1000 },
      { retry: true, delayMs: 2000 },
      { retry: true, delayMs: 4000 },
    ]);
    expect(nextRetry(server, 4, policy)).toEqual({ retry: false });
    expect(
      nextRetry(new CrmError("rate_limited", "slow down", { status: 429, retryAfterMs: 9000 }), 1, policy),
    ).toEqual({ retry: true, delayMs: 9000 });
    expect(
      nextRetry(new CrmError("rate_limited", "slow down", { status: 429, retryAfterMs: 3_600_000 }), 1, policy),
    ).toEqual({ retry: true, delayMs: 60_000 });
    expect(nextRetry(new CrmError("unauthorized", "bad token", { status: 401 }), 1, policy)).toEqual({ retry: false });
  });
});
