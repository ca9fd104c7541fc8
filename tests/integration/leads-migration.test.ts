import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../e2e/server-process.ts";

const migrationsFolder = fileURLToPath(new URL("../../db/migrations", import.meta.url));

/** The migrations folder up to, not including, the one that made leads: the database an older release left. */
function migrationsBeforeLeads(): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "atelier-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((entry) => entry.tag.endsWith("_leads"));
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

interface Db {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(): Promise<Db> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL, "atelier_leads_migration");
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return {
      query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  const client = await PGlite.create();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

describe("the migration that turns earlier messages and bookings into leads", () => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    const before = migrationsBeforeLeads();
    try {
      await db.migrate(before.folder);
    } finally {
      before.remove();
    }
    await db.query(
      `insert into contact_submissions (name, email, phone, company, inquiry_type, message, created_at) values
        ('Ada Lovelace', 'Ada@Example.com', '+1 (555) 123-4567', 'Analytical', 'quote', 'A brand for our engine', '2026-01-01T10:00:00Z'),
        ('Grace Hopper', 'grace@example.com', null, null, 'question', 'Do you build compilers?', '2026-01-03T10:00:00Z'),
        ('Ada L.', 'ada@example.com', null, null, 'support', 'Following up', '2026-01-05T10:00:00Z')`,
    );
    await db.query(
      `insert into appointments (customer_name, customer_email, customer_phone, appointment_date, appointment_time, notes, created_at) values
        ('Ada Lovelace', 'ADA@example.com', '555.123.4567', '2026-01-10', '10:00', 'Launch plan', '2026-01-02T10:00:00Z'),
        ('Marie Curie', 'marie@example.fr', '06 12 34 56 78', '2026-01-11', '11:00', null, '2025-12-30T10:00:00Z')`,
    );
    await db.migrate(migrationsFolder);
  });
  afterAll(() => db.close());

  it("makes one lead per e-mail address, its source the first channel, its timeline every message and booking", async () => {
    const leads = await db.query<Record<string, unknown>>(
      `select id, first_name, last_name, email, phone, phone_e164, company, message, lead_source, channels::text as channels, lead_status, sync_status from leads order by email`,
    );
    expect(leads.map((lead) => [lead.email, lead.first_name, lead.last_name, lead.phone_e164, lead.company, lead.lead_source, lead.channels, lead.lead_status, lead.sync_status])).toEqual([
      ["ada@example.com", "Ada", "Lovelace", "+15551234567", "Analytical", "contact_form", "{contact_form,consultation}", "new", "pending"],
      ["grace@example.com", "Grace", "Hopper", null, null, "contact_form", "{contact_form}", "new", "pending"],
      ["marie@example.fr", "Marie", "Curie", "+33612345678", null, "consultation", "{consultation}", "new", "pending"],
    ]);
    const timeline = await db.query<{ channel: string; contact_submission_id: number | null; appointment_id: number | null }>(
      `select t.channel, t.contact_submission_id, t.appointment_id from lead_touchpoints t join leads l on l.id = t.lead_id where l.email = 'ada@example.com' order by t.occurred_at`,
    );
    expect(timeline.map((point) => point.channel)).toEqual(["contact_form", "consultation", "contact_form"]);
    expect(timeline.every((point) => (point.contact_submission_id === null) !== (point.appointment_id === null))).toBe(true);
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from lead_touchpoints`);
    expect(n).toBe(5);
  });
});
