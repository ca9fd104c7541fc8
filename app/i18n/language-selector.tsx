import { useTranslation } from "./react.tsx";
import { useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import {
  LANGUAGES,
  LANGUAGE_LABELS,
  isLanguage,
  localizedPath,
  splitLanguagePrefix,
  type Language,
} from "../../core/i18n/language.ts";
import { FlagIcon } from "../components/ui/flag-icon.tsx";
import { MenuRadioItem, PopoverMenu } from "../components/ui/popover-menu.tsx";
import { cn } from "../lib/cn.ts";
import { useRootData } from "../root-data.ts";
import { rememberLanguage } from "./remember-language.ts";
import { Icon } from "../components/ui/icon.tsx";

/** The language the page is rendered in. */
export function useCurrentLanguage(): Language {
  const data = useRootData();
  const { i18n } = useTranslation();
  return data?.language ?? (isLanguage(i18n.language) ? i18n.language : "en");
}

/**
 * Choosing a language remembers it (cookie for the server, preferredLanguage in local storage), then
 * shows the same page in it: under /en/... or /fr/... by moving to the other prefix, on a plain address
 * by asking the server for the page again (the root loader now reads the new cookie and the root
 * clientLoader switches the translations, so <html lang> and every text follow).
 */
export function useChooseLanguage() {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const current = useCurrentLanguage();
  const choose = (language: Language) => {
    rememberLanguage(language, { explicit: true });
    const { language: prefix, rest } = splitLanguagePrefix(location.pathname);
    if (prefix) {
      if (prefix !== language)
        void navigate(`${localizedPath(rest, language)}${location.search}${location.hash}`, {
          preventScrollReset: true,
        });
      return;
    }
    if (language !== current) void revalidator.revalidate();
  };
  const pending =
    revalidator.state === "loading" ||
    (navigation.state === "loading" &&
      splitLanguagePrefix(navigation.location.pathname).language !== splitLanguagePrefix(location.pathname).language);
  return { current, choose, pending };
}

function LanguageName({ language }: { language: Language }) {
  return <span lang={language}>{LANGUAGE_LABELS[language].name}</span>;
}

/**
 * The language selector: the current flag and name, opening a menu of the site's languages.
 * `inline` lists the languages as toggle buttons, for the mobile drawer. `nameClassName` can hide the
 * name (the flag stays, the name is still read) where the header is tight.
 */
export function LanguageSelector({
  variant = "menu",
  className,
  nameClassName,
}: {
  variant?: "menu" | "inline";
  className?: string;
  nameClassName?: string;
}) {
  const { t } = useTranslation();
  const { current, choose, pending } = useChooseLanguage();

  if (variant === "inline") {
    return (
      <div
        role="group"
        aria-label={t("language.label")}
        aria-busy={pending || undefined}
        className={cn("grid grid-cols-2 gap-2", className)}
      >
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            aria-pressed={language === current}
            onClick={() => choose(language)}
            className="flex h-11 items-center justify-center gap-2 rounded-full border border-border bg-white px-3 text-sm font-medium transition-colors hover:bg-muted aria-pressed:border-primary aria-pressed:bg-primary/5 aria-pressed:text-primary"
          >
            <FlagIcon language={language} />
            <LanguageName language={language} />
          </button>
        ))}
      </div>
    );
  }

  return (
    <PopoverMenu
      align="end"
      label={t("language.label")}
      triggerClassName={cn(
        "inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-foreground transition-colors hover:bg-muted data-[state=open]:bg-muted",
        className,
      )}
      triggerProps={{ "aria-busy": pending || undefined }}
      className="min-w-44"
      trigger={
        <>
          <span className="sr-only">{t("language.label")}: </span>
          {pending ? (
            <Icon name="loader-circle" size={14} className="h-3.5 w-5 animate-spin" />
          ) : (
            <FlagIcon language={current} />
          )}
          <span className={cn("max-[380px]:sr-only", nameClassName)}>
            <LanguageName language={current} />
          </span>
          <Icon name="chevron-down" size={14} className="text-muted-foreground" />
        </>
      }
    >
      <p
        aria-hidden="true"
        className="px-3 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
      >
        {t("language.label")}
      </p>
      {LANGUAGES.map((language) => (
        <MenuRadioItem key={language} checked={language === current} onSelect={() => choose(language)}>
          <FlagIcon language={language} />
          <LanguageName language={language} />
          {language === current ? <Icon name="check" size={16} className="ml-auto text-primary" /> : null}
        </MenuRadioItem>
      ))}
    </PopoverMenu>
  );
}
