import fs from "node:fs";
import { open } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server.ts";

/**
 * The embedded database flushes its write-ahead log to disk before a write is acknowledged: PGlite
 * alone never calls fsync on Node, so a power cut could lose what it had confirmed.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("durable commits on the embedded database", () => {
  let dir: string;
  let database: DatabaseHandle;
  let datasync: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-durability-"));
    database = await openDatabase({ dataDir: dir });
    const probe = await open(path.join(dir, "pgdata", "PG_VERSION"), "r");
    datasync = vi.spyOn(Object.getPrototypeOf(probe) as { datasync(): Promise<void> }, "datasync");
    await probe.close();
  }, 60_000);
  afterAll(async () => {
    datasync.mockRestore();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("flushes the log after a write, after a committed transaction, and not after a read", async () => {
    await database.db.execute(sql`create table durable_probe (id serial primary key, note text not null)`);
    datasync.mockClear();
    await database.db.execute(sql`insert into durable_probe (note) values ('one')`);
    expect(datasync).toHaveBeenCalled();

    datasync.mockClear();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into durable_probe (note) values ('two')`);
      await tx.execute(sql`insert into durable_probe (note) values ('three')`);
    });
    expect(datasync).toHaveBeenCalled();

    datasync.mockClear();
    await database.db.execute(sql`select count(*) from durable_probe`);
    expect(datasync).not.toHaveBeenCalled();
  });
});
