import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavBar } from "./nav-bar.tsx";
import { SiteFooter } from "./site-footer.tsx";

/** Skip link, sticky navigation bar, the page, footer. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
      >
        {t("nav.skipToContent")}
      </a>
      <NavBar />
      <div className="flex-1">{children}</div>
      <SiteFooter />
    </div>
  );
}
