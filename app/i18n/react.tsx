import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { I18n, TFunction } from "../../core/i18n/translator.ts";

const I18nContext = createContext<I18n | null>(null);

/** Gives the page's translation instance to every component under it. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The `t` of a namespace in the page's language (and the instance), re-rendering the component when the
 * language changes. `t` keeps its identity while the language stays.
 */
export function useTranslation(ns?: string): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an I18nProvider above it");
  const subscribe = useCallback((onChange: () => void) => i18n.onLanguageChanged(onChange), [i18n]);
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  return { t: i18n.getFixedT(language, ns), i18n };
}
