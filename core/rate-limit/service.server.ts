import { eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { decide, rateLimitKey, type RateLimitDecision, type RateLimitRule } from "./rules.ts";

/**
 * Rate-limit counters in the database, so that every app server shares them. Each attempt is counted
 * with one atomic upsert that returns the new count: concurrent attempts each get their own number, so
 * none can slip past the limit between a read and a write.
 */
export class RateLimitService {
  private readonly db: Database;
  /** Share of calls that also delete ended windows (keeps the table small without a timer). */
  private readonly purgeRatio: number;

  constructor(
    db: Database,
    purgeRatio: number = 0.01,
  ) {
    this.db = db;
    this.purgeRatio = purgeRatio;
  }

  /** Counts one attempt and says whether it is within the limit. */
  async hit(rule: RateLimitRule, subject: string, now: Date = new Date()): Promise<RateLimitDecision> {
    const key = rateLimitKey(rule, subject);
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: new Date(now.getTime() + rule.windowMs) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        // Both expressions read the row as it was before this update.
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${nowSql} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${nowSql} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (Math.random() < this.purgeRatio) await this.purgeExpired(now);
    return decide({ count: row.count, resetAt: new Date(row.resetAt) }, rule, now);
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
