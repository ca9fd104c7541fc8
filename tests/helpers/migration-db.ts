import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { PGLITE_EXTENSIONS, type Database } from "../../db/client.server.ts";
import { createPostgresDatabase } from "../e2e/server-process.ts";

/*
 * For the tests of a data migration: a database as an older release left it (the migrations up to a
 * given one), rows in the old shape, then the rest of the migrations.
 */

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../db/migrations", import.meta.url));

/** A copy of the migrations folder that stops before the first migration whose tag `isLater` picks. */
export function migrationsBefore(isLater: (tag: string) => boolean): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "atelier-migrations-"));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((entry) => isLater(entry.tag));
  if (end < 0) throw new Error("no such migration");
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export interface MigrationDb {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** The same database through Drizzle, for the app's own services once the migrations are applied. */
  db: Database;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database: a new PostgreSQL database when TEST_DATABASE_URL is set, else in-memory PGlite. */
export async function openMigrationDb(name: string): Promise<MigrationDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const database = await createPostgresDatabase(adminUrl, name);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    return {
      query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      // A pool of its own: the services run queries side by side, which one client would only queue.
      db: drizzlePg({ client: pool }) as unknown as Database,
      migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await client.end();
        await database.drop();
      },
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    db: drizzlePglite({ client }) as unknown as Database,
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}
