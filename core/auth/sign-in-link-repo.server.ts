import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { signInLinks } from "../../db/schema/sign-in-links.ts";

/** Database access for e-mailed sign-in links; only the auth module uses it. Tokens are kept as hashes. */
export class SignInLinkRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async insert(
    values: { userId: string; tokenHash: string; expiresAt: Date },
    tx: Transaction | Database = this.db,
  ): Promise<void> {
    await tx.insert(signInLinks).values(values);
  }

  /**
   * Uses a link: its account's id, once, while it has not expired; null for an unknown, used or expired
   * link. Of two requests racing with one link, exactly one gets the account.
   */
  async consume(tokenHash: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .update(signInLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(signInLinks.tokenHash, tokenHash),
          isNull(signInLinks.usedAt),
          sql`${signInLinks.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ userId: signInLinks.userId });
    return row?.userId ?? null;
  }
}
