import { z } from "zod";
import { LANGUAGES } from "../i18n/language.ts";
import { line, text } from "../text.ts";
import { ASSISTANT_LIMITS, type FlowKind, type FlowStep, type TranscriptEntry } from "./rules.ts";

/**
 * POST /api/chatbot (spec document 001, section 7): the message, the last 12 messages of the
 * conversation and the page's language; `conversationId` continues a conversation the server keeps,
 * `channel` says whether it was typed or spoken.
 */
export const assistantRequestSchema = z.strictObject({
  message: text({ message: "assistantreplies:validation.messageRequired" })
    .trim()
    .min(1, "assistantreplies:validation.messageRequired")
    .max(ASSISTANT_LIMITS.message, "assistantreplies:validation.messageTooLong"),
  conversationHistory: z
    .array(
      z.strictObject({
        role: z.enum(["user", "assistant"], { message: "assistantreplies:validation.historyInvalid" }),
        content: text({ message: "assistantreplies:validation.historyInvalid" }).max(
          ASSISTANT_LIMITS.historyEntry,
          "assistantreplies:validation.historyInvalid",
        ),
      }),
      { message: "assistantreplies:validation.historyInvalid" },
    )
    .max(ASSISTANT_LIMITS.history, "assistantreplies:validation.historyInvalid")
    .default([]),
  language: z.enum(LANGUAGES, { message: "assistantreplies:validation.languageInvalid" }).optional(),
  conversationId: z.uuid({ message: "assistantreplies:validation.conversationInvalid" }).optional(),
  channel: z.enum(["chat", "voice"], { message: "assistantreplies:validation.channelInvalid" }).default("chat"),
});
export type AssistantRequest = z.input<typeof assistantRequestSchema>;

/** GET /api/conversations/{id} (staff): the id of a stored conversation. */
export const conversationIdSchema = line({ message: "assistantreplies:validation.conversationInvalid" })
  .min(1)
  .max(200);

/** The assistant's answer to one message. */
export interface AssistantReply {
  conversationId: string;
  response: string;
  /** keyword replies are shown after the spec's 500 ms delay; flow and model replies as they come. */
  kind: "flow" | "keyword" | "model";
  /** The guided flow in progress after this message, if any (the widget adapts its input to the step). */
  flow: { kind: FlowKind; step: FlowStep } | null;
}

/** A stored conversation, as staff read it on a lead's timeline. */
export interface Conversation {
  id: string;
  channel: string;
  language: string;
  transcript: TranscriptEntry[];
  createdAt: string;
  updatedAt: string;
}
