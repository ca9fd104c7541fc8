// How a staff search box's text is read (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff lists").
// Isomorphic and pure: the repositories turn the result into SQL over their folded search columns.

/** The shortest text a trigram index can serve: below it there is no trigram to look up. */
export const TRIGRAM_MIN = 3;

/**
 * `contains`: anywhere in the folded search text (name, e-mail, company, phone digits), through the trigram
 * index. `prefix`: one or two characters, which no trigram serves: the start of the e-mail (or of an
 * order's number), through a btree, rather than a walk over every row.
 */
export type StaffSearch = { kind: "contains"; text: string } | { kind: "prefix"; text: string };

// What a phone number is typed with: digits and the usual separators, nothing else.
const PHONE_LIKE = /^[+()\d\s./-]+$/;

/** The search a box's text asks for; null for a blank one (no search). */
export function staffSearchOf(raw: string | undefined): StaffSearch | null {
  const text = raw?.trim() ?? "";
  if (text === "") return null;
  // A phone number is stored as its digits alone: "+33 6 12" looks for "33612" wherever it was typed.
  const digits = PHONE_LIKE.test(text) ? text.replace(/\D/g, "") : "";
  if (digits.length >= TRIGRAM_MIN) return { kind: "contains", text: digits };
  if (text.length < TRIGRAM_MIN) return { kind: "prefix", text: text.toLowerCase() };
  return { kind: "contains", text };
}

/** A LIKE pattern's own characters taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");
