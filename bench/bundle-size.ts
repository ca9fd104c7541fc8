/**
 * First-load JavaScript of every public page and every staff page (signed in as staff), in English and French: gzip (level 9) and brotli
 * (quality 11) of each file the page loads until the network is idle, with the largest files, against
 * the issue's bars. Run `npm run build` first; the script starts the built server on a throw-away data
 * directory with the demo content.
 *
 *   npm run bench:bundle              every public page, both languages
 *   npm run bench:bundle -- --top 12  more of the largest files per page
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { ensureProductionBuild } from "../tests/e2e/build.ts";
import { launchBrowser } from "../tests/e2e/browser.ts";
import {
  PUBLIC_PAGES,
  STAFF_PAGES,
  budgetOf,
  kb,
  measureFirstLoad,
  publicPostPath,
  staffSession,
  type FirstLoad,
} from "../tests/e2e/first-load-js.ts";
import { startServer, temporaryDir, type ServerProcess } from "../tests/e2e/server-process.ts";

const { values } = parseArgs({ options: { top: { type: "string", default: "6" } } });
const top = Number(values.top);

async function main() {
  ensureProductionBuild();
  const dataDir = temporaryDir("atelier-bundle-");
  let server: ServerProcess | undefined;
  const browser = await launchBrowser();
  try {
    const admin = { email: "bench-staff@atelier.example", password: randomBytes(12).toString("base64url") };
    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        SEED_DEMO_CONTENT: "true",
        LOG_LEVEL: "warn",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
    });
    const base = `http://localhost:${server.port}`;
    const post = await publicPostPath(base);
    const staff = await staffSession(browser, base, admin);
    const results: Array<FirstLoad & { language: string }> = [];
    for (const language of ["en", "fr"] as const) {
      for (const page of [...PUBLIC_PAGES, ...STAFF_PAGES]) {
        const path = page === "/posts/:id" ? post : page;
        const address = language === "en" ? path : `/fr${path === "/" ? "" : path}`;
        const signedIn = (STAFF_PAGES as readonly string[]).includes(page) ? staff : undefined;
        results.push({
          ...(await measureFirstLoad(browser, base, address, language === "en" ? "en-US" : "fr-FR", signedIn)),
          language,
        });
      }
    }

    console.log(`\nFirst-load JavaScript per page (KB; every script until network idle, each compressed alone)\n`);
    console.log(
      `${"page".padEnd(26)} ${"files".padStart(5)} ${"raw".padStart(8)} ${"gzip".padStart(7)} ${"brotli".padStart(7)} ${"bar".padStart(6)}  verdict`,
    );
    for (const result of results) {
      const bar = budgetOf(result.page.replace(/^\/fr(?=\/|$)/, "") || "/");
      console.log(
        `${result.page.padEnd(26)} ${String(result.files.length).padStart(5)} ${kb(result.raw).padStart(8)} ${kb(result.gzip).padStart(7)} ${kb(result.brotli).padStart(7)} ${kb(bar).padStart(6)}  ${result.gzip <= bar ? "ok" : `over by ${kb(result.gzip - bar)}`}`,
      );
    }
    for (const result of results.filter((entry) => entry.language === "en")) {
      console.log(`\n${result.page}: the ${top} largest of ${result.files.length} files (gzip KB, brotli KB)`);
      for (const file of result.files.slice(0, top))
        console.log(`  ${file.url.padEnd(56)} ${kb(file.gzip).padStart(7)} ${kb(file.brotli).padStart(7)}`);
    }
  } finally {
    await browser.close();
    await server?.stop(5_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
