import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { countUpTo } from "../../db/staff-search.server.ts";
import { comments, posts } from "../../db/schema/blog.ts";
import { matchesSearch } from "../search/text-search.server.ts";

/** A post's columns but its search vector, which only the database reads (no need to send it). */
const { searchVector: _searchVector, ...rowColumns } = getTableColumns(posts);
export type PostRow = Omit<typeof posts.$inferSelect, "searchVector">;
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

/** What narrows the public list: a language, a category, a search in title and excerpt. */
export interface PublishedPostFilter {
  language?: string;
  category?: string | null;
  q?: string;
}

function publishedWhere(filter: PublishedPostFilter): SQL | undefined {
  return and(
    eq(posts.published, true),
    filter.language ? eq(posts.language, filter.language) : undefined,
    filter.category ? eq(posts.category, filter.category) : undefined,
    filter.q ? searchedIn(filter.language, filter.q) : undefined,
  );
}

/**
 * Full-text search in each post's own language: its stored vector was built in that language's
 * configuration, so the search is read in the same one. A list of one language needs one condition; the
 * API without a language asks both, each for the posts of its language (the GIN index answers each side).
 */
function searchedIn(language: string | undefined, q: string): SQL | undefined {
  if (language === "fr" || language === "en") return matchesSearch(posts.searchVector, language, q);
  return or(
    and(eq(posts.language, "fr"), matchesSearch(posts.searchVector, "fr", q)),
    and(ne(posts.language, "fr"), matchesSearch(posts.searchVector, "en", q)),
  );
}

const newestFirst = [desc(posts.createdAt), desc(posts.id)];

