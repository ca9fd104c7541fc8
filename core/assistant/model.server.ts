import type { Language } from "../i18n/language.ts";
import type { AssistantModel, ModelAnswer, ModelRequest } from "./service.server.ts";

export interface ModelSettings {
  /** An OpenAI-compatible API's base address, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Where a failure is reported; the assistant falls back to its keyword replies whatever happens. */
  warn?: (message: string, details: Record<string, unknown>) => void;
}

/** The flows the model may start; it never books or quotes by itself: prices and slots come from our services. */
const TOOLS = [
  {
    type: "function",
    function: {
      name: "start_booking",
      description:
        "Start booking a free consultation with the agency (the assistant then asks the visitor's details and a free slot).",
      parameters: { type: "object", properties: {} },
    },
  },
  {
    type: "function",
    function: {
      name: "start_contact_capture",
      description:
        "Start taking the visitor's contact details and request so that the team gets back to them (quotes, projects, call-backs).",
      parameters: { type: "object", properties: {} },
    },
  },
] as const;

const LANGUAGE_NAMES: Record<Language, string> = { en: "English", fr: "French" };

function systemPrompt(facts: string, language: Language): string {
  return [
    `You are the assistant of a creative and marketing agency's website. Answer in ${LANGUAGE_NAMES[language]}, briefly (at most 3 sentences), in plain text.`,
    "Quote prices only from the list below, exactly as written; never invent a price, a discount or an availability.",
    "When the visitor wants a consultation or a meeting, call start_booking. When they want a quote, to be contacted or to leave their details, call start_contact_capture.",
    facts,
  ].join("\n");
}

/** Any OpenAI-compatible chat completions API (a hosted one or a local one), behind a time-out. */
export class OpenAiCompatibleModel implements AssistantModel {
  private readonly settings: ModelSettings;

  constructor(settings: ModelSettings) {
    this.settings = settings;
  }

  private async complete(
    body: Record<string, unknown>,
  ): Promise<{ content?: string | null; tool_calls?: Array<{ function?: { name?: string } }> } | null> {
    const { baseUrl, apiKey, model, timeoutMs, warn } = this.settings;
    try {
      const response = await fetch(`${baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, temperature: 0.3, max_tokens: 300, ...body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        warn?.("language model answered an error", { status: response.status });
        return null;
      }
      const data = (await response.json()) as {
        choices?: Array<{
          message?: { content?: string | null; tool_calls?: Array<{ function?: { name?: string } }> };
        }>;
      };
      return data.choices?.[0]?.message ?? null;
    } catch (error) {
      warn?.("language model unreachable or too slow", { error: error instanceof Error ? error.name : String(error) });
      return null;
    }
  }

  async answer(request: ModelRequest): Promise<ModelAnswer | null> {
    const message = await this.complete({
      messages: [
        { role: "system", content: systemPrompt(request.facts, request.language) },
        ...request.history,
        { role: "user", content: request.message },
      ],
      tools: TOOLS,
      tool_choice: "auto",
    });
    if (!message) return null;
    const tool = message.tool_calls?.[0]?.function?.name;
    if (tool === "start_booking") return { type: "startFlow", flow: "booking" };
    if (tool === "start_contact_capture") return { type: "startFlow", flow: "contact" };
    const text = message.content?.trim();
    return text ? { type: "reply", text: text.slice(0, 2000) } : null;
  }

  /** A call's summary for staff: what the caller wanted and what was captured or booked. */
  async summarise(transcript: string, language: Language): Promise<string | null> {
    const message = await this.complete({
      messages: [
        {
          role: "system",
          content: `Summarise this phone call for the agency's staff in ${LANGUAGE_NAMES[language]}, in at most 2 sentences: what the caller wanted, and what was booked or left (name, date and time, service). Plain text.`,
        },
        { role: "user", content: transcript.slice(-8000) },
      ],
    });
    const text = message?.content?.trim();
    return text ? text.slice(0, 1000) : null;
  }
}
