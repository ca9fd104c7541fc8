import { describe, expect, it } from "vitest";
import {
  answerStep,
  asksForCallback,
  detectFlow,
  isCancel,
  isAssistantDate,
  isAssistantEmail,
  isAssistantPhone,
  isAssistantTime,
  isNoNotes,
  keywordTopic,
  matchService,
  nearestFreeSlots,
  normaliseSpoken,
  startFlow,
  type FlowState,
} from "../../core/assistant/rules.ts";

const TODAY = "2030-06-14";
const SERVICES = [
  { name: "Logo Design", aliases: ["Logo Design", "Création de logo", "logo design"] },
  { name: "Marketing", aliases: ["Marketing", "Marketing", "marketing"] },
  { name: "Video Marketing", aliases: ["Video Marketing", "Marketing vidéo", "video marketing"] },
  { name: "AI Agent", aliases: ["AI Agent", "Agent IA", "ai agent"] },
  { name: "AI Service", aliases: ["AI Service", "Service IA", "ai service"] },
  { name: "Other", aliases: ["other", "something else", "autre"] },
];
const chat = { today: TODAY, channel: "chat" as const, services: SERVICES };

/** Runs answers through a flow and returns every outcome. */
function run(state: FlowState, answers: string[], context = chat) {
  const outcomes = [];
  let current = state;
  for (const answer of answers) {
    const outcome = answerStep(current, answer, context);
    outcomes.push(outcome);
    if (outcome.type === "next" || outcome.type === "invalid") current = outcome.state;
  }
  return outcomes;
}

describe("chatbot checks (spec 001, section 5)", () => {
  it("email must look like name@domain.tld", () => {
    expect(isAssistantEmail("ada@example.com")).toBe(true);
    for (const bad of ["ada", "ada@example", "ada @example.com", "@example.com", "ada@.com x"])
      expect(isAssistantEmail(bad)).toBe(false);
  });

  it("phone: only digits, spaces, dashes, plus and parentheses, with at least 10 digits", () => {
    for (const good of ["5551234567", "+1 (555) 123-4567", "+33 1 23 45 67 89"])
      expect(isAssistantPhone(good)).toBe(true);
    expect(isAssistantPhone("555-1234")).toBe(false);
    expect(isAssistantPhone("555.123.4567")).toBe(false);
    expect(isAssistantPhone("call 5551234567")).toBe(false);
    expect(isAssistantPhone("123456789")).toBe(false);
  });

  it("date: YYYY-MM-DD, a real date, not before today", () => {
    expect(isAssistantDate(TODAY, TODAY)).toBe(true);
    expect(isAssistantDate("2030-06-15", TODAY)).toBe(true);
    expect(isAssistantDate("2030-06-13", TODAY)).toBe(false);
    expect(isAssistantDate("2030-02-30", TODAY)).toBe(false);
    expect(isAssistantDate("14/06/2030", TODAY)).toBe(false);
  });

  it("time: HH:MM in 24-hour form", () => {
    for (const good of ["00:00", "09:30", "23:59"]) expect(isAssistantTime(good)).toBe(true);
    for (const bad of ["24:00", "9:30", "12:60", "2 pm", "10h"]) expect(isAssistantTime(bad)).toBe(false);
  });

  it('"none" and "aucune" mean empty notes', () => {
    for (const none of ["none", "None", "aucune", "Aucune.", "AUCUN"]) expect(isNoNotes(none)).toBe(true);
    expect(isNoNotes("no pets please")).toBe(false);
  });
});

describe("triggers in English and French (spec 001, section 4)", () => {
  it.each([
    "I'd like to book a call",
    "Can I schedule a meeting?",
    "appointment please",
    "Free consultation?",
    "Je voudrais prendre rendez-vous",
    "Puis-je réserver un créneau ?",
    "une réunion",
  ])("%s starts the booking flow", (message) => expect(detectFlow(message)).toBe("booking"));
  it.each([
    "How can I contact you?",
    "I want to get in touch",
    "I'm interested in a logo",
    "Can I get a quote",
    "general inquiry",
    "Je voudrais un devis",
    "Comment vous joindre ?",
    "Je suis intéressée",
  ])("%s starts contact capture", (message) => expect(detectFlow(message)).toBe("contact"));
  it("other messages start no flow, and words inside other words do not count", () => {
    expect(detectFlow("What do you do?")).toBeNull();
    expect(detectFlow("Are you on facebook?")).toBeNull();
    expect(detectFlow("the contactless payment")).toBeNull();
  });
  it("cancel and annuler leave a flow; callback requests are noticed", () => {
    expect(isCancel("cancel")).toBe(true);
    expect(isCancel("Annuler")).toBe(true);
    expect(isCancel("Ada")).toBe(false);
    expect(asksForCallback("Could you call me back?")).toBe(true);
    expect(asksForCallback("Pouvez-vous me rappeler ?")).toBe(true);
  });
  it("keyword replies by topic", () => {
    expect(keywordTopic("How much does it cost?")).toBe("prices");
    expect(keywordTopic("Quels sont vos tarifs ?")).toBe("prices");
    expect(keywordTopic("What services do you offer?")).toBe("services");
    expect(keywordTopic("Bonjour")).toBe("greeting");
    expect(keywordTopic("merci")).toBe("thanks");
    expect(keywordTopic("quelles sont vos horaires")).toBe("hours");
    expect(keywordTopic("blue")).toBe("fallback");
  });
});

