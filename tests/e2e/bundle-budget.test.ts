import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContextOptions } from "playwright-core";
import { adminAccount, baseUrl, fileBrowser, onSecondDatabase } from "./browser.ts";
import enMail from "../../app/locales/en/mail.json";
import {
  PUBLIC_PAGES,
  STAFF_PAGES,
  budgetOf,
  kb,
  measureFirstLoad,
  publicPostPath,
  staffSession,
  type FirstLoad,
} from "./first-load-js.ts";

/**
 * The byte budget of the public pages (issue 6): the JavaScript a page loads until the network is idle
 * after load (entry, modulepreload links, route modules, chunks loaded while hydrating), each file by
 * its gzip size (level 9), at most 150 KB on the home page, 135 KB on every other public page and 160 KB
 * on every staff page (opened signed in as staff), in English and in French. Sizes do not vary from run to run, so the bars are exact. `npm run
 * bench:bundle` prints the same figures with brotli and the largest files.
 */
const browser = fileBrowser();
let post: string;
let staff: BrowserContextOptions["storageState"];
const measured = new Map<string, FirstLoad>();

beforeAll(async () => {
  post = await publicPostPath(baseUrl());
  staff = await staffSession(browser, baseUrl(), adminAccount());
});

function address(page: string, language: "en" | "fr"): string {
  const path = page === "/posts/:id" ? post : page;
  return language === "en" ? path : `/fr${path === "/" ? "" : path}`;
}

async function firstLoad(page: string, language: "en" | "fr"): Promise<FirstLoad> {
  const key = `${language} ${page}`;
  if (!measured.has(key))
    measured.set(
      key,
      await measureFirstLoad(
        browser,
        baseUrl(),
        address(page, language),
        language === "en" ? "en-US" : "fr-FR",
        (STAFF_PAGES as readonly string[]).includes(page) ? staff : undefined,
      ),
    );
  return measured.get(key)!;
}

function describeFiles(result: FirstLoad): string {
  return result.files
    .slice(0, 8)
    .map((file) => `  ${file.url} ${kb(file.gzip)} KB`)
    .join("\n");
}

describe.skipIf(onSecondDatabase())("first-load JavaScript of the public and staff pages", () => {
  for (const language of ["en", "fr"] as const) {
    for (const page of [...PUBLIC_PAGES, ...STAFF_PAGES]) {
      it(`${language === "en" ? page : `/fr${page === "/" ? "" : page}`} stays within ${kb(budgetOf(page))} KB gzip`, async () => {
        const result = await firstLoad(page, language);
        expect(result.files.length, "scripts recorded").toBeGreaterThan(0);
        expect(
          result.gzip,
          `${result.page}: ${kb(result.gzip)} KB gzip in ${result.files.length} files, the largest:\n${describeFiles(result)}`,
        ).toBeLessThanOrEqual(budgetOf(page));
      });
    }
  }

  // Stripe's code comes with the checkout's payment step only, never with a page's first load (the checkout's included).
  it("never sends zod, Stripe's code or a server-only translation with a page's first load", async () => {
    for (const page of [...PUBLIC_PAGES, ...STAFF_PAGES]) {
      const result = await firstLoad(page, "en");
      for (const file of result.files) {
        const body = await (await fetch(new URL(file.url, baseUrl()))).text();
        expect(body, `${page}: ${file.url} holds zod`).not.toContain("ZodError");
        expect(body, `${page}: ${file.url} holds the mail namespace`).not.toContain(enMail.validation.recipientInvalid);
        expect(body, `${page}: ${file.url} holds Stripe.js's loader`).not.toContain("js.stripe.com");
        expect(body, `${page}: ${file.url} holds Stripe's Payment Element`).not.toContain("PaymentElement");
      }
    }
  });
});
