import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../i18n/localized-link.tsx";

/** Skip link, navigation bar, page, footer. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only">{t("nav.skipToContent")}</a>
      <header className="border-b border-border">
        <nav className="mx-auto flex max-w-6xl gap-4 px-4 py-3">
          <LocalizedLink to="/">{t("nav.home")}</LocalizedLink>
          <LocalizedLink to="/posts">{t("nav.blog")}</LocalizedLink>
        </nav>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t border-border py-6 text-center text-sm">Atelier</footer>
    </div>
  );
}
