import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { comments, posts } from "../../db/schema/blog.ts";

export type PostRow = typeof posts.$inferSelect;
export type NewPostRow = typeof posts.$inferInsert;
export type CommentRow = typeof comments.$inferSelect;
export type NewCommentRow = typeof comments.$inferInsert;

const summaryColumns = {
  id: posts.id,
  title: posts.title,
  excerpt: posts.excerpt,
  featuredImage: posts.featuredImage,
  category: posts.category,
  tags: posts.tags,
  language: posts.language,
  published: posts.published,
  membersOnly: posts.membersOnly,
  createdAt: posts.createdAt,
  wordCount: posts.wordCount,
  translationGroup: posts.translationGroup,
};
export type PostSummaryRow = Pick<PostRow, keyof typeof summaryColumns>;

/** Database access for posts and comments; only the blog module uses it. */
export class BlogRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Published posts without their content, newest first, optionally in one language. */
  async listPublishedSummaries(language?: string): Promise<PostSummaryRow[]> {
    const where = language ? and(eq(posts.published, true), eq(posts.language, language)) : eq(posts.published, true);
    return this.db.select(summaryColumns).from(posts).where(where).orderBy(desc(posts.createdAt), desc(posts.id));
  }

  async listAll(): Promise<PostRow[]> {
    return this.db.select().from(posts).orderBy(desc(posts.createdAt), desc(posts.id));
  }

  /** The newest posts, drafts included (the staff Overview's list). */
  async listNewest(limit: number): Promise<PostRow[]> {
    return this.db.select().from(posts).orderBy(desc(posts.createdAt), desc(posts.id)).limit(limit);
  }

  async countPosts(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(posts);
    return Number(row?.n ?? 0);
  }

  async findPost(id: number): Promise<PostRow | null> {
    const [row] = await this.db.select().from(posts).where(eq(posts.id, id)).limit(1);
    return row ?? null;
  }

  async insertPost(values: NewPostRow): Promise<PostRow> {
    const [row] = await this.db.insert(posts).values(values).returning();
    return row;
  }

  async updatePost(id: number, values: Partial<NewPostRow>): Promise<PostRow | null> {
    const [row] = await this.db
      .update(posts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(posts.id, id))
      .returning();
    return row ?? null;
  }

  /** The other post of a translation group (drafts included), or null. */
  async findTranslation(post: Pick<PostRow, "id" | "translationGroup">): Promise<PostRow | null> {
    if (post.translationGroup === null) return null;
    const [row] = await this.db
      .select()
      .from(posts)
      .where(and(eq(posts.translationGroup, post.translationGroup), ne(posts.id, post.id)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Makes `a` and `b` each other's translation: both leave any group they were in (their former partners
   * become single-language posts), then share the group named by the lower id. One transaction.
   */
  async link(a: PostRow, b: PostRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      const groups = [a.translationGroup, b.translationGroup].filter((group): group is number => group !== null);
      if (groups.length > 0)
        await tx.update(posts).set({ translationGroup: null }).where(inArray(posts.translationGroup, groups));
      await tx
        .update(posts)
        .set({ translationGroup: Math.min(a.id, b.id) })
        .where(inArray(posts.id, [a.id, b.id]));
    });
  }

  /** Ends a post's translation link, for both posts of the group. */
  async unlink(post: Pick<PostRow, "translationGroup">): Promise<void> {
    if (post.translationGroup === null) return;
    await this.db
      .update(posts)
      .set({ translationGroup: null })
      .where(eq(posts.translationGroup, post.translationGroup));
  }

  async deletePost(id: number): Promise<boolean> {
    const deleted = await this.db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
    return deleted.length > 0;
  }

  async listApprovedComments(postId: number): Promise<CommentRow[]> {
    return this.db
      .select()
      .from(comments)
      .where(and(eq(comments.postId, postId), eq(comments.approved, true)))
      .orderBy(asc(comments.createdAt), asc(comments.id));
  }

  async findComment(id: number): Promise<CommentRow | null> {
    const [row] = await this.db.select().from(comments).where(eq(comments.id, id)).limit(1);
    return row ?? null;
  }

  async insertComment(values: NewCommentRow): Promise<CommentRow> {
    const [row] = await this.db.insert(comments).values(values).returning();
    return row;
  }

  /** Comments with their post's title for moderation, oldest first so that the queue is worked in order. */
  async listCommentsForModeration(approved: boolean | null): Promise<Array<CommentRow & { postTitle: string }>> {
    const rows = await this.db
      .select({ comment: comments, postTitle: posts.title })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(approved === null ? undefined : eq(comments.approved, approved))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    return rows.map((row) => ({ ...row.comment, postTitle: row.postTitle }));
  }

  async countPendingComments(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(comments).where(eq(comments.approved, false));
    return Number(row?.n ?? 0);
  }

  async approveComment(id: number): Promise<CommentRow | null> {
    const [row] = await this.db.update(comments).set({ approved: true }).where(eq(comments.id, id)).returning();
    return row ?? null;
  }

  /** Deletes a comment; its replies go with it (the foreign key cascades). */
  async deleteComment(id: number): Promise<boolean> {
    const deleted = await this.db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
    return deleted.length > 0;
  }
}
