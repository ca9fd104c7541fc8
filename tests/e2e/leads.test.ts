import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import enCommon from "../../app/locales/en/common.json";
import enLeads from "../../app/locales/en/leads.json";
import frCommon from "../../app/locales/fr/common.json";
import frLeads from "../../app/locales/fr/leads.json";
import { FakeHubSpot } from "../helpers/fake-crm-hubspot.ts";
import {
  expectAccessible,
  expectAccessibleWithin,
  expectText,
  expectToast,
  expectValue,
  fileBrowser,
  openPage,
  registerCustomerByApi,
  signInByApi,
  staffRequest,
  waitForHydration,
  type PageSession,
} from "./browser.ts";
import { createPostgresDatabase, startServer, temporaryDir, type ServerProcess } from "./server-process.ts";

/**
 * The lead desk in a browser, English and French: staff open /leads, filter, change a status and sync a
 * lead to the default CRM (a fake HubSpot started here, so this file runs its own server configured for
 * it) and see the badge turn to synced; a visitor and a customer are refused.
 */

const browser = fileBrowser();
let server: ServerProcess;
const hubspot = new FakeHubSpot();
const admin = { email: "leads-admin@atelier.test", password: "leads-e2e-password-long" };
let cleanup = async () => {};

const languages = [
  {
    name: "English",
    prefix: "/en",
    locale: "en-US",
    t: enLeads,
    common: enCommon,
    person: { name: "Ada Lovelace", email: "ada@example.com" },
  },
  {
    name: "French",
    prefix: "/fr",
    locale: "fr-FR",
    t: frLeads,
    common: frCommon,
    person: { name: "Marie Curie", email: "marie@example.fr" },
  },
] as const;

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${server.port}` },
    body: JSON.stringify(body),
  });
}

function session(locale: string, allow: RegExp[] = []): Promise<PageSession> {
  return openPage(browser, {
    baseURL: `http://localhost:${server.port}`,
    locale,
    viewport: { width: 1280, height: 900 },
    allow,
  });
}

const refused = (status: number, path: string) =>
  new RegExp(
    `: Failed to load resource: the server responded with a status of ${status} .*${path.replace(/\//g, "\\/")}`,
  );

