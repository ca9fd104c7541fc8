import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useMatches } from "react-router";
import { NavBar } from "./nav-bar.tsx";
import { SiteFooter } from "./site-footer.tsx";

/**
 * What a page route may export as `handle` for the layout: `header` replaces the navigation bar (the
 * home page's landing header). The component comes with the page's own code, so other pages never load it.
 */
export interface SiteHandle {
  header?: ComponentType;
}

function useHeader(): ComponentType {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const header = (matches[i].handle as SiteHandle | undefined)?.header;
    if (header) return header;
  }
  return NavBar;
}

/** Skip link, sticky navigation bar (or the page's own header), the page, footer. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const Header = useHeader();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
      >
        {t("nav.skipToContent")}
      </a>
      <Header />
      <div className="flex-1">{children}</div>
      <SiteFooter />
    </div>
  );
}
