import { useId, useRef, type MouseEvent } from "react";
import { Link } from "react-router";
import { initials } from "../../core/auth/rules.ts";
import type { CurrentUser } from "../../core/auth/schema.ts";
import { Avatar } from "../components/ui/avatar.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { ModalDialog } from "../components/ui/modal-dialog.tsx";
import { useTranslation } from "../i18n/react.tsx";
import { SECTIONS, scrollToSection, type SectionId } from "../components/section-scroll.ts";
import { LanguageSelector } from "../i18n/language-selector.tsx";
import { LocalizedNavLink } from "../i18n/localized-link.tsx";
import { sectionPath, type SiteNav } from "./site-nav.ts";
import { useUserName } from "./user-name.ts";

/** The drawer: a full-height panel on the right of the screen, in the top layer. */
const DRAWER_CLASSES =
  "fixed inset-y-0 left-auto right-0 h-full max-h-none max-w-none w-[min(22rem,90vw)] overflow-y-auto bg-background shadow-2xl outline-none";
const drawerLink =
  "flex h-12 items-center gap-3 rounded-lg px-3 text-base font-medium text-foreground transition-colors hover:bg-muted aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary";
const groupHeading = "mb-1 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground";

export interface DrawerPanelProps {
  id: string;
  nav: SiteNav;
  user: CurrentUser | null;
  /** The home page's address in the language tree being browsed ("/", "/fr"). */
  home: string;
  /** Whether the page shown is the home page, whose sections are scrolled to instead of navigated to. */
  onHome: boolean;
  onClose: () => void;
}

/**
 * The drawer's content, loaded the first time the menu button is pointed at, focused or pressed: most
 * visits never open it. A modal `<dialog>`: the page behind is inert (the focus stays inside), Escape
 * and the backdrop close it, and so does following a link. On the home page a section link closes the
 * drawer and then scrolls (the page cannot scroll while it is open); elsewhere it navigates there.
 */
export default function DrawerPanel({ id, nav, user, home, onHome, onClose }: DrawerPanelProps) {
  const { t } = useTranslation();
  const pendingSection = useRef<SectionId | null>(null);
  const titleId = `${useId()}title`;

  const goToSection = (section: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (onHome && document.getElementById(section)) {
      event.preventDefault();
      pendingSection.current = section;
    }
    onClose();
  };

  return (
    <ModalDialog
      id={id}
      labelledBy={titleId}
      onClose={onClose}
      onClosed={() => {
        const section = pendingSection.current;
        pendingSection.current = null;
        // The focus goes to the section scrolled to instead of back to the menu button.
        return section !== null && scrollToSection(section);
      }}
      className={DRAWER_CLASSES}
    >
      <div className="flex min-h-full flex-col" data-testid="site-drawer">
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-5">
          <h2 id={titleId} className="font-display text-lg font-semibold">
            {t("nav.menuTitle")}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className={buttonClasses("ghost", "icon")}
            aria-label={t("nav.closeMenu")}
          >
            <Icon name="x" size={22} aria-hidden="true" />
          </button>
        </div>

        <DrawerAccount user={user} />

        <nav aria-label={t("nav.mainLabel")} className="px-3 py-4">
          <ul className="space-y-0.5">
            {nav.sections.map((link) => (
              <li key={link.section}>
                <Link to={sectionPath(home, link.section)} onClick={goToSection(link.section)} className={drawerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to={sectionPath(home, SECTIONS.consultation)}
            onClick={goToSection(SECTIONS.consultation)}
            className={buttonClasses("primary", "md", "mt-3 w-full")}
          >
            <Icon name="calendar-check" size={18} aria-hidden="true" />
            {t("nav.bookConsultation")}
          </Link>

          {nav.groups.map((group) => (
            <div
              key={group.id}
              className="mt-4 border-t border-border pt-4"
              role="group"
              aria-labelledby={`${id}${group.id}`}
            >
              <p id={`${id}${group.id}`} className={groupHeading}>
                {group.label}
              </p>
              <ul className="space-y-0.5">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <LocalizedNavLink to={link.to} onClick={onClose} className={drawerLink}>
                      {link.icon ? (
                        <Icon name={link.icon} size={18} aria-hidden="true" className="text-primary" />
                      ) : null}
                      {link.label}
                    </LocalizedNavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <div className="border-t border-border px-5 py-4">
          <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground" aria-hidden="true">
            {t("language.label")}
          </p>
          <LanguageSelector variant="inline" />
        </div>

        <div className="mt-auto border-t border-border p-5">
          {user ? (
            <div className="grid gap-2">
              <LocalizedNavLink
                to="/account/password"
                onClick={onClose}
                className={buttonClasses("ghost", "md", "w-full")}
              >
                <Icon name="key-round" size={18} aria-hidden="true" />
                {t("nav.changePassword")}
              </LocalizedNavLink>
              <a href="/api/logout" className={buttonClasses("outline", "md", "w-full")}>
                <Icon name="log-out" size={18} aria-hidden="true" />
                {t("nav.logout")}
              </a>
            </div>
          ) : (
            <a href="/api/login" className={buttonClasses("primary", "md", "w-full")}>
              <Icon name="log-in" size={18} aria-hidden="true" />
              {t("nav.login")}
            </a>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}

/** The signed-in user's avatar, name and e-mail at the top of the drawer (nothing for visitors). */
function DrawerAccount({ user }: { user: CurrentUser | null }) {
  const name = useUserName(user);
  if (!user) return null;
  return (
    <div className="flex items-center gap-3 border-b border-border px-5 py-4" data-testid="drawer-user">
      <Avatar src={user.profileImageUrl} initials={initials(user)} className="h-11 w-11 text-sm" />
      <div className="min-w-0">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
      </div>
    </div>
  );
}
