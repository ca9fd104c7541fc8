import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { assistantConversations } from "../../db/schema/assistant.ts";

export type ConversationRow = typeof assistantConversations.$inferSelect;
export type NewConversationRow = typeof assistantConversations.$inferInsert;

/** Database access for conversations; only the assistant module uses it. */
export class ConversationRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async find(id: string): Promise<ConversationRow | null> {
    const [row] = await this.db.select().from(assistantConversations).where(eq(assistantConversations.id, id)).limit(1);
    return row ?? null;
  }

  /** Creates the conversation, or returns the one already stored under this id (a telephony retry). */
  async findOrCreate(values: NewConversationRow): Promise<ConversationRow> {
    await this.db
      .insert(assistantConversations)
      .values(values)
      .onConflictDoNothing({ target: assistantConversations.id });
    const row = await this.find(values.id);
    if (!row) throw new Error(`conversation ${values.id} vanished after its insert`);
    return row;
  }

  async save(
    id: string,
    values: Pick<ConversationRow, "language" | "transcript" | "flow" | "outcome" | "turns" | "lastReply">,
  ): Promise<void> {
    await this.db
      .update(assistantConversations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(assistantConversations.id, id));
  }
}
