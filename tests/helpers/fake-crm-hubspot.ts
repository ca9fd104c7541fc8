import type http from "node:http";
import { FakeCrmServer, type FakeAnswer, type FakeCrmRequest } from "./fake-crm-server.ts";

const LEAD_STATUSES = new Set([
  "NEW",
  "OPEN",
  "IN_PROGRESS",
  "OPEN_DEAL",
  "UNQUALIFIED",
  "ATTEMPTED_TO_CONTACT",
  "CONNECTED",
  "BAD_TIMING",
]);

export interface HubSpotContact {
  id: string;
  properties: Record<string, string>;
}

/** HubSpot CRM v3 contacts as the real API answers them: Bearer token, 201 on create, 409 for a known e-mail. */
export class FakeHubSpot extends FakeCrmServer {
  readonly contacts = new Map<string, HubSpotContact>();
  private nextId = 501;
  readonly token: string;

  constructor(token = "hubspot-test-token") {
    super();
    this.token = token;
  }

  protected authorised(headers: http.IncomingHttpHeaders): boolean {
    return headers.authorization === `Bearer ${this.token}`;
  }

  protected unauthorised(): FakeAnswer {
    return {
      status: 401,
      body: {
        status: "error",
        message: "Authentication credentials not found. This API supports OAuth 2.0 authentication.",
        correlationId: "c0ffee",
        category: "INVALID_AUTHENTICATION",
      },
    };
  }

  protected defaultFailureBody(status: number): unknown {
    if (status === 429)
      return {
        status: "error",
        message: "You have reached your secondly limit.",
        errorType: "RATE_LIMIT",
        correlationId: "c0ffee",
        policyName: "SECONDLY",
      };
    return { status: "error", message: "internal error", correlationId: "c0ffee", category: "INTERNAL_ERROR" };
  }

  private checkProperties(request: FakeCrmRequest): Record<string, string> | FakeAnswer {
    const body = request.body as { properties?: Record<string, unknown> } | null;
    const properties = body?.properties;
    if (!properties || typeof properties !== "object") {
      this.problem(request, "no properties object");
      return { status: 400, body: { status: "error", message: "Invalid input JSON", category: "VALIDATION_ERROR" } };
    }
    for (const [name, value] of Object.entries(properties)) {
      if (typeof value !== "string") this.problem(request, `property ${name} is not a string`);
    }
    if (properties.hs_lead_status !== undefined && !LEAD_STATUSES.has(String(properties.hs_lead_status))) {
      this.problem(request, `hs_lead_status ${String(properties.hs_lead_status)} is not an option`);
      return {
        status: 400,
        body: {
          status: "error",
          message: `Property values were not valid: ${String(properties.hs_lead_status)} was not one of the allowed options`,
          category: "VALIDATION_ERROR",
        },
      };
    }
    return properties as Record<string, string>;
  }

  protected route(request: FakeCrmRequest): FakeAnswer {
    if (request.method === "POST" && request.path === "/crm/v3/objects/contacts") {
      const properties = this.checkProperties(request);
      if ("status" in properties && typeof properties.status === "number") return properties as FakeAnswer;
      const props = properties as Record<string, string>;
      const existing = [...this.contacts.values()].find(
        (contact) => props.email && contact.properties.email?.toLowerCase() === props.email.toLowerCase(),
      );
      if (existing) {
        return {
          status: 409,
          body: {
            status: "error",
            message: `Contact already exists. Existing ID: ${existing.id}`,
            correlationId: "c0ffee",
            category: "CONFLICT",
          },
        };
      }
      const contact = { id: String(this.nextId++), properties: { ...props } };
      this.contacts.set(contact.id, contact);
      return {
        status: 201,
        body: {
          id: contact.id,
          properties: contact.properties,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          archived: false,
        },
      };
    }
    const patch = /^\/crm\/v3\/objects\/contacts\/([^/]+)$/.exec(request.path);
    if (request.method === "PATCH" && patch) {
      const contact = this.contacts.get(decodeURIComponent(patch[1]));
      if (!contact)
        return { status: 404, body: { status: "error", message: "resource not found", category: "OBJECT_NOT_FOUND" } };
      const properties = this.checkProperties(request);
      if ("status" in properties && typeof properties.status === "number") return properties as FakeAnswer;
      Object.assign(contact.properties, properties);
      return {
        status: 200,
        body: { id: contact.id, properties: contact.properties, updatedAt: new Date().toISOString(), archived: false },
      };
    }
    this.problem(request, "no such endpoint");
    return { status: 404, body: { status: "error", message: "Not found" } };
  }
}
