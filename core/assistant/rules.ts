import { DATE_PATTERN, TIME_PATTERN, addDays, isCalendarDate, toMinutes, type Slot } from "../appointments/rules.ts";
import type { Language } from "../i18n/language.ts";
import type { FormBudget } from "../rate-limit/rules.ts";

/**
 * The conversation engine's rules (spec document 001, sections 4, 5 and 9): what starts a guided flow,
 * how each answer is checked, and which keyword reply a free-text message gets. Pure and isomorphic:
 * the chat window, the voice assistant and the phone line all go through the same steps.
 */

/** Where a conversation takes place. */
export const CHANNELS = ["chat", "voice", "phone"] as const;
export type Channel = (typeof CHANNELS)[number];

export const BOOKING_STEPS = ["name", "email", "phone", "date", "time", "notes"] as const;
export const CONTACT_STEPS = ["name", "email", "phone", "service", "message"] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];
export type ContactStep = (typeof CONTACT_STEPS)[number];
export type FlowKind = "booking" | "contact";
export type FlowStep = BookingStep | ContactStep;

/** A guided flow in progress: which one, the step whose answer is awaited, and the answers so far. */
export interface FlowState {
  kind: FlowKind;
  step: FlowStep;
  answers: Partial<Record<FlowStep, string>>;
}

/** Spec section 9: the history the browser sends is the last 12 messages; keyword replies wait 500 ms. */
export const ASSISTANT_LIMITS = {
  history: 12,
  message: 1_000,
  historyEntry: 2_000,
  name: 100,
  service: 100,
  longText: 2_000,
  /** The server keeps at most this many transcript entries per conversation (the newest ones). */
  transcript: 400,
  replyDelayMs: 500,
  phoneMinDigits: 10,
  phoneMaxDigits: 20,
  /** How many free slots are offered when the one asked for cannot be booked. */
  nearestSlots: 3,
} as const;

/**
 * The assistant's budget per client address: a conversation is a dozen messages or so. Bookings and
 * messages it takes also spend the booking and contact budgets, as the forms do.
 */
export const ASSISTANT_BUDGET: FormBudget = {
  kind: "messages",
  perAddress: { name: "assistant:address", limit: 120, windowMs: 10 * 60_000 },
};

/** Lower case, without accents or typographic apostrophes: "Réserver l’entretien" → "reserver l'entretien". */
export function normalise(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/[’‘`]/g, "'").toLowerCase().replace(/\s+/g, " ").trim();
}

function matcher(words: readonly string[]): RegExp {
  const escaped = words.map((word) =>
    normalise(word)
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/ /g, "\\s+"),
  );
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${escaped.join("|")})(?=$|[^\\p{L}\\p{N}])`, "u");
}

/** Words that start the booking flow, in English and French (spec section 4). */
export const BOOKING_TRIGGERS = [
  "appointment",
  "appointments",
  "book",
  "booking",
  "schedule",
  "meeting",
  "consultation",
  "consult",
  "rendez-vous",
  "rendez vous",
  "rdv",
  "reserver",
  "reservation",
  "planifier",
  "reunion",
  "prendre rendez-vous",
  "consultation",
] as const;
/** Words that start contact capture, in English and French (spec section 4). */
export const CONTACT_TRIGGERS = [
  "contact",
  "reach",
  "reach out",
  "get in touch",
  "inquiry",
  "enquiry",
  "interested",
  "quote",
  "estimate",
  "contacter",
  "joindre",
  "prendre contact",
  "me recontacter",
  "devis",
  "interesse",
  "interessee",
  "renseignement",
  "renseignements",
] as const;
/** Words that leave a guided flow, in English and French. */
export const CANCEL_WORDS = [
  "cancel",
  "stop",
  "quit",
  "exit",
  "leave",
  "abort",
  "never mind",
  "nevermind",
  "forget it",
  "annuler",
  "annule",
  "annulez",
  "arreter",
  "arrete",
  "arretez",
  "stopper",
  "quitter",
  "sortir",
  "abandonner",
  "laisse tomber",
  "laissez tomber",
  "oublie",
  "oubliez",
] as const;
/** Words around a request to stop that change nothing: "please stop", "je veux annuler s'il vous plait". */
const POLITE_WORDS = [
  "please",
  "pls",
  "now",
  "it",
  "that",
  "this",
  "i want to",
  "i'd like to",
  "i would like to",
  "let's",
  "s'il vous plait",
  "s'il te plait",
  "svp",
  "je veux",
  "je voudrais",
  "tout",
  "merci",
] as const;
/** Answers that answer nothing (a "yes" where a name or a service was asked). */
export const YES_NO_WORDS = [
  "yes",
  "no",
  "ok",
  "okay",
  "sure",
  "yeah",
  "yep",
  "nope",
  "y",
  "n",
  "oui",
  "non",
  "ouais",
  "d'accord",
  "daccord",
  "si",
] as const;
/** A notes answer that means "no notes" (spec section 5). */
export const NO_NOTES = [
  "none",
  "no",
  "nothing",
  "n/a",
  "no thanks",
  "no thank you",
  "aucune",
  "aucun",
  "non",
  "rien",
  "non merci",
] as const;
/** Words of a caller or visitor who wants a person to get back to them: the call needs a follow-up. */
export const CALLBACK_WORDS = [
  "call me back",
  "callback",
  "call back",
  "speak to a human",
  "talk to a person",
  "human",
  "rappelez-moi",
  "rappeler",
  "me rappeler",
  "parler a quelqu'un",
  "un humain",
  "une personne",
] as const;

