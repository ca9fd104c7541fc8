import { DomainError } from "../errors.ts";
import { FILTER_CATEGORIES, LIMITS, type FilterCategory } from "./limits.ts";

/** What a visitor asked the list for, cleaned: an empty search and "all" mean no filter. */
export interface ListFilters {
  q: string;
  category: FilterCategory | null;
}

export function normalizeFilters(input: { q?: string | null; category?: string | null }): ListFilters {
  const q = (input.q ?? "").trim().slice(0, LIMITS.search);
  const category = (FILTER_CATEGORIES as readonly string[]).includes(input.category ?? "")
    ? (input.category as FilterCategory)
    : null;
  return { q, category };
}

/** True when a search or a category narrows the list (the empty state then says so). */
export function hasActiveFilters(filters: ListFilters): boolean {
  return filters.q !== "" || filters.category !== null;
}

/** Spec README decision 16: a members-only post's content is for signed-in readers only. */
export function canReadFullContent(post: { membersOnly: boolean }, viewer: { signedIn: boolean }): boolean {
  return !post.membersOnly || viewer.signedIn;
}

/**
 * One level of replies (spec section 2): a reply must answer an approved, top-level comment of the
 * same post. Throws the refusal a commenter sees.
 */
export function assertCanReplyTo(
  parent: { postId: number; parentId: number | null; approved: boolean } | null,
  postId: number,
): void {
  if (!parent || parent.postId !== postId || !parent.approved)
    throw new DomainError("validation", "blog:errors.parentNotFound", {
      fields: { parentId: "blog:errors.parentNotFound" },
    });
  if (parent.parentId !== null)
    throw new DomainError("validation", "blog:errors.replyDepth", { fields: { parentId: "blog:errors.replyDepth" } });
}

/** Groups approved comments into top-level threads with their replies, oldest first. */
export function threadComments<T extends { id: number; parentId: number | null; createdAt: string }>(
  comments: readonly T[],
): Array<T & { replies: T[] }> {
  const byTime = [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  const roots = byTime
    .filter((comment) => comment.parentId === null)
    .map((comment) => ({ ...comment, replies: [] as T[] }));
  const index = new Map(roots.map((root) => [root.id, root]));
  for (const comment of byTime) {
    if (comment.parentId !== null) index.get(comment.parentId)?.replies.push(comment);
  }
  return roots;
}

/** Ids from addresses are parsed strictly, one way for every module. */
export { parseId } from "../ids.ts";

/** Reading speed used for a post's reading time: about 200 words a minute, a common figure for screens. */
export const WORDS_PER_MINUTE = 200;

/**
 * Words of a post's text: the HTML's tags removed, whitespace as separators, and only pieces holding a
 * letter or a digit count (a French " : " or a dash is no word).
 */
export function countWords(html: string): number {
  return html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter((piece) => /[\p{L}\p{N}]/u.test(piece)).length;
}

/** Whole minutes to read `words` at WORDS_PER_MINUTE, rounded to the nearest minute and never below 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(Math.max(0, words) / WORDS_PER_MINUTE));
}
