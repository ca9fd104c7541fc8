import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { cn } from "../../lib/cn.ts";
import { sendAssistantMessage, type AssistantMessage } from "./assistant-api.ts";

/** The part of the Web Speech API's recogniser this assistant uses (not in TypeScript's DOM types). */
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const speech = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition ?? null;
}

/** Spec 001, section 9: recognition in fr-FR or en-US, one utterance; speech at rate 0.9, pitch 1. */
export const SPEECH = { rate: 0.9, pitch: 1 } as const;
export const speechLocale = (language: string) => (language === "fr" ? "fr-FR" : "en-US");

type VoiceState = "idle" | "listening" | "thinking" | "speaking";

// The spoken conversation outlives the panel, like the chat's.
const kept: { history: AssistantMessage[]; conversationId: string | null } = { history: [], conversationId: null };

/**
 * The voice assistant (spec 001, sections 2, 4, 8): idle, listening, speaking. What is heard goes to the
 * same assistant as the chat (the contact and booking flows included); the reply is shown and spoken.
 * Where the browser has no speech recognition, it says so and offers the text chat.
 */
export function VoiceAssistant({
  language,
  onClose,
  onUseChat,
}: {
  language: string;
  onClose: () => void;
  onUseChat: () => void;
}) {
  const { t } = useTranslation("assistant");
  const Recogniser = recognitionConstructor();
  const [state, setState] = useState<VoiceState>("idle");
  const [heard, setHeard] = useState<string | null>(null);
  const [reply, setReply] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const mic = useRef<HTMLButtonElement>(null);
  const fallback = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    (Recogniser ? mic : fallback).current?.focus();
    return () => {
      recognition.current?.abort();
      if (typeof speechSynthesis !== "undefined") speechSynthesis.cancel();
    };
    // Only when the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function speak(text: string) {
    setReply(text);
    if (typeof speechSynthesis === "undefined" || typeof SpeechSynthesisUtterance === "undefined") {
      setState("idle");
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = speechLocale(language);
    utterance.rate = SPEECH.rate;
    utterance.pitch = SPEECH.pitch;
    utterance.onend = () => setState("idle");
    utterance.onerror = () => setState("idle");
    setState("speaking");
    speechSynthesis.cancel();
    speechSynthesis.speak(utterance);
  }

  async function answer(text: string) {
    setHeard(text);
    setState("thinking");
    try {
      const response = await sendAssistantMessage({
        message: text,
        history: kept.history,
        language,
        conversationId: kept.conversationId,
        channel: "voice",
      });
      kept.conversationId = response.conversationId;
      kept.history = [
        ...kept.history,
        { role: "user" as const, content: text },
        { role: "assistant" as const, content: response.response },
      ].slice(-12);
      speak(response.response);
    } catch {
      speak(t("voice.trouble"));
    }
  }

  function listen() {
    if (!Recogniser) return;
    if (state === "listening") {
      recognition.current?.stop();
      return;
    }
    if (typeof speechSynthesis !== "undefined") speechSynthesis.cancel();
    const recogniser = new Recogniser();
    recogniser.lang = speechLocale(language);
    recogniser.continuous = false;
    recogniser.interimResults = false;
    recogniser.maxAlternatives = 1;
    let handled = false;
    recogniser.onresult = (event) => {
      handled = true;
      const text = event.results[0]?.[0]?.transcript?.trim() ?? "";
      if (text) void answer(text);
      else speak(t("voice.didntCatch"));
    };
    recogniser.onerror = (event) => {
      handled = true;
      // Silence is not a failure to understand: the assistant just goes back to waiting.
      if (event.error === "no-speech" || event.error === "aborted") setState("idle");
      else speak(t("voice.didntCatch"));
    };
    recogniser.onend = () => {
      if (!handled) setState("idle");
    };
    recognition.current = recogniser;
    setHeard(null);
    setState("listening");
    recogniser.start();
  }

  const status = {
    idle: t("voice.idle"),
    listening: t("voice.listening"),
    thinking: t("voice.thinking"),
    speaking: t("voice.speaking"),
  }[state];
  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      data-testid="voice-panel"
      data-state={state}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
      className="fixed bottom-40 right-4 z-40 w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-border bg-white p-4 shadow-2xl sm:right-6"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="font-display text-lg font-semibold">
          {t("voice.title")}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("voice.close")}
          title={t("voice.close")}
          className="rounded-full p-1.5 hover:bg-muted"
        >
          <Icon name="x" size={18} aria-hidden="true" />
        </button>
      </div>
      {Recogniser ? (
        <>
          <div className="mt-3 flex items-center gap-3">
            <button
              ref={mic}
              type="button"
              onClick={listen}
              disabled={state === "thinking"}
              aria-pressed={state === "listening"}
              aria-label={state === "listening" ? t("voice.stop") : t("voice.start")}
              data-testid="voice-mic"
              className={cn(
                "inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-full text-white transition-colors disabled:opacity-60",
                state === "listening"
                  ? "animate-pulse bg-red-700 motion-reduce:animate-none"
                  : state === "speaking"
                    ? "bg-green-800"
                    : "bg-primary",
              )}
            >
              <Icon
                name={state === "speaking" ? "volume-2" : state === "listening" ? "mic-off" : "mic"}
                size={24}
                aria-hidden="true"
              />
            </button>
            <p role="status" className="text-sm font-medium" data-testid="voice-status">
              {status}
            </p>
          </div>
          <div aria-live="polite" className="mt-3 space-y-2 text-sm">
            {heard ? (
              <p className="text-muted-foreground" data-testid="voice-heard">
                {t("voice.youSaid", { text: heard })}
              </p>
            ) : null}
            {reply ? (
              <p className="rounded-xl bg-muted/60 p-3" data-testid="voice-reply">
                {reply}
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <div className="mt-3 space-y-3 text-sm">
          <p role="status" data-testid="voice-unsupported">
            {t("voice.unsupported")}
          </p>
          <button
            ref={fallback}
            type="button"
            onClick={onUseChat}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-accent px-4 py-2 font-medium text-white"
            data-testid="voice-use-chat"
          >
            <Icon name="message-circle" size={18} aria-hidden="true" />
            {t("voice.useChat")}
          </button>
        </div>
      )}
    </section>
  );
}
