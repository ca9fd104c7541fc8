import type { Language } from "../i18n/language.ts";

/** A message is tried at most this many times; after the last failure it is marked failed. */
export const MAX_ATTEMPTS = 6;
/** The wait after the first failure; it doubles after each further failure (1, 2, 4, 8, 16 minutes). */
export const RETRY_BASE_MS = 60_000;
/** Longest error text kept on a message. */
export const LAST_ERROR_MAX = 1_000;

/** The translation function the e-mail builders use: a language, an i18n key ("namespace:key"), values. */
export type Translate = (language: Language, key: string, params?: Record<string, unknown>) => string;

/** Wait before the next try, given how many tries have failed so far (at least 1): 1 min × 2^(failures-1). */
export function retryDelayMs(failedAttempts: number): number {
  return RETRY_BASE_MS * 2 ** Math.max(0, failedAttempts - 1);
}

export interface FailureOutcome {
  status: "pending" | "failed";
  attempts: number;
  nextAttemptAt: Date;
}

/** What becomes of a message whose send failed after `previousAttempts` earlier tries. */
export function afterFailure(previousAttempts: number, now: Date): FailureOutcome {
  const attempts = previousAttempts + 1;
  if (attempts >= MAX_ATTEMPTS) return { status: "failed", attempts, nextAttemptAt: now };
  return { status: "pending", attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) };
}

/** A short, single-line description of a send error, for the outbox and the logs. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  if (error && typeof error === "object") {
    const { code, responseCode, message } = error as { code?: unknown; responseCode?: unknown; message?: unknown };
    if (typeof code === "string") parts.push(code);
    if (typeof responseCode === "number") parts.push(String(responseCode));
    parts.push(typeof message === "string" && message ? message : String(error));
  } else {
    parts.push(String(error));
  }
  const text = parts.join(": ").replace(/\s+/g, " ").trim() || "Unknown error";
  return text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 1)}…` : text;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** The parts of an e-mail, already translated; values typed by visitors are escaped when rendered. */
export interface EmailContent {
  language: Language;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Label and value pairs (a visitor's message, a booking's date and time...). */
  details?: Array<{ label: string; value: string }>;
  /** A link the message exists for (e.g. "Set a new password"): a button in HTML, the address in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the details. */
  after?: string[];
  /** Lines after the details, e.g. the sign-off and the company's name. */
  closing?: string[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function htmlLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

/** Renders an e-mail as plain text and as simple, escaped HTML with the same content. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const details = content.details ?? [];
  const closing = content.closing ?? [];
  const after = content.after ?? [];
  // French typography: a narrow no-break space before the colon.
  const colon = content.language === "fr" ? "\u202f:" : ":";
  const textBlocks = [
    ...(content.greeting ? [content.greeting] : []),
    ...content.paragraphs,
    ...(details.length > 0
      ? [
          details
            .map(({ label, value }) =>
              value.includes("\n") ? `${label}${colon}\n${value}` : `${label}${colon} ${value}`,
            )
            .join("\n"),
        ]
      : []),
    ...(content.action ? [`${content.action.label}${colon}\n${content.action.url}`] : []),
    ...after,
    ...(closing.length > 0 ? [closing.join("\n")] : []),
  ];
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${htmlLines(value)}</p>`;
  const rows = details
    .map(
      ({ label, value }) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 16px 6px 0;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0">${htmlLines(value)}</td></tr>`,
    )
    .join("");
  const html = [
    "<!doctype html>",
    `<html lang="${content.language}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f5f2;color:#1f1d1a;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    ...(content.greeting ? [paragraph(content.greeting)] : []),
    ...content.paragraphs.map(paragraph),
    ...(rows ? [`<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`] : []),
    ...(content.action
      ? [
          `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#1f1d1a;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;word-break:break-all">${escapeHtml(content.action.url)}</p>`,
        ]
      : []),
    ...after.map(paragraph),
    ...(closing.length > 0 ? [`<p style="margin:0">${closing.map(htmlLines).join("<br>")}</p>`] : []),
    "</div></body></html>",
  ].join("\n");
  return { subject: content.subject, text: `${textBlocks.join("\n\n")}\n`, html };
}

/** What e-mails say about the company, and where staff notifications go. */
export interface CompanyDetails {
  name: string;
  email: string;
  phone: string;
  website: string;
  /** Recipient of staff notifications (STAFF_NOTIFICATION_EMAIL, else the company address). */
  staffEmail: string;
}

/** The sign-off every e-mail to a visitor ends with, in their language. */
export function signOff(translate: Translate, language: Language, company: CompanyDetails): string[] {
  return [
    translate(language, "mail:signOff"),
    translate(language, "mail:team", { company: company.name }),
    [company.email, company.phone, company.website].join(" · "),
  ];
}
