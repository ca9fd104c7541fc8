import type { Database, Transaction } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { parseId } from "../ids.ts";
import { cappedTotal, countLimitFor, offsetOf } from "../paging/rules.ts";
import { MailRepo, type MailRow } from "./repo.server.ts";
import {
  mailMessageSchema,
  outboxQuerySchema,
  type MailMessage,
  type OutboxMessage,
  type OutboxPage,
  type OutboxQuery,
  type OutboxSummary,
} from "./schema.ts";

function toSummary(row: MailRow): OutboxSummary {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/**
 * The e-mail outbox. Every e-mail is written here first, in the transaction of what caused it, so
 * that it exists if and only if that was committed; the dispatcher delivers it later, with retries.
 */
export class MailService {
  private readonly repo: MailRepo;

  constructor(db: Database) {
    this.repo = new MailRepo(db);
  }

  /** Queues one e-mail (a pending outbox row), inside `tx` when given. */
  async enqueue(message: MailMessage, tx?: Transaction): Promise<void> {
    const valid = parseOrThrow(mailMessageSchema, message);
    // Due from this application's clock (millisecond precision), the clock dispatchers compare with;
    // the database's now() has microseconds and could make a message look due a moment too late.
    await this.repo.insert(
      {
        toAddress: valid.to,
        subject: valid.subject,
        text: valid.text,
        html: valid.html ?? null,
        kind: valid.kind,
        nextAttemptAt: new Date(),
      },
      tx,
    );
  }

  /** The outbox for staff, newest first, one page at a time, optionally with one status. */
  async listOutbox(query: OutboxQuery = {}): Promise<OutboxPage> {
    const { status, page, pageSize } = parseOrThrow(outboxQuerySchema, query);
    const request = { page, limit: pageSize };
    const { rows, counted } = await this.repo.list(
      status,
      { offset: offsetOf(request), limit: pageSize },
      countLimitFor(request),
    );
    const { total, exact } = cappedTotal(counted, request);
    return { items: rows.map(toSummary), total, totalExact: exact, page, pageSize };
  }

  /** One message with its bodies. */
  async getOutboxMessage(rawId: string | number): Promise<OutboxMessage> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    if (!row) throw new DomainError("not_found", "mail:errors.messageNotFound");
    return { ...toSummary(row), text: row.text, html: row.html };
  }
}
