import { and, eq, isNull } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** Database access for newsletter subscribers; only the newsletter module uses it. */
export class NewsletterRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async findByEmail(email: string): Promise<SubscriberRow | null> {
    const [row] = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .limit(1);
    return row ?? null;
  }

  async findByTokenHash(tokenHash: string): Promise<SubscriberRow | null> {
    const [row] = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /**
   * Stores a new subscriber, or gives an unconfirmed one a new token and language, in one statement.
   * A confirmed subscriber is left as is: null is answered then.
   */
  async upsertPending(
    values: { email: string; language: string; tokenHash: string },
    tx?: Transaction,
  ): Promise<SubscriberRow | null> {
    const [row] = await (tx ?? this.db)
      .insert(newsletterSubscribers)
      .values(values)
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: { tokenHash: values.tokenHash, language: values.language },
        setWhere: isNull(newsletterSubscribers.confirmedAt),
      })
      .returning();
    return row ?? null;
  }

  /** Confirms the subscriber of a token if not confirmed yet; null when no unconfirmed subscriber has it. */
  async confirm(tokenHash: string, now: Date): Promise<SubscriberRow | null> {
    const [row] = await this.db
      .update(newsletterSubscribers)
      .set({ confirmedAt: now })
      .where(and(eq(newsletterSubscribers.tokenHash, tokenHash), isNull(newsletterSubscribers.confirmedAt)))
      .returning();
    return row ?? null;
  }
}
