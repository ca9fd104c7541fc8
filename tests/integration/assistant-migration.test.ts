import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

const CONVERSATION = "5f0c2a9e-7d1b-4c3e-9a8f-0b1c2d3e4f50";

describe("the migration that names the assistant's conversations after the assistant", () => {
  let db: MigrationDb;
  beforeAll(async () => {
    db = await openMigrationDb("atelier_assistant_migration");
    const before = migrationsBefore((tag) => tag.endsWith("_assistant_conversations"));
    try {
      await db.migrate(before.folder);
    } finally {
      before.remove();
    }
    await db.query(
      `insert into chat_conversations (id, channel, language, transcript, flow, outcome, turns, last_reply, created_at, updated_at) values
        ($1, 'chat', 'fr', '[{"role":"user","content":"Bonjour","at":"2026-01-01T10:00:00Z"}]', '{"kind":"contact","step":"email","answers":{"name":"Marie Curie"}}', '{"followUp":true}', 3, 'Quelle est votre adresse e-mail ?', '2026-01-01T10:00:00Z', '2026-01-01T10:05:00Z')`,
      [CONVERSATION],
    );
    await db.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(() => db.close());

  it("keeps every conversation, under assistant_conversations", async () => {
    const rows = await db.query<Record<string, unknown>>(
      `select id, channel, language, transcript, flow, outcome, turns, last_reply, updated_at from assistant_conversations`,
    );
    expect(rows).toEqual([
      {
        id: CONVERSATION,
        channel: "chat",
        language: "fr",
        transcript: [{ role: "user", content: "Bonjour", at: "2026-01-01T10:00:00Z" }],
        flow: { kind: "contact", step: "email", answers: { name: "Marie Curie" } },
        outcome: { followUp: true },
        turns: 3,
        last_reply: "Quelle est votre adresse e-mail ?",
        updated_at: new Date("2026-01-01T10:05:00Z"),
      },
    ]);
  });

  it("leaves no table, index or constraint named after the chat", async () => {
    const [{ tables }] = await db.query<{ tables: string[] }>(
      `select coalesce(array_agg(table_name::text order by table_name), '{}') as tables from information_schema.tables where table_schema = 'public' and table_name like '%conversations%'`,
    );
    expect(tables).toEqual(["assistant_conversations"]);
    const indexes = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = 'public' and tablename = 'assistant_conversations' order by indexname`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      "assistant_conversations_pkey",
      "assistant_conversations_updated_idx",
    ]);
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_constraint c join pg_namespace s on s.oid = c.connamespace where s.nspname = 'public' and c.conname like 'chat\\_%'`,
    );
    expect(n).toBe(0);
  });
});
