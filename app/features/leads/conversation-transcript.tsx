import { useState } from "react";
import type { Conversation } from "../../../core/assistant/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { api, ApiError } from "../../lib/api.ts";

/** A touchpoint's conversation with the assistant, fetched when staff ask to read it. */
export function ConversationTranscript({ id }: { id: string }) {
  const { t } = useTranslation("assistant");
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function load() {
    setLoading(true);
    setError(null);
    try {
      setConversation(await api<Conversation>(`/api/conversations/${encodeURIComponent(id)}`));
    } catch (problem) {
      setError(problem instanceof ApiError ? problem.message : t("chat.error"));
    } finally {
      setLoading(false);
    }
  }

  if (!conversation) {
    return (
      <div className="mt-2">
        <button
          type="button"
          onClick={() => void load()}
          disabled={loading}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline disabled:opacity-60"
          data-testid="show-conversation"
        >
          {t("transcript.show")}
        </button>
        {error ? (
          <p className="mt-1 text-sm text-red-800" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div
      className="mt-2 max-h-72 overflow-y-auto rounded-lg border border-border bg-muted/40 p-3 text-sm"
      tabIndex={0}
      aria-label={t("transcript.title")}
      data-testid="conversation-transcript"
    >
      <p className="mb-2 text-xs text-muted-foreground">{t(`transcript.channel.${conversation.channel}`)}</p>
      <dl className="space-y-1.5">
        {conversation.transcript.map((entry, index) => (
          <div key={index} className="grid grid-cols-[auto_1fr] gap-2">
            <dt className="font-semibold">{entry.role === "user" ? t("transcript.visitor") : t("chat.assistant")}</dt>
            <dd className="whitespace-pre-line">{entry.content}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
