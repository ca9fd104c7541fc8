import { CRM_SYSTEMS, type CrmSystem } from "../leads/rules.ts";
import type { CrmProviderInfo } from "../leads/schema.ts";
import { HubSpotProvider } from "./hubspot.server.ts";
import { PipedriveProvider } from "./pipedrive.server.ts";
import type { CrmProvider } from "./provider.ts";
import { SalesforceProvider } from "./salesforce.server.ts";

/**
 * Which CRMs are configured, and the one new leads and status changes go to (CRM_DEFAULT): the lead
 * desk's view of the CRMs. It lives beside the registry that implements it, so that the lead service
 * depends on the CRM module and never the other way round.
 */
export interface CrmDirectory {
  providers(): CrmProviderInfo[];
  isConfigured(name: CrmSystem): boolean;
  readonly defaultCrm: CrmSystem | null;
}

/** The CRM settings of the environment (config/env.ts). */
export interface CrmSettings {
  CRM_DEFAULT?: CrmSystem;
  CRM_TIMEOUT_MS: number;
  HUBSPOT_ACCESS_TOKEN?: string;
  HUBSPOT_API_URL?: string;
  PIPEDRIVE_API_TOKEN?: string;
  PIPEDRIVE_COMPANY_DOMAIN?: string;
  SALESFORCE_INSTANCE_URL?: string;
  SALESFORCE_ACCESS_TOKEN?: string;
}

/** The CRMs configured in the environment; one without its settings is "not configured". */
export class CrmRegistry implements CrmDirectory {
  private readonly configured = new Map<CrmSystem, CrmProvider>();
  readonly defaultCrm: CrmSystem | null;

  constructor(settings: CrmSettings) {
    const timeoutMs = settings.CRM_TIMEOUT_MS;
    if (settings.HUBSPOT_ACCESS_TOKEN)
      this.configured.set(
        "hubspot",
        new HubSpotProvider({
          accessToken: settings.HUBSPOT_ACCESS_TOKEN,
          baseUrl: settings.HUBSPOT_API_URL,
          timeoutMs,
        }),
      );
    if (settings.PIPEDRIVE_API_TOKEN && settings.PIPEDRIVE_COMPANY_DOMAIN) {
      this.configured.set(
        "pipedrive",
        new PipedriveProvider({
          apiToken: settings.PIPEDRIVE_API_TOKEN,
          companyDomain: settings.PIPEDRIVE_COMPANY_DOMAIN,
          timeoutMs,
        }),
      );
    }
    if (settings.SALESFORCE_INSTANCE_URL && settings.SALESFORCE_ACCESS_TOKEN) {
      this.configured.set(
        "salesforce",
        new SalesforceProvider({
          instanceUrl: settings.SALESFORCE_INSTANCE_URL,
          accessToken: settings.SALESFORCE_ACCESS_TOKEN,
          timeoutMs,
        }),
      );
    }
    this.defaultCrm = settings.CRM_DEFAULT ?? null;
  }

  isConfigured(name: CrmSystem): boolean {
    return this.configured.has(name);
  }

  provider(name: CrmSystem): CrmProvider | null {
    return this.configured.get(name) ?? null;
  }

  providers(): CrmProviderInfo[] {
    return CRM_SYSTEMS.map((name) => ({
      name,
      configured: this.configured.has(name),
      isDefault: name === this.defaultCrm,
    }));
  }
}
