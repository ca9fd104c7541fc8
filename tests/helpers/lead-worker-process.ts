// An app server's background side in a process of its own, for tests that kill one mid-job: it opens
// the configured database, starts the job queue, and with the argument "record" records one lead
// (synced in the background to CRM_DEFAULT). It prints "ready" when its jobs run.
import { parseConfig } from "../../config/env.ts";
import { openDatabase } from "../../db/client.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createServices } from "../../server/services.server.ts";

const config = parseConfig(process.env);
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
const services = createServices(database, config, createLogger(config.LOG_LEVEL));
await services.jobs.start();
if (process.argv[2] === "record") {
  const { lead } = await database.db.transaction((tx) =>
    services.leads.record(tx, {
      source: "contact_form",
      name: "Kill Test",
      email: process.argv[3] ?? "killed@example.com",
      message: "In flight when the server died",
    }),
  );
  console.log(`recorded ${lead.id}`);
}
console.log("ready");
process.on("SIGTERM", () => {
  void (async () => {
    await services.jobs.stop();
    await database.close();
    process.exit(0);
  })();
});
