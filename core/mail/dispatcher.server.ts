import nodemailer from "nodemailer";
import type { Database } from "../../db/client.server.ts";
import { MailRepo, type MailRow } from "./repo.server.ts";
import { afterFailure, describeError } from "./rules.ts";

/** What the dispatcher hands to a mail server. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Delivers one e-mail or throws; the SMTP transport is the real one, tests may pass another. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The few logger methods the dispatcher uses (pino's logger fits). */
export interface DispatcherLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export interface DispatcherOptions {
  transport: MailTransport;
  /** The sender, e.g. "Atelier <no-reply@atelier.example>". */
  from: string;
  /** Pause between two looks at the outbox when it had nothing more to send. */
  pollMs: number;
  /** Messages claimed at once. */
  batchSize?: number;
  /** Longest wait for one message to be accepted by the mail server. */
  sendTimeoutMs?: number;
  /** How long a claim holds; well above batchSize × sendTimeoutMs so that a live dispatcher never loses its claim. */
  lockMs?: number;
  logger?: DispatcherLogger;
}

export interface DispatchReport {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

const DEFAULT_SEND_TIMEOUT_MS = 30_000;

/** An SMTP transport over nodemailer from an smtp:// or smtps:// URL, with connection, greeting and socket time-outs. */
export function smtpTransport(url: string, timeoutMs = DEFAULT_SEND_TIMEOUT_MS): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}

class SendTimeout extends Error {
  readonly code = "ETIMEDOUT";
  constructor(ms: number) {
    super(`The mail server did not accept the message within ${ms} ms`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Delivers due outbox messages. Any number of dispatchers (one per app server) may run against one
 * database: each claims its own batch atomically, so a message is sent once. A failed send is retried
 * with exponential back-off and marked failed after the last attempt.
 */
export class MailDispatcher {
  private readonly repo: MailRepo;
  private readonly batchSize: number;
  private readonly sendTimeoutMs: number;
  private readonly lockMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  private readonly options: DispatcherOptions;

  constructor(db: Database, options: DispatcherOptions) {
    this.options = options;
    this.repo = new MailRepo(db);
    this.batchSize = options.batchSize ?? 20;
    this.sendTimeoutMs = options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
    this.lockMs = options.lockMs ?? Math.max(5 * 60_000, this.batchSize * this.sendTimeoutMs * 2);
  }

  /** Looks at the outbox now and then every `pollMs` until stopped. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling, waits for a batch in flight to finish, and closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    this.options.transport.close();
  }

  /** Claims one batch of due messages and tries each once. */
  async runOnce(now: Date = new Date()): Promise<DispatchReport> {
    const rows = await this.repo.claimDue(this.batchSize, now, new Date(now.getTime() + this.lockMs));
    const report: DispatchReport = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
    for (const row of rows) {
      const outcome = await this.deliver(row);
      report[outcome] += 1;
    }
    return report;
  }

  private async deliver(row: MailRow): Promise<"sent" | "retrying" | "failed"> {
    try {
      await withTimeout(
        this.options.transport.send({
          from: this.options.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
        }),
        this.sendTimeoutMs,
      );
      await this.repo.markSent(row.id, row.attempts + 1, new Date());
      this.options.logger?.info({ mailId: row.id, kind: row.kind }, "e-mail sent");
      return "sent";
    } catch (error) {
      const lastError = describeError(error);
      const outcome = afterFailure(row.attempts, new Date());
      await this.repo.markFailure(row.id, { ...outcome, lastError });
      if (outcome.status === "failed") {
        this.options.logger?.error(
          { mailId: row.id, kind: row.kind, attempts: outcome.attempts, error: lastError },
          "e-mail failed for good",
        );
        return "failed";
      }
      this.options.logger?.warn(
        {
          mailId: row.id,
          kind: row.kind,
          attempts: outcome.attempts,
          retryAt: outcome.nextAttemptAt.toISOString(),
          error: lastError,
        },
        "e-mail not sent; will retry",
      );
      return "retrying";
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const run = this.runOnce()
        .then((report) => report.claimed >= this.batchSize)
        .catch((error: unknown) => {
          this.options.logger?.warn({ error: describeError(error) }, "e-mail dispatch failed; will look again");
          return false;
        });
      this.running = run;
      void run.then((more) => {
        this.running = null;
        // A full batch means more may be waiting: go on at once rather than after a poll interval.
        this.schedule(more ? 0 : this.options.pollMs);
      });
    }, delayMs);
    this.timer.unref();
  }
}

/** The dispatcher for this process when MAIL_URL is set; without it, e-mails stay in the outbox. */
export function createMailDispatcher(
  db: Database,
  config: { MAIL_URL?: string; MAIL_FROM: string; MAIL_POLL_SECONDS: number },
  logger?: DispatcherLogger,
): MailDispatcher | null {
  if (!config.MAIL_URL) return null;
  return new MailDispatcher(db, {
    transport: smtpTransport(config.MAIL_URL),
    from: config.MAIL_FROM,
    pollMs: config.MAIL_POLL_SECONDS * 1000,
    logger,
  });
}
