/**
 * Lighthouse scores of the public site, and the first-load JavaScript of each page.
 *
 *   npm run bench:lighthouse            (options: -- --pages /en,/fr/cart --runs 1)
 *
 * By default: /, /posts, a post (the newest), /cart, /hot-deals and /testimonials, each under /en and
 * /fr, mobile and desktop, median of 3 runs (72 Lighthouse runs: several minutes). In --pages,
 * `/en/posts/first` stands for the newest post of that language.
 *
 * It builds only when there is no production build yet (run `npm run build` after changing the app).
 * It starts the built server (own temporary data directory, demo content), then runs Lighthouse with the
 * system Chromium on each page, with the mobile (default: emulated phone, simulated slow 4G and CPU)
 * and desktop settings, and prints the performance, accessibility, best practices and SEO scores,
 * the audits that cost points, and per page the gzip size of the JavaScript a first visit loads: every
 * script Chromium fetches until the load event and network quiet (locale files fetched while hydrating
 * included; code loaded later, on use, not). Not a test: it prints figures to record. With --runs above
 * 1, each score and metric is the median of the runs.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "playwright-core";
import lighthouse, { type Config, type Flags, type RunnerResult } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { ensureProductionBuild } from "../tests/e2e/build.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/browser.ts";
import { ROOT, startServer, temporaryDir, type ServerProcess } from "../tests/e2e/server-process.ts";

const { values } = parseArgs({
  options: {
    pages: {
      type: "string",
      default: ["en", "fr"]
        .flatMap((lng) =>
          ["", "/posts", "/posts/first", "/cart", "/hot-deals", "/testimonials"].map((page) => `/${lng}${page}`),
        )
        .join(","),
    },
    runs: { type: "string", default: "3" },
  },
});
const pages = values.pages
  .split(",")
  .map((page) => page.trim())
  .filter(Boolean);
const runs = Number(values.runs);
if (pages.some((page) => !page.startsWith("/")) || !Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error("--pages takes paths starting with / separated by commas; --runs a whole number from 1 to 9");
  process.exit(2);
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const CATEGORY_NAMES: Record<Category, string> = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "best pr.",
  seo: "SEO",
};
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

const FORM_FACTORS: Array<{ name: "mobile" | "desktop"; config?: Config }> = [
  { name: "mobile" },
  { name: "desktop", config: desktopConfig },
];

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
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      Math.round(median(lhrs.map((lhr) => (lhr.categories[category]?.score ?? 0) * 100))),
    ]),
  ) as Record<Category, number>;
  // The median run of each metric, shown as Lighthouse shows it.
  const metrics = Object.fromEntries(
    METRICS.map((id) => {
      const audits = lhrs.map((lhr) => lhr.audits[id]).filter((audit) => audit?.numericValue !== undefined);
      if (audits.length === 0) return [id, "n/a"];
      const middle = median(audits.map((audit) => audit.numericValue!));
      const nearest = audits.reduce((best, audit) =>
        Math.abs(audit.numericValue! - middle) < Math.abs(best.numericValue! - middle) ? audit : best,
      );
      return [id, nearest.displayValue ?? String(middle)];
    }),
  );
  const findings: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of last.categories[category]?.auditRefs ?? []) {
      const audit = last.audits[ref.id];
      if (
        !audit ||
        audit.score === null ||
        audit.scoreDisplayMode === "informative" ||
        audit.scoreDisplayMode === "notApplicable" ||
        audit.scoreDisplayMode === "manual"
      )
        continue;
      if (category === "performance") {
        const savings = (audit.metricSavings as { LCP?: number; FCP?: number } | undefined) ?? {};
        const worst = Math.max(savings.LCP ?? 0, savings.FCP ?? 0);
        if (ref.weight === 0 && audit.score < 0.9 && worst >= 150)
          findings.push(`perf: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      } else if (audit.score < 1 && ref.weight > 0) {
        findings.push(
          `${CATEGORY_NAMES[category]}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${audit.explanation ? `: ${audit.explanation}` : ""}`,
        );
      } else if (audit.score < 1 && category === "best-practices") {
        findings.push(`${CATEGORY_NAMES[category]}: ${audit.title}`);
      }
    }
  }
  const summary = last.audits["resource-summary"]?.details as
    | { items?: Array<{ resourceType: string; transferSize: number }> }
    | undefined;
  const scriptTransfer = summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? 0;
  return {
    page,
    formFactor,
    scores,
    metrics,
    findings: [...new Set(findings)],
    scriptTransferKb: scriptTransfer / 1024,
  };
}

/**
 * The JavaScript a first visit to `url` loads: every /assets/*.js Chromium requests until the load event
 * and network quiet (a phone-sized window, nothing scrolled or clicked), each gzipped from build/client.
 */
