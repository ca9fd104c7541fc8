import { randomUUID } from "node:crypto";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import type { CompanyDetails, Translate } from "../mail/rules.ts";
import { formatCents } from "../money/money.ts";
import { formatDateForHumans, fromMinutes, timeZoneName, zonedNow } from "../appointments/rules.ts";
import type { AppointmentService, AssistantChannel } from "../appointments/service.server.ts";
import type { LocalizedService } from "../catalogue/schema.ts";
import type { CatalogueService } from "../catalogue/service.server.ts";
import type { ContactService } from "../contact/service.server.ts";
import type { RateLimitService } from "../rate-limit/service.server.ts";
import { ConversationRepo, type ConversationRow } from "./repo.server.ts";
import {
  ASSISTANT_BUDGET,
  ASSISTANT_LIMITS,
  answerStep,
  asksForCallback,
  backTo,
  detectFlow,
  joinAlternatives,
  keywordTopic,
  nearestFreeSlots,
  normalise,
  promptKey,
  startFlow,
  type Channel,
  type FlowState,
  type ServiceChoice,
  type TranscriptEntry,
} from "./rules.ts";
import { assistantRequestSchema, conversationIdSchema, type AssistantReply, type Conversation } from "./schema.ts";

/** What the assistant knows to answer free text with a language model (see core/assistant/model.server.ts). */
export interface AssistantModel {
  /**
   * Answers a question outside the flows, or says which flow to start; null when the model is not
   * reachable in time or answers nothing usable (the keyword replies take over).
   */
  answer(request: ModelRequest): Promise<ModelAnswer | null>;
}

export interface ModelRequest {
  language: Language;
  message: string;
  history: Array<{ role: "user" | "assistant"; content: string }>;
  /** The catalogue with its prices as the site shows them, and the company's details. */
  facts: string;
}

export type ModelAnswer = { type: "reply"; text: string } | { type: "startFlow"; flow: "booking" | "contact" };

export interface AssistantServiceDeps {
  appointments: Pick<AppointmentService, "book" | "slots" | "hours">;
  contact: Pick<ContactService, "submitFromAssistant">;
  catalogue: Pick<CatalogueService, "list">;
  rateLimits: RateLimitService;
  translate: Translate;
  company: CompanyDetails & { address?: string };
  model?: AssistantModel | null;
  now?: () => Date;
}

/** Where a turn comes from: the client's address (rate limits), the channel, and for calls the call. */
export interface TurnOrigin {
  address?: string;
  language: Language;
  channel: Channel;
  callId?: string;
}

type Outcome = ConversationRow["outcome"];

interface TurnResult {
  text: string;
  kind: AssistantReply["kind"];
  flow: FlowState | null;
  outcome: Outcome;
}

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    channel: row.channel,
    language: row.language,
    transcript: row.transcript,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The assistant behind the chat window, the voice assistant and the phone line: one conversation engine
 * (core/assistant/rules.ts) whose bookings go through the appointments service and whose contact captures go
 * through the contact service, each making or extending a lead with the conversation on its timeline.
 */
export class AssistantService {
  private readonly repo: ConversationRepo;
  private readonly deps: AssistantServiceDeps;
  private readonly now: () => Date;

  constructor(repo: ConversationRepo, deps: AssistantServiceDeps) {
    this.repo = repo;
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
  }

  /** POST /api/chatbot: one message of the chat window or the voice assistant. */
  async reply(input: unknown, origin: { address?: string; language: Language }): Promise<AssistantReply> {
    const request = parseOrThrow(assistantRequestSchema, input);
    await this.deps.rateLimits.enforce(ASSISTANT_BUDGET, { address: origin.address });
    const language = request.language ?? origin.language;
    const channel: Channel = request.channel;
    const existing = request.conversationId ? await this.repo.find(request.conversationId) : null;
    // An unknown or other-channel id starts a new conversation rather than failing: ids expire with the browser tab.
    const conversation =
      existing && existing.channel !== "phone"
        ? existing
        : await this.repo.findOrCreate({
            id: randomUUID(),
            channel,
            language,
            transcript: [],
            flow: null,
            outcome: {},
          });
    const result = await this.turn(
      conversation,
      request.message,
      { address: origin.address, language, channel },
      request.conversationHistory,
    );
    return {
      conversationId: conversation.id,
      response: result.text,
      kind: result.kind,
      flow: result.flow ? { kind: result.flow.kind, step: result.flow.step } : null,
    };
  }

