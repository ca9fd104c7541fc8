import type http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { ConfigError, parseConfig, type Config } from "../config/env.ts";
import { openDatabase } from "../db/client.server.ts";
import { createMailDispatcher } from "../core/mail/dispatcher.server.ts";
import { seedDemoContent } from "../db/seed.server.ts";
import { seedReferenceData } from "../db/seed-reference.server.ts";
import { HealthProbe } from "./api/health.server.ts";
import { createApp, type SsrHandler } from "./app.server.ts";
import { applyHttpLimits, createLimitedServer } from "./http-limits.server.ts";
import { createLogger, closeLogs } from "./logger.server.ts";
import { createServices } from "./services.server.ts";
import { clientBuildDir, developmentServer, productionSsr } from "./ssr.server.ts";

function loadConfig(): Config {
  try {
    return parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  logger.info({ database: database.kind }, "database ready");
  const services = createServices(database, config, logger);

  // Said once, at start-up, where whoever runs the server looks: without ffprobe no video or sound is accepted.
  const probe = await services.media.probe.check();
  if (probe.available) logger.info({ ffprobe: probe.version }, "videos and sounds are probed before they are accepted");
  else
    logger.warn(
      { ffprobe: probe.reason },
      "ffprobe is not available: video and sound uploads are refused (415) until it is installed; images are unaffected",
    );

  await services.auth.ensureAdminFromConfig(config, (line) => logger.info(line));
  await seedReferenceData(services, logger);
  if (config.SEED_DEMO_CONTENT) await seedDemoContent(services, logger);
  await services.sessions.purgeExpired();
  const purge = setInterval(
    () => void services.sessions.purgeExpired().catch((err) => logger.warn({ err }, "session purge failed")),
    3600_000,
  );
  purge.unref();
  // Without MAIL_URL nothing is sent: every e-mail stays in the outbox, where staff read it.
  const mailDispatcher = createMailDispatcher(database.db, config, logger);
  mailDispatcher?.start();
  logger.info(
    { mailDelivery: mailDispatcher ? "smtp" : "outbox only" },
    mailDispatcher ? "e-mail delivery started" : "MAIL_URL is not set: e-mails stay in the outbox",
  );

  // Background jobs (CRM syncs) run on every app server; pg-boss hands each job to one of them.
  await services.jobs.start();
  // Every server asks; one sweep of the class waiting lists waits at a time, and each queues the next.
  await services.waitlist.scheduleSweep();
  // The same for payments: instalments due and refunds to ask again that a lost job would have missed.
  await services.checkout.scheduleSweep();
  logger.info({ crmDefault: config.CRM_DEFAULT ?? null }, "background jobs started");

  // /api/health answers from this probe's last check instead of querying the database per request.
  const health = new HealthProbe({ ping: () => database.ping(), logger }).start();

  // The SSR handler is bound after the dev server exists, because Vite must wrap the listener.
  let ssr: SsrHandler | undefined;
  const app = createApp({
    config,
    services,
    logger,
    ssr: (request, context) => ssr!(request, context),
    staticRoot: config.NODE_ENV === "production" ? clientBuildDir : undefined,
    health,
  });
  const listener = getRequestListener(app.fetch);
  let server: http.Server;
  let closeDev = async () => {};
  if (config.NODE_ENV === "development") {
    const dev = await developmentServer(listener);
    ssr = dev.ssr;
    server = dev.server;
    closeDev = dev.close;
  } else {
    ssr = await productionSsr();
    server = createLimitedServer(listener, config);
  }
  applyHttpLimits(server, config);
  server.listen(config.PORT, config.HOST, () => {
    logger.info(
      { url: config.publicUrl, port: config.PORT },
      `Atelier is listening on http://localhost:${config.PORT}`,
    );
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    clearInterval(purge);
    // Stop accepting, let requests in flight finish, then close idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // A keep-alive socket turns idle when its last response ends; close each one as it does, so that
    // shutdown does not wait for the client to hang up.
    const sweep = setInterval(() => server.closeIdleConnections(), 200);
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    await closed;
    clearInterval(sweep);
    await closeDev();
    await health.stop();
    await mailDispatcher?.stop();
    await services.jobs.stop();
    await database.close();
    logger.info("stopped");
    // The log is written asynchronously: wait for its last lines, or an orderly stop would lose them.
    await closeLogs(logger);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
