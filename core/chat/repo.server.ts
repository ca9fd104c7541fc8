import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { chatConversations } from "../../db/schema/chat.ts";

export type ConversationRow = typeof chatConversations.$inferSelect;
export type NewConversationRow = typeof chatConversations.$inferInsert;

/** Database access for conversations; only the chat module uses it. */
export class ConversationRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async find(id: string): Promise<ConversationRow | null> {
    const [row] = await this.db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
    return row ?? null;
  }

  /** Creates the conversation, or returns the one already stored under this id (a telephony retry). */
  async findOrCreate(values: NewConversationRow): Promise<ConversationRow> {
    await this.db.insert(chatConversations).values(values).onConflictDoNothing({ target: chatConversations.id });
    const row = await this.find(values.id);
    if (!row) throw new Error(`conversation ${values.id} vanished after its insert`);
    return row;
  }

  async save(
    id: string,
    values: Pick<ConversationRow, "language" | "transcript" | "flow" | "outcome" | "turns" | "lastReply">,
  ): Promise<void> {
    await this.db
      .update(chatConversations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(chatConversations.id, id));
  }
}