  /**
   * One turn of a phone call. `turn` is the number of turns answered when the question was asked: a
   * retry of a turn already answered (telephony webhooks are retried) replays its reply and runs nothing twice.
   */
  async phoneTurn(
    callId: string,
    message: string,
    turn: number,
    origin: { language: Language },
  ): Promise<{ text: string; turns: number; flow: FlowState | null; replayed: boolean }> {
    const conversation = await this.repo.findOrCreate({
      id: phoneConversationId(callId),
      channel: "phone",
      language: origin.language,
      transcript: [],
      flow: null,
      outcome: {},
    });
    if (turn < conversation.turns && conversation.lastReply !== null) {
      return {
        text: conversation.lastReply,
        turns: conversation.turns,
        flow: conversation.flow as FlowState | null,
        replayed: true,
      };
    }
    const result = await this.turn(conversation, message, { language: origin.language, channel: "phone", callId }, []);
    return { text: result.text, turns: conversation.turns + 1, flow: result.flow, replayed: false };
  }

  /** The stored conversation of a call, or null. */
  async ofCall(callId: string): Promise<(Conversation & { flow: FlowState | null; outcome: Outcome }) | null> {
    const row = await this.repo.find(phoneConversationId(callId));
    return row ? { ...toConversation(row), flow: row.flow as FlowState | null, outcome: row.outcome } : null;
  }

  /** Records what the assistant said outside a turn (the phone line's greeting and goodbyes). */
  async note(callId: string, language: Language, text: string): Promise<void> {
    const row = await this.repo.findOrCreate({
      id: phoneConversationId(callId),
      channel: "phone",
      language,
      transcript: [],
      flow: null,
      outcome: {},
    });
    await this.repo.save(row.id, {
      language,
      transcript: appendTranscript(row.transcript, [
        { role: "assistant", content: text, at: this.now().toISOString() },
      ]),
      flow: row.flow,
      outcome: row.outcome,
      turns: row.turns,
      lastReply: row.lastReply,
    });
  }

  /** A conversation for staff (a lead's timeline links to it). */
  async find(id: unknown): Promise<Conversation> {
    const key = parseOrThrow(conversationIdSchema, id);
    const row = await this.repo.find(key);
    if (!row) throw new DomainError("not_found", "assistantreplies:errors.conversationNotFound");
    return toConversation(row);
  }

  private t(language: Language, key: string, params?: Record<string, unknown>): string {
    return this.deps.translate(language, key, params);
  }

  private async turn(
    conversation: ConversationRow,
    message: string,
    origin: TurnOrigin,
    history: ModelRequest["history"],
  ): Promise<TurnResult> {
    const at = this.now().toISOString();
    const flow = conversation.flow as FlowState | null;
    const outcome: Outcome = { ...conversation.outcome };
    if (asksForCallback(message)) outcome.followUp = true;
    const result = flow
      ? await this.continueFlow(flow, message, origin, conversation.id, outcome)
      : await this.freeText(message, origin, history, outcome, conversation);
    if (result.flow) result.outcome.unfinished = result.flow.kind;
    else delete result.outcome.unfinished;
    const transcript = appendTranscript(conversation.transcript, [
      { role: "user", content: message, at },
      { role: "assistant", content: result.text, at: this.now().toISOString() },
    ]);
    await this.repo.save(conversation.id, {
      language: origin.language,
      transcript,
      flow: result.flow,
      outcome: result.outcome,
      turns: conversation.turns + 1,
      lastReply: result.text,
    });
    return result;
  }

  private async freeText(
    message: string,
    origin: TurnOrigin,
    history: ModelRequest["history"],
    outcome: Outcome,
    conversation: ConversationRow,
  ): Promise<TurnResult> {
    const { language } = origin;
    const kind =
      detectFlow(message) ??
      (outcome.followUp && !conversation.flow && !outcome.contactSubmissionId ? "contact" : null);
    if (kind) return this.begin(kind, language, outcome);
    if (this.deps.model) {
      const facts = await this.facts(language);
      const past =
        history.length > 0
          ? history
          : conversation.transcript.slice(-ASSISTANT_LIMITS.history).map(({ role, content }) => ({ role, content }));
      const answer = await this.deps.model.answer({ language, message, history: past, facts });
      if (answer?.type === "startFlow") return this.begin(answer.flow, language, outcome);
      if (answer?.type === "reply") return { text: answer.text, kind: "model", flow: null, outcome };
    }
    return { text: await this.keywordReply(message, language), kind: "keyword", flow: null, outcome };
  }