describe("the booking flow step by step", () => {
  it("asks name, email, phone, date, time and notes, re-asking each invalid answer", () => {
    const outcomes = run(startFlow("booking"), [
      "",
      "Ada Lovelace",
      "ada@",
      "ada@example.com",
      "12345",
      "+1 555 123 4567",
      "2030-06-13",
      "2030-06-15",
      "7pm",
      "19:00",
      "none",
    ]);
    expect(outcomes.map((o) => o.type)).toEqual([
      "invalid",
      "next",
      "invalid",
      "next",
      "invalid",
      "next",
      "invalid",
      "next",
      "invalid",
      "next",
      "complete",
    ]);
    expect(outcomes.map((o) => ("state" in o ? o.state.step : null))).toEqual([
      "name",
      "email",
      "email",
      "phone",
      "phone",
      "date",
      "date",
      "time",
      "time",
      "notes",
      "notes",
    ]);
    const invalid = outcomes.filter((o) => o.type === "invalid").map((o) => (o.type === "invalid" ? o.problem : ""));
    expect(invalid).toEqual([
      "assistantreplies:invalid.name",
      "assistantreplies:invalid.email",
      "assistantreplies:invalid.phone",
      "assistantreplies:invalid.date",
      "assistantreplies:invalid.time",
    ]);
    const last = outcomes.at(-1)!;
    expect(last.type === "complete" && last.state.answers).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+1 555 123 4567",
      date: "2030-06-15",
      time: "19:00",
      notes: "",
    });
  });

  it("keeps notes other than none, and can be cancelled at any step", () => {
    const outcomes = run(startFlow("booking"), [
      "Ada",
      "ada@example.com",
      "5551234567",
      TODAY,
      "10:00",
      "Bring the brief",
    ]);
    const last = outcomes.at(-1)!;
    expect(last.type === "complete" && last.state.answers.notes).toBe("Bring the brief");
    expect(run(startFlow("booking"), ["Ada", "annuler"]).at(-1)).toEqual({ type: "cancelled" });
  });
});

