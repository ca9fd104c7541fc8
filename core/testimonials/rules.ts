import { parseId } from "../ids.ts";
/** "12" → 12; anything that is not a positive 32-bit integer id → null. */
export const parseTestimonialId = parseId;

/**
 * Where the site learns who its clients are: each lookup answers, among the e-mails it is given
 * (lower-cased), those it knows as a client's (a paid order, a consultation that took place).
 */
export type ClientLookup = (emails: readonly string[]) => Promise<Set<string>>;

/** An e-mail as testimonials compare it: trimmed, lower-cased; null when there is none. */
export function emailKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase() ?? "";
  return key === "" ? null : key;
}

/**
 * "Verified client": the review's author e-mail is, without regard to case, the e-mail of a known
 * client. A review without an e-mail is never verified. Worked out by the server from its own records,
 * never a field anyone can send.
 */
export function isVerifiedClient(email: string | null | undefined, clients: ReadonlySet<string>): boolean {
  const key = emailKey(email);
  return key !== null && clients.has(key);
}

/** The client e-mails among `emails`, asking every lookup once (none are asked when no review has an e-mail). */
export async function findClients(
  emails: ReadonlyArray<string | null | undefined>,
  lookups: readonly ClientLookup[],
): Promise<Set<string>> {
  const keys = [...new Set(emails.map(emailKey).filter((key): key is string => key !== null))];
  if (keys.length === 0 || lookups.length === 0) return new Set();
  const found = await Promise.all(lookups.map((lookup) => lookup(keys)));
  return new Set(found.flatMap((set) => [...set].map((email) => email.toLowerCase())));
}
