import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { reusable, timePlaceholder } from "../../db/reusable-query.server.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { countUpTo } from "../../db/staff-search.server.ts";
import type { MailStatus } from "./schema.ts";

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailRow = typeof mailOutbox.$inferInsert;

// Every paid order writes one: a query built once (db/reusable-query.server.ts).
const insertMessage = reusable<
  unknown,
  { toAddress: string; subject: string; text: string; html: string | null; kind: string; nextAttemptAt: string }
>("mail_outbox_insert", (x) =>
  x.insert(mailOutbox).values({
    toAddress: sql.placeholder("toAddress"),
    subject: sql.placeholder("subject"),
    text: sql.placeholder("text"),
    html: sql.placeholder("html"),
    kind: sql.placeholder("kind"),
    nextAttemptAt: timePlaceholder("nextAttemptAt"),
  } as never),
);

/** Database access for the e-mail outbox; only the mail module uses it. */
export class MailRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Writes a message, inside the caller's transaction when one is given. */
  async insert(values: NewMailRow, tx?: Transaction): Promise<void> {
    const due = values.nextAttemptAt instanceof Date ? values.nextAttemptAt : new Date();
    await insertMessage(tx ?? this.db, {
      toAddress: values.toAddress,
      subject: values.subject,
      text: values.text,
      html: values.html ?? null,
      kind: values.kind,
      nextAttemptAt: due.toISOString(),
    });
  }

  /**
   * Claims up to `limit` due messages for one dispatcher until `lockUntil`, in one statement. Rows
   * another dispatcher is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), and a
   * claimed row is not due again until its lock ends, so no two dispatchers get the same message.
   */
  async claimDue(limit: number, now: Date, lockUntil: Date): Promise<MailRow[]> {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, now),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    const rows = await this.db
      .update(mailOutbox)
      .set({ lockedUntil: lockUntil })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  async markSent(id: number, attempts: number, sentAt: Date): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status: "sent", attempts, sentAt, lockedUntil: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
  }

  async markFailure(
    id: number,
    outcome: { status: "pending" | "failed"; attempts: number; nextAttemptAt: Date; lastError: string },
  ): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ ...outcome, lockedUntil: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
  }

  /**
   * One page of the outbox, newest first, optionally with one status, and its matches counted up to
   * `countLimit` (the outbox grows with every e-mail the site sends: no request counts all of it).
   */
  async list(
    status: MailStatus | undefined,
    page: { offset: number; limit: number },
    countLimit: number,
  ): Promise<{ rows: MailRow[]; counted: number }> {
    const where = status ? eq(mailOutbox.status, status) : undefined;
    const [rows, counted] = await Promise.all([
      this.db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .offset(page.offset)
        .limit(page.limit),
      countUpTo(this.db, mailOutbox, where, countLimit),
    ]);
    return { rows, counted };
  }

  async find(id: number): Promise<MailRow | null> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    return row ?? null;
  }
}
