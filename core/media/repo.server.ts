import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { mediaComments, mediaItems } from "../../db/schema/media.ts";

export type MediaRow = typeof mediaItems.$inferSelect;
export type NewMediaRow = typeof mediaItems.$inferInsert;
export type MediaCommentRow = typeof mediaComments.$inferSelect;

// The order of media_items_published_list_idx and media_items_published_category_idx, column for column.
const galleryOrder = [
  desc(mediaItems.featured),
  asc(mediaItems.sortOrder),
  desc(mediaItems.createdAt),
  desc(mediaItems.id),
];

function publishedWhere(category: string | null): SQL | undefined {
  return and(eq(mediaItems.status, "published"), category ? eq(mediaItems.category, category) : undefined);
}

/** Database access for media items and their comments; only the media module uses it. */
export class MediaRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * One page of published items, featured first, then by staff's sort order and newest (id as tie-break),
   * as the blog's list does it (docs/decisions/0036-lists-a-page-at-a-time.md): the page's ids from the
   * order index alone, then only those rows.
   */
  async listPublishedPage(category: string | null, page: { offset: number; limit: number }): Promise<MediaRow[]> {
    const ids = (
      await this.db
        .select({ id: mediaItems.id })
        .from(mediaItems)
        .where(publishedWhere(category))
        .orderBy(...galleryOrder)
        .limit(page.limit)
        .offset(page.offset)
    ).map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(mediaItems)
      .where(inArray(mediaItems.id, ids))
      .orderBy(...galleryOrder);
  }

  /** How many items are published, in one category when given. */
  async countPublished(category: string | null): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(mediaItems).where(publishedWhere(category));
    return Number(row?.n ?? 0);
  }

  /** A page of every media item, newest first (the staff list), each with its comments awaiting moderation. */
  async listPage(page: { offset: number; limit: number }): Promise<Array<MediaRow & { pendingComments: number }>> {
    const pending = sql<number>`(select count(*)::int from ${mediaComments} where ${mediaComments.mediaId} = ${mediaItems.id} and ${mediaComments.approved} = false)`;
    return this.db
      .select({ item: mediaItems, pendingComments: pending })
      .from(mediaItems)
      .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
      .limit(page.limit)
      .offset(page.offset)
      .then((rows) => rows.map((row) => ({ ...row.item, pendingComments: Number(row.pendingComments) })));
  }

  async find(id: number): Promise<MediaRow | null> {
    const [row] = await this.db.select().from(mediaItems).where(eq(mediaItems.id, id));
    return row ?? null;
  }

  /** The item whose files are in media/<folder>/ (see the media_items_folder_idx index). */
  async findByFolder(folder: string): Promise<MediaRow | null> {
    const [row] = await this.db
      .select()
      .from(mediaItems)
      .where(sql`split_part(${mediaItems.fileKey}, '/', 2) = ${folder}`)
      .limit(1);
    return row ?? null;
  }

  async insert(row: NewMediaRow): Promise<MediaRow> {
    const [inserted] = await this.db.insert(mediaItems).values(row).returning();
    return inserted;
  }

  async update(id: number, changes: Partial<NewMediaRow>): Promise<MediaRow | null> {
    const [row] = await this.db
      .update(mediaItems)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(mediaItems.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: number): Promise<MediaRow | null> {
    const [row] = await this.db.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
    return row ?? null;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(mediaItems);
    return row.n;
  }

  /** The oldest uploads awaiting approval, first come first served (the moderation queue). */
  async listPending(limit: number): Promise<MediaRow[]> {
    return this.db
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.status, "pending"))
      .orderBy(asc(mediaItems.createdAt), asc(mediaItems.id))
      .limit(limit);
  }

  async countPending(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(mediaItems).where(eq(mediaItems.status, "pending"));
    return row.n;
  }

  /** One page of an item's approved comments, oldest first (media_comments_approved_idx). */
  async listApprovedComments(mediaId: number, page: { offset: number; limit: number }): Promise<MediaCommentRow[]> {
    return this.db
      .select()
      .from(mediaComments)
      .where(and(eq(mediaComments.mediaId, mediaId), eq(mediaComments.approved, true)))
      .orderBy(asc(mediaComments.createdAt), asc(mediaComments.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** How many approved comments an item has: one item's entries of the index. */
  async countApprovedComments(mediaId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(mediaComments)
      .where(and(eq(mediaComments.mediaId, mediaId), eq(mediaComments.approved, true)));
    return Number(row?.n ?? 0);
  }

  async insertComment(row: typeof mediaComments.$inferInsert): Promise<MediaCommentRow> {
    const [inserted] = await this.db.insert(mediaComments).values(row).returning();
    return inserted;
  }

  async listCommentsForModeration(
    approved: boolean | null,
    page: { offset: number; limit: number },
  ): Promise<Array<MediaCommentRow & { mediaTitle: string }>> {
    const query = this.db
      .select({ comment: mediaComments, mediaTitle: mediaItems.title })
      .from(mediaComments)
      .innerJoin(mediaItems, eq(mediaItems.id, mediaComments.mediaId))
      .where(approved === null ? undefined : eq(mediaComments.approved, approved))
      .orderBy(desc(mediaComments.createdAt), desc(mediaComments.id))
      .limit(page.limit)
      .offset(page.offset);
    return (await query).map((row) => ({ ...row.comment, mediaTitle: row.mediaTitle }));
  }

  /** How many media comments there are, approved or not, or all of them (null). */
  async countComments(approved: boolean | null): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(mediaComments)
      .where(approved === null ? undefined : eq(mediaComments.approved, approved));
    return row.n;
  }

  async countPendingComments(): Promise<number> {
    return this.countComments(false);
  }

  async approveComment(id: number): Promise<MediaCommentRow | null> {
    const [row] = await this.db
      .update(mediaComments)
      .set({ approved: true })
      .where(eq(mediaComments.id, id))
      .returning();
    return row ?? null;
  }

  async deleteComment(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(mediaComments)
      .where(eq(mediaComments.id, id))
      .returning({ id: mediaComments.id });
    return rows.length > 0;
  }
}
