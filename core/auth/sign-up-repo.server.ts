import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { signUpRequests } from "../../db/schema/sign-up-requests.ts";

export type SignUpRequestRow = typeof signUpRequests.$inferSelect;

/** Database access for sign-ups waiting for their e-mail confirmation; only the auth module uses it. */
export class SignUpRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async insert(values: typeof signUpRequests.$inferInsert, tx: Transaction | Database = this.db): Promise<void> {
    await tx.insert(signUpRequests).values(values);
  }

  async findByHash(tokenHash: string): Promise<SignUpRequestRow | null> {
    const [row] = await this.db.select().from(signUpRequests).where(eq(signUpRequests.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  }

  /** Marks a request used, only if nobody used it first and it has not expired: of two racing, one wins. */
  async consume(tx: Transaction, id: string, now: Date): Promise<boolean> {
    const rows = await tx
      .update(signUpRequests)
      .set({ usedAt: now })
      .where(
        and(
          eq(signUpRequests.id, id),
          isNull(signUpRequests.usedAt),
          sql`${signUpRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: signUpRequests.id });
    return rows.length === 1;
  }
}
