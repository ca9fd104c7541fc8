import { count, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { escapeLike, type StaffSearch } from "../core/paging/search.ts";
import type { Database, Transaction } from "./client.server.ts";

/**
 * The condition of a staff search over a folded search column (lower case, `atelier_unaccent`, phone
 * digits): the text folded the same way, anywhere in it (trigram index), or for one or two characters
 * the start of one of `prefixes` (lower-cased expressions with a text_pattern_ops btree).
 */
export function staffSearchCondition(search: StaffSearch, folded: SQLWrapper, prefixes: SQLWrapper[]): SQL {
  if (search.kind === "contains") {
    return sql`${folded} like '%' || lower(atelier_unaccent(${escapeLike(search.text)})) || '%'`;
  }
  const pattern = `${escapeLike(search.text)}%`;
  return or(...prefixes.map((prefix) => sql`${prefix} like ${pattern}`)) ?? sql`false`;
}

/**
 * Counts the rows of `table` that `where` keeps, up to `limit` (a count over a LIMIT subquery): the query's
 * own plan stops after `limit` matches instead of counting the whole table.
 */
export async function countUpTo(
  db: Database | Transaction,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(limit).as("counted");
  const [row] = await db.select({ n: count() }).from(matching);
  return Number(row?.n ?? 0);
}
