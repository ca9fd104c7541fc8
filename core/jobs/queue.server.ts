import { sql } from "drizzle-orm";
import { PgBoss, fromDrizzle, fromPglite, type Job, type Queue } from "pg-boss";
import type { DatabaseHandle, Transaction } from "../../db/client.server.ts";

/** The few logger methods the queue uses (pino's logger fits). */
export interface JobLogger {
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs, in seconds (at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (their server died mid-run) are put back, in seconds. */
  superviseIntervalSeconds?: number;
  logger?: JobLogger;
}

export type QueueSettings = Omit<Queue, "name">;

/**
 * Background jobs on pg-boss, in the application's own database: the embedded PGlite in-process, or
 * PostgreSQL through a small pool of its own. Jobs are rows, so they survive a restart; a job is
 * claimed by one server with SKIP LOCKED, so several servers never run it twice at once. Sending
 * inside a Drizzle transaction makes the job exist exactly when the change that asked for it does.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, QueueSettings>();
  private readonly workers: Array<{ name: string; handler: (job: Job<object>) => Promise<void> }> = [];
  private started: Promise<void> | null = null;
  private readonly options: JobQueueOptions;

  constructor(database: DatabaseHandle, options: JobQueueOptions = {}) {
    this.options = options;
    const common = {
      superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
      // Expired jobs are found by the monitor pass, which otherwise runs once a minute.
      monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
      // One migration of the job tables at a time: several servers may start together.
      migrate: true,
      // No schedules and no telemetry here: less work on the single-connection embedded database.
      schedule: false,
      persistWarnings: false,
    };
    if (database.pglite)
      this.boss = new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" } as ConstructorParameters<
        typeof PgBoss
      >[0]);
    else if (database.url) this.boss = new PgBoss({ ...common, connectionString: database.url, max: 3 });
    else throw new Error("The job queue needs PGlite or a PostgreSQL connection string");
    this.boss.on("error", (error: unknown) => options.logger?.error({ err: error }, "job queue error"));
  }

  /** Declares a queue (its retry and expiry settings); it is made or updated when the queue starts. */
  define(name: string, settings: QueueSettings): this {
    this.queues.set(name, settings);
    return this;
  }

  /** Runs `handler` for each job of a queue once the queue has started (or now, if it has). */
  work<T extends object>(name: string, handler: (job: Job<T>) => Promise<void>): this {
    this.workers.push({ name, handler: handler as (job: Job<object>) => Promise<void> });
    return this;
  }

  get isStarted(): boolean {
    return this.started !== null;
  }

  /** Installs pg-boss's tables on first use, makes the declared queues and starts the workers. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      for (const [name, settings] of this.queues) {
        if (await this.boss.getQueue(name)) {
          // A queue's policy and partitioning are fixed at creation; its retry and expiry settings follow the code.
          const {
            policy: _policy,
            partition: _partition,
            deadLetter: _deadLetter,
            retryDelayMax: _max,
            heartbeatSeconds: _heartbeat,
            ...changeable
          } = settings;
          await this.boss.updateQueue(name, changeable as Parameters<PgBoss["updateQueue"]>[1]);
        } else {
          await this.boss.createQueue(name, settings);
        }
      }
      for (const { name, handler } of this.workers) {
        await this.boss.work<object>(
          name,
          { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
          async ([job]) => handler(job),
        );
      }
    })();
    return this.started;
  }

  /**
   * Queues a job; inside `tx` when given (committed or rolled back with it). `singletonKey` keeps one
   * waiting job per key on a "stately" queue; `startAfterMs` delays it.
   */
  async send(
    name: string,
    data: object,
    options: { tx?: Transaction; singletonKey?: string; startAfterMs?: number } = {},
  ): Promise<string | null> {
    if (!this.started) throw new Error(`The job queue is not started: cannot queue "${name}"`);
    await this.started;
    return this.boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterMs ? { startAfter: new Date(Date.now() + options.startAfterMs) } : {}),
      ...(options.tx
        ? {
            db: fromDrizzle(
              options.tx as unknown as Parameters<typeof fromDrizzle>[0],
              sql as unknown as Parameters<typeof fromDrizzle>[1],
            ),
          }
        : {}),
    });
  }

  /** Jobs of a queue by state, for tests and health checks. */
  async counts(name: string): Promise<{ queued: number; active: number; total: number }> {
    const queue = await this.boss.getQueue(name);
    return { queued: queue?.queuedCount ?? 0, active: queue?.activeCount ?? 0, total: queue?.totalCount ?? 0 };
  }

  /** Stops taking jobs; `graceful` waits for the ones running (a restart, or a deploy). */
  async stop(graceful = true): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => {});
    await this.boss.stop({ graceful, close: true, timeout: 10_000 });
    this.started = null;
  }
}