const bookingPattern = matcher(BOOKING_TRIGGERS);
const contactPattern = matcher(CONTACT_TRIGGERS);
const cancelPattern = matcher(CANCEL_WORDS);
const politePattern = new RegExp(matcher(POLITE_WORDS).source, "gu");
const cancelPhrases = new Set<string>(CANCEL_WORDS.map(normalise));
const callbackPattern = matcher(CALLBACK_WORDS);

/** The flow a free-text message asks for; booking words win ("I'd like to book a consultation"), then contact words. */
export function detectFlow(message: string): FlowKind | null {
  const text = normalise(message);
  if (bookingPattern.test(text)) return "booking";
  if (contactPattern.test(text)) return "contact";
  return null;
}

/** Words only: "Stop!" → "stop", "Annuler, s'il vous plaît." → "annuler s'il vous plait". */
function wordsOf(message: string): string {
  return normalise(message)
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim();
}

/** The whole message asks to leave the flow: "cancel", "Stop please", "je veux annuler". */
export function isCancel(message: string): boolean {
  const words = wordsOf(message);
  const rest = ` ${words} `.replace(politePattern, " ").replace(/\s+/g, " ").trim();
  return cancelPhrases.has(words) || cancelPhrases.has(rest);
}

/** The message has a word that asks to leave ("I'd rather stop here"): enough when it answers nothing else. */
export function mentionsCancel(message: string): boolean {
  return cancelPattern.test(normalise(message));
}

/** A bare "yes", "no", "ok", "oui"...: no answer to a question that asks for a name or a service. */
export function isYesOrNo(message: string): boolean {
  return (YES_NO_WORDS as readonly string[]).includes(wordsOf(message));
}

/** A service the contact flow may name: its name in the conversation's language and what else it is called. */
export interface ServiceChoice {
  name: string;
  aliases: readonly string[];
}

/**
 * The service an answer names, or null. The longest name or alias said as words wins ("video marketing"
 * before "marketing"); else a word of one service's names only ("logo" is Logo Design). "yes" names none.
 */
export function matchService(answer: string, services: readonly ServiceChoice[]): string | null {
  const said = ` ${wordsOf(answer)} `;
  if (said.trim() === "" || isYesOrNo(answer)) return null;
  let best: { name: string; length: number } | null = null;
  for (const service of services) {
    for (const alias of [service.name, ...service.aliases].map(wordsOf)) {
      if (alias && said.includes(` ${alias} `) && (!best || alias.length > best.length))
        best = { name: service.name, length: alias.length };
    }
  }
  if (best) return best.name;
  const words = new Set(
    said
      .trim()
      .split(" ")
      .filter((word) => word.length >= 3),
  );
  const named = services.filter((service) =>
    [service.name, ...service.aliases].some((alias) =>
      wordsOf(alias)
        .split(" ")
        .some((word) => words.has(word)),
    ),
  );
  return named.length === 1 ? named[0].name : null;
}

/** The visitor or caller asks to be called back or to speak to a person. */
export function asksForCallback(message: string): boolean {
  return callbackPattern.test(normalise(message));
}

/** Topics of the built-in keyword replies, tried in this order. */
export const KEYWORD_TOPICS = [
  {
    topic: "prices",
    words: [
      "price",
      "prices",
      "pricing",
      "cost",
      "costs",
      "how much",
      "rate",
      "rates",
      "budget",
      "prix",
      "tarif",
      "tarifs",
      "combien",
      "cout",
      "couts",
    ],
  },
  {
    topic: "services",
    words: [
      "service",
      "services",
      "offer",
      "what do you do",
      "what can you do",
      "prestation",
      "prestations",
      "que faites-vous",
      "proposez",
    ],
  },
  { topic: "hours", words: ["hours", "open", "opening", "when are you", "horaires", "ouvert", "ouverture", "heures"] },
  {
    topic: "company",
    words: [
      "email",
      "e-mail",
      "phone number",
      "address",
      "where are you",
      "located",
      "courriel",
      "adresse",
      "telephone",
      "ou etes-vous",
    ],
  },
  { topic: "goodbye", words: ["bye", "goodbye", "see you", "au revoir", "a bientot", "bonne journee"] },
  { topic: "thanks", words: ["thanks", "thank you", "thx", "merci"] },
  {
    topic: "greeting",
    words: [
      "hello",
      "hi",
      "hey",
      "good morning",
      "good afternoon",
      "good evening",
      "bonjour",
      "salut",
      "bonsoir",
      "coucou",
    ],
  },
] as const;
export type KeywordTopic = (typeof KEYWORD_TOPICS)[number]["topic"] | "fallback";

