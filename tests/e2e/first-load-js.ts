import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ADMIN_SECTIONS } from "../../core/admin/sections.ts";
import type { Browser, BrowserContextOptions } from "playwright-core";

/** The public pages of the byte budget, as plain addresses; `/posts/:id` is filled in with a real post. */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/contact",
  "/posts",
  "/posts/:id",
  "/cart",
  "/hot-deals",
  "/testimonials",
  "/media",
  "/login",
  "/register",
  "/privacy",
  "/terms",
  "/newsletter/confirm",
  "/forgot-password",
  "/reset-password",
  "/checkout",
  "/checkout/success",
  "/payment",
  "/subscribe",
  "/bank-checkout",
  "/tutorials",
  "/classes",
] as const;

/** The staff pages, measured signed in as staff. */
export const STAFF_PAGES = [
  "/admin",
  ...ADMIN_SECTIONS.filter((section) => section !== "overview").map((section) => `/admin/${section}`),
  "/leads",
  "/calls",
] as const;

/** The bars, in bytes of gzip (level 9): the home page, every other public page, and every staff page. */
export const BUDGET_BYTES = { home: 150 * 1024, other: 135 * 1024, staff: 160 * 1024 } as const;

/** The bar of a page, given as its address without the language (`/`, `/cart`, `/admin`). */
export function budgetOf(page: string): number {
  if (page === "/") return BUDGET_BYTES.home;
  return (STAFF_PAGES as readonly string[]).includes(page) ? BUDGET_BYTES.staff : BUDGET_BYTES.other;
}

export interface ScriptFile {
  url: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FirstLoad {
  page: string;
  files: ScriptFile[];
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * Every JavaScript file a page loads from its own origin until the network is idle after `load`
 * (entry, modulepreload links, route modules, chunks imported while hydrating), each measured by its
 * body compressed on its own: gzip level 9 and brotli quality 11. A fresh context each time, so that
 * nothing comes from the browser's cache. The list is what the browser saw (responses and resource
 * timing entries, so a file is never missed); the bytes are fetched again from the server. A staff page
 * is opened with a signed-in session's cookies (`storageState`, see `staffSession`).
 */
export async function measureFirstLoad(
  browser: Browser,
  baseUrl: string,
  page: string,
  locale = "en-US",
  storageState?: BrowserContextOptions["storageState"],
): Promise<FirstLoad> {
  const context = await browser.newContext({ baseURL: baseUrl, locale, serviceWorkers: "block", storageState });
  const origin = new URL(baseUrl).origin;
  const urls = new Set<string>();
  const addIfScript = (url: string) => {
    const parsed = new URL(url);
    if (parsed.origin === origin && /\.m?js$/.test(parsed.pathname)) urls.add(parsed.pathname);
  };
  try {
    const tab = await context.newPage();
    tab.on("response", (response) => addIfScript(response.url()));
    await tab.goto(page, { waitUntil: "networkidle" });
    const entries = await tab.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    for (const url of entries) addIfScript(url);
  } finally {
    await context.close();
  }
  const files = await Promise.all([...urls].map((url) => measureScript(origin, url)));
  files.sort((a, b) => b.gzip - a.gzip);
  const sum = (key: "raw" | "gzip" | "brotli") => files.reduce((total, file) => total + file[key], 0);
  return { page, files, raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli") };
}

/**
 * Built scripts measured so far, by address. Files under /assets/ are named by their content's hash, so
 * such an address always holds the same bytes: the shared chunks every page loads are fetched and
 * compressed once (brotli at quality 11 is slow).
 */
const measuredScripts = new Map<string, Promise<ScriptFile>>();

function measureScript(origin: string, url: string): Promise<ScriptFile> {
  const key = `${origin}${url}`;
  let measured = url.startsWith("/assets/") ? measuredScripts.get(key) : undefined;
  if (!measured) {
    measured = (async () => {
      const response = await fetch(new URL(url, origin));
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { url, raw: body.length, gzip: gzipSize(body), brotli: brotliSize(body) };
    })();
    if (url.startsWith("/assets/")) {
      measuredScripts.set(key, measured);
      measured.catch(() => measuredScripts.delete(key));
    }
  }
  return measured;
}

export function gzipSize(body: Buffer): number {
  return gzipSync(body, { level: 9 }).length;
}

export function brotliSize(body: Buffer): number {
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }).length;
}

/** The address of one published post that anyone may read, for the `/posts/:id` page. */
export async function publicPostPath(baseUrl: string): Promise<string> {
  const response = await fetch(new URL("/api/posts", baseUrl));
  if (!response.ok) throw new Error(`GET /api/posts answered ${response.status}`);
  const posts = (await response.json()) as Array<{ id: number | string; membersOnly?: boolean }>;
  const post = posts.find((candidate) => !candidate.membersOnly) ?? posts[0];
  if (!post) throw new Error("No published post to measure");
  return `/posts/${post.id}`;
}

/**
 * A staff member's signed-in session (its cookies), made once through the sign-in API and then handed to
 * each measured page's fresh context: signing in for every page would meet the sign-in rate limits.
 */
export async function staffSession(
  browser: Browser,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<BrowserContextOptions["storageState"]> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const response = await context.request.post("/api/auth/login", {
      data: { identifier: account.email, password: account.password },
    });
    if (!response.ok()) throw new Error(`Signing in as ${account.email} answered ${response.status()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
