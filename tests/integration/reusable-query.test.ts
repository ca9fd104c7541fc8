import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { reusable } from "../../db/reusable-query.server.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { createTestDatabase } from "../helpers/test-db.ts";

/**
 * A query built once runs on the database and inside any transaction, each run on its executor's own
 * connection: what one transaction writes, another does not see before it commits, and a rolled back
 * write is gone, as with a query built for the run.
 */
describe("queries built once", () => {
  let database: DatabaseHandle;
  const find = reusable<Array<typeof rateLimits.$inferSelect>, { key: string }>("test_rate_limit_find", (x) =>
    x
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, sql.placeholder("key"))),
  );
  const add = reusable<unknown, { key: string; count: number }>("test_rate_limit_add", (x) =>
    x.insert(rateLimits).values({
      key: sql.placeholder("key"),
      count: sql.placeholder("count"),
      resetAt: sql`now() + interval '1 hour'`,
    } as never),
  );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("reads and writes on the database and in transactions, each on its own connection", async () => {
    const db = database.db;
    await add(db, { key: "outside", count: 1 });
    expect((await find(db, { key: "outside" })).map((row) => row.count)).toEqual([1]);
    await db.transaction(async (tx) => {
      await add(tx, { key: "inside", count: 2 });
      expect((await find(tx, { key: "inside" })).map((row) => row.count)).toEqual([2]);
    });
    expect((await find(db, { key: "inside" })).map((row) => row.count)).toEqual([2]);
    await expect(
      db.transaction(async (tx) => {
        await add(tx, { key: "rolled-back", count: 3 });
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await find(db, { key: "rolled-back" })).toEqual([]);
    // The row is a row as drizzle maps it: its time a Date.
    expect((await find(db, { key: "outside" }))[0].resetAt).toBeInstanceOf(Date);
  });

  // The embedded database runs one transaction at a time: only PostgreSQL can hold two open.
  it.skipIf(!process.env.TEST_DATABASE_URL)("keeps transactions apart when they run at once", async () => {
    const db = database.db;
    let release!: () => void;
    let written!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ready = new Promise<void>((resolve) => (written = resolve));
    const writer = db.transaction(async (tx) => {
      await add(tx, { key: "uncommitted", count: 4 });
      written();
      await held;
    });
    // Another connection does not see the write the first transaction has not committed.
    await ready;
    expect(await db.transaction((tx) => find(tx, { key: "uncommitted" }))).toEqual([]);
    release();
    await writer;
    expect((await find(db, { key: "uncommitted" })).map((row) => row.count)).toEqual([4]);
  });
});
