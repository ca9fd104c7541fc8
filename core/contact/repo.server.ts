import type { Transaction } from "../../db/client.server.ts";
import { contactSubmissions } from "../../db/schema/contact.ts";

export type ContactRow = typeof contactSubmissions.$inferSelect;
export type NewContactRow = typeof contactSubmissions.$inferInsert;

/** Database access for contact submissions; only the contact module uses it. */
export class ContactRepo {
  /** Stores a submission inside the caller's transaction (its e-mails are queued in the same one). */
  async insert(tx: Transaction, values: NewContactRow): Promise<ContactRow> {
    const [row] = await tx.insert(contactSubmissions).values(values).returning();
    return row;
  }
}
