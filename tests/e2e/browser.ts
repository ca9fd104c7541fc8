import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { AxeResults, ElementContext } from "axe-core";
import {
  chromium,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "playwright-core";
import { beforeAll, afterAll, expect, inject, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../core/cart/limits.ts";
import type { PricingType } from "../../core/catalogue/schema.ts";
import { ROOT } from "./server-process.ts";

/** The system Chromium (Debian package `chromium`); never a downloaded browser. Lighthouse needs this one. */
export const CHROMIUM_PATH = "/usr/bin/chromium";
/**
 * What the browser tests drive: Chromium's headless shell (Debian package `chromium-headless-shell`), the
 * same engine without the desktop browser around it, as Playwright itself uses for headless runs. It
 * runs the suite in about half the time of the full browser on a 2-core machine (decision 34).
 */
export const TEST_BROWSER_PATH = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where screenshots go (git-ignored). */
export const RESULTS_DIR = path.join(ROOT, "test-results");

/**
 * True on the PostgreSQL run. What does not depend on the database (the size of the built JavaScript,
 * the header's menus and drawer, the accessibility of the same markup, screenshots for people to look at)
 * is checked on the first run only, so that CI does it once.
 */
export function onSecondDatabase(): boolean {
  return inject("databaseKind") === "postgres";
}

/** The address of the server started by global-setup.ts. */
export function baseUrl(): string {
  return inject("baseUrl");
}

/** The staff account created at start-up. */
export function adminAccount(): { email: string; password: string; name: string } {
  return inject("admin");
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_BROWSER_PATH, headless: true, args: CHROMIUM_FLAGS, timeout: 60_000 });
}

/**
 * The browser of a test file: launched before the file's own set-up, closed after everything else. Its
 * methods reach the running browser, so the file says `const browser = fileBrowser();` and nothing more.
 */
export function fileBrowser(): Browser {
  let launched: Browser | null = null;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!launched)
        throw new Error("The browser is launched before the file's first hook: use it in a hook or a test.");
      const value: unknown = Reflect.get(launched, key, launched);
      return typeof value === "function" ? value.bind(launched) : value;
    },
  });
}

export interface PageSession {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
  /** Fails the test if the page logged errors or broke the CSP, then closes the context. */
  close(): Promise<void>;
}

export interface OpenPageOptions {
  /** Browser locale; it sets Accept-Language ("en-US", "fr-FR"...). Default en-US. */
  locale?: string;
  viewport?: { width: number; height: number };
  /** Problems matching one of these are expected (say, the 404 of a missing page: see `expectedStatus`). */
  allow?: RegExp[];
  /** Another server than the shared one (a test that starts its own). */
  baseURL?: string;
  /** Signs the context in as this account through the API before the page opens (see `signInByApi`). */
  signedInAs?: { email: string; password: string };
  /** The cart the page finds in storage when it first loads (see `seedCart`). */
  cart?: StoredCartLine[] | { items: StoredCartLine[]; promoCode?: unknown };
}

/** A fresh context (no cookies, no storage) and page, with console errors and CSP violations recorded. */
export async function openPage(browser: Browser, options: OpenPageOptions = {}): Promise<PageSession> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    locale: options.locale ?? "en-US",
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  if (options.signedInAs) await signInByApi(context, options.signedInAs);
  if (options.cart) {
    const { items, promoCode = null } = Array.isArray(options.cart) ? { items: options.cart } : options.cart;
    await seedCart(context, items, promoCode);
  }
  const page = await context.newPage();
  const problems = await trackPageProblems(page, options.allow);
  return {
    context,
    page,
    problems,
    async close() {
      try {
        problems.expectNone();
      } finally {
        await context.close();
      }
    },
  };
}

export interface PageProblems {
  /** What went wrong so far: console errors, uncaught exceptions and CSP violations. */
  list(): string[];
  expectNone(): void;
}

/**
 * Records console errors, uncaught exceptions and Content-Security-Policy violations on a page. A nonce
 * missing from one inline script is enough to stop hydration, and shows up here as a violation.
 */
export async function trackPageProblems(page: Page, allow: RegExp[] = []): Promise<PageProblems> {
  const found: string[] = [];
  const add = (line: string) => {
    if (!allow.some((pattern) => pattern.test(line))) found.push(line);
  };
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const source = message.location().url;
    add(`console error at ${page.url()}: ${message.text()}${source ? ` (from ${source})` : ""}`);
  });
  page.on("pageerror", (error) => add(`uncaught exception at ${page.url()}: ${error.message}`));
  // The event reports violations that the console message might word differently (or not at all in workers).
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return {
    list: () => [...found],
    expectNone() {
      expect(found, `the page reported errors:\n${found.join("\n")}`).toEqual([]);
    },
  };
}

