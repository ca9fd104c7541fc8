/**
 * Lighthouse scores of the public site, and the first-load JavaScript of the home page.
 *
 *   npm run bench:lighthouse            (options: -- --pages /,/cart --runs 1)
 *
 * It builds only when there is no production build yet (run `npm run build` after changing the app).
 * It starts the built server (own temporary data directory, demo content), then runs Lighthouse with the
 * system Chromium on each page, with the mobile (default: emulated phone, simulated slow 4G and CPU)
 * and desktop settings, and prints the performance, accessibility, best practices and SEO scores,
 * the audits that cost points, and the gzip size of the JavaScript the home page loads first. Not a
 * test: it prints figures to record. With --runs above 1, each score is the median of the runs.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags, type RunnerResult } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { ensureProductionBuild } from "../tests/e2e/build.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/browser.ts";
import { ROOT, startServer, temporaryDir, type ServerProcess } from "../tests/e2e/server-process.ts";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "/,/cart" },
    runs: { type: "string", default: "1" },
  },
});
const pages = values.pages.split(",").map((page) => page.trim()).filter(Boolean);
const runs = Number(values.runs);
if (pages.some((page) => !page.startsWith("/")) || !Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error("--pages takes paths starting with / separated by commas; --runs a whole number from 1 to 9");
  process.exit(2);
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const CATEGORY_NAMES: Record<Category, string> = { performance: "perf", accessibility: "a11y", "best-practices": "best pr.", seo: "SEO" };
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;

const FORM_FACTORS: Array<{ name: "mobile" | "desktop"; config?: Config }> = [{ name: "mobile" }, { name: "desktop", config: desktopConfig }];

interface Measurement {
  page: string;
  formFactor: string;
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  /** Audits that cost points outside performance, and performance opportunities worth 150 ms or more. */
  findings: string[];
  scriptTransferKb: number;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function summarize(page: string, formFactor: string, results: RunnerResult[]): Measurement {
  const lhrs = results.map((result) => result.lhr);
  const last = lhrs[lhrs.length - 1];
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round(median(lhrs.map((lhr) => (lhr.categories[category]?.score ?? 0) * 100)))])) as Record<Category, number>;
  const metrics = Object.fromEntries(METRICS.map((id) => [id, last.audits[id]?.displayValue ?? "n/a"]));
  const findings: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of last.categories[category]?.auditRefs ?? []) {
      const audit = last.audits[ref.id];
      if (!audit || audit.score === null || audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
      if (category === "performance") {
        const savings = (audit.metricSavings as { LCP?: number; FCP?: number } | undefined) ?? {};
        const worst = Math.max(savings.LCP ?? 0, savings.FCP ?? 0);
        if (ref.weight === 0 && audit.score < 0.9 && worst >= 150) findings.push(`perf: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      } else if (audit.score < 1 && ref.weight > 0) {
        findings.push(`${CATEGORY_NAMES[category]}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${audit.explanation ? `: ${audit.explanation}` : ""}`);
      } else if (audit.score < 1 && category === "best-practices") {
        findings.push(`${CATEGORY_NAMES[category]}: ${audit.title}`);
      }
    }
  }
  const summary = last.audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  const scriptTransfer = summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? 0;
  return { page, formFactor, scores, metrics, findings: [...new Set(findings)], scriptTransferKb: scriptTransfer / 1024 };
}

/**
 * The JavaScript a first visit to `url` loads before it is interactive: every /assets/*.js the served
 * HTML references (entry, modulepreload links, route modules), gzipped from build/client one by one.
 */
async function firstLoadJavaScript(url: string): Promise<{ files: Array<{ name: string; raw: number; gzip: number }>; raw: number; gzip: number }> {
  const response = await fetch(url, { headers: { accept: "text/html", "accept-language": "en-US" } });
  const html = await response.text();
  const names = new Set<string>();
  for (const match of html.matchAll(/["'(](\/assets\/[^"'()\s]+?\.js)["')]/g)) names.add(match[1]);
  const files = [...names].map((name) => {
    const file = path.join(ROOT, "build", "client", name);
    const content = fs.readFileSync(file);
    return { name, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, raw: files.reduce((sum, file) => sum + file.raw, 0), gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function table(header: string[], rows: string[][]) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

async function main() {
  ensureProductionBuild();
  const dataDir = temporaryDir("atelier-lighthouse-");
  let server: ServerProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const cleanUp = async () => {
    await Promise.allSettled([server?.stop(5_000), chrome ? Promise.resolve(chrome.kill()) : undefined]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));

  try {
    server = await startServer({ env: { DATA_DIR: dataDir, SEED_DEMO_CONTENT: "true", LOG_LEVEL: "warn" } });
    // The server's public address (canonical links, CSP) is http://localhost:<port>.
    const base = `http://localhost:${server.port}`;
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
    const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };

    const measurements: Measurement[] = [];
    let version = "";
    for (const page of pages) {
      for (const formFactor of FORM_FACTORS) {
        process.stdout.write(`  Lighthouse ${page} (${formFactor.name})${runs > 1 ? `, ${runs} runs` : ""}...\n`);
        const results: RunnerResult[] = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(`${base}${page}`, flags, formFactor.config);
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
          if (result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${page}: ${result.lhr.runtimeError.message}`);
          results.push(result);
          version = result.lhr.lighthouseVersion;
        }
        measurements.push(summarize(page, formFactor.name, results));
      }
    }
    const javascript = await firstLoadJavaScript(`${base}/`);

    console.log(`\nLighthouse ${version} with ${CHROMIUM_PATH}; scores out of 100${runs > 1 ? ` (median of ${runs} runs)` : ""}.\n`);
    table(
      ["page", "device", ...CATEGORIES.map((category) => CATEGORY_NAMES[category]), "FCP", "LCP", "TBT", "CLS", "JS transfer KB"],
      measurements.map((m) => [
        m.page,
        m.formFactor,
        ...CATEGORIES.map((category) => String(m.scores[category])),
        m.metrics["first-contentful-paint"],
        m.metrics["largest-contentful-paint"],
        m.metrics["total-blocking-time"],
        m.metrics["cumulative-layout-shift"],
        kb(m.scriptTransferKb * 1024),
      ]),
    );
    const findings = measurements.filter((m) => m.findings.length > 0);
    if (findings.length) {
      console.log("\nWhat cost points:");
      for (const m of findings) console.log(`  ${m.page} (${m.formFactor}):\n${m.findings.map((finding) => `    - ${finding}`).join("\n")}`);
    }
    console.log(`\nHome page first-load JavaScript: ${kb(javascript.gzip)} KB gzip (${kb(javascript.raw)} KB raw) in ${javascript.files.length} files:`);
    for (const file of javascript.files) console.log(`  ${file.name.padEnd(48)} ${kb(file.gzip).padStart(7)} KB gzip  ${kb(file.raw).padStart(8)} KB raw`);
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