  private begin(kind: FlowState["kind"], language: Language, outcome: Outcome): TurnResult {
    const state = startFlow(kind);
    return {
      text: `${this.t(language, `assistantreplies:${kind}.start`)} ${this.t(language, promptKey(state))}`,
      kind: "flow",
      flow: state,
      outcome,
    };
  }

  private async continueFlow(
    flow: FlowState,
    message: string,
    origin: TurnOrigin,
    conversationId: string,
    outcome: Outcome,
  ): Promise<TurnResult> {
    const { language } = origin;
    const today = zonedNow(this.now(), this.deps.appointments.hours.timeZone).date;
    const services = flow.step === "service" ? await this.serviceChoices(language) : [];
    const step = answerStep(flow, message, { today, channel: origin.channel, services });
    switch (step.type) {
      case "cancelled":
        return { text: this.t(language, "assistantreplies:cancelled"), kind: "flow", flow: null, outcome };
      case "invalid": {
        // The service step names the choices; every re-asked question says how to leave the flow.
        const named = services.map((service) => service.name);
        const problem = this.t(language, step.problem, { services: joinAlternatives(named, language) });
        return {
          text: `${problem} ${this.t(language, promptKey(step.state))} ${this.t(language, "assistantreplies:leaveHint")}`,
          kind: "flow",
          flow: step.state,
          outcome,
        };
      }
      case "next": {
        if (step.state.kind === "booking" && flow.step === "date") return this.checkDay(step.state, language, outcome);
        if (step.state.kind === "booking" && flow.step === "time") return this.checkTime(step.state, language, outcome);
        return { text: this.t(language, promptKey(step.state)), kind: "flow", flow: step.state, outcome };
      }
      case "complete":
        return step.state.kind === "booking"
          ? this.submitBooking(step.state, origin, conversationId, outcome)
          : this.submitContact(step.state, origin, conversationId, outcome);
    }
  }

  private async daySlots(date: string) {
    return this.deps.appointments.slots({ date });
  }

  /** After the date: a day with no free slot (full, or beyond the booking window) asks for another date. */
  private async checkDay(state: FlowState, language: Language, outcome: Outcome): Promise<TurnResult> {
    const date = state.answers.date!;
    const day = await this.daySlots(date);
    if (date > day.lastDate) {
      return {
        text: `${this.t(language, "assistantreplies:booking.tooFarAhead", { count: this.deps.appointments.hours.daysAhead, date: formatDateForHumans(day.lastDate, language) })} ${this.t(language, "assistantreplies:booking.ask.date")}`,
        kind: "flow",
        flow: backTo(state, "date"),
        outcome,
      };
    }
    if (!day.slots.some((slot) => slot.available)) {
      return {
        text: `${this.t(language, "assistantreplies:booking.dayFull", { date: formatDateForHumans(date, language) })} ${this.t(language, "assistantreplies:booking.ask.date")}`,
        kind: "flow",
        flow: backTo(state, "date"),
        outcome,
      };
    }
    const free = day.slots.filter((slot) => slot.available).map((slot) => slot.time);
    return {
      text: this.t(language, "assistantreplies:booking.ask.timeWithSlots", {
        slots: joinAlternatives(free, language),
        zone: timeZoneName(day.timeZone, language),
      }),
      kind: "flow",
      flow: state,
      outcome,
    };
  }

  /** After the time: a slot that is taken or cannot be booked gets the nearest free ones instead. */
  private async checkTime(state: FlowState, language: Language, outcome: Outcome): Promise<TurnResult> {
    const { date, time } = state.answers as { date: string; time: string };
    const day = await this.daySlots(date);
    if (day.slots.some((slot) => slot.time === time && slot.available))
      return { text: this.t(language, promptKey(state)), kind: "flow", flow: state, outcome };
    return this.offerNearest(
      backTo(state, "time"),
      date,
      time,
      language,
      outcome,
      "assistantreplies:booking.slotUnavailable",
    );
  }