/**
 * The console error the browser logs when a document answers with an error status, which a test of a
 * missing or refused page expects; only for that address, so a failing script or image still counts.
 */
export function expectedStatus(status: number, path: string): RegExp {
  const url = new URL(path, baseUrl()).href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `: Failed to load resource: the server responded with a status of ${status} \\(.*\\) \\(from ${url}\\)$`,
  );
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core's browser build, read once per test process. */
let axeSource: string | undefined;

/**
 * axe-core with the WCAG 2.x A and AA rules, run in the page itself. The script is injected once per
 * document and runs in the top frame only: the only frames our pages hold are third-party video players,
 * whose own content is not ours to check (their title attribute, which is, is checked in the page).
 * This is what @axe-core/playwright's legacy mode does, without its re-injection into every frame and its
 * extra blank page per reading, which made each reading cost three times as much.
 */
async function runAxe(page: Page, context: ElementContext = WHOLE_PAGE): Promise<AxeResults> {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // The context crosses into the page as JSON: its type is too deep for page.evaluate's argument checks.
  const results = await page.evaluate(
    ([within, tags]) =>
      (window as unknown as { axe: { run(context: unknown, options: object): Promise<unknown> } }).axe.run(
        JSON.parse(within),
        { runOnly: { type: "tag", values: tags }, iframes: false, resultTypes: ["violations"] },
      ),
    [JSON.stringify(context), WCAG_TAGS] as [string, string[]],
  );
  return results as AxeResults;
}

/** The whole document as axe-core's context: nothing excluded (a value that can cross into the page). */
const WHOLE_PAGE: ElementContext = { exclude: [] };

/**
 * Runs axe-core with the WCAG 2.x A and AA rules and fails listing every violation. Toasts still fading
 * in or out are waited for first (see `waitForToastsToSettle`): half transparent, they would read as low
 * contrast.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (onSecondDatabase()) return; // the same markup from the same content: read once, on the first run
  const results = await analyzeHoldingToasts(page, () => runAxe(page));
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "unknown"}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? ""}`)
        .join("\n"),
  );
  expect(violations, `accessibility violations at ${page.url()}:\n${violations.join("\n")}`).toEqual([]);
}

/**
 * Waits until React has hydrated the page: React Router marks the window once the client router is up,
 * and links only navigate client-side after that.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules) &&
      document.readyState === "complete",
  );
  await page.waitForFunction(() => {
    const root = document.querySelector("html") as unknown as Record<string, unknown> | null;
    return (
      root !== null &&
      Object.keys(root).some((key) => key.startsWith("__reactFiber") || key.startsWith("__reactContainer"))
    );
  });
}

/** Signs in through the /login page's form, as a person would, and waits until the page has left /login. */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("E-mail or username", { exact: true }).fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.locator("main form").getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await waitForHydration(page);
}

/**
 * Signs a browser context (or a page's) in without the /login page: the sign-in API is posted from the
 * context's own request object, which shares the context's cookies, so the session and device cookies
 * land in the browser as the form would leave them. The staff account by default. Only the tests of
 * signing in itself go through the form (`signIn`).
 */
export async function signInByApi(
  target: BrowserContext | Page,
  account: { email: string; password: string } = adminAccount(),
): Promise<void> {
  const context = "context" in target ? target.context() : target;
  const response = await context.request.post("/api/auth/login", {
    data: { identifier: account.email, password: account.password },
  });
  expect(response.status(), `signing ${account.email} in: ${await response.text()}`).toBe(200);
}

/** A cart line as the app stores it in localStorage (core/cart/schema.ts, CartItem, dates as text). */
export interface StoredCartLine {
  id: string;
  serviceId: string;
  serviceName: string;
  description: string;
  pricingType: PricingType;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  serviceData: Record<string, unknown>;
  addedAt: string;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  fixedPriceCents: number | null;
}

/**
 * A stored cart line: a website at $600 (its catalogue range $500 to $2,500) unless overridden; the line
 * total follows the price and quantity unless given.
 */
