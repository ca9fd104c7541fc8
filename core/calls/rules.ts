import type { Language } from "../i18n/language.ts";

/** Twilio's call statuses after which nothing more happens on the call. */
export const FINAL_CALL_STATUSES = ["completed", "busy", "failed", "no-answer", "canceled"] as const;

export function isFinalStatus(status: string): boolean {
  return (FINAL_CALL_STATUSES as readonly string[]).includes(status);
}

/** The keypad or the words that choose the call's language at the greeting. */
export function languageChoice(digits: string | undefined, speech: string | undefined): Language | null {
  if (digits === "1") return "en";
  if (digits === "2") return "fr";
  const said = (speech ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  if (/\b(french|francais|fr)\b/.test(said)) return "fr";
  if (/\b(english|anglais|en)\b/.test(said)) return "en";
  return null;
}

/** What a conversation produced, as the call log reads it. */
export interface CallOutcome {
  appointmentId?: number;
  booked?: { date: string; time: string };
  contactSubmissionId?: number;
  service?: string;
  followUp?: boolean;
  unfinished?: string;
}

/** A lead was captured when the call booked a consultation or left contact details. */
export function leadCaptured(outcome: CallOutcome): boolean {
  return Boolean(outcome.appointmentId || outcome.contactSubmissionId);
}

/** Follow-up is needed when a flow was left unfinished or the caller asked to be called back. */
export function followUpRequired(outcome: CallOutcome): boolean {
  return Boolean(outcome.followUp || outcome.unfinished);
}

/** The message keys (assistant namespace, replies) and values of the engine's summary of a call. */
export function summaryParts(outcome: CallOutcome): Array<{ key: string; params?: Record<string, string> }> {
  const parts: Array<{ key: string; params?: Record<string, string> }> = [];
  if (outcome.booked) parts.push({ key: "assistantreplies:summary.booked", params: outcome.booked });
  if (outcome.contactSubmissionId)
    parts.push({ key: "assistantreplies:summary.contact", params: { service: outcome.service ?? "" } });
  if (outcome.unfinished) parts.push({ key: `assistantreplies:summary.unfinished.${outcome.unfinished}` });
  if (outcome.followUp) parts.push({ key: "assistantreplies:summary.callback" });
  if (parts.length === 0) parts.push({ key: "assistantreplies:summary.nothing" });
  return parts;
}
