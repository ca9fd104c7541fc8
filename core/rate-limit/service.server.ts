import { createHash } from "node:crypto";
import { eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { reusable, timePlaceholder } from "../../db/reusable-query.server.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { decide, rateLimitKey, refusal, type FormBudget, type RateLimitDecision, type RateLimitRule } from "./rules.ts";

const nowParam = timePlaceholder("now");
// Every order and form counts an attempt: the upsert is built once (db/reusable-query.server.ts).
const countAttempt = reusable<Array<{ count: number; resetAt: Date }>, { key: string; resetAt: string; now: string }>(
  "rate_limits_hit",
  (x) =>
    x
      .insert(rateLimits)
      .values({ key: sql.placeholder("key"), count: 1, resetAt: timePlaceholder("resetAt") } as never)
      .onConflictDoUpdate({
        target: rateLimits.key,
        // Both expressions read the row as it was before this update.
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${nowParam} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${nowParam} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt }),
);

/** Who sent a form: the client's address and, where the form has one, the e-mail address typed. */
export interface FormSender {
  address?: string;
  email?: string | null;
}

/** The rate-limit table keeps no e-mail address, only its hash. */
function emailSubject(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/**
 * Rate-limit counters in the database, so that every app server shares them. Each attempt is counted
 * with one atomic upsert that returns the new count: concurrent attempts each get their own number, so
 * none can slip past the limit between a read and a write.
 */
export class RateLimitService {
  private readonly db: Database;
  /** Share of calls that also delete ended windows (keeps the table small without a timer). */
  private readonly purgeRatio: number;

  constructor(db: Database, purgeRatio: number = 0.01) {
    this.db = db;
    this.purgeRatio = purgeRatio;
  }

  /** Counts one attempt and says whether it is within the limit. */
  async hit(rule: RateLimitRule, subject: string, now: Date = new Date()): Promise<RateLimitDecision> {
    const key = rateLimitKey(rule, subject);
    const [row] = await countAttempt(this.db, {
      key,
      resetAt: new Date(now.getTime() + rule.windowMs).toISOString(),
      now: now.toISOString(),
    });
    if (Math.random() < this.purgeRatio) await this.purgeExpired(now);
    return decide({ count: row.count, resetAt: new Date(row.resetAt) }, rule, now);
  }

  /**
   * Counts one submission of a public form against its per-address and per-e-mail budgets, and throws
   * the kind refusal ("Too many messages from this connection...") when one is spent. A refusal by the
   * e-mail budget gives the address's attempt back: nothing was sent. Without an address the call is
   * the application's own (a seed, an operator's script), not a visitor's, and is not counted.
   */
  async enforce(budget: FormBudget, sender: FormSender, now: Date = new Date()): Promise<void> {
    if (sender.address === undefined) return;
    const byAddress = await this.hit(budget.perAddress, sender.address, now);
    if (!byAddress.allowed) throw refusal(budget.kind, "connection", byAddress);
    if (budget.perEmail && sender.email) {
      const byEmail = await this.hit(budget.perEmail, emailSubject(sender.email), now);
      if (!byEmail.allowed) {
        await this.refund(budget.perAddress, sender.address);
        throw refusal(budget.kind, "email", byEmail);
      }
    }
  }

  /** Gives a submission back to both budgets (e.g. a booking that lost the race for its slot). */
  async giveBack(budget: FormBudget, sender: FormSender): Promise<void> {
    if (sender.address === undefined) return;
    await this.refund(budget.perAddress, sender.address);
    if (budget.perEmail && sender.email) await this.refund(budget.perEmail, emailSubject(sender.email));
  }

  /** Takes back one attempt (e.g. a sign-in that succeeded should not count against its address). */
  async refund(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, rateLimitKey(rule, subject)));
  }

  /** Clears a subject's counter (e.g. an account after a successful sign-in). */
  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, rateLimitKey(rule, subject)));
  }

  async purgeExpired(now: Date = new Date()): Promise<void> {
    await this.db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
  }
}
