import { api } from "../../lib/api.ts";

/** One message shown in a window, and sent back as history (spec 001, section 7: the last 12). */
export interface AssistantMessage {
  role: "user" | "assistant";
  content: string;
}

export interface AssistantAnswer {
  success: true;
  response: string;
  conversationId: string;
  kind: "flow" | "keyword" | "model";
  flow: { kind: "booking" | "contact"; step: string } | null;
}

export const HISTORY_LENGTH = 12;
/** Spec 001, section 9: keyword replies come after 500 ms, so that the bot does not answer before the visitor has looked up. */
export const KEYWORD_DELAY_MS = 500;

/** Sends one message to the assistant. */
export function sendAssistantMessage(input: {
  message: string;
  history: AssistantMessage[];
  language: string;
  conversationId: string | null;
  channel: "chat" | "voice";
}): Promise<AssistantAnswer> {
  return api<AssistantAnswer>("/api/chatbot", {
    json: {
      message: input.message,
      conversationHistory: input.history.slice(-HISTORY_LENGTH),
      language: input.language === "fr" ? "fr" : "en",
      channel: input.channel,
      ...(input.conversationId ? { conversationId: input.conversationId } : {}),
    },
  });
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
