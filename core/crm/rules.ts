import type { CrmSystem, LeadStatus } from "../leads/rules.ts";

/**
 * Our four lead statuses in each CRM's own vocabulary:
 * - HubSpot: the default options of the contact property `hs_lead_status`.
 * - Pipedrive: lead labels (found by name, made when missing), with the colour each gets when made.
 * - Salesforce: the standard picklist values of Lead.Status. Salesforce has no "qualified" value of its
 *   own; a qualified lead is still being worked.
 */
export const CRM_STATUS_MAP = {
  hubspot: { new: "NEW", contacted: "CONNECTED", qualified: "IN_PROGRESS", converted: "OPEN_DEAL" },
  pipedrive: { new: "New", contacted: "Contacted", qualified: "Qualified", converted: "Converted" },
  salesforce: {
    new: "Open - Not Contacted",
    contacted: "Working - Contacted",
    qualified: "Working - Contacted",
    converted: "Closed - Converted",
  },
} as const satisfies Record<CrmSystem, Record<LeadStatus, string>>;

export const PIPEDRIVE_LABEL_COLORS: Record<LeadStatus, "blue" | "yellow" | "green" | "purple"> = {
  new: "blue",
  contacted: "yellow",
  qualified: "green",
  converted: "purple",
};

export function crmStatus(crm: CrmSystem, status: LeadStatus): string {
  return CRM_STATUS_MAP[crm][status];
}

/** Display names of the CRMs. */
export const CRM_NAMES: Record<CrmSystem, string> = {
  hubspot: "HubSpot",
  pipedrive: "Pipedrive",
  salesforce: "Salesforce",
};

/** Why a CRM call failed, as far as retrying is concerned. */
export type CrmFailureKind = "timeout" | "rate_limited" | "server" | "unauthorized" | "rejected" | "network";

/** A failed CRM call: its kind, the CRM's own message, and the wait it asked for (429 Retry-After). */
export class CrmError extends Error {
  readonly kind: CrmFailureKind;
  readonly status: number | null;
  readonly retryAfterMs: number | null;

  constructor(
    kind: CrmFailureKind,
    message: string,
    options: { status?: number | null; retryAfterMs?: number | null } = {},
  ) {
    super(message);
    this.name = "CrmError";
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }

  /** Time-outs, lost connections, 429 and 5xx pass; a refused token or a rejected record will not. */
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "rate_limited" || this.kind === "server" || this.kind === "network";
  }
}

/** The kind of failure an HTTP status is. */
export function failureKindOf(status: number): CrmFailureKind {
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server";
  if (status === 401 || status === 403) return "unauthorized";
  return "rejected";
}

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** Wait before the second attempt; it doubles after each one. */
  baseDelayMs: number;
  /** No wait is longer, Retry-After included. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 5_000, maxDelayMs: 15 * 60_000 };

/**
 * What to do after attempt number `attempt` (1-based) failed: retry after a delay (the CRM's Retry-After
 * when it gave one, else exponential back-off), or give up.
 */
export function nextRetry(
  error: CrmError,
  attempt: number,
  policy: RetryPolicy,
): { retry: true; delayMs: number } | { retry: false } {
  if (!error.retryable || attempt >= policy.maxAttempts) return { retry: false };
  const backoff = policy.baseDelayMs * 2 ** (attempt - 1);
  const delay = error.retryAfterMs ?? backoff;
  return { retry: true, delayMs: Math.min(Math.max(delay, 0), policy.maxDelayMs) };
}
