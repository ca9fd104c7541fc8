/** The channels a lead comes through (spec 001, section 3). */
export const LEAD_SOURCES = ["contact_form", "consultation", "chatbot", "phone_call"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_STATUSES = ["new", "contacted", "qualified", "converted"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const CRM_SYSTEMS = ["hubspot", "pipedrive", "salesforce"] as const;
export type CrmSystem = (typeof CRM_SYSTEMS)[number];
export const SYNC_STATUSES = ["pending", "synced", "failed"] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** How many recent leads the overview shows (spec 001, section 9). */
export const RECENT_LEADS = 5;

/** E-mail addresses are compared without regard to case: one person, one key. */
export function emailKey(email: string | null | undefined): string | null {
  const trimmed = email?.trim();
  return trimmed ? trimmed.toLowerCase() : null;
}

/**
 * A phone number in E.164 form ("+15551234567"), or null when it cannot be one. Numbers written with a
 * "+" or "00" carry their country code; national numbers are read as the agency's two markets write them:
 * ten digits starting with 0 are French (0X XX XX XX XX), ten other digits or eleven starting with 1 are
 * North American. An extension is dropped: it reaches the same line. The migration that turned earlier
 * messages into leads applies the same rule in SQL (db/migrations, "leads").
 */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const text = phone.trim().replace(/(?:ext\.?|x)\s*[0-9]+$/i, "");
  const digits = text.replace(/\D/g, "");
  let international: string;
  if (text.startsWith("+")) international = digits;
  else if (digits.startsWith("00")) international = digits.slice(2);
  else if (digits.length === 10 && digits.startsWith("0")) international = `33${digits.slice(1)}`;
  else if (digits.length === 10) international = `1${digits}`;
  else if (digits.length === 11 && digits.startsWith("1")) international = digits;
  else return null;
  // E.164: a country code that never starts with 0, at most 15 digits in all.
  if (international.startsWith("0") || international.length < 8 || international.length > 15) return null;
  return `+${international}`;
}

/** "Ada King Lovelace" → first "Ada", last "King Lovelace": the CRMs want the two apart. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: "", lastName: "" };
  return { firstName: parts[0], lastName: parts.slice(1).join(" ") };
}

/** Converted leads over all leads, as a whole percent; 0 when there are none (spec 001, section 2). */
export function conversionRate(converted: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((converted / total) * 100);
}

/** Counts for each value of a list, every value present (0 when none). */
export function countBy<K extends string>(
  values: readonly K[],
  rows: ReadonlyArray<{ key: string; count: number }>,
): Record<K, number> {
  const counts = Object.fromEntries(values.map((value) => [value, 0])) as Record<K, number>;
  for (const row of rows) if ((values as readonly string[]).includes(row.key)) counts[row.key as K] += row.count;
  return counts;
}

/** Which lead a new contact belongs to: the one with the same e-mail, else the one with the same phone. */
export function matchLead<L extends { id: number; email: string | null; phoneE164: string | null }>(
  candidates: readonly L[],
  email: string | null,
  phoneE164: string | null,
): L | null {
  if (email) {
    const byEmail = candidates.find((lead) => lead.email === email);
    if (byEmail) return byEmail;
  }
  if (phoneE164) {
    // A phone match only joins a lead that has no other e-mail address: two people can share a switchboard.
    const byPhone = candidates.find((lead) => lead.phoneE164 === phoneE164 && (!email || !lead.email));
    if (byPhone) return byPhone;
  }
  return null;
}
