import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

describe("the migration that turns earlier messages and bookings into leads", () => {
  let db: MigrationDb;
  beforeAll(async () => {
    db = await openMigrationDb("atelier_leads_migration");
    const before = migrationsBefore((tag) => tag.endsWith("_leads"));
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
    await db.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(() => db.close());

  it("makes one lead per e-mail address, its source the first channel, its timeline every message and booking", async () => {
    const leads = await db.query<Record<string, unknown>>(
      `select id, first_name, last_name, email, phone, phone_e164, company, message, lead_source, channels::text as channels, lead_status, sync_status from leads order by email`,
    );
    expect(
      leads.map((lead) => [
        lead.email,
        lead.first_name,
        lead.last_name,
        lead.phone_e164,
        lead.company,
        lead.lead_source,
        lead.channels,
        lead.lead_status,
        lead.sync_status,
      ]),
    ).toEqual([
      [
        "ada@example.com",
        "Ada",
        "Lovelace",
        "+15551234567",
        "Analytical",
        "contact_form",
        "{contact_form,consultation}",
        "new",
        "pending",
      ],
      ["grace@example.com", "Grace", "Hopper", null, null, "contact_form", "{contact_form}", "new", "pending"],
      ["marie@example.fr", "Marie", "Curie", "+33612345678", null, "consultation", "{consultation}", "new", "pending"],
    ]);
    const timeline = await db.query<{
      channel: string;
      contact_submission_id: number | null;
      appointment_id: number | null;
    }>(
      `select t.channel, t.contact_submission_id, t.appointment_id from lead_touchpoints t join leads l on l.id = t.lead_id where l.email = 'ada@example.com' order by t.occurred_at`,
    );
    expect(timeline.map((point) => point.channel)).toEqual(["contact_form", "consultation", "contact_form"]);
    expect(timeline.every((point) => (point.contact_submission_id === null) !== (point.appointment_id === null))).toBe(
      true,
    );
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from lead_touchpoints`);
    expect(n).toBe(5);
  });
});
