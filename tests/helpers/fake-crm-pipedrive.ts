import { randomUUID } from "node:crypto";
import type http from "node:http";
import { FakeCrmServer, type FakeAnswer, type FakeCrmRequest } from "./fake-crm-server.ts";

const COLORS = new Set(["green", "blue", "red", "yellow", "purple", "gray"]);

export interface PipedrivePerson {
  id: number;
  name: string;
  emails: Array<{ value: string; primary: boolean; label: string }>;
}

export interface PipedriveLead {
  id: string;
  title: string;
  person_id: number;
  label_ids: string[];
}

/** Pipedrive as the real API answers: x-api-token, persons on API v2, leads and lead labels on v1. */
export class FakePipedrive extends FakeCrmServer {
  readonly persons = new Map<number, PipedrivePerson>();
  readonly leads = new Map<string, PipedriveLead>();
  readonly labels = [
    { id: randomUUID(), name: "Hot", color: "red" },
    { id: randomUUID(), name: "Warm", color: "yellow" },
    { id: randomUUID(), name: "Cold", color: "blue" },
  ];
  private nextPerson = 71;
  readonly token: string;

  constructor(token = "pipedrive-test-token") {
    super();
    this.token = token;
  }

  protected authorised(headers: http.IncomingHttpHeaders): boolean {
    return headers["x-api-token"] === this.token;
  }

  protected unauthorised(): FakeAnswer {
    return {
      status: 401,
      body: {
        success: false,
        error: "unauthorized access",
        errorCode: 401,
        error_info: "Please check developers.pipedrive.com for more information about Pipedrive API.",
      },
    };
  }

  protected defaultFailureBody(status: number): unknown {
    if (status === 429) return { success: false, error: "Request over limit", errorCode: 429 };
    return { success: false, error: "Internal server error", errorCode: status };
  }

  labelName(id: string): string | undefined {
    return this.labels.find((label) => label.id === id)?.name;
  }

  private checkLeadBody(request: FakeCrmRequest, body: Partial<PipedriveLead>): FakeAnswer | null {
    if (
      body.label_ids !== undefined &&
      (!Array.isArray(body.label_ids) || body.label_ids.some((id) => !this.labelName(id)))
    ) {
      this.problem(request, "unknown label id");
      return { status: 400, body: { success: false, error: "Label not found", errorCode: 400 } };
    }
    return null;
  }

  protected route(request: FakeCrmRequest): FakeAnswer {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (request.method === "GET" && request.path === "/api/v2/persons/search") {
      const term = request.query.get("term") ?? "";
      if (request.query.get("fields") !== "email") this.problem(request, "search not limited to the email field");
      const items = [...this.persons.values()]
        .filter((person) => person.emails.some((email) => email.value.toLowerCase() === term.toLowerCase()))
        .map((person) => ({
          result_score: 1,
          item: { id: person.id, type: "person", name: person.name, emails: person.emails.map((e) => e.value) },
        }));
      return { status: 200, body: { success: true, data: { items }, additional_data: { next_cursor: null } } };
    }
    if (request.method === "POST" && request.path === "/api/v2/persons") {
      if (typeof body.name !== "string" || !body.name) {
        this.problem(request, "person without a name");
        return { status: 400, body: { success: false, error: "Name must be given", errorCode: 400 } };
      }
      const person: PipedrivePerson = {
        id: this.nextPerson++,
        name: body.name,
        emails: (body.emails as PipedrivePerson["emails"]) ?? [],
      };
      this.persons.set(person.id, person);
      return { status: 200, body: { success: true, data: person } };
    }
    if (request.method === "GET" && request.path === "/v1/leadLabels")
      return { status: 200, body: { success: true, data: this.labels } };
    if (request.method === "POST" && request.path === "/v1/leadLabels") {
      if (typeof body.name !== "string" || !COLORS.has(String(body.color))) {
        this.problem(request, "label without a name or with an unknown colour");
        return { status: 400, body: { success: false, error: "Validation failed", errorCode: 400 } };
      }
      const label = { id: randomUUID(), name: body.name, color: String(body.color) };
      this.labels.push(label);
      return { status: 200, body: { success: true, data: label } };
    }
    if (request.method === "POST" && request.path === "/v1/leads") {
      if (typeof body.title !== "string" || !body.title || !this.persons.has(Number(body.person_id))) {
        this.problem(request, "lead without a title or a known person");
        return {
          status: 400,
          body: { success: false, error: "A lead must be linked to a person or an organization", errorCode: 400 },
        };
      }
      const invalid = this.checkLeadBody(request, body as Partial<PipedriveLead>);
      if (invalid) return invalid;
      const lead: PipedriveLead = {
        id: randomUUID(),
        title: body.title,
        person_id: Number(body.person_id),
        label_ids: (body.label_ids as string[]) ?? [],
      };
      this.leads.set(lead.id, lead);
      return { status: 201, body: { success: true, data: lead } };
    }
    const patch = /^\/v1\/leads\/([^/]+)$/.exec(request.path);
    if (request.method === "PATCH" && patch) {
      const lead = this.leads.get(decodeURIComponent(patch[1]));
      if (!lead) return { status: 404, body: { success: false, error: "Lead not found", errorCode: 404 } };
      const invalid = this.checkLeadBody(request, body as Partial<PipedriveLead>);
      if (invalid) return invalid;
      Object.assign(lead, body);
      return { status: 200, body: { success: true, data: lead } };
    }
    this.problem(request, "no such endpoint");
    return { status: 404, body: { success: false, error: "Unknown method", errorCode: 404 } };
  }
}
