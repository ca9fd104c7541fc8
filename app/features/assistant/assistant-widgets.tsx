import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "../../i18n/react.tsx";
import { withWholeTranslations } from "../../i18n/client-instance.ts";
import { Icon } from "../../components/ui/icon.tsx";
import { OPEN_CHAT_EVENT } from "./assistant-events.ts";
import { whatsappLink } from "./whatsapp.ts";

// The windows' code is fetched when a visitor first opens one, with their texts (the page's HTML carries
// only the buttons' words): a page that is only read pays nothing for them.
const AssistantWindow = lazy(
  withWholeTranslations(() => import("./assistant-window.tsx").then((module) => ({ default: module.AssistantWindow }))),
);
const VoiceAssistant = lazy(
  withWholeTranslations(() => import("./voice-assistant.tsx").then((module) => ({ default: module.VoiceAssistant }))),
);

type Panel = "chat" | "voice" | null;

interface RootConfig {
  config?: { companyName: string; whatsappNumber?: string | null };
}

/**
 * The floating widgets of every page (spec 001, section 2): the text chatbot bottom right, the voice
 * assistant above it, and the messaging-app link bottom left when a number is configured. Only their
 * buttons are in the page; each window's code loads when it is first opened.
 */
export function AssistantWidgets() {
  const { t, i18n } = useTranslation("assistant");
  const root = useRouteLoaderData("root") as RootConfig | undefined;
  const [panel, setPanel] = useState<Panel>(null);
  const chatButton = useRef<HTMLButtonElement>(null);
  const voiceButton = useRef<HTMLButtonElement>(null);

  const close = useCallback((which: Exclude<Panel, null>) => {
    setPanel((current) => (current === which ? null : current));
    // Focus goes back to the button that opened the window.
    (which === "chat" ? chatButton : voiceButton).current?.focus();
  }, []);

  useEffect(() => {
    const open = () => setPanel("chat");
    window.addEventListener(OPEN_CHAT_EVENT, open);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, open);
  }, []);

  const company = root?.config?.companyName ?? "";
  const whatsapp = root?.config?.whatsappNumber
    ? whatsappLink(root.config.whatsappNumber, t("whatsapp.message"))
    : null;
  return (
    <>
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t("whatsapp.label")}
          data-testid="whatsapp-button"
          className="assistant-launcher assistant-launcher-whatsapp"
        >
          <Icon name="whatsapp" size={28} aria-hidden="true" />
        </a>
      ) : null}
      <button
        ref={voiceButton}
        type="button"
        aria-label={panel === "voice" ? t("voice.close") : t("voice.open")}
        aria-expanded={panel === "voice"}
        data-testid="voice-button"
        onClick={() => (panel === "voice" ? close("voice") : setPanel("voice"))}
        className="assistant-launcher assistant-launcher-voice"
      >
        <Icon name="mic" size={22} aria-hidden="true" />
      </button>
      <button
        ref={chatButton}
        type="button"
        aria-label={panel === "chat" ? t("chat.close") : t("chat.open")}
        aria-expanded={panel === "chat"}
        data-testid="chat-button"
        onClick={() => (panel === "chat" ? close("chat") : setPanel("chat"))}
        className="assistant-launcher assistant-launcher-chat"
      >
        <Icon name={panel === "chat" ? "x" : "message-circle"} size={26} aria-hidden="true" />
      </button>
      <Suspense fallback={null}>
        {panel === "chat" ? (
          <AssistantWindow language={i18n.language} company={company} onClose={() => close("chat")} />
        ) : null}
        {panel === "voice" ? (
          <VoiceAssistant language={i18n.language} onClose={() => close("voice")} onUseChat={() => setPanel("chat")} />
        ) : null}
      </Suspense>
    </>
  );
}
