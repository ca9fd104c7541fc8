import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { KEYWORD_DELAY_MS, sendAssistantMessage, wait, type AssistantMessage } from "./assistant-api.ts";

// The conversation outlives the window: closing it and opening it again, or moving to another page,
// finds it as it was.
const kept: { messages: AssistantMessage[]; conversationId: string | null } = { messages: [], conversationId: null };

const MESSAGE_MAX = 1000;

/**
 * The text chatbot (spec 001, sections 2, 4, 8): the welcome message, the guided booking and contact
 * flows run by the server, keyword replies after 500 ms, a blank message never sent, sending disabled
 * while a request runs, replies announced to screen readers, a full-screen toggle, Escape to close.
 */
export function AssistantWindow({
  language,
  company,
  onClose,
}: {
  language: string;
  company: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("assistant");
  const [messages, setMessages] = useState<AssistantMessage[]>(kept.messages);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    kept.messages = messages;
    end.current?.scrollIntoView?.({ block: "end" });
  }, [messages]);

  const welcome: AssistantMessage = { role: "assistant", content: t("chat.welcome", { company }) };

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const message = draft.trim();
    if (!message || busy) return;
    const history = [welcome, ...messages];
    setMessages((current) => [...current, { role: "user", content: message }]);
    setDraft("");
    setBusy(true);
    const started = Date.now();
    try {
      const answer = await sendAssistantMessage({
        message,
        history,
        language,
        conversationId: kept.conversationId,
        channel: "chat",
      });
      kept.conversationId = answer.conversationId;
      if (answer.kind === "keyword") await wait(Math.max(0, KEYWORD_DELAY_MS - (Date.now() - started)));
      setMessages((current) => [...current, { role: "assistant", content: answer.response }]);
    } catch (error) {
      // A refusal the server explains (too long, too many messages) is shown as it says; anything else is the spec's apology.
      const text =
        error instanceof ApiError && error.status < 500 && error.body.code !== "http_error"
          ? error.body.message
          : t("chat.error");
      setMessages((current) => [...current, { role: "assistant", content: text }]);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  const shown = [welcome, ...messages];
  return (
    <section
      role="dialog"
      aria-modal={fullscreen}
      aria-labelledby={titleId}
      data-testid="chat-window"
      data-fullscreen={fullscreen}
      onKeyDown={onKeyDown}
      className={cn(
        "fixed z-40 flex flex-col overflow-hidden border border-border bg-white shadow-2xl",
        fullscreen
          ? "inset-0"
          : "bottom-24 right-4 h-[min(34rem,calc(100dvh-8rem))] w-[min(24rem,calc(100vw-2rem))] rounded-2xl sm:right-6",
      )}
    >
      <header className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <Icon name="bot" size={22} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-display text-lg font-semibold leading-tight">
            {t("chat.title")}
          </h2>
          <p className="truncate text-xs opacity-90">{t("chat.subtitle")}</p>
        </div>
        <button
          type="button"
          onClick={() => setFullscreen((value) => !value)}
          aria-label={fullscreen ? t("chat.exitFullscreen") : t("chat.fullscreen")}
          aria-pressed={fullscreen}
          title={fullscreen ? t("chat.exitFullscreen") : t("chat.fullscreen")}
          data-testid="chat-fullscreen"
          className="rounded-full p-2 hover:bg-white/15 focus-visible:outline-white"
        >
          <Icon name={fullscreen ? "minimize-2" : "maximize-2"} size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("chat.close")}
          title={t("chat.close")}
          className="rounded-full p-2 hover:bg-white/15 focus-visible:outline-white"
        >
          <Icon name="x" size={18} aria-hidden="true" />
        </button>
      </header>

      <div
        role="log"
        tabIndex={0}
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t("chat.title")}
        className="flex-1 space-y-3 overflow-y-auto bg-muted/40 px-4 py-4"
        data-testid="chat-log"
      >
        {shown.map((message, index) => (
          <div
            key={index}
            className={cn("flex", message.role === "user" ? "justify-end" : "justify-start")}
            data-role={message.role}
          >
            <p
              className={cn(
                "max-w-[85%] whitespace-pre-line rounded-2xl px-3.5 py-2 text-sm leading-relaxed",
                message.role === "user"
                  ? "rounded-br-sm bg-primary text-primary-foreground"
                  : "rounded-bl-sm border border-border bg-white text-foreground",
              )}
            >
              <span className="sr-only">{message.role === "user" ? t("chat.you") : t("chat.assistant")}: </span>
              {message.content}
            </p>
          </div>
        ))}
        {busy ? (
          <div className="flex justify-start" aria-hidden="true">
            <p className="rounded-2xl border border-border bg-white px-3.5 py-2 text-sm text-muted-foreground">
              {t("chat.typing")}
            </p>
          </div>
        ) : null}
        <div ref={end} aria-hidden="true" />
      </div>

      <form onSubmit={send} className="flex items-end gap-2 border-t border-border bg-white p-3">
        <label htmlFor={inputId} className="sr-only">
          {t("chat.inputLabel")}
        </label>
        <textarea
          ref={input}
          id={inputId}
          rows={1}
          value={draft}
          maxLength={MESSAGE_MAX}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onInputKeyDown}
          placeholder={t("chat.placeholder")}
          data-testid="chat-input"
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-input bg-white px-3 py-2.5 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        />
        <button
          type="submit"
          disabled={busy || draft.trim() === ""}
          aria-label={t("chat.send")}
          title={t("chat.send")}
          data-testid="chat-send"
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent text-white transition-opacity disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Icon name="send" size={18} aria-hidden="true" />
        </button>
      </form>
    </section>
  );
}
