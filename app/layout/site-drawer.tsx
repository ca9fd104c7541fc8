import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import type { CurrentUser } from "../../core/auth/schema.ts";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { useTranslation } from "../i18n/react.tsx";
import { withWholeTranslations } from "../i18n/client-instance.ts";
import { useLocalizedPath } from "../i18n/localized-link.tsx";
import type { SiteNav } from "./site-nav.ts";

const loadPanel = withWholeTranslations(() => import("./site-drawer-panel.tsx"));
const DrawerPanel = lazy(loadPanel);

/**
 * The menu button of screens below 1280 px, on every page, and the drawer it opens (site-drawer-panel.tsx):
 * the account, the home page's sections and Book Consultation, the grouped pages, the language, and sign
 * in or out. The drawer's code is fetched as the button is pointed at or focused, before it is pressed.
 */
export function SiteDrawer({ nav, user }: { nav: SiteNav; user: CurrentUser | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const localize = useLocalizedPath();
  const home = localize("/");
  const drawerId = `${useId()}drawer`;
  // A language switch to the other prefix (or any navigation not started in the drawer) closes it too.
  useEffect(() => setOpen(false), [pathname]);
  const prefetch = () => void loadPanel().catch(() => undefined);

  return (
    <>
      <button
        type="button"
        className={buttonClasses("ghost", "icon", "xl:hidden")}
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(true)}
        data-testid="menu-button"
      >
        <Icon name="menu" size={22} aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DrawerPanel
            id={drawerId}
            nav={nav}
            user={user}
            home={home}
            onHome={pathname === home}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
