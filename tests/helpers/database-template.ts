import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client.server.ts";
import { createPostgresDatabase, temporaryDir } from "../e2e/server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The run's migrated database that test databases start from (tests/helpers/test-db.ts): on PGlite,
     * the file of its dumped data directory; on PostgreSQL (TEST_DATABASE_URL), the template's name.
     */
    databaseTemplate?: string;
  }
}

/**
 * Global set-up of the unit and integration run: migrates one database, once, for every test file to copy.
 * Migrating takes seconds per database; copying a migrated one, a fraction of a second.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresDatabase(adminUrl, "atelier_template");
    const handle = await openDatabase({ url: template.url });
    await handle.close();
    project.provide("databaseTemplate", template.name);
    return () => template.drop();
  }
  const handle = await openDatabase({ memory: true });
  const dump = await handle.pglite!.dumpDataDir("none");
  await handle.close();
  const dir = temporaryDir("atelier-template-");
  const file = path.join(dir, "pgdata.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("databaseTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
