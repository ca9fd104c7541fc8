/**
 * What a visitor's search becomes before the database sees it (docs/decisions/0036-lists-a-page-at-a-time.md,
 * "Full-text search"). PostgreSQL's to_tsquery() throws on its own syntax ("&", "|", "!", "(", ":*"...), so
 * raw text never reaches it: only words made of letters, digits and combining marks do, and the last one is
 * matched as a prefix, so that "brand" finds "branding" while the visitor is still typing. Isomorphic, no
 * dependencies.
 */

/** The most words a search keeps: a longer search narrows nothing more and only makes the query longer. */
export const SEARCH_MAX_WORDS = 12;
/** The longest word kept: far beyond any real word, far below PostgreSQL's 2,047-byte lexeme bound. */
export const SEARCH_MAX_WORD_LENGTH = 60;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a search, in order, composed (NFC) and bounded in number and length; none for punctuation only. */
export function searchWords(q: string): string[] {
  const words = q.normalize("NFC").match(WORD) ?? [];
  return words.slice(0, SEARCH_MAX_WORDS).map((word) => word.slice(0, SEARCH_MAX_WORD_LENGTH));
}

/**
 * The two halves of the search as the database takes them: every word but the last for
 * websearch_to_tsquery (all of them required), and the last as a quoted to_tsquery prefix term ('word':*).
 * Words hold no quote, backslash or operator, so neither function can meet its own syntax in them.
 */
export function searchTerms(words: readonly string[]): { whole: string; prefix: string } | null {
  if (words.length === 0) return null;
  return { whole: words.slice(0, -1).join(" "), prefix: `'${words[words.length - 1]}':*` };
}
