import type { ReactNode } from "react";
import { useTranslation } from "../i18n/react.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { useRouteFocus } from "./route-focus.ts";
import { AssistantWidgets } from "../features/assistant/assistant-widgets.tsx";

/** Skip link, the one sticky header, the page, footer. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useRouteFocus();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:rounded-full focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
      >
        {t("nav.skipToContent")}
      </a>
      <SiteHeader />
      <div className="flex-1">{children}</div>
      <SiteFooter />
      <AssistantWidgets />
    </div>
  );
}
