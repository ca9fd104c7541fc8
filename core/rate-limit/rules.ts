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

const FIFTEEN_MINUTES = 15 * 60_000;

/** Sign-in attempts per account: 5 per 15 minutes; a successful sign-in clears the count. */
export const SIGN_IN_PER_ACCOUNT: RateLimitRule = { name: "signin:account", limit: 5, windowMs: FIFTEEN_MINUTES };
/** Failed sign-in attempts per client address: 20 per 15 minutes, whatever accounts they try. */
export const SIGN_IN_PER_ADDRESS: RateLimitRule = { name: "signin:address", limit: 20, windowMs: FIFTEEN_MINUTES };
/** New accounts per client address: 20 per hour (each one costs a password hash). */
export const REGISTER_PER_ADDRESS: RateLimitRule = { name: "register:address", limit: 20, windowMs: 60 * 60_000 };

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
  if (!current || current.resetAt.getTime() <= now.getTime()) return { count: 1, resetAt: new Date(now.getTime() + rule.windowMs) };
  return { count: current.count + 1, resetAt: current.resetAt };
}

/** An attempt is allowed while the window's count (this attempt included) stays within the limit. */
export function decide(state: WindowState, rule: RateLimitRule, now: Date): RateLimitDecision {
  const allowed = state.count <= rule.limit;
  return { ...state, allowed, retryAfterMs: allowed ? 0 : Math.max(0, state.resetAt.getTime() - now.getTime()) };
}

/** Whole minutes to wait, rounded up, never less than 1 (for "try again in N minutes"). */
export function retryAfterMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
