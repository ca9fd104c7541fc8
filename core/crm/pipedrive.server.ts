import type { LeadStatus } from "../leads/rules.ts";
import type { CrmLead, CrmProvider } from "./provider.ts";
import { crmRequest, type CrmHttpOptions } from "./http.server.ts";
import { CRM_STATUS_MAP, PIPEDRIVE_LABEL_COLORS } from "./rules.ts";

export interface PipedriveConfig {
  apiToken: string;
  /** The company domain ("acme" for acme.pipedrive.com), or a full URL (a local fake in tests). */
  companyDomain: string;
  timeoutMs: number;
}

export function pipedriveBaseUrl(companyDomain: string): string {
  return /^https?:\/\//.test(companyDomain) ? companyDomain : `https://${companyDomain}.pipedrive.com`;
}

interface PipedriveData<T> {
  success: boolean;
  data: T;
}

/**
 * Pipedrive: a person found by e-mail (API v2 search) or created, and a lead attached to it (API v1,
 * where leads live) whose label is our status. The token travels in the x-api-token header, never in
 * the address, so that it stays out of logs.
 */
export class PipedriveProvider implements CrmProvider {
  readonly name = "pipedrive" as const;
  private readonly http: CrmHttpOptions;

  constructor(config: PipedriveConfig) {
    this.http = {
      baseUrl: pipedriveBaseUrl(config.companyDomain),
      headers: { "x-api-token": config.apiToken },
      timeoutMs: config.timeoutMs,
    };
  }

  async upsertLead(lead: CrmLead, knownId: string | null): Promise<string> {
    const labelId = await this.labelFor(lead.status);
    const title = [`${lead.firstName} ${lead.lastName}`.trim(), lead.company].filter(Boolean).join(" – ");
    if (knownId) {
      const { data } = await crmRequest<PipedriveData<{ id: string }>>(
        this.http,
        "PATCH",
        `/v1/leads/${encodeURIComponent(knownId)}`,
        { title, label_ids: [labelId] },
      );
      return data.data?.id ?? knownId;
    }
    const personId = await this.person(lead);
    const { data } = await crmRequest<PipedriveData<{ id: string }>>(this.http, "POST", "/v1/leads", {
      title,
      person_id: personId,
      label_ids: [labelId],
    });
    return data.data.id;
  }

  private async person(lead: CrmLead): Promise<number> {
    if (lead.email) {
      const query = new URLSearchParams({ term: lead.email, fields: "email", exact_match: "true", limit: "1" });
      const { data } = await crmRequest<PipedriveData<{ items: Array<{ item: { id: number } }> }>>(
        this.http,
        "GET",
        `/api/v2/persons/search?${query}`,
      );
      const found = data.data?.items?.[0]?.item?.id;
      if (found) return found;
    }
    const { data } = await crmRequest<PipedriveData<{ id: number }>>(this.http, "POST", "/api/v2/persons", {
      name: `${lead.firstName} ${lead.lastName}`.trim() || lead.email || lead.phone || "Lead",
      ...(lead.email ? { emails: [{ value: lead.email, primary: true, label: "work" }] } : {}),
      ...(lead.phone ? { phones: [{ value: lead.phone, primary: true, label: "work" }] } : {}),
    });
    return data.data.id;
  }

  /** The id of the label named after the status; made once when the account does not have it. */
  private async labelFor(status: LeadStatus): Promise<string> {
    const name = CRM_STATUS_MAP.pipedrive[status];
    const { data } = await crmRequest<PipedriveData<Array<{ id: string; name: string }>>>(
      this.http,
      "GET",
      "/v1/leadLabels",
    );
    const found = data.data?.find((label) => label.name.toLowerCase() === name.toLowerCase());
    if (found) return found.id;
    const created = await crmRequest<PipedriveData<{ id: string }>>(this.http, "POST", "/v1/leadLabels", {
      name,
      color: PIPEDRIVE_LABEL_COLORS[status],
    });
    return created.data.data.id;
  }
}
