import { DomainError } from "../errors.ts";

/**
 * Fixed-window rate limits. A rule allows `limit` attempts per subject (an account, an address) in a
 * window of `windowMs`; the window starts with the first attempt and the count starts again after it.
 */
export interface RateLimitRule {
  /** Stable prefix of the counter's key, e.g. "signin:account". */
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** What a refusal talks about ("Too many messages...", "Too many bookings..."). */
export type RefusalKind = "messages" | "bookings" | "signIns" | "accounts" | "resets";

/**
 * The budgets of one public form. An office, a school or a café shares one public address, so the
 * per-address budget is several people's worth; the per-e-mail budget is one person's, and is what
 * actually brakes a script that repeats itself. Windows are short so that a refusal never asks anyone
 * to wait long.
 */
export interface FormBudget {
  kind: RefusalKind;
  perAddress: RateLimitRule;
  /** Absent where the form has no e-mail address (or it is optional and missing). */
  perEmail?: RateLimitRule;
}

const rule = (name: string, limit: number, minutes: number): RateLimitRule => ({
  name,
  limit,
  windowMs: minutes * MINUTE,
});

/** Every public form's budgets, in one place so that they are sized together. */
export const FORM_BUDGETS = {
  contact: { kind: "messages", perAddress: rule("contact:address", 30, 10), perEmail: rule("contact:email", 5, 10) },
  booking: { kind: "bookings", perAddress: rule("booking:address", 30, 10), perEmail: rule("booking:email", 5, 10) },
  comment: { kind: "messages", perAddress: rule("comment:address", 60, 10), perEmail: rule("comment:email", 10, 10) },
  testimonial: {
    kind: "messages",
    perAddress: rule("testimonial:address", 20, 10),
    perEmail: rule("testimonial:email", 3, 10),
  },
  newsletter: {
    kind: "messages",
    perAddress: rule("newsletter:address", 30, 10),
    perEmail: rule("newsletter:email-request", 5, 10),
  },
  /**
   * Sign-ins: the address's budget is the hard stop (a success gives its attempt back). The account's is
   * not a lock: past its free failures, a browser the account never signed in from proves itself with a
   * link e-mailed to the account (sent only when the password was right), and a browser it signed in from
   * before is never held back, so a stranger's guesses can neither get in nor keep the owner out.
   */
  signIn: {
    kind: "signIns",
    perAddress: rule("signin:address", 100, 15),
    perEmail: rule("signin:account", 5, 24 * 60),
  },
  register: { kind: "accounts", perAddress: rule("register:address", 30, 10), perEmail: rule("register:email", 5, 10) },
  passwordReset: { kind: "resets", perAddress: rule("reset:address", 20, 15), perEmail: rule("reset:email", 3, 15) },
} as const satisfies Record<string, FormBudget>;

/** Failed sign-ins per account: 5 a day before unknown browsers need an e-mailed link; a sign-in clears the count. */
export const SIGN_IN_PER_ACCOUNT: RateLimitRule = FORM_BUDGETS.signIn.perEmail;
/** E-mailed sign-in links per account (its owner asking again): 3 per 15 minutes; more are not sent. */
export const SIGN_IN_LINKS_PER_ACCOUNT: RateLimitRule = rule("signin:link", 3, 15);
/** Failed sign-ins on a staff account that make the owner get an e-mail about it. */
export const SIGN_IN_BURST = 10;
/** Checks of the current password by a signed-in user (changing it): 5 per 15 minutes. */
export const PASSWORD_CHANGE_PER_ACCOUNT: RateLimitRule = rule("password-change:account", 5, 15);

/** Failed sign-in attempts per client address: 100 per 15 minutes, whatever accounts they try. */
export const SIGN_IN_PER_ADDRESS: RateLimitRule = FORM_BUDGETS.signIn.perAddress;

export interface WindowState {
  count: number;
  resetAt: Date;
}

export interface RateLimitDecision extends WindowState {
  allowed: boolean;
  /** Milliseconds until the window ends (0 when allowed). */
  retryAfterMs: number;
}

/** The counter's key for one subject under one rule. */
export function rateLimitKey(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject.trim().toLowerCase()}`;
}

/**
 * The counter after one more attempt: a new window when there is none or it has ended, else one more
 * in the current window. The database service applies exactly this in one atomic upsert.
 */
export function nextWindow(current: WindowState | null, rule: RateLimitRule, now: Date): WindowState {
  if (!current || current.resetAt.getTime() <= now.getTime())
    return { count: 1, resetAt: new Date(now.getTime() + rule.windowMs) };
  return { count: current.count + 1, resetAt: current.resetAt };
}

/** An attempt is allowed while the window's count (this attempt included) stays within the limit. */
export function decide(state: WindowState, rule: RateLimitRule, now: Date): RateLimitDecision {
  const allowed = state.count <= rule.limit;
  return { ...state, allowed, retryAfterMs: allowed ? 0 : Math.max(0, state.resetAt.getTime() - now.getTime()) };
}

/** Whole minutes to wait, rounded up, never less than 1 (for "try again in N minutes"). */
export function retryAfterMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / MINUTE));
}

/** Whole seconds to wait, rounded up, never less than 1 (the Retry-After header). */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/**
 * The kind refusal of a spent budget: what was limited (this connection or this e-mail address) and when
 * to try again, e.g. "Too many messages from this connection. Please try again in 3 minutes.". The edge
 * turns `retryAfterSeconds` into the Retry-After header.
 */
export function refusal(
  kind: RefusalKind,
  scope: "connection" | "email",
  decision: Pick<RateLimitDecision, "retryAfterMs">,
): DomainError {
  return spentBudget(`errors:rateLimit.${kind}.${scope}`, decision);
}

/**
 * The refusal of a spent budget with its own message (`messageKey`, whose `count` and `minutes` say when
 * to try again); the edge turns `retryAfterSeconds` into the Retry-After header.
 */
export function spentBudget(messageKey: string, decision: Pick<RateLimitDecision, "retryAfterMs">): DomainError {
  const minutes = retryAfterMinutes(decision.retryAfterMs);
  // The Retry-After header says what the message says ("in 1 minute" is 60 seconds, never 1): a client
  // that waits as told is never refused again for the same window.
  return new DomainError("rate_limited", messageKey, {
    params: { count: minutes, minutes, retryAfterSeconds: minutes * 60 },
  });
}
