import type http from "node:http";
import { FakeCrmServer, type FakeAnswer, type FakeCrmRequest } from "./fake-crm-server.ts";

const STATUSES = new Set([
  "Open - Not Contacted",
  "Working - Contacted",
  "Closed - Converted",
  "Closed - Not Converted",
]);
const BASE = "/services/data/v62.0";

export type SalesforceLead = Record<string, unknown> & { Id: string };

/** Salesforce's REST API for Lead objects as the real one answers: Bearer token, SOQL query, 201 then 204. */
export class FakeSalesforce extends FakeCrmServer {
  readonly leads = new Map<string, SalesforceLead>();
  private next = 1;
  readonly token: string;

  constructor(token = "salesforce-test-token") {
    super();
    this.token = token;
  }

  protected authorised(headers: http.IncomingHttpHeaders): boolean {
    return headers.authorization === `Bearer ${this.token}`;
  }

  protected unauthorised(): FakeAnswer {
    return { status: 401, body: [{ message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" }] };
  }

  protected defaultFailureBody(status: number): unknown {
    if (status === 429) return [{ message: "Too many requests", errorCode: "REQUEST_LIMIT_EXCEEDED" }];
    return [
      {
        message: "An unexpected error occurred. Please include this ErrorId if you contact support: 1234-5678",
        errorCode: "UNKNOWN_EXCEPTION",
      },
    ];
  }

  private checkFields(request: FakeCrmRequest, fields: Record<string, unknown>, creating: boolean): FakeAnswer | null {
    if (creating) {
      const missing = ["LastName", "Company"].filter((name) => !fields[name]);
      if (missing.length > 0) {
        this.problem(request, `missing ${missing.join(", ")}`);
        return {
          status: 400,
          body: [
            {
              message: `Required fields are missing: [${missing.join(", ")}]`,
              errorCode: "REQUIRED_FIELD_MISSING",
              fields: missing,
            },
          ],
        };
      }
    }
    if (fields.Status !== undefined && !STATUSES.has(String(fields.Status))) {
      this.problem(request, `Status ${String(fields.Status)} is not a picklist value`);
      return {
        status: 400,
        body: [
          {
            message: `Status: bad value for restricted picklist field: ${String(fields.Status)}`,
            errorCode: "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST",
            fields: ["Status"],
          },
        ],
      };
    }
    return null;
  }

  protected route(request: FakeCrmRequest): FakeAnswer {
    if (request.method === "GET" && request.path === `${BASE}/query`) {
      const q = request.query.get("q") ?? "";
      const match = /^SELECT Id FROM Lead WHERE Email = '((?:[^'\\]|\\.)*)'/.exec(q);
      if (!match) {
        this.problem(request, `unexpected SOQL: ${q}`);
        return { status: 400, body: [{ message: "unexpected token", errorCode: "MALFORMED_QUERY" }] };
      }
      const email = match[1].replace(/\\(.)/g, "$1").toLowerCase();
      const records = [...this.leads.values()]
        .filter((lead) => String(lead.Email ?? "").toLowerCase() === email)
        .slice(0, 1)
        .map((lead) => ({ attributes: { type: "Lead", url: `${BASE}/sobjects/Lead/${lead.Id}` }, Id: lead.Id }));
      return { status: 200, body: { totalSize: records.length, done: true, records } };
    }
    const fields = (request.body ?? {}) as Record<string, unknown>;
    if (request.method === "POST" && request.path === `${BASE}/sobjects/Lead`) {
      const invalid = this.checkFields(request, fields, true);
      if (invalid) return invalid;
      const email = String(fields.Email ?? "").toLowerCase();
      if (email && [...this.leads.values()].some((lead) => String(lead.Email ?? "").toLowerCase() === email)) {
        return {
          status: 400,
          body: [{ message: "Use one of these records?", errorCode: "DUPLICATES_DETECTED", fields: [] }],
        };
      }
      const id = `00Q5g00000${String(this.next++).padStart(5, "0")}AAA`;
      this.leads.set(id, { ...fields, Id: id });
      return { status: 201, body: { id, success: true, errors: [] } };
    }
    const patch = new RegExp(`^${BASE}/sobjects/Lead/([^/]+)$`).exec(request.path);
    if (request.method === "PATCH" && patch) {
      const lead = this.leads.get(decodeURIComponent(patch[1]));
      if (!lead)
        return { status: 404, body: [{ message: "The requested resource does not exist", errorCode: "NOT_FOUND" }] };
      const invalid = this.checkFields(request, fields, false);
      if (invalid) return invalid;
      Object.assign(lead, fields);
      return { status: 204 };
    }
    this.problem(request, "no such endpoint");
    return { status: 404, body: [{ message: "The requested resource does not exist", errorCode: "NOT_FOUND" }] };
  }
}
