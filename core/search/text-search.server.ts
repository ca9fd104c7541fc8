import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Language } from "../i18n/language.ts";
import { searchTerms, searchWords } from "./rules.ts";

/**
 * The text search configurations of migration 0024: French and English stemming with accents removed
 * (unaccent mapped before the stemmer), so "cafe" finds "Café" and "créations" finds "Création". Written
 * as constants, never from input: a configuration named by a parameter would not be folded by the planner
 * and the GIN index could not serve the query.
 */
const CONFIGURATIONS: Record<Language, SQL> = {
  en: sql.raw("'public.atelier_en'::regconfig"),
  fr: sql.raw("'public.atelier_fr'::regconfig"),
};

/**
 * The condition "this stored tsvector matches the visitor's search" in one language's configuration: every
 * word (stemmed, accents ignored), the last one as a prefix. A search without a single word (punctuation
 * only) matches nothing rather than everything; a search of stop words only ("the") gives PostgreSQL an
 * empty query, which matches nothing as well. Both functions are immutable, so PostgreSQL computes the
 * query once, at planning, and the GIN index on the column answers it.
 */
export function matchesSearch(vector: SQLWrapper, language: Language, q: string): SQL {
  const terms = searchTerms(searchWords(q));
  if (terms === null) return sql`false`;
  const config = CONFIGURATIONS[language];
  const prefix = sql`to_tsquery(${config}, ${terms.prefix})`;
  // One word is the prefix alone: websearch_to_tsquery of nothing would only add a notice to the log.
  if (terms.whole === "") return sql`${vector} @@ ${prefix}`;
  return sql`${vector} @@ (websearch_to_tsquery(${config}, ${terms.whole}) && ${prefix})`;
}