describe("the contact flow step by step", () => {
  it("asks name, email, phone, service and message", () => {
    const outcomes = run(startFlow("contact"), [
      "Marie",
      "marie@example.fr",
      "01 23 45 67 89",
      "Logo",
      "",
      "A new logo",
    ]);
    expect(outcomes.map((o) => o.type)).toEqual(["next", "next", "next", "next", "invalid", "complete"]);
    const last = outcomes.at(-1)!;
    expect(last.type === "complete" && last.state.answers).toEqual({
      name: "Marie",
      email: "marie@example.fr",
      phone: "01 23 45 67 89",
      service: "Logo Design",
      message: "A new logo",
    });
  });

  it("takes only one of the services as the service, re-asking for yes or anything else", () => {
    const atService = run(startFlow("contact"), ["Marie", "marie@example.fr", "01 23 45 67 89"]).at(-1)!;
    const state = atService.type === "next" ? atService.state : startFlow("contact");
    for (const answer of ["yes", "Yes!", "oui", "ok", "AI", "a bicycle", ""]) {
      expect(answerStep(state, answer, chat), answer).toMatchObject({
        type: "invalid",
        problem: "assistantreplies:invalid.service",
        state: { step: "service" },
      });
    }
    const chosen = (answer: string) => {
      const outcome = answerStep(state, answer, chat);
      return outcome.type === "next" ? outcome.state.answers.service : outcome.type;
    };
    expect(chosen("video marketing please")).toBe("Video Marketing");
    expect(chosen("Marketing")).toBe("Marketing");
    expect(chosen("création de logo")).toBe("Logo Design");
    expect(chosen("I need an AI agent")).toBe("AI Agent");
    expect(chosen("something else")).toBe("Other");
    expect(matchService("logo", SERVICES)).toBe("Logo Design");
  });

  it("refuses yes and no as a name or a message", () => {
    expect(answerStep(startFlow("contact"), "yes", chat)).toMatchObject({
      type: "invalid",
      problem: "assistantreplies:invalid.name",
    });
    expect(answerStep(startFlow("contact"), "12345", chat)).toMatchObject({
      type: "invalid",
      problem: "assistantreplies:invalid.name",
    });
    expect(answerStep({ kind: "contact", step: "message", answers: {} }, "ok", chat)).toMatchObject({
      type: "invalid",
      problem: "assistantreplies:invalid.message",
    });
  });

  it("cancel leaves it", () => {
    expect(run(startFlow("contact"), ["cancel"])).toEqual([{ type: "cancelled" }]);
  });

  it("can be left at every step, in English and French, and a stop word in a free answer is kept as the answer", () => {
    const atPhone: FlowState = { kind: "contact", step: "phone", answers: { name: "Ada", email: "ada@example.com" } };
    for (const answer of [
      "cancel",
      "Stop!",
      "stop please",
      "exit",
      "quit",
      "never mind",
      "forget it",
      "Annuler",
      "annulez",
      "Arrêter",
      "je veux arrêter",
      "laissez tomber",
      "on arrête tout ?",
      "I don't have a phone, stop",
    ]) {
      expect(answerStep(atPhone, answer, chat), answer).toEqual({ type: "cancelled" });
    }
    // Said on the phone line too.
    expect(answerStep(atPhone, "stop", { ...chat, channel: "phone" })).toEqual({ type: "cancelled" });
    for (const step of ["name", "email", "phone", "service", "message"] as const) {
      expect(answerStep({ kind: "contact", step, answers: {} }, "annuler", chat), step).toEqual({ type: "cancelled" });
    }
    for (const step of ["date", "time", "notes"] as const) {
      expect(answerStep({ kind: "booking", step, answers: {} }, "cancel", chat), step).toEqual({ type: "cancelled" });
    }
    const message = answerStep(
      { kind: "contact", step: "message", answers: {} },
      "We want to stop paying for ads that do not work",
      chat,
    );
    expect(message).toMatchObject({
      type: "complete",
      state: { answers: { message: "We want to stop paying for ads that do not work" } },
    });
    expect(answerStep({ kind: "booking", step: "notes", answers: {} }, "No thanks", chat)).toMatchObject({
      type: "complete",
      state: { answers: { notes: "" } },
    });
  });
});

describe("spoken answers (voice and phone)", () => {
  it("are rewritten into the written form before the checks", () => {
    expect(normaliseSpoken("email", "Ada at example dot com", TODAY)).toBe("ada@example.com");
    expect(normaliseSpoken("email", "marie arobase example point fr", TODAY)).toBe("marie@example.fr");
    expect(normaliseSpoken("date", "tomorrow", TODAY)).toBe("2030-06-15");
    expect(normaliseSpoken("date", "demain", TODAY)).toBe("2030-06-15");
    expect(normaliseSpoken("date", "2030 6 20", TODAY)).toBe("2030-06-20");
    expect(normaliseSpoken("time", "10 h 30", TODAY)).toBe("10:30");
    expect(normaliseSpoken("time", "14 heures", TODAY)).toBe("14:00");
    expect(normaliseSpoken("time", "3 pm", TODAY)).toBe("15:00");
    expect(normaliseSpoken("time", "9:00.", TODAY)).toBe("09:00");
  });
  it("only on the voice channels: the chat window checks what was typed", () => {
    expect(answerStep({ kind: "booking", step: "date", answers: {} }, "tomorrow", chat).type).toBe("invalid");
    expect(
      answerStep({ kind: "booking", step: "date", answers: {} }, "tomorrow", { today: TODAY, channel: "phone" }).type,
    ).toBe("next");
  });
});

describe("nearest free slots", () => {
  const slots = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"].map((time) => ({
    time,
    available: !["13:00", "12:00"].includes(time),
  }));
  it("offers the closest available times, in time order", () => {
    expect(nearestFreeSlots(slots, "13:00")).toEqual(["11:00", "14:00", "15:00"]);
    expect(nearestFreeSlots(slots, "09:00")).toEqual(["09:00", "10:00", "11:00"]);
    expect(
      nearestFreeSlots(
        slots.map((slot) => ({ ...slot, available: false })),
        "10:00",
      ),
    ).toEqual([]);
  });
});
