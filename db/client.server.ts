import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.server.ts";
import { syncWritesOf, WalSync } from "./wal-sync.server.ts";

/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The embedded database's client (PGlite only): the job queue runs on it in-process. */
  pglite?: PGlite;
  /** The connection string (PostgreSQL only): the job queue opens its own small pool with it. */
  url?: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `template` (in memory only) starts from a data directory dumped by PGlite's dumpDataDir() instead of an
 * empty one: the tests load one migrated database per run instead of migrating one per file.
 */
export type DatabaseOptions = { url: string } | { dataDir: string } | { memory: true; template?: Blob };

/**
 * The PostgreSQL extensions the migrations create (0022: unaccent and pg_trgm for the blog's search). PGlite
 * ships them as separate bundles that must be handed to every instance that opens the database.
 */
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
// An arbitrary constant shared by every app server, so that only one applies migrations at a time.
const MIGRATION_LOCK_ID = 724_301;

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) return openPostgres(options.url);
  return openPglite(
    "dataDir" in options ? options.dataDir : null,
    "template" in options ? options.template : undefined,
  );
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it and the next query reports any outage.
  });
  const db = drizzlePg({ client: pool }) as unknown as Database;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
  return {
    db,
    kind: "postgres",
    url,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    const absolute = path.resolve(dataDir);
    const pgData = path.join(absolute, "pgdata");
    release = acquireDataDirLock(absolute, pgData);
    try {
      client = await PGlite.create(pgData, { extensions: PGLITE_EXTENSIONS });
      // Acknowledged writes are flushed to disk before the caller sees them (see WalSync).
      syncWritesOf(client, new WalSync(pgData));
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(template ? { loadDataDir: template } : {}),
    });
  }
  const db = drizzlePglite({ client }) as unknown as Database;
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  } catch (error) {
    await client.close();
    release();
    throw error;
  }
  let closed = false;
  return {
    db,
    kind: "pglite",
    pglite: client,
    ping: async () => {
      if (closed) throw new Error("database closed");
      await client.query("select 1");
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      release();
    },
  };
}