export function cartLine(overrides: Partial<StoredCartLine> = {}): StoredCartLine {
  const line: StoredCartLine = {
    id: `line-${Math.random().toString(36).slice(2, 10)}`,
    serviceId: "website",
    serviceName: "Website",
    description: "A website",
    pricingType: "custom",
    unitPriceCents: 60_000,
    quantity: 1,
    lineTotalCents: 0,
    serviceData: {},
    addedAt: "2026-01-01T10:00:00.000Z",
    minPriceCents: 50_000,
    maxPriceCents: 250_000,
    fixedPriceCents: null,
    ...overrides,
  };
  if (overrides.lineTotalCents === undefined) line.lineTotalCents = line.unitPriceCents * line.quantity;
  return line;
}

/** How many carts each context was given, so that only its newest seed applies. */
const cartSeeds = new WeakMap<BrowserContext, number>();

/**
 * Fills the cart the way the app keeps it (localStorage, CART_STORAGE_KEY) before the next document of
 * the context loads its scripts, so that a test about the cart page, checkout or limits starts from a
 * full cart without adding through the site. Applied once: what the page then does to the cart stays
 * (a newer seedCart on the same context replaces it again).
 */
export async function seedCart(
  target: BrowserContext | Page,
  items: StoredCartLine[],
  promoCode: unknown = null,
): Promise<void> {
  const context = "context" in target ? target.context() : target;
  const seed = (cartSeeds.get(context) ?? 0) + 1;
  cartSeeds.set(context, seed);
  await context.addInitScript(
    ({ key, value, seed }) => {
      try {
        const done = Number(localStorage.getItem("e2e.cartSeed") ?? 0);
        if (done >= seed) return;
        localStorage.setItem(key, value);
        localStorage.setItem("e2e.cartSeed", String(seed));
      } catch {
        // A document without storage (about:blank): the next one of the site gets it.
      }
    },
    { key: CART_STORAGE_KEY, value: JSON.stringify({ items, promoCode }), seed },
  );
}

export interface NewAccount {
  username: string;
  email: string;
  password: string;
}

const staffApis = new Map<string, Promise<APIRequestContext>>();

/**
 * A request context of its own (no page shares its cookies), signed in as the start-up staff account of
 * the shared server, or of another server a test started; one per server and file.
 */
export function staffRequest(
  server: { baseURL: string; admin: { email: string; password: string } } = {
    baseURL: baseUrl(),
    admin: adminAccount(),
  },
): Promise<APIRequestContext> {
  let api = staffApis.get(server.baseURL);
  if (!api) {
    api = (async () => {
      const context = await request.newContext({ baseURL: server.baseURL });
      const response = await context.post("/api/auth/login", {
        data: { identifier: server.admin.email, password: server.admin.password },
      });
      expect(response.status()).toBe(200);
      return context;
    })();
    staffApis.set(server.baseURL, api);
  }
  return api;
}

/**
 * The first link to `linkPath` (say "/register/confirm", or "/subscription" for "/subscription/<token>")
 * in the newest e-mail of this kind to an address, read as staff through the outbox API; waits a little
 * for the e-mail to be written. The path may go on with a segment or a query, never with more of a
 * word: "/subscription" is not the start of "/subscriptions/...".
 */
export async function mailLinkFor(
  to: string,
  kind: string,
  linkPath: string,
  staffApi: Promise<APIRequestContext> = staffRequest(),
): Promise<string> {
  const staff = await staffApi;
  const pattern = new RegExp(`https?://\\S+${linkPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])(?:[/?]\\S+)?`);
  const newest = async () => {
    const list = await staff.get("/api/admin/outbox?pageSize=100");
    expect(list.status()).toBe(200);
    const { items } = (await list.json()) as { items: Array<{ id: number; to: string; kind: string }> };
    return items.find((item) => item.to === to && item.kind === kind);
  };
  const mail = await vi.waitUntil(newest, { timeout: 5_000, interval: 100 }).catch(() => {
    throw new Error(`no ${kind} e-mail to ${to}`);
  });
  const message = (await (await staff.get(`/api/admin/outbox/${mail.id}`)).json()) as { text: string };
  const link = pattern.exec(message.text)?.[0];
  expect(link, message.text).toBeDefined();
  return link!;
}

function newAccount(prefix: string): NewAccount {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `${prefix}-${id}`, email: `${prefix}-${id}@example.com`, password: `pw-${id}-long-enough` };
}

/**
 * A new customer account made through the /register page and the link it e-mails, which signs the
 * browser in. Names are unique per call. The server allows 30 sign-ups in 10 minutes from one address:
 * the whole e2e run shares that.
 */