async function firstLoadJavaScript(
  url: string,
): Promise<{ files: Array<{ name: string; raw: number; gzip: number }>; raw: number; gzip: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: "en-US" });
    const names = new Set<string>();
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) names.add(pathname);
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    const files = [...names].map((name) => {
      const content = fs.readFileSync(path.join(ROOT, "build", "client", name));
      return { name, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    });
    files.sort((a, b) => b.gzip - a.gzip);
    return {
      files,
      raw: files.reduce((sum, file) => sum + file.raw, 0),
      gzip: files.reduce((sum, file) => sum + file.gzip, 0),
    };
  } finally {
    await browser.close();
  }
}

/** `/en/posts/first` (or /fr, or none): the newest post of that list. */
async function resolvePage(base: string, page: string): Promise<string> {
  const match = /^(\/(?:en|fr))?\/posts\/first$/.exec(page);
  if (!match) return page;
  const prefix = match[1] ?? "";
  const html = await (await fetch(`${base}${prefix}/posts`)).text();
  const link = new RegExp(`href="(${prefix}/posts/[^"?#]+)"`).exec(html)?.[1];
  if (!link) throw new Error(`No post found on ${prefix}/posts`);
  return link;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function table(header: string[], rows: string[][]) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
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
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: "silent",
    });
    const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };

    const measurements: Measurement[] = [];
    const javascript = new Map<string, Awaited<ReturnType<typeof firstLoadJavaScript>>>();
    let version = "";
    for (const requested of pages) {
      const page = await resolvePage(base, requested);
      javascript.set(page, await firstLoadJavaScript(`${base}${page}`));
      for (const formFactor of FORM_FACTORS) {
        process.stdout.write(`  Lighthouse ${page} (${formFactor.name})${runs > 1 ? `, ${runs} runs` : ""}...\n`);
        const results: RunnerResult[] = [];
        for (let run = 0; run < runs; run++) {
          // On a busy machine Lighthouse now and then loses its trace (NO_NAVSTART, NO_FCP): one more try.
          let result: RunnerResult | undefined;
          for (let attempt = 1; attempt <= 2; attempt++) {
            result = await lighthouse(`${base}${page}`, flags, formFactor.config);
            if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
            if (!result.lhr.runtimeError) break;
            if (attempt === 2) throw new Error(`Lighthouse could not load ${page}: ${result.lhr.runtimeError.message}`);
          }
          results.push(result!);
          version = result!.lhr.lighthouseVersion;
        }
        measurements.push(summarize(page, formFactor.name, results));
      }
    }

    console.log(
      `\nLighthouse ${version} with ${CHROMIUM_PATH}; scores out of 100${runs > 1 ? ` (median of ${runs} runs)` : ""}.\n`,
    );
    table(
      [
        "page",
        "device",
        ...CATEGORIES.map((category) => CATEGORY_NAMES[category]),
        "FCP",
        "LCP",
        "TBT",
        "CLS",
        "JS transfer KB",
      ],
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
      for (const m of findings)
        console.log(`  ${m.page} (${m.formFactor}):\n${m.findings.map((finding) => `    - ${finding}`).join("\n")}`);
    }
    console.log("\nFirst-load JavaScript per page:\n");
    table(
      ["page", "", "files", "gzip KB", "raw KB"],
      [...javascript].map(([page, js]) => [page, "", String(js.files.length), kb(js.gzip), kb(js.raw)]),
    );
    const [firstPage, firstJs] = [...javascript][0] ?? [];
    if (firstJs) {
      console.log(`\nThe scripts of ${firstPage}:`);
      for (const file of firstJs.files)
        console.log(
          `  ${file.name.padEnd(48)} ${kb(file.gzip).padStart(7)} KB gzip  ${kb(file.raw).padStart(8)} KB raw`,
        );
    }
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
