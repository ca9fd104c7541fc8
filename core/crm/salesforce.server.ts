import type { CrmLead, CrmProvider } from "./provider.ts";
import { crmRequest, type CrmHttpOptions } from "./http.server.ts";
import { crmStatus } from "./rules.ts";

export interface SalesforceConfig {
  /** The org's instance address, e.g. https://acme.my.salesforce.com. */
  instanceUrl: string;
  accessToken: string;
  timeoutMs: number;
}

export const SALESFORCE_API_VERSION = "v62.0";

const SOURCE_LABELS: Record<CrmLead["source"], string> = {
  contact_form: "Web",
  consultation: "Web",
  chatbot: "Web",
  phone_call: "Phone Inquiry",
};

/** A string literal in SOQL: backslashes and quotes escaped. */
export function soqlString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/**
 * Salesforce REST API: a Lead object found by id or e-mail (SOQL) and updated, or created, with its
 * standard Status. Company and LastName are required by Salesforce; a lead without them gets the
 * placeholders Salesforce's own web-to-lead uses.
 */
export class SalesforceProvider implements CrmProvider {
  readonly name = "salesforce" as const;
  private readonly http: CrmHttpOptions;

  constructor(config: SalesforceConfig) {
    this.http = {
      baseUrl: config.instanceUrl,
      headers: { authorization: `Bearer ${config.accessToken}` },
      timeoutMs: config.timeoutMs,
    };
  }

  async upsertLead(lead: CrmLead, knownId: string | null): Promise<string> {
    const fields = {
      FirstName: lead.firstName || null,
      LastName: lead.lastName || lead.firstName || "[not provided]",
      Email: lead.email,
      Phone: lead.phone,
      Company: lead.company || "[not provided]",
      Status: crmStatus("salesforce", lead.status),
      LeadSource: SOURCE_LABELS[lead.source],
      Description: lead.message,
    };
    const id = knownId ?? (await this.findByEmail(lead.email));
    const base = `/services/data/${SALESFORCE_API_VERSION}/sobjects/Lead`;
    if (id) {
      await crmRequest(this.http, "PATCH", `${base}/${encodeURIComponent(id)}`, fields);
      return id;
    }
    const { data } = await crmRequest<{ id: string; success: boolean }>(this.http, "POST", base, fields);
    return data.id;
  }

  private async findByEmail(email: string | null): Promise<string | null> {
    if (!email) return null;
    const q = `SELECT Id FROM Lead WHERE Email = ${soqlString(email)} AND IsConverted = false ORDER BY CreatedDate LIMIT 1`;
    const { data } = await crmRequest<{ records: Array<{ Id: string }> }>(
      this.http,
      "GET",
      `/services/data/${SALESFORCE_API_VERSION}/query?${new URLSearchParams({ q })}`,
    );
    return data.records?.[0]?.Id ?? null;
  }
}
