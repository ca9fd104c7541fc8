import { z } from "zod";
import { withoutInvisibleCharacters } from "../text.ts";

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_LIMITS = {
  to: 254,
  subject: 300,
  text: 100_000,
  html: 300_000,
  kind: 60,
  pageSize: 100,
} as const;

/** One e-mail to send. `kind` names what caused it (e.g. "contact.confirmation"), for staff and logs. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

/** Checks a message before it is written to the outbox; a header can never carry a line break. */
export const mailMessageSchema = z.strictObject({
  to: z
    .string()
    .trim()
    .max(MAIL_LIMITS.to, "mail:validation.recipientInvalid")
    .pipe(z.email("mail:validation.recipientInvalid")),
  // Whatever a subject quotes (a visitor's name, a title), it shows as written: no invisible characters.
  subject: z
    .string()
    .transform(withoutInvisibleCharacters)
    .pipe(z.string().trim())
    .pipe(
      z
        .string()
        .min(1, "mail:validation.subjectRequired")
        .max(MAIL_LIMITS.subject, "mail:validation.subjectTooLong")
        .refine((value) => !/[\r\n]/.test(value), "mail:validation.subjectRequired"),
    ),
  text: z.string().min(1, "mail:validation.textRequired").max(MAIL_LIMITS.text, "mail:validation.textTooLong"),
  html: z.string().max(MAIL_LIMITS.html, "mail:validation.textTooLong").optional(),
  kind: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,59}$/, "mail:validation.kindInvalid"),
});

/** The staff outbox list's query: ?status=&page=&pageSize=. */
export const outboxQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES, { message: "mail:validation.statusInvalid" }).optional(),
  page: z.coerce
    .number({ message: "mail:validation.pageInvalid" })
    .int("mail:validation.pageInvalid")
    .min(1, "mail:validation.pageInvalid")
    .max(100_000, "mail:validation.pageInvalid")
    .default(1),
  pageSize: z.coerce
    .number({ message: "mail:validation.pageSizeInvalid" })
    .int("mail:validation.pageSizeInvalid")
    .min(1, "mail:validation.pageSizeInvalid")
    .max(MAIL_LIMITS.pageSize, "mail:validation.pageSizeInvalid")
    .default(20),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

/** An outbox entry as the staff list shows it (no body). */
export interface OutboxSummary {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** One outbox entry with its bodies: when no SMTP server is configured, this is how staff read it. */
export interface OutboxMessage extends OutboxSummary {
  text: string;
  html: string | null;
}

export interface OutboxPage {
  items: OutboxSummary[];
  /** Counted up to COUNT_CAP (or past the page asked for): a lower bound when totalExact is false. */
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}
