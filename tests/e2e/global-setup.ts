import fs from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPostgresDatabase, startServer, temporaryDir, type ServerProcess } from "./server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Address of the running production server, e.g. http://localhost:41234 (no trailing slash). */
    baseUrl: string;
    /** The staff account created at start-up from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME. */
    admin: { email: string; password: string; name: string };
    /** "pglite" or "postgres": which database the server runs on. */
    databaseKind: string;
  }
}

/**
 * Starts the built production server once for every end-to-end file: a fresh data directory (or a fresh
 * PostgreSQL database beside TEST_DATABASE_URL), demo content, and a staff account. Stops it at the end.
 */
/** The phone line's auth token on the shared server (a test value: no real account). */
export const E2E_TWILIO_AUTH_TOKEN = "e2e-twilio-auth-token-0123456789";

export default async function setup(project: TestProject) {
  const admin = {
    email: "admin@atelier.test",
    password: `e2e-${randomBytes(9).toString("base64url")}`,
    name: "Avery Admin",
  };
  const dataDir = temporaryDir("atelier-e2e-");
  const postgres = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : null;
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        SEED_DEMO_CONTENT: "true",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ADMIN_NAME: admin.name,
        LOG_LEVEL: "warn",
        // Every browser test buys from this machine's one address: its budget of holds (deal claims,
        // class seats) per hour is the whole suite's, not one person's.
        HOLDS_PER_ADDRESS: "100000",
        // The phone line's webhooks verify this token's signatures; browser tests sign simulated calls with it.
        TWILIO_AUTH_TOKEN: E2E_TWILIO_AUTH_TOKEN,
      },
    });
    // On PostgreSQL, make sure the server really uses the new database: the start-up admin is in it.
    if (postgres) await expectAdminIn(postgres.url, admin.email);
  } catch (error) {
    await server?.stop(5_000);
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Browsers use the same host name as PUBLIC_URL, so that canonical links and cookies line up.
  project.provide("baseUrl", `http://localhost:${server.port}`);
  project.provide("admin", admin);
  project.provide("databaseKind", postgres ? "postgres" : "pglite");

  return async () => {
    const result = await server.stop();
    if (result !== 0) console.warn(`The e2e server ended with ${result}:\n${server.output()}`);
    else if (server.output().trim()) console.warn(`Server output during the e2e run:\n${server.output()}`);
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function expectAdminIn(url: string, email: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select role from users where lower(email) = lower($1)", [email]);
    if (rows[0]?.role !== "admin")
      throw new Error(`The e2e server did not create its admin in ${new URL(url).pathname}`);
  } finally {
    await client.end();
  }
}