export async function registerCustomer(page: Page, prefix = "customer"): Promise<NewAccount> {
  const account = newAccount(prefix);
  await page.goto("/register");
  await waitForHydration(page);
  await page.getByLabel("Username", { exact: true }).fill(account.username);
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.locator("main form").getByRole("button", { name: "Create account", exact: true }).click();
  await expectText(page.locator("main form [role=status]"), /^Almost done: we sent a link to /);
  await page.goto(await mailLinkFor(account.email, "auth.sign-up-confirm", "/register/confirm"));
  await waitForHydration(page);
  await page.locator("main form").getByRole("button", { name: "Create my account", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.includes("/register"));
  await waitForHydration(page);
  return account;
}

/**
 * A new customer account made through the API (sign-up, then its e-mailed link), signing `api` in; `staff`
 * reads the e-mail (the shared server's staff by default).
 */
export async function registerCustomerByApi(
  api: APIRequestContext,
  prefix = "customer",
  staff?: Promise<APIRequestContext>,
): Promise<NewAccount> {
  const account = newAccount(prefix);
  expect((await api.post("/api/auth/register", { data: account })).status()).toBe(202);
  const token = new URL(
    await mailLinkFor(account.email, "auth.sign-up-confirm", "/register/confirm", staff),
  ).searchParams.get("token");
  expect((await api.post("/api/auth/register/confirm", { data: { token } })).status()).toBe(201);
  return account;
}

/**
 * Saves a full-page screenshot under test-results/ for a person to look at (JPEG: Chromium encodes a tall
 * page's PNG several times slower). The PostgreSQL run draws the same pages: it takes none.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (onSecondDatabase()) return;
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.jpg`);
  await page.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 85 });
}

/** Normalised text of the first element a locator finds, or null when there is none (yet). */
async function currentText(locator: Locator): Promise<string | null> {
  const text = await locator
    .first()
    .textContent({ timeout: 250 })
    .catch(() => null);
  return text === null ? null : collapsed(text);
}

/** A text as a reader sees it: whitespace collapsed to single spaces (the narrow no-break space of French punctuation included), trimmed. */
export function collapsed(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function matches(actual: string | null, expected: string | RegExp): boolean {
  return actual !== null && (typeof expected === "string" ? actual === expected : expected.test(actual));
}

/**
 * Waits until the first element of `locator` has this text (whitespace collapsed, trimmed; a RegExp
 * is tested against it), then fails with the last text seen if it never does.
 */
export async function expectText(locator: Locator, expected: string | RegExp, timeoutMs = 10_000): Promise<void> {
  // Collapsed like the text read: French texts carry narrow no-break spaces, which count as whitespace.
  if (typeof expected === "string") expected = expected.replace(/\s+/g, " ").trim();
  const deadline = Date.now() + timeoutMs;
  let actual = await currentText(locator);
  while (!matches(actual, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    actual = await currentText(locator);
  }
  if (typeof expected === "string") expect(actual, `text of ${String(locator)}`).toBe(expected);
  else expect(actual, `text of ${String(locator)}`).toMatch(expected);
}

/** Waits until an input (or select, textarea) holds this value. */
export async function expectValue(locator: Locator, expected: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const read = () => locator.inputValue({ timeout: 1_000 }).catch(() => null);
  let actual = await read();
  while (actual !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    actual = await read();
  }
  expect(actual, `value of ${String(locator)}`).toBe(expected);
}

export interface ExpectedToast {
  title: string;
  description?: string;
  /** sonner's data-type: "success", "error", "warning"... */
  type?: string;
  /** How long the toast may take to come (10 s unless the action itself is slow, an upload say). */
  timeoutMs?: number;
}

/**
 * Runs `action` and waits for a toast (sonner) that appeared during it, with this title and, when
 * given, this description and type. Toasts already on the page beforehand never count, so that two
 * "Added to cart!" in a row are told apart. Returns the toast.
 */
export async function expectToast(page: Page, action: () => Promise<unknown>, toast: ExpectedToast): Promise<Locator> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll("[data-sonner-toast]")) element.setAttribute("data-e2e-seen", "");
  });
  await action();
  const freshToasts = page.locator("[data-sonner-toast]:not([data-e2e-seen])");
  let fresh = freshToasts.filter({ has: page.locator("[data-title]", { hasText: toast.title }) });
  if (toast.description !== undefined)
    fresh = fresh.filter({ has: page.locator("[data-description]", { hasText: toast.description }) });
  // The new toasts' texts, read in one go in the page: a toast may leave (a navigation, its time out)
  // between two separate reads, so what is checked is what was on screen at one moment.
  const readFresh = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("[data-sonner-toast]:not([data-e2e-seen])")].map((element) => ({
        title: element.querySelector("[data-title]")?.textContent ?? "",
        description: element.querySelector("[data-description]")?.textContent ?? null,
        type: element.getAttribute("data-type"),
      })),
    );
  const same = (shown: string | null, expected: string) => shown !== null && collapsed(shown) === collapsed(expected);
  const matches = (shown: { title: string; description: string | null; type: string | null }) =>
    same(shown.title, toast.title) &&
    (toast.description === undefined || same(shown.description, toast.description)) &&
    (toast.type === undefined || shown.type === toast.type);
  // Every new toast seen while waiting, for the failure message (a toast may come and go meanwhile).
  const seen = new Set<string>();
  const deadline = Date.now() + (toast.timeoutMs ?? 10_000);
  for (;;) {
    const shown = await readFresh();
    if (shown.some(matches)) break;
    for (const entry of shown) seen.add(JSON.stringify(entry));
    if (Date.now() > deadline) {
      expect.fail(
        `no new toast "${toast.title}"${toast.description ? ` / "${toast.description}"` : ""}${toast.type ? ` (${toast.type})` : ""}; new toasts seen: ${[...seen].join(", ")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return fresh.first();
}

/**
 * Runs axe-core with the toasts held still (holdToasts). A toast can still change under it (the next one
 * of the queue fading in as the shown one leaves): when violations are found while toasts are on screen,
 * the page is read once more after they settle, and that reading counts. A real fault shows in both.
 */
async function analyzeHoldingToasts(page: Page, read: () => Promise<AxeResults>): Promise<AxeResults> {
  const release = await holdToasts(page);
  try {
    const first = await read();
    if (first.violations.length === 0 || (await page.locator("[data-sonner-toast]").count()) === 0) return first;
  } finally {
    await release();
  }
  const again = await holdToasts(page);
  try {
    return await read();
  } finally {
    await again();
  }
}

/**
 * Keeps the toasts on screen while axe-core reads the page, as a person reading one does: the pointer
 * on a toast pauses their timers (and spreads the stack), so none starts fading out halfway through.
 * Then waits until none is moving. The returned function moves the pointer away again.
 */
async function holdToasts(page: Page): Promise<() => Promise<void>> {
  const toast = page.locator("[data-sonner-toast]").first();
  let hovering = false;
  if ((await toast.count()) > 0) {
    hovering = await toast
      .hover({ force: true, timeout: 2_000 })
      .then(() => true)
      .catch(() => false); // gone meanwhile
  }
  await waitForToastsToSettle(page);
  return async () => {
    if (hovering) await page.mouse.move(0, 0);
  };
}

/**
 * Waits until no toast is moving: a toast fading in or out is half transparent for a moment, which
 * axe-core would report as low contrast although nobody can read it then.
 */
export async function waitForToastsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return !(target instanceof Element && target.closest("[data-sonner-toaster]"));
      }) &&
      // A toast just mounted is transparent before its transition starts: wait until it is fully shown.
      // Toasts queued behind the shown one (data-visible="false") stay transparent, unread, until their turn.
      [...document.querySelectorAll("[data-sonner-toast]")].every(
        (toast) => toast.getAttribute("data-visible") === "false" || getComputedStyle(toast).opacity === "1",
      ),
    undefined,
    { polling: 50 },
  );
}

/**
 * axe-core (the same rules as `expectAccessible`) on one part of the page and on its toasts, once they
 * have stopped moving: for a state of one section (a dialog open, a form's messages) of a page that is
 * checked whole elsewhere, at a fraction of the time.
 */
export async function expectAccessibleWithin(page: Page, selector: string): Promise<void> {
  expect(await page.locator(selector).count(), `nothing matches ${selector}`).toBeGreaterThan(0);
  if (onSecondDatabase()) return; // as in expectAccessible
  const results = await analyzeHoldingToasts(page, async () => {
    const toasts = (await page.locator("[data-sonner-toaster]").count()) > 0;
    return runAxe(page, { include: toasts ? [[selector], ["[data-sonner-toaster]"]] : [[selector]] });
  });
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "unknown"}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? ""}`)
        .join("\n"),
  );
  expect(violations, `accessibility violations in ${selector} at ${page.url()}:\n${violations.join("\n")}`).toEqual([]);
}
