import { z } from "zod";
import { pagingQuerySchemaOf } from "../paging/schema.ts";

const yesNo = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.enum(["yes", "no"], { message: "assistantreplies:validation.yesNo" }).optional(),
);

/** GET /api/calls: optional filters by status, lead captured and follow-up. */
export const callListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^[a-z-]{1,20}$/, "assistantreplies:validation.status")
      .optional(),
  ),
  leadCaptured: yesNo,
  followUpRequired: yesNo,
});
export type CallListQuery = z.input<typeof callListQuerySchema>;

/** A call in the log (spec 001, section 3 "Phone calls"). */
export interface Call {
  id: number;
  twilioCallId: string;
  fromNumber: string;
  toNumber: string;
  status: string;
  duration: number | null;
  transcript: string | null;
  summary: string | null;
  leadCaptured: "yes" | "no";
  followUpRequired: "yes" | "no";
  language: string;
  leadId: number | null;
  createdAt: string;
  endedAt: string | null;
}

/** The form fields of Twilio's voice webhooks this module reads (everything else is ignored). */
export interface TwilioVoiceParams {
  CallSid?: string;
  From?: string;
  To?: string;
  CallStatus?: string;
  CallDuration?: string;
  SpeechResult?: string;
  Digits?: string;
}

/** Calls on a page of the log, unless an API client asks for another `limit` (at most MAX_LIMIT). */
export const CALLS_PAGE_SIZE = 50;

/** The filters with the page and its size (core/paging: translated 400s past MAX_LIMIT or MAX_PAGE). */
export const callPageQuerySchema = callListQuerySchema.extend(pagingQuerySchemaOf(CALLS_PAGE_SIZE).shape);
