import type { CrmLead, CrmProvider } from "./provider.ts";
import { crmRequest, type CrmHttpOptions } from "./http.server.ts";
import { CrmError, crmStatus } from "./rules.ts";

export interface HubSpotConfig {
  accessToken: string;
  /** Default https://api.hubapi.com. */
  baseUrl?: string;
  timeoutMs: number;
}

// HubSpot answers a create for a known e-mail with 409 "Contact already exists. Existing ID: 123".
const EXISTING_ID = /Existing ID:\s*(\d+)/i;

/**
 * HubSpot CRM v3: the lead is a contact, found by id or e-mail, with its `hs_lead_status` set.
 * Plain HTTP: three calls, where the client library would add a large dependency and hide the
 * status and Retry-After the retry rules need.
 */
export class HubSpotProvider implements CrmProvider {
  readonly name = "hubspot" as const;
  private readonly http: CrmHttpOptions;

  constructor(config: HubSpotConfig) {
    this.http = {
      baseUrl: config.baseUrl ?? "https://api.hubapi.com",
      headers: { authorization: `Bearer ${config.accessToken}` },
      timeoutMs: config.timeoutMs,
    };
  }

  async upsertLead(lead: CrmLead, knownId: string | null, remember?: (id: string) => Promise<void>): Promise<string> {
    const properties: Record<string, string> = {
      firstname: lead.firstName,
      lastname: lead.lastName,
      hs_lead_status: crmStatus("hubspot", lead.status),
    };
    if (lead.email) properties.email = lead.email;
    if (lead.phone) properties.phone = lead.phone;
    if (lead.company) properties.company = lead.company;
    if (knownId) return this.update(knownId, properties);
    try {
      const { data } = await crmRequest<{ id: string }>(this.http, "POST", "/crm/v3/objects/contacts", { properties });
      return String(data.id);
    } catch (error) {
      const existing =
        error instanceof CrmError && error.status === 409 ? EXISTING_ID.exec(error.message)?.[1] : undefined;
      if (!existing) throw error;
      await remember?.(existing);
      return this.update(existing, properties);
    }
  }

  private async update(id: string, properties: Record<string, string>): Promise<string> {
    const { data } = await crmRequest<{ id: string }>(
      this.http,
      "PATCH",
      `/crm/v3/objects/contacts/${encodeURIComponent(id)}`,
      { properties },
    );
    return String(data?.id ?? id);
  }
}