beforeAll(async () => {
  await hubspot.start();
  const dataDir = temporaryDir("atelier-leads-e2e-");
  const postgres = process.env.TEST_DATABASE_URL
    ? await createPostgresDatabase(process.env.TEST_DATABASE_URL, "atelier_leads_e2e")
    : null;
  cleanup = async () => {
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  server = await startServer({
    env: {
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CRM_DEFAULT: "hubspot",
      HUBSPOT_ACCESS_TOKEN: hubspot.token,
      HUBSPOT_API_URL: hubspot.url,
      CRM_RETRY_BASE_MS: "200",
      JOB_POLL_SECONDS: "0.5",
    },
  });
  // Three people; the CRM refuses the first syncs (a revoked token), so their leads wait as failed.
  hubspot.failNext(...Array.from({ length: 3 }, () => ({ status: 401 })));
  for (const { person } of languages) {
    const response = await post("/api/contact", {
      name: person.name,
      email: person.email,
      inquiryType: "quote",
      message: "We would like a new brand identity.",
    });
    expect(response.status).toBe(201);
  }
  const third = await post("/api/contact", {
    name: "Grace Hopper",
    email: "grace@example.com",
    message: "A question about your services.",
  });
  expect(third.status).toBe(201);
  // The three leads reach the CRM's fake in the background (vi.waitUntil: expect.poll only works in a test).
  await vi.waitUntil(() => hubspot.requests.length >= 3, { timeout: 60_000, interval: 200 });
  expect(hubspot.requests.length).toBe(3);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await hubspot.stop();
  await cleanup();
});

describe.each(languages)("/leads in $name", ({ prefix, locale, t, common, person }) => {
  it("asks a visitor to sign in (401) and refuses a customer (403)", async () => {
    const visitor = await session(locale, [refused(401, `${prefix}/leads`)]);
    const response = await visitor.page.goto(`${prefix}/leads`);
    expect(response?.status()).toBe(401);
    await expectText(visitor.page.getByRole("heading", { level: 1 }), common.errorPage.signInRequired.title);
    await visitor.close();

    const customer = await session(locale, [refused(403, `${prefix}/leads`)]);
    await registerCustomerByApi(
      customer.page.request,
      "leads",
      staffRequest({ baseURL: `http://localhost:${server.port}`, admin }),
    );
    const forbidden = await customer.page.goto(`${prefix}/leads`);
    expect(forbidden?.status()).toBe(403);
    await expectText(customer.page.getByRole("heading", { level: 1 }), common.errorPage.forbidden.title);
    await customer.close();
  });

  it("lets staff filter, change a status and sync a lead to the default CRM", async () => {
    const staff = await session(locale);
    const { page } = staff;
    await signInByApi(page, admin);
    await page.goto(`${prefix}/leads`);
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), t.title);
    await expectText(page.locator("[data-stat=total] p").nth(1), "3");
    await expectAccessible(page);

    await page.getByRole("tab", { name: t.tabs.all }).click();
    await page.waitForURL(/tab=all/);
    await page.getByLabel(t.filters.syncStatus, { exact: true }).selectOption("failed");
    await page.waitForURL(/syncStatus=failed/);
    await expect.poll(() => page.locator("tbody tr[data-lead-id]").count()).toBeGreaterThan(0);
    await page.getByLabel(t.filters.source, { exact: true }).selectOption("chatbot");
    await page.waitForURL(/leadSource=chatbot/);
    await expectText(page.locator("tbody td").first(), t.table.empty);
    // The view is in the address: reloading it keeps the tab and the filters.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel(t.filters.source, { exact: true }).inputValue()).resolves.toBe("chatbot");
    await page.getByRole("link", { name: t.filters.clear }).click();
    await page.waitForURL((url) => !url.search.includes("leadSource"));
    // The address changes before the page has drawn the cleared filters: wait for them, or the next
    // change would send the old ones again.
    await expect.poll(() => page.getByLabel(t.filters.syncStatus, { exact: true }).inputValue()).toBe("");
    await expect.poll(() => page.getByLabel(t.filters.source, { exact: true }).inputValue()).toBe("");
    await page.getByLabel(t.filters.source, { exact: true }).selectOption("contact_form");
    await page.waitForURL(/leadSource=contact_form/);
    // The search waits for Enter and keeps the filters: part of the e-mail, in capitals, finds the person.
    const searchBox = page.getByLabel(t.filters.search, { exact: true });
    await searchBox.fill(person.email.split("@")[0].toUpperCase());
    await searchBox.press("Enter");
    await page.waitForURL(/leadSource=contact_form.*q=|q=.*leadSource=contact_form/);
    await expect.poll(() => page.locator("tbody tr[data-lead-id]").count()).toBe(1);

    const row = page.locator("tbody tr", { has: page.getByText(person.email) });
    const badge = row.locator("[data-sync-status]");
    await expect(badge.getAttribute("data-sync-status")).resolves.toBe("failed");
    // Sync goes to the default CRM in the background: the answer comes at once, the badge follows.
    await expectToast(
      page,
      () =>
        row
          .getByRole("button", {
            name: t.table.syncTo.replace("{{name}}", person.name).replace("{{crm}}", t.crm.hubspot),
          })
          .click(),
      {
        title: t.toast.syncSuccess,
        type: "success",
      },
    );
    try {
      await expect
        .poll(() => badge.getAttribute("data-sync-status", { timeout: 5_000 }), { timeout: 45_000 })
        .toBe("synced");
    } catch (error) {
      // What the page showed instead, for the failure report.
      throw new Error(
        `${(error as Error).message}\n--- ${page.url()} ---\n${await page
          .locator("main")
          .innerText()
          .catch(() => "(no main)")}`,
      );
    }
    await expectText(badge, new RegExp(t.sync.synced));

    const statusName = t.table.statusFor.replace("{{name}}", person.name);
    await expectToast(page, () => row.getByRole("combobox", { name: statusName }).selectOption("contacted"), {
      title: t.toast.updated,
      type: "success",
    });
    await expectValue(row.getByRole("combobox", { name: statusName }), "contacted");
    // The change reaches the CRM too, on the same record.
    await expect
      .poll(
        () =>
          [...hubspot.contacts.values()].find((contact) => contact.properties.email === person.email)?.properties
            .hs_lead_status,
        { timeout: 30_000 },
      )
      .toBe("CONNECTED");
    await expect.poll(() => badge.getAttribute("data-sync-status"), { timeout: 30_000 }).toBe("synced");
    expect([...hubspot.contacts.values()].filter((contact) => contact.properties.email === person.email)).toHaveLength(
      1,
    );
    await expectAccessibleWithin(page, "main");

    // The lead's detail: its timeline and its sync history, with the CRM's message for the refused attempt.
    await row.getByRole("link", { name: t.table.viewFor.replace("{{name}}", person.name) }).click();
    await page.waitForURL(/lead=\d+/);
    await expectText(page.getByRole("heading", { level: 2 }), person.name);
    await expectText(page.locator("[data-channel=contact_form]").first(), new RegExp(t.source.contact_form));
    await page.getByText("Authentication credentials not found", { exact: false }).first().waitFor();
    await expectAccessible(page);

    await page.getByRole("link", { name: t.detail.back }).click();
    await page.getByRole("tab", { name: t.tabs.analytics }).click();
    await expectText(page.locator("[data-bar=contacted] .sr-only"), new RegExp(`${t.status.contacted}`));
    await expectAccessibleWithin(page, "main");
    await page.getByRole("tab", { name: t.tabs.settings }).click();
    await expectText(page.locator("[data-provider=hubspot]"), new RegExp(t.settings.configured));
    await expectText(page.locator("[data-provider=pipedrive]"), new RegExp(t.settings.notConfigured));
    await expectAccessibleWithin(page, "main");
    expect(hubspot.problems).toEqual([]);
    await staff.close();
    // The whole flow waits on background jobs: on a busy machine it outlasts the default minute.
  }, 240_000);
});