const topicPatterns = KEYWORD_TOPICS.map(({ topic, words }) => ({ topic, pattern: matcher(words) }));

/** The keyword reply a message outside the flows gets (spec section 4: "built-in keyword replies"). */
export function keywordTopic(message: string): KeywordTopic {
  const text = normalise(message);
  return topicPatterns.find(({ pattern }) => pattern.test(text))?.topic ?? "fallback";
}

// ---------------------------------------------------------------------------------------------
// Answers (spec section 5, "Chatbot checks")

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARACTERS = /^[0-9\s\-+()]+$/;

/** The e-mail must look like name@domain.tld. */
export function isAssistantEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Only digits, spaces, dashes, plus and parentheses, with at least 10 digits. */
export function isAssistantPhone(value: string): boolean {
  if (!PHONE_CHARACTERS.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= ASSISTANT_LIMITS.phoneMinDigits && digits <= ASSISTANT_LIMITS.phoneMaxDigits;
}

/** YYYY-MM-DD, a date that exists, and not before today (in the agency's time zone). */
export function isAssistantDate(value: string, today: string): boolean {
  return DATE_PATTERN.test(value) && isCalendarDate(value) && value >= today;
}

/** HH:MM in 24-hour form. */
export function isAssistantTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** "none" or "aucune" (and the like) mean empty notes. */
export function isNoNotes(value: string): boolean {
  return (NO_NOTES as readonly string[]).includes(normalise(value).replace(/[.!]+$/, ""));
}

/**
 * What a speech recogniser hears is not what a person types: "john at example dot com", "demain",
 * "10 h 30", "3 pm". On the voice channels an answer is first rewritten into the written form the
 * checks expect; in the chat window it is checked as typed.
 */
export function normaliseSpoken(step: FlowStep, value: string, today: string): string {
  const text = normalise(value).replace(/[.!?]+$/, "");
  switch (step) {
    case "email":
      return text
        .replace(/\s+(?:at|arobase)\s+/g, "@")
        .replace(/\s+(?:dot|point)\s+/g, ".")
        .replace(/\s+/g, "");
    case "phone":
      return text.replace(/[^0-9+()\- ]/g, "").trim();
    case "date": {
      if (/^(?:today|aujourd'hui)$/.test(text)) return today;
      if (/^(?:tomorrow|demain)$/.test(text)) return addDays(today, 1);
      if (/^(?:after tomorrow|the day after tomorrow|apres-demain|apres demain)$/.test(text)) return addDays(today, 2);
      const parts = /^(\d{4})[\s/.-]+(\d{1,2})[\s/.-]+(\d{1,2})$/.exec(text);
      return parts ? `${parts[1]}-${parts[2].padStart(2, "0")}-${parts[3].padStart(2, "0")}` : text;
    }
    case "time": {
      const meridiem = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/.exec(text);
      if (meridiem) {
        const hour = (Number(meridiem[1]) % 12) + (meridiem[3] === "p" ? 12 : 0);
        return `${String(hour).padStart(2, "0")}:${meridiem[2] ?? "00"}`;
      }
      const clock = /^(\d{1,2})\s*(?:h|:|heures?)\s*(\d{2})?$/.exec(text);
      if (clock) return `${clock[1].padStart(2, "0")}:${clock[2] ?? "00"}`;
      return text;
    }
    default:
      return value.trim();
  }
}

/** The message key (assistant namespace, replies) that re-asks a step after an invalid answer. */
export const INVALID_ANSWER: Record<FlowStep, string> = {
  name: "assistantreplies:invalid.name",
  email: "assistantreplies:invalid.email",
  phone: "assistantreplies:invalid.phone",
  date: "assistantreplies:invalid.date",
  time: "assistantreplies:invalid.time",
  notes: "assistantreplies:invalid.notes",
  service: "assistantreplies:invalid.service",
  message: "assistantreplies:invalid.message",
};

/** What the checks need besides the answer: the agency's today, and the services the contact flow offers. */
export interface AnswerContext {
  today: string;
  services?: readonly ServiceChoice[];
}

/** Checks one answer; returns the value to keep, or null when the step must be asked again. */
export function checkAnswer(step: FlowStep, answer: string, context: AnswerContext): string | null {
  const value = answer.trim();
  const { today } = context;
  switch (step) {
    case "name":
      return /\p{L}/u.test(value) && !isYesOrNo(value) && value.length <= ASSISTANT_LIMITS.name ? value : null;
    case "email":
      return isAssistantEmail(value) ? value : null;
    case "phone":
      return isAssistantPhone(value) ? value : null;
    case "date":
      return isAssistantDate(value, today) ? value : null;
    case "time":
      return isAssistantTime(value) ? value : null;
    case "notes":
      if (isNoNotes(value)) return "";
      return value.length <= ASSISTANT_LIMITS.longText ? value : null;
    case "service":
      return value.length <= ASSISTANT_LIMITS.service ? matchService(value, context.services ?? []) : null;
    case "message":
      return value.length >= 1 && !isYesOrNo(value) && value.length <= ASSISTANT_LIMITS.longText ? value : null;
  }
}

function stepsOf(kind: FlowKind): readonly FlowStep[] {
  return kind === "booking" ? BOOKING_STEPS : CONTACT_STEPS;
}

/** A new flow, waiting for its first answer (the name). */
export function startFlow(kind: FlowKind): FlowState {
  return { kind, step: "name", answers: {} };
}

/** What one answer does to a flow. */
export type FlowOutcome =
  | { type: "cancelled" }
  | { type: "invalid"; state: FlowState; problem: string }
  | { type: "next"; state: FlowState }
  | { type: "complete"; state: FlowState };

/**
 * Takes the answer to the awaited step: a request to stop leaves the flow at any step (the whole answer,
 * or a stop word in an answer that answers nothing else, as "I don't have a phone, stop"); an invalid
 * answer re-asks the same step; a valid one moves to the next step, or completes the flow after its last.
 */
export function answerStep(
  state: FlowState,
  message: string,
  context: AnswerContext & { channel: Channel },
): FlowOutcome {
  if (isCancel(message)) return { type: "cancelled" };
  const spoken = context.channel === "chat" ? message : normaliseSpoken(state.step, message, context.today);
  const value = checkAnswer(state.step, spoken, context);
  if (value === null)
    return mentionsCancel(message)
      ? { type: "cancelled" }
      : { type: "invalid", state, problem: INVALID_ANSWER[state.step] };
  const answers = { ...state.answers, [state.step]: value };
  const steps = stepsOf(state.kind);
  const next = steps[steps.indexOf(state.step) + 1];
  if (!next) return { type: "complete", state: { ...state, answers } };
  return { type: "next", state: { kind: state.kind, step: next, answers } };
}

/** Moves a flow back to an earlier step (a slot that cannot be booked), keeping the answers before it. */
export function backTo(state: FlowState, step: FlowStep): FlowState {
  const steps = stepsOf(state.kind);
  const keep = steps.slice(0, steps.indexOf(step));
  return {
    kind: state.kind,
    step,
    answers: Object.fromEntries(Object.entries(state.answers).filter(([key]) => (keep as string[]).includes(key))),
  };
}

/** The question a step asks (assistant namespace, replies). */
export function promptKey(state: FlowState): string {
  return `assistantreplies:${state.kind}.ask.${state.step}`;
}

/**
 * The free slots nearest to the time asked for, in time order: what the assistant offers when that
 * slot is taken or cannot be booked.
 */
export function nearestFreeSlots(
  slots: readonly Slot[],
  time: string,
  count: number = ASSISTANT_LIMITS.nearestSlots,
): string[] {
  const asked = TIME_PATTERN.test(time) ? toMinutes(time) : 0;
  return slots
    .filter((slot) => slot.available)
    .map((slot) => ({ time: slot.time, distance: Math.abs(toMinutes(slot.time) - asked) }))
    .sort((a, b) => a.distance - b.distance || a.time.localeCompare(b.time))
    .slice(0, count)
    .map((slot) => slot.time)
    .sort();
}

/** "10:00, 11:00 or 14:00" / "10:00, 11:00 ou 14:00". */
export function joinAlternatives(items: readonly string[], language: Language): string {
  if (items.length <= 1) return items.join("");
  const or = language === "fr" ? "ou" : "or";
  return `${items.slice(0, -1).join(", ")} ${or} ${items[items.length - 1]}`;
}

/** One entry of a transcript. */
export interface TranscriptEntry {
  role: "user" | "assistant";
  content: string;
  at: string;
}

/** The transcript as staff read it: "Visitor: ...\nAssistant: ...". */
export function transcriptText(
  entries: readonly Pick<TranscriptEntry, "role" | "content">[],
  labels: { user: string; assistant: string },
): string {
  return entries
    .map((entry) => `${entry.role === "user" ? labels.user : labels.assistant}: ${entry.content}`)
    .join("\n");
}
