import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite (PostgreSQL in WebAssembly) writes its files through Node's fs but never asks the operating
 * system to flush them: PostgreSQL's own fsync calls end in a no-op inside the WebAssembly file system,
 * and PGlite 0.5 has no option that changes that on Node (`relaxedDurability` only concerns the browser
 * file systems that copy the data directory out after each query). A committed transaction is in the OS's
 * cache: it survives the process being killed, not a power cut or an OS crash.
 *
 * WalSync closes that gap from the outside: after each write is acknowledged by PGlite and before the
 * caller sees it, it flushes (fdatasync) the write-ahead log segments that changed, and the pg_wal
 * directory. On restart PostgreSQL replays the log, so a flushed log is a durable commit. Flushes that
 * are asked for while one runs share the next one (group commit), so concurrent writes cost one flush.
 */
export class WalSync {
  private readonly walDir: string;
  private readonly flushed = new Map<string, number>();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Flushes done (one may cover several writes). */
  flushes = 0;

  constructor(pgData: string) {
    this.walDir = path.join(pgData, "pg_wal");
  }

  /** Resolves once every write acknowledged before the call is on disk. */
  sync(): Promise<void> {
    if (!this.running) {
      this.running = this.flush().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A flush is under way and may have started before this write: the next one covers it.
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.sync();
    });
    return this.queued;
  }

  private async flush(): Promise<void> {
    this.flushes += 1;
    const names = (await readdir(this.walDir)).filter((name) => /^[0-9A-F]{24}$/.test(name));
    let synced = 0;
    for (const name of names) {
      const file = path.join(this.walDir, name);
      const { mtimeMs, size } = await stat(file);
      const stamp = mtimeMs * 1e6 + size;
      if (this.flushed.get(name) === stamp) continue;
      const handle = await open(file, "r+");
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
      this.flushed.set(name, stamp);
      synced += 1;
    }
    // A new or recycled segment is a directory entry too.
    if (synced > 0) {
      const directory = await open(this.walDir, "r");
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    }
  }
}

const READ_ONLY = /^\s*(select|show|explain)\b/i;

/**
 * Makes the client wait for WalSync after every write it acknowledges: statements outside a
 * transaction (unless they only read) and every transaction, once it has committed.
 */
export function syncWritesOf(client: PGlite, wal: WalSync): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    const result = await query(...args);
    if (!READ_ONLY.test(args[0])) await wal.sync();
    return result;
  }) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof exec>) => {
    const result = await exec(...args);
    if (!READ_ONLY.test(args[0])) await wal.sync();
    return result;
  }) as typeof client.exec;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    const result = await transaction(...args);
    await wal.sync();
    return result;
  }) as typeof client.transaction;
}
