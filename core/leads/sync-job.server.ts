import type { Job } from "pg-boss";
import type { Transaction } from "../../db/client.server.ts";
import type { CrmRegistry } from "../crm/directory.server.ts";
import type { CrmLead } from "../crm/provider.ts";
import { CrmError, DEFAULT_RETRY_POLICY, nextRetry, type RetryPolicy } from "../crm/rules.ts";
import type { JobLogger, JobQueue } from "../jobs/queue.server.ts";
import type { LeadRepo, LeadRow } from "./repo.server.ts";
import type { CrmSystem } from "./rules.ts";

export const LEAD_SYNC_QUEUE = "crm-lead-sync";

export interface LeadSyncJobData {
  leadId: number;
  crm: CrmSystem;
  /** 1 for the first try; each retry after a CRM failure is a new job with the next number. */
  attempt: number;
}

export interface LeadSyncOptions {
  policy?: RetryPolicy;
  /** A job running longer than this is taken for dead (its server stopped) and run again. */
  expireInSeconds?: number;
  logger?: JobLogger;
}

function crmLeadOf(row: LeadRow): CrmLead {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    source: row.leadSource,
    status: row.leadStatus,
  };
}

/** Queues a lead's sync inside the caller's transaction, so that the job exists exactly when the change does. */
export interface LeadSyncScheduler {
  schedule(tx: Transaction, leadId: number, crm: CrmSystem): Promise<void>;
}

/**
 * The CRM sync job. A CRM failure that may pass (time-out, 429, 5xx) queues the next attempt after the
 * CRM's Retry-After or an exponential back-off, up to the policy's bound, then the lead is marked
 * failed with the CRM's message. The record id the CRM gives is kept on the lead, so a second sync
 * (or a job run again after a crash) updates that record instead of making another. One job per lead
 * and CRM waits at a time (a "stately" queue), and pg-boss runs each on one server only.
 */
export class LeadSyncJobs implements LeadSyncScheduler {
  private readonly policy: RetryPolicy;
  private readonly queue: JobQueue;
  private readonly repo: LeadRepo;
  private readonly crm: CrmRegistry;
  private readonly logger?: JobLogger;

  constructor(queue: JobQueue, repo: LeadRepo, crm: CrmRegistry, options: LeadSyncOptions = {}) {
    this.queue = queue;
    this.repo = repo;
    this.crm = crm;
    this.logger = options.logger;
    this.policy = options.policy ?? DEFAULT_RETRY_POLICY;
    queue
      .define(LEAD_SYNC_QUEUE, {
        policy: "stately",
        // pg-boss's own retries cover what the handler cannot: a server that died mid-job, a database outage.
        retryLimit: 5,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? 120,
      })
      .work<LeadSyncJobData>(LEAD_SYNC_QUEUE, (job) => this.run(job));
  }

  async schedule(tx: Transaction, leadId: number, crm: CrmSystem): Promise<void> {
    await this.queue.send(LEAD_SYNC_QUEUE, { leadId, crm, attempt: 1 } satisfies LeadSyncJobData, {
      tx,
      singletonKey: `${leadId}:${crm}`,
    });
  }

  /** One attempt; exported for the worker and for tests that drive a job by hand. */
  async run(job: Pick<Job<LeadSyncJobData>, "data">): Promise<void> {
    const { leadId, crm, attempt } = job.data;
    const lead = await this.repo.find(leadId);
    if (!lead) return;
    const provider = this.crm.provider(crm);
    if (!provider) {
      await this.repo.recordFailure(leadId, crm, `${crm} is not configured`, attempt, true);
      return;
    }
    try {
      const id = await provider.upsertLead(crmLeadOf(lead), lead.crmIds[crm] ?? null, (known) =>
        this.repo.rememberCrmId(leadId, crm, known),
      );
      await this.repo.recordSuccess(leadId, crm, id, attempt);
    } catch (error) {
      if (!(error instanceof CrmError)) throw error;
      const next = nextRetry(error, attempt, this.policy);
      await this.repo.recordFailure(leadId, crm, error.message, attempt, !next.retry);
      this.logger?.warn(
        { leadId, crm, attempt, kind: error.kind, status: error.status, retry: next.retry },
        "CRM sync attempt failed",
      );
      if (next.retry) {
        await this.queue.send(LEAD_SYNC_QUEUE, { leadId, crm, attempt: attempt + 1 } satisfies LeadSyncJobData, {
          singletonKey: `${leadId}:${crm}`,
          startAfterMs: next.delayMs,
        });
      }
    }
  }
}
