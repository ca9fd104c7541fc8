import { useTranslation } from "../../i18n/react.tsx";
import { SECTIONS, sectionHref } from "./section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

/** The floating chat button (bottom right): it jumps to the consultation section. */
export function ChatButton() {
  const { t } = useTranslation("home");
  const label = t("chat.label");
  return (
    <a
      href={sectionHref(SECTIONS.consultation)}
      aria-label={label}
      title={label}
      data-testid="chat-button"
      className="fixed bottom-5 right-5 z-30 inline-flex h-14 w-14 items-center justify-center rounded-full bg-accent text-white shadow-lg shadow-orange-900/30 transition-transform hover:scale-105 focus-visible:outline-offset-4 motion-reduce:transition-none sm:bottom-6 sm:right-6"
    >
      <Icon name="message-circle" size={26} aria-hidden="true" />
    </a>
  );
}
