import { and, count, desc, eq, getTableColumns, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { countUpTo } from "../../db/staff-search.server.ts";
import { tutorialViews, tutorials } from "../../db/schema/tutorials.ts";
import { matchesSearch } from "../search/text-search.server.ts";

/** A tutorial's columns but its search vectors, which only the database reads (no need to send them). */
const { searchEn: _searchEn, searchFr: _searchFr, ...rowColumns } = getTableColumns(tutorials);
export type TutorialRow = Omit<typeof tutorials.$inferSelect, "searchEn" | "searchFr">;
export type NewTutorialRow = typeof tutorials.$inferInsert;

/** What narrows the public list: the language searched in, a difficulty, a search in title and category. */
export interface PublishedTutorialFilter {
  language: "en" | "fr";
  difficulty?: string | null;
  q?: string;
}

function publishedWhere(filter: PublishedTutorialFilter): SQL | undefined {
  // The texts of the language read, searched in that language's configuration (stemmed, accents ignored).
  const searched = filter.language === "fr" ? tutorials.searchFr : tutorials.searchEn;
  return and(
    eq(tutorials.published, true),
    filter.difficulty ? eq(tutorials.difficulty, filter.difficulty) : undefined,
    filter.q ? matchesSearch(searched, filter.language, filter.q) : undefined,
  );
}

const newestFirst = [desc(tutorials.createdAt), desc(tutorials.id)];

/** Database access for tutorials; only the tutorials module uses it. */
export class TutorialRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * One page of published tutorials, newest first (id as tie-break), as the blog's list does it
   * (docs/decisions/0036-lists-a-page-at-a-time.md): the page's ids first, from the order index alone when
   * nothing is searched, then only those rows. `matchesFirst` has the full-text index find a search's matches
   * before they are sorted (see searchedIds): the caller's choice, from the counts.
   */
  async listPublishedPage(
    filter: PublishedTutorialFilter,
    page: { offset: number; limit: number },
    matchesFirst = false,
  ): Promise<TutorialRow[]> {
    const ids = matchesFirst
      ? await this.searchedIds(filter, page)
      : (
          await this.db
            .select({ id: tutorials.id })
            .from(tutorials)
            .where(publishedWhere(filter))
            .orderBy(...newestFirst)
            .limit(page.limit)
            .offset(page.offset)
        ).map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db
      .select(rowColumns)
      .from(tutorials)
      .where(inArray(tutorials.id, ids))
      .orderBy(...newestFirst);
  }

  /**
   * Ids of one page of a search. `offset 0` keeps the matching a query of its own, which the GIN index
   * answers, instead of a walk of the order index testing every tutorial (the whole table for a rare word).
   */
  private async searchedIds(
    filter: PublishedTutorialFilter,
    page: { offset: number; limit: number },
  ): Promise<number[]> {
    const result = await this.db.execute<{ id: number }>(
      sql`select id from (select ${tutorials.id} as id, ${tutorials.createdAt} as created_at from ${tutorials} where ${publishedWhere(filter)} offset 0) as matching
          order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
    );
    const rows =
      (result as unknown as { rows?: Array<{ id: number }> }).rows ?? (result as unknown as Array<{ id: number }>);
    return rows.map((row) => Number(row.id));
  }

  /** How many published tutorials a search keeps, counted up to `upTo` (a count over a LIMIT subquery). */
  async countPublishedUpTo(filter: PublishedTutorialFilter, upTo: number): Promise<number> {
    return countUpTo(this.db, tutorials, publishedWhere(filter), upTo);
  }

  /** How many published tutorials the filter keeps. */
  async countPublished(filter: PublishedTutorialFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(tutorials).where(publishedWhere(filter));
    return Number(row?.n ?? 0);
  }

  /** A page of every tutorial, newest first (the staff list). */
  async listPage(page: { offset: number; limit: number }): Promise<TutorialRow[]> {
    return this.db
      .select(rowColumns)
      .from(tutorials)
      .orderBy(desc(tutorials.createdAt), desc(tutorials.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(tutorials);
    return Number(row?.n ?? 0);
  }

  async find(id: number): Promise<TutorialRow | null> {
    const [row] = await this.db.select(rowColumns).from(tutorials).where(eq(tutorials.id, id)).limit(1);
    return row ?? null;
  }

  async insert(values: NewTutorialRow): Promise<TutorialRow> {
    const [row] = await this.db.insert(tutorials).values(values).returning(rowColumns);
    return row;
  }

  async update(id: number, values: Partial<NewTutorialRow>): Promise<TutorialRow | null> {
    const [row] = await this.db
      .update(tutorials)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(tutorials.id, id))
      .returning(rowColumns);
    return row ?? null;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(tutorials).where(eq(tutorials.id, id)).returning({ id: tutorials.id });
    return deleted.length > 0;
  }

  /**
   * Counts a view of a published tutorial unless this visitor was already counted on this day: the
   * visit is recorded with an insert that does nothing on a repeat, and only a new one adds to the
   * count, in one transaction. Answers the count after the call, or null for no published tutorial.
   */
  async recordView(id: number, visitor: string, day: string): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [tutorial] = await tx
        .select({ viewCount: tutorials.viewCount })
        .from(tutorials)
        .where(and(eq(tutorials.id, id), eq(tutorials.published, true)))
        .limit(1);
      if (!tutorial) return null;
      const inserted = await tx
        .insert(tutorialViews)
        .values({ tutorialId: id, visitor, day })
        .onConflictDoNothing()
        .returning({ day: tutorialViews.day });
      if (inserted.length === 0) return tutorial.viewCount;
      const [updated] = await tx
        .update(tutorials)
        .set({ viewCount: sql`${tutorials.viewCount} + 1` })
        .where(eq(tutorials.id, id))
        .returning({ viewCount: tutorials.viewCount });
      return updated?.viewCount ?? null;
    });
  }

  /** Forgets who viewed what before `day`: only today's visitors are needed to decide a repeat. */
  async purgeViewsBefore(day: string): Promise<void> {
    await this.db.delete(tutorialViews).where(lt(tutorialViews.day, day));
  }
}
