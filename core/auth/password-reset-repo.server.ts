import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { passwordResetTokens } from "../../db/schema/password-resets.ts";
import { sessions, users } from "../../db/schema/users.ts";

export type PasswordResetRow = typeof passwordResetTokens.$inferSelect;

/** Database access for password resets and for ending an account's sessions; only the auth module uses it. */
export class PasswordResetRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async insert(
    values: { userId: string; tokenHash: string; expiresAt: Date },
    tx: Transaction | Database = this.db,
  ): Promise<void> {
    await tx.insert(passwordResetTokens).values(values);
  }

  async findByHash(tokenHash: string): Promise<PasswordResetRow | null> {
    const [row] = await this.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /**
   * Marks a token used, only if nobody used it first and it has not expired: of two requests racing
   * with one token, exactly one gets true.
   */
  async consume(tx: Transaction, id: string, now: Date): Promise<boolean> {
    const rows = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.id, id),
          isNull(passwordResetTokens.usedAt),
          sql`${passwordResetTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: passwordResetTokens.id });
    return rows.length === 1;
  }

  /** Every other outstanding token of the account stops working once its password is set. */
  async retireAllOf(tx: Transaction, userId: string, now: Date): Promise<void> {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }

  async setPassword(tx: Transaction, userId: string, passwordHash: string): Promise<void> {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  /** Ends the account's sessions on every device, except `keepSid` (the one changing the password). */
  async endSessionsOf(tx: Transaction, userId: string, keepSid?: string | null): Promise<void> {
    const ofUser = sql`${sessions.sess}->>'userId' = ${userId}`;
    await tx.delete(sessions).where(keepSid ? and(ofUser, ne(sessions.sid, keepSid)) : ofUser);
  }
}