  private async offerNearest(
    state: FlowState,
    date: string,
    time: string,
    language: Language,
    outcome: Outcome,
    reason: string,
  ): Promise<TurnResult> {
    const day = await this.daySlots(date);
    const nearest = nearestFreeSlots(day.slots, time);
    const when = formatDateForHumans(date, language);
    if (nearest.length === 0) {
      return {
        text: `${this.t(language, "assistantreplies:booking.dayFull", { date: when })} ${this.t(language, "assistantreplies:booking.ask.date")}`,
        kind: "flow",
        flow: backTo(state, "date"),
        outcome,
      };
    }
    return {
      text: this.t(language, reason, {
        time,
        date: when,
        slots: joinAlternatives(nearest, language),
        zone: timeZoneName(day.timeZone, language),
      }),
      kind: "flow",
      flow: backTo(state, "time"),
      outcome,
    };
  }

  private via(origin: TurnOrigin, conversationId: string): AssistantChannel {
    return { source: origin.channel === "phone" ? "phone_call" : "chatbot", conversationId, callId: origin.callId };
  }

  private async submitBooking(
    state: FlowState,
    origin: TurnOrigin,
    conversationId: string,
    outcome: Outcome,
  ): Promise<TurnResult> {
    const { language } = origin;
    const answers = state.answers as Record<"name" | "email" | "phone" | "date" | "time" | "notes", string>;
    try {
      const appointment = await this.deps.appointments.book(
        {
          customerName: answers.name,
          customerEmail: answers.email,
          customerPhone: answers.phone,
          appointmentDate: answers.date,
          appointmentTime: answers.time,
          notes: answers.notes || undefined,
          source: origin.channel === "chat" ? "chatbot" : origin.channel,
          language,
        },
        { address: origin.address, language, via: this.via(origin, conversationId) },
      );
      return {
        text: this.t(language, "assistantreplies:booking.confirmed", {
          name: appointment.customerName,
          date: formatDateForHumans(appointment.appointmentDate, language),
          time: appointment.appointmentTime,
          zone: timeZoneName(this.deps.appointments.hours.timeZone, language),
          email: appointment.customerEmail,
        }),
        kind: "flow",
        flow: null,
        outcome: {
          ...outcome,
          appointmentId: appointment.id,
          booked: { date: appointment.appointmentDate, time: appointment.appointmentTime },
        },
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The slot was taken meanwhile, or has started since it was chosen: offer the nearest free ones.
      if (error.code === "conflict" || (error.code === "validation" && error.details.fields?.appointmentTime)) {
        return this.offerNearest(
          state,
          answers.date,
          answers.time,
          language,
          outcome,
          "assistantreplies:booking.slotTaken",
        );
      }
      if (error.code === "validation" && error.details.fields?.appointmentDate) {
        return {
          text: `${this.t(language, error.messageKey, error.details.params)} ${this.t(language, "assistantreplies:booking.ask.date")}`,
          kind: "flow",
          flow: backTo(state, "date"),
          outcome,
        };
      }
      // Spec 001, section 8: an apology with the error message and a suggestion to write to the company.
      return {
        text: this.t(language, "assistantreplies:booking.failed", {
          error: this.t(language, error.messageKey, error.details.params),
          email: this.deps.company.email,
        }),
        kind: "flow",
        flow: null,
        outcome,
      };
    }
  }

  private async submitContact(
    state: FlowState,
    origin: TurnOrigin,
    conversationId: string,
    outcome: Outcome,
  ): Promise<TurnResult> {
    const { language } = origin;
    const answers = state.answers as Record<"name" | "email" | "phone" | "service" | "message", string>;
    try {
      const submission = await this.deps.contact.submitFromAssistant(
        {
          name: answers.name,
          email: answers.email,
          phone: answers.phone,
          service: answers.service,
          message: answers.message,
          language,
        },
        { address: origin.address, language, via: this.via(origin, conversationId) },
      );
      return {
        text: this.t(language, "assistantreplies:contact.confirmed", { name: submission.name }),
        kind: "flow",
        flow: null,
        outcome: { ...outcome, contactSubmissionId: submission.id, service: answers.service },
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return {
        text: this.t(language, "assistantreplies:contact.failed", {
          error: this.t(language, error.messageKey, error.details.params),
        }),
        kind: "flow",
        flow: null,
        outcome,
      };
    }
  }

  /**
   * The services the contact flow accepts: the catalogue's, named in the conversation's language and
   * recognised in both (and by their ids' words), then "Other" for anything else.
   */
  private async serviceChoices(language: Language): Promise<ServiceChoice[]> {
    const [english, french] = await Promise.all([this.deps.catalogue.list("en"), this.deps.catalogue.list("fr")]);
    const frenchName = new Map(french.map((service) => [service.id, service.name]));
    const choices = english.map((service) => ({
      name: language === "fr" ? (frenchName.get(service.id) ?? service.name) : service.name,
      aliases: [service.name, frenchName.get(service.id) ?? service.name, service.id.replace(/_/g, " ")],
    }));
    return [
      ...choices,
      {
        name: this.t(language, "assistantreplies:contact.otherService"),
        aliases: ["other", "something else", "anything else", "autre", "autre chose"],
      },
    ];
  }

  /** The listed services with their prices as the site shows them (decision 9: never a list of our own). */
  private async priceLines(language: Language, only?: readonly LocalizedService[]): Promise<string[]> {
    const services = only ?? (await this.deps.catalogue.list(language));
    return services.map((service) => `${service.name}: ${priceOf(service, language)}`);
  }

  private async keywordReply(message: string, language: Language): Promise<string> {
    const topic = keywordTopic(message);
    const { company } = this.deps;
    switch (topic) {
      case "prices": {
        const services = await this.deps.catalogue.list(language);
        const text = normalise(message);
        const named = services.filter((service) => mentions(text, service.name));
        const lines = await this.priceLines(language, named.length > 0 ? named : services);
        return `${this.t(language, named.length > 0 ? "assistantreplies:keyword.priceOf" : "assistantreplies:keyword.prices")}\n${lines.join("\n")}\n${this.t(language, "assistantreplies:keyword.pricesNext")}`;
      }
      case "services": {
        const services = await this.deps.catalogue.list(language);
        return this.t(language, "assistantreplies:keyword.services", {
          services: joinAlternatives(
            services.map((service) => service.name),
            language,
          ).replace(/ (or|ou) /, language === "fr" ? " et " : " and "),
        });
      }
      case "hours": {
        const hours = this.deps.appointments.hours;
        return this.t(language, "assistantreplies:keyword.hours", {
          open: fromMinutes(hours.openHour * 60),
          close: fromMinutes(hours.closeHour * 60),
          zone: timeZoneName(hours.timeZone, language),
        });
      }
      case "company":
        return this.t(language, "assistantreplies:keyword.company", {
          email: company.email,
          phone: company.phone,
          website: company.website,
        });
      default:
        return this.t(language, `assistantreplies:keyword.${topic}`, { company: company.name });
    }
  }

  /** What a language model is told: the catalogue with its prices, the company, the hours and the flows. */
  async facts(language: Language): Promise<string> {
    const { company, appointments } = this.deps;
    const hours = appointments.hours;
    return [
      `Company: ${company.name}. E-mail: ${company.email}. Phone: ${company.phone}. Website: ${company.website}.`,
      `Consultations: every day ${fromMinutes(hours.openHour * 60)}-${fromMinutes(hours.closeHour * 60)} (${hours.timeZone}), ${hours.slotMinutes}-minute slots, up to ${hours.daysAhead} days ahead.`,
      "Services and prices (quote only these):",
      ...(await this.priceLines(language)),
    ].join("\n");
  }
}

/** Conversation ids of calls are derived from the telephony call id, so that every webhook of a call finds it. */
export function phoneConversationId(callId: string): string {
  return `call-${callId}`;
}

/** Keeps the newest entries only: a conversation cannot grow without bound. */
function appendTranscript(transcript: readonly TranscriptEntry[], entries: TranscriptEntry[]): TranscriptEntry[] {
  return [...transcript, ...entries].slice(-ASSISTANT_LIMITS.transcript);
}

/** A service's price as the site shows it: "$500" fixed, "$800 – $3,000" for a range. */
export function priceOf(
  service: Pick<LocalizedService, "pricingType" | "fixedPriceCents" | "minPriceCents" | "maxPriceCents">,
  language: Language,
): string {
  if (service.pricingType === "fixed" && service.fixedPriceCents !== null)
    return formatCents(service.fixedPriceCents, { wholeDollars: true });
  const range = `${formatCents(service.minPriceCents, { wholeDollars: true })} – ${formatCents(service.maxPriceCents, { wholeDollars: true })}`;
  return language === "fr" ? `de ${range.replace(" – ", " à ")}` : range;
}

/** True when a message names a service ("logo" names "Logo Design"). */
function mentions(message: string, name: string): boolean {
  const words = normalise(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4);
  return words.some((word) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${word}`, "u").test(message));
}
