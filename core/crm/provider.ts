import type { CrmSystem, LeadSource, LeadStatus } from "../leads/rules.ts";

/** What a CRM receives about a lead. */
export interface CrmLead {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  message: string | null;
  source: LeadSource;
  status: LeadStatus;
}

/** One CRM behind one interface: the sync job neither knows nor cares which. */
export interface CrmProvider {
  readonly name: CrmSystem;
  /**
   * Creates the lead's record, or updates it when `knownId` (from an earlier sync) or the e-mail
   * address finds it, so that syncing twice never makes two records. Answers the record's id; throws
   * a CrmError. `remember` is told an id as soon as the CRM gives one, before any later step can fail.
   */
  upsertLead(lead: CrmLead, knownId: string | null, remember?: (id: string) => Promise<void>): Promise<string>;
}
