import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server.ts";
import { createPostgresDatabase } from "../e2e/server-process.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL
 * is set, a new PostgreSQL database created beside it and dropped afterwards. Both start as a copy of the
 * run's migrated template (tests/helpers/database-template.ts) when there is one, so that each file does
 * not apply every migration again; opening still applies any migration the template lacks.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject("databaseTemplate");
  if (!adminUrl) {
    return openDatabase({ memory: true, ...(template ? { template: new Blob([fs.readFileSync(template)]) } : {}) });
  }
  const database = await createPostgresDatabase(adminUrl, "atelier_test", template);
  const handle = await openDatabase({ url: database.url });
  return {
    ...handle,
    url: database.url,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
