import twilio from "twilio";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { withoutControlCharacters } from "../text.ts";
import type { Translate } from "../mail/rules.ts";
import { keywordTopic, transcriptText } from "../assistant/rules.ts";
import type { AssistantService } from "../assistant/service.server.ts";
import type { LeadService } from "../leads/service.server.ts";
import { cappedTotal, countLimitFor, offsetOf, type CappedTotal, type PageRequest } from "../paging/rules.ts";
import { CallRepo, type CallRow } from "./repo.server.ts";
import { followUpRequired, isFinalStatus, languageChoice, leadCaptured, summaryParts } from "./rules.ts";
import { callPageQuerySchema, type Call, type TwilioVoiceParams } from "./schema.ts";

const VOICE_LOCALE: Record<Language, "en-US" | "fr-FR"> = { en: "en-US", fr: "fr-FR" };
/** Silent turns in a row after which the assistant says goodbye. */
const MAX_SILENCES = 2;

export interface CallServiceDeps {
  assistant: Pick<AssistantService, "phoneTurn" | "ofCall">;
  leads: Pick<LeadService, "leadIdForCall">;
  translate: Translate;
  companyName: string;
  /** TWILIO_AUTH_TOKEN; without it no webhook can be verified, so every one is refused. */
  authToken?: string;
  /** PUBLIC_URL: Twilio signs the address it called, which is the public one, not the one this server sees. */
  publicUrl: string;
  /** Writes a call's summary with the language model, when one is configured; null falls back to the engine's. */
  summarise?: (transcript: string, language: Language) => Promise<string | null>;
}

