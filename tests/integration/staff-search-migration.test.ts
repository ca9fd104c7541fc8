import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

describe("the migration that lets staff search orders, leads and subscriptions by trigram", () => {
  let db: MigrationDb;
  beforeAll(async () => {
    db = await openMigrationDb("atelier_staff_search_migration");
    const before = migrationsBefore((tag) => tag.endsWith("_staff_search"));
    try {
      await db.migrate(before.folder);
    } finally {
      before.remove();
    }
    await db.query(
      `insert into orders (customer_first_name, customer_last_name, customer_email, customer_phone, customer_company,
         subtotal_cents, total_cents)
       values ('Zoé', 'Lefèvre', 'Zoe.Lefevre@Example.com', '+33 6 12 34 56 78', 'Café Noir', 1000, 1000),
              ('Sam', 'Brown', 'sam@example.com', null, null, 1000, 1000)`,
    );
    await db.query(
      `insert into leads (first_name, last_name, email, phone, company, lead_source)
       values ('Hélène', 'Dupré', 'helene@example.fr', '(555) 222-3333', 'Études SA', 'contact_form')`,
    );
    await db.query(
      `insert into plans (name, price_cents, description_en, description_fr, features_en, features_fr)
       values ('Pro', 9900, 'Pro', 'Pro', '[]', '[]')`,
    );
    await db.query(
      `insert into subscriptions (plan_id, customer_email, customer_name, provider)
       select id, 'Ines@Example.com', 'Inès Martín', 'sandbox' from plans`,
    );
    await db.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(() => db.close());

  it("folds the rows already there: lower case, no accents, the phone's digits alone", async () => {
    const orders = await db.query<{ search_text: string }>(
      "select search_text from orders order by customer_first_name desc",
    );
    expect(orders.map((row) => row.search_text)).toEqual([
      "zoe.lefevre@example.com\nzoe lefevre\ncafe noir\n33612345678",
      "sam@example.com\nsam brown\n\n",
    ]);
    const [lead] = await db.query<{ search_text: string }>("select search_text from leads");
    expect(lead.search_text).toBe("helene dupre\nhelene@example.fr\netudes sa\n5552223333");
    const [subscription] = await db.query<{ search_text: string }>("select search_text from subscriptions");
    expect(subscription.search_text).toBe("ines@example.com\nines martin");
  });

  it("keeps the folded text in step when a row changes", async () => {
    await db.query("update leads set company = 'Société Générale', phone = '+1 555 000 1111'");
    const [lead] = await db.query<{ search_text: string }>("select search_text from leads");
    expect(lead.search_text).toBe("helene dupre\nhelene@example.fr\nsociete generale\n15550001111");
  });

  it("counts the leads already there by source, status and sync status, and keeps the counts with each change", async () => {
    const counts = () =>
      db.query<{ lead_source: string; lead_status: string; sync_status: string; count: number }>(
        "select lead_source, lead_status, sync_status, count from lead_counts where count > 0 order by 1, 2, 3",
      );
    expect(await counts()).toEqual([
      { lead_source: "contact_form", lead_status: "new", sync_status: "pending", count: 1 },
    ]);
    await db.query(
      `insert into leads (first_name, email, lead_source) values ('Two', 'two@example.com', 'chatbot'),
         ('Three', 'three@example.com', 'chatbot')`,
    );
    await db.query("update leads set lead_status = 'qualified', sync_status = 'synced' where first_name = 'Two'");
    await db.query("update leads set message = 'no count changes' where first_name = 'Three'");
    await db.query("delete from leads where lead_source = 'contact_form'");
    expect(await counts()).toEqual([
      { lead_source: "chatbot", lead_status: "new", sync_status: "pending", count: 1 },
      { lead_source: "chatbot", lead_status: "qualified", sync_status: "synced", count: 1 },
    ]);
  });

  it("creates the searches' indexes and one for every filter and sort, in place of the old ones", async () => {
    const indexes = await db.query<{ tablename: string; indexname: string }>(
      `select tablename, indexname from pg_indexes
        where schemaname = 'public' and tablename in ('orders', 'leads', 'subscriptions') order by 1, 2`,
    );
    const of = (table: string) => indexes.filter((row) => row.tablename === table).map((row) => row.indexname);
    expect(of("leads")).toEqual([
      "leads_crm_list_idx",
      "leads_email_idx",
      "leads_email_prefix_idx",
      "leads_list_idx",
      "leads_phone_idx",
      "leads_pkey",
      "leads_search_trgm_idx",
      "leads_source_list_idx",
      "leads_status_list_idx",
      "leads_sync_list_idx",
    ]);
    expect(of("orders")).toEqual([
      "orders_email_idx",
      "orders_email_lower_idx",
      "orders_email_prefix_idx",
      "orders_idempotency_key_idx",
      "orders_list_idx",
      "orders_number_prefix_idx",
      "orders_paid_idx",
      "orders_pkey",
      "orders_search_trgm_idx",
      "orders_status_list_idx",
    ]);
    expect(of("subscriptions")).toEqual([
      "subscriptions_email_prefix_idx",
      "subscriptions_list_idx",
      "subscriptions_live_idx",
      "subscriptions_pkey",
      "subscriptions_provider_id_idx",
      "subscriptions_search_trgm_idx",
    ]);
  });
});
