import { useTranslation } from "./react.tsx";
import { LANGUAGE_LABELS, isLanguage } from "../../core/i18n/language.ts";
import { cn } from "../lib/cn.ts";

/**
 * What people wrote (a review, a comment) is shown as written; when its language is not the page's, a
 * small label names it in that language ("English", "Français") so that the reader knows what to expect.
 * Nothing when the languages match.
 */
export function WrittenInLabel({ language, className }: { language: string; className?: string }) {
  const { i18n } = useTranslation();
  if (!isLanguage(language) || language === i18n.language) return null;
  return (
    <span
      lang={language}
      data-testid="written-in"
      className={cn(
        "inline-flex items-center rounded-full border border-border px-2 py-0.5 text-xs font-medium text-muted-foreground",
        className,
      )}
    >
      {LANGUAGE_LABELS[language].name}
    </span>
  );
}