function toCall(row: CallRow): Call {
  return {
    id: row.id,
    twilioCallId: row.twilioCallId,
    fromNumber: row.fromNumber,
    toNumber: row.toNumber,
    status: row.status,
    duration: row.duration,
    transcript: row.transcript,
    summary: row.summary,
    leadCaptured: row.leadCaptured === "yes" ? "yes" : "no",
    followUpRequired: row.followUpRequired === "yes" ? "yes" : "no",
    language: row.language,
    leadId: row.leadId,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

const isLanguage = (value: string | undefined): value is Language => value === "en" || value === "fr";

/**
 * A field of Twilio's form as it is stored: what the phone network passed on may hold control characters
 * (a NUL, which PostgreSQL refuses); they are dropped, and the value cut to its column, so that a call's
 * status is never lost to a 500 that Twilio would send again and again.
 */
const field = (value: string | undefined, max: number): string => withoutControlCharacters(value ?? "").slice(0, max);

/** Twilio's call id (CA and 32 hexadecimal digits); anything else is not a call of ours (400). */
function callIdOf(params: TwilioVoiceParams): string {
  const id = params.CallSid;
  if (!id || !/^[A-Za-z0-9]{1,64}$/.test(id)) throw new DomainError("validation", "errors:invalidRequest");
  return id;
}

/** A call's length in whole seconds, or null when Twilio's value is not one that fits (up to 31 years). */
function durationOf(raw: string | undefined): number | null {
  return raw !== undefined && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * The AI phone line (Twilio voice webhooks) and the call log. Each turn of a call runs the same
 * conversation engine as the chat window, in the caller's language; the status callback records the call.
 */
export class CallService {
  private readonly repo: CallRepo;
  private readonly deps: CallServiceDeps;

  constructor(repo: CallRepo, deps: CallServiceDeps) {
    this.repo = repo;
    this.deps = deps;
  }

  /** True when a webhook carries Twilio's signature of this public address and these form fields. */
  verify(pathWithQuery: string, signature: string | undefined, params: Record<string, string>): boolean {
    if (!this.deps.authToken || !signature) return false;
    return twilio.validateRequest(this.deps.authToken, signature, `${this.deps.publicUrl}${pathWithQuery}`, params);
  }

  private t(language: Language, key: string, params?: Record<string, unknown>): string {
    return this.deps.translate(language, key, { company: this.deps.companyName, ...params });
  }

  /** A call comes in: it is logged, then greeted in both languages; the caller chooses by keypad or voice. */
  async incoming(params: TwilioVoiceParams): Promise<string> {
    if (params.CallSid) {
      await this.repo.upsert({
        twilioCallId: callIdOf(params),
        fromNumber: field(params.From, 40),
        toNumber: field(params.To, 40),
        status: field(params.CallStatus, 20) || "in-progress",
      });
    }
    const response = new twilio.twiml.VoiceResponse();
    const gather = response.gather({
      input: ["dtmf", "speech"],
      numDigits: 1,
      timeout: 6,
      action: "/api/twilio/voice/language",
      method: "POST",
      language: "en-US",
      hints: "English, French, français",
    });
    gather.say({ language: "en-US" }, this.t("en", "assistantreplies:phone.choose"));
    gather.say({ language: "fr-FR" }, this.t("fr", "assistantreplies:phone.choose"));
    // No choice: carry on in English.
    response.redirect({ method: "POST" }, "/api/twilio/voice/language?default=en");
    return response.toString();
  }

  /** The language is chosen: ask how we can help, and listen. */
  chooseLanguage(params: TwilioVoiceParams, fallback: string | undefined): string {
    const language = languageChoice(params.Digits, params.SpeechResult) ?? (isLanguage(fallback) ? fallback : "en");
    return this.listen(language, this.t(language, "assistantreplies:phone.welcome"), 0, 0);
  }

  /** One spoken turn: silence is asked again (then the call ends politely); words go to the engine. */
  async turn(params: TwilioVoiceParams, query: { lang?: string; turn?: string; silence?: string }): Promise<string> {
    const language: Language = isLanguage(query.lang) ? query.lang : "en";
    const turn = Math.max(0, Math.min(10_000, Number.parseInt(query.turn ?? "0", 10) || 0));
    const silences = Math.max(0, Number.parseInt(query.silence ?? "0", 10) || 0);
    const callId = callIdOf(params);
    const said = field(params.SpeechResult, 1000).trim();
    if (!said) {
      if (silences + 1 >= MAX_SILENCES)
        return this.hangUp(language, this.t(language, "assistantreplies:phone.goodbye"));
      return this.listen(language, this.t(language, "assistantreplies:phone.silence"), turn, silences + 1);
    }
    const result = await this.deps.assistant.phoneTurn(callId, said, turn, { language });
    if (!result.flow && keywordTopic(said) === "goodbye") return this.hangUp(language, result.text);
    return this.listen(language, result.text, result.turns, 0);
  }

  private listen(language: Language, text: string, turn: number, silences: number): string {
    const response = new twilio.twiml.VoiceResponse();
    const gather = response.gather({
      input: ["speech"],
      language: VOICE_LOCALE[language],
      speechTimeout: "auto",
      actionOnEmptyResult: true,
      action: `/api/twilio/voice/turn?lang=${language}&turn=${turn}&silence=${silences}`,
      method: "POST",
    });
    gather.say({ language: VOICE_LOCALE[language] }, text);
    return response.toString();
  }

  private hangUp(language: Language, text: string): string {
    const response = new twilio.twiml.VoiceResponse();
    response.say({ language: VOICE_LOCALE[language] }, text);
    response.hangup();
    return response.toString();
  }

  /**
   * The status callback: records the call (one row per call id, however often Twilio calls back) with
   * its transcript, its summary, whether a lead was captured and whether someone must follow up.
   */
  async recordStatus(params: TwilioVoiceParams): Promise<Call> {
    const callId = callIdOf(params);
    const status = field(params.CallStatus, 20) || "in-progress";
    const base = { twilioCallId: callId, fromNumber: field(params.From, 40), toNumber: field(params.To, 40), status };
    const conversation = await this.deps.assistant.ofCall(callId);
    const language: Language = conversation && isLanguage(conversation.language) ? conversation.language : "en";
    const outcome = conversation?.outcome ?? {};
    if (!isFinalStatus(status)) {
      return toCall(
        await this.repo.upsert({
          ...base,
          language,
          leadCaptured: leadCaptured(outcome) ? "yes" : "no",
          followUpRequired: followUpRequired(outcome) ? "yes" : "no",
        }),
      );
    }
    const transcript =
      conversation && conversation.transcript.length > 0
        ? transcriptText(conversation.transcript, {
            user: this.t(language, "assistantreplies:phone.caller"),
            assistant: this.t(language, "assistantreplies:phone.assistant"),
          })
        : null;
    const summary =
      (transcript && (await this.deps.summarise?.(transcript, language))) ||
      summaryParts(outcome)
        .map((part) => this.t(language, part.key, part.params))
        .join(" ");
    const row = await this.repo.upsert({
      ...base,
      duration: durationOf(params.CallDuration),
      transcript,
      summary,
      language,
      leadCaptured: leadCaptured(outcome) ? "yes" : "no",
      followUpRequired: followUpRequired(outcome) ? "yes" : "no",
      leadId: await this.deps.leads.leadIdForCall(callId),
      endedAt: new Date(),
    });
    return toCall(row);
  }

  /** GET /api/calls: newest first, optionally filtered. */
  /** One page of the log, newest first, counted up to COUNT_CAP (docs/decisions/0036-lists-a-page-at-a-time.md). */
  async list(query: unknown): Promise<{ items: Call[]; request: PageRequest; counted: CappedTotal }> {
    const { page, limit, ...filters } = parseOrThrow(callPageQuerySchema, query);
    const request = { page, limit };
    const { rows, counted } = await this.repo.list(
      filters,
      { limit, offset: offsetOf(request) },
      countLimitFor(request),
    );
    return { items: rows.map(toCall), request, counted: cappedTotal(counted, request) };
  }
}