/** Database access for posts and comments; only the blog module uses it. */
export class BlogRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * One page of published posts without their content, newest first (id as tie-break). The page's ids are
   * found first, then only those rows are read. Without a search the ids come from the list's index alone
   * (an index-only scan skips `offset` index entries, not rows). `matchesFirst` has the full-text index find
   * a search's matches first, sorted after (see searchedIds): the caller's choice, from the counts.
   */
  async listPublishedPage(
    filter: PublishedPostFilter,
    page: { offset: number; limit: number },
    matchesFirst = false,
  ): Promise<PostSummaryRow[]> {
    const ids = matchesFirst
      ? await this.searchedIds(filter, page)
      : (
          await this.db
            .select({ id: posts.id })
            .from(posts)
            .where(publishedWhere(filter))
            .orderBy(...newestFirst)
            .limit(page.limit)
            .offset(page.offset)
        ).map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db
      .select(summaryColumns)
      .from(posts)
      .where(inArray(posts.id, ids))
      .orderBy(...newestFirst);
  }

  /**
   * Ids of one page of a search. Left to itself the planner walks the list's order index and tests every
   * post until the page is full: quick for a word every post holds, but a word few posts hold (or none)
   * reads the whole table. `offset 0` keeps the matching as a query of its own, which the GIN index on
   * the search vector answers; only the matches are then sorted.
   */
  private async searchedIds(filter: PublishedPostFilter, page: { offset: number; limit: number }): Promise<number[]> {
    const result = await this.db.execute<{ id: number }>(
      sql`select id from (select ${posts.id} as id, ${posts.createdAt} as created_at from ${posts} where ${publishedWhere(filter)} offset 0) as matching
          order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
    );
    const rows =
      (result as unknown as { rows?: Array<{ id: number }> }).rows ?? (result as unknown as Array<{ id: number }>);
    return rows.map((row) => Number(row.id));
  }

  /**
   * How many published posts a search keeps, counted up to `upTo` (a count over a LIMIT subquery): a word
   * most posts hold stops after `upTo` matches instead of reading every match's heap block.
   */
  async countPublishedUpTo(filter: PublishedPostFilter, upTo: number): Promise<number> {
    return countUpTo(this.db, posts, publishedWhere(filter), upTo);
  }

  /** How many published posts the filter keeps. */
  async countPublished(filter: PublishedPostFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(posts).where(publishedWhere(filter));
    return Number(row?.n ?? 0);
  }

  /** A page of every post, drafts included, newest first (the staff list). */
  async listPage(page: { offset: number; limit: number }): Promise<PostRow[]> {
    return this.db
      .select(rowColumns)
      .from(posts)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Every post of these posts' translation groups (themselves included): each finds its partner there. */
  async translationGroupsOf(rows: Array<Pick<PostRow, "translationGroup">>): Promise<PostRow[]> {
    const groups = [...new Set(rows.map((row) => row.translationGroup).filter((group) => group !== null))];
    if (groups.length === 0) return [];
    return this.db.select(rowColumns).from(posts).where(inArray(posts.translationGroup, groups));
  }

  /** The newest posts of no translation group: those a new or edited post may name as its translation. */
  async listUnlinked(limit: number): Promise<PostRow[]> {
    return this.db
      .select(rowColumns)
      .from(posts)
      .where(isNull(posts.translationGroup))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit);
  }

  /** The newest posts, drafts included (the staff Overview's list). */
  async listNewest(limit: number): Promise<PostRow[]> {
    return this.db.select(rowColumns).from(posts).orderBy(desc(posts.createdAt), desc(posts.id)).limit(limit);
  }

  async countPosts(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(posts);
    return Number(row?.n ?? 0);
  }

  /** The posts of these ids that exist, in no particular order. */
  async findPosts(ids: number[]): Promise<PostRow[]> {
    if (ids.length === 0) return [];
    return this.db.select(rowColumns).from(posts).where(inArray(posts.id, ids));
  }

  async findPost(id: number): Promise<PostRow | null> {
    const [row] = await this.db.select(rowColumns).from(posts).where(eq(posts.id, id)).limit(1);
    return row ?? null;
  }

  async insertPost(values: NewPostRow): Promise<PostRow> {
    const [row] = await this.db.insert(posts).values(values).returning(rowColumns);
    return row;
  }

  async updatePost(id: number, values: Partial<NewPostRow>): Promise<PostRow | null> {
    const [row] = await this.db
      .update(posts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(posts.id, id))
      .returning(rowColumns);
    return row ?? null;
  }

  /** The other post of a translation group (drafts included), or null. */
  async findTranslation(post: Pick<PostRow, "id" | "translationGroup">): Promise<PostRow | null> {
    if (post.translationGroup === null) return null;
    const [row] = await this.db
      .select(rowColumns)
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

  /**
   * One page of a post's approved threads, oldest first: the page's comments that answer nobody
   * (comments_post_threads_idx), then the approved replies to them (comments_replies_idx). Replies go with
   * their comment, so that a thread is never cut across two pages.
   */
  async listApprovedThreads(postId: number, page: { offset: number; limit: number }): Promise<CommentRow[]> {
    const roots = await this.db
      .select()
      .from(comments)
      .where(and(eq(comments.postId, postId), eq(comments.approved, true), isNull(comments.parentId)))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(page.limit)
      .offset(page.offset);
    if (roots.length === 0) return [];
    const replies = await this.db
      .select()
      .from(comments)
      .where(
        and(
          inArray(
            comments.parentId,
            roots.map((root) => root.id),
          ),
          eq(comments.approved, true),
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id));
    return [...roots, ...replies];
  }

  /** How many approved threads a post has, and how many approved comments with their replies. */
  async countApprovedComments(postId: number): Promise<{ threads: number; comments: number }> {
    const [row] = await this.db
      .select({ threads: sql<number>`count(*) filter (where ${comments.parentId} is null)`, comments: count() })
      .from(comments)
      .where(and(eq(comments.postId, postId), eq(comments.approved, true)));
    return { threads: Number(row?.threads ?? 0), comments: Number(row?.comments ?? 0) };
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
  async listCommentsForModeration(
    approved: boolean | null,
    page: { offset: number; limit: number },
  ): Promise<Array<CommentRow & { postTitle: string }>> {
    const rows = await this.db
      .select({ comment: comments, postTitle: posts.title })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(approved === null ? undefined : eq(comments.approved, approved))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((row) => ({ ...row.comment, postTitle: row.postTitle }));
  }

  /** How many comments there are, approved or not, or all of them (null). */
  async countComments(approved: boolean | null): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(comments)
      .where(approved === null ? undefined : eq(comments.approved, approved));
    return Number(row?.n ?? 0);
  }

  async countPendingComments(): Promise<number> {
    return this.countComments(false);
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
