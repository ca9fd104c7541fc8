import { useEffect, useId, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useLocation } from "react-router";
import type { CurrentUser } from "../../../core/auth/schema.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import type { BrandIconName } from "../../components/ui/icon-names.ts";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { useRootData } from "../../root.tsx";
import { LanguageSelector } from "../i18n/language-selector.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { DRAWER_CLASSES, DrawerAccount, DrawerSignInOut } from "../layout/nav-bar.tsx";
import { telHref } from "./hero-section.tsx";
import type { HeaderLink } from "./landing-header.tsx";
import { SECTIONS, scrollToSection, sectionHref, type SectionId } from "./section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

const drawerLink = "flex h-12 items-center rounded-lg px-3 text-base font-medium text-foreground transition-colors hover:bg-muted";
const heading = "mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground";

/**
 * The landing header's menu on small screens: the page's sections, Book Consultation, the other pages,
 * language, contact details and social links, and sign in or out. A section link closes the drawer and
 * then scrolls (the page does not scroll while the drawer is open).
 */
export function LandingMobileMenu({
  user,
  name,
  sections,
  pages,
  social,
}: {
  user: CurrentUser | null;
  name: string;
  sections: Array<{ id: SectionId; label: string }>;
  pages: HeaderLink[];
  social: Array<{ href: string; platform: string; icon: BrandIconName }>;
}) {
  const { t } = useTranslation("home");
  const config = useRootData()?.config;
  const company = config?.companyName ?? "Atelier";
  const [open, setOpen] = useState(false);
  const pendingSection = useRef<string | null>(null);
  const { pathname } = useLocation();
  const id = useId();
  const drawerId = `${id}drawer`;
  const titleId = `${id}title`;
  const close = () => setOpen(false);
  // A page link followed inside the drawer, or a language switch to another prefix, closes it.
  useEffect(() => setOpen(false), [pathname]);

  const goTo = (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    pendingSection.current = id;
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        className={buttonClasses("ghost", "icon", "rounded-full xl:hidden")}
        aria-label={t("common:nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" size={22} aria-hidden="true" />
      </button>
      {open ? (
        <ModalDialog
          id={drawerId}
          labelledBy={titleId}
          onClose={close}
          onClosed={() => {
            const section = pendingSection.current;
            pendingSection.current = null;
            // Focus goes to the section instead of back to the menu button.
            return section !== null && scrollToSection(section);
          }}
          className={DRAWER_CLASSES}
        >
          <div className="flex min-h-full flex-col">
            <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-5">
              <h2 id={titleId} className="font-display text-lg font-semibold">
                {t("common:nav.menuTitle")}
              </h2>
              <button type="button" onClick={close} className={buttonClasses("ghost", "icon", "rounded-full")} aria-label={t("common:nav.closeMenu")}>
                <Icon name="x" size={22} aria-hidden="true" />
              </button>
            </div>

            <DrawerAccount user={user} name={name} />

            <nav aria-label={t("header.sectionsLabel")} className="px-3 pt-4">
              <ul className="space-y-1">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a href={sectionHref(section.id)} onClick={goTo(section.id)} className={drawerLink}>
                      {section.label}
                    </a>
                  </li>
                ))}
              </ul>
              <a href={sectionHref(SECTIONS.consultation)} onClick={goTo(SECTIONS.consultation)} className={buttonClasses("primary", "md", "mt-3 w-full rounded-full")}>
                <Icon name="calendar-check" size={18} aria-hidden="true" />
                {t("header.bookConsultation")}
              </a>
            </nav>

            {pages.length > 0 ? (
              <nav aria-label={t("header.moreLabel")} className="mt-4 border-t border-border px-3 py-4">
                <ul className="space-y-1">
                  {pages.map((page) => (
                    <li key={page.to}>
                      <LocalizedLink to={page.to} onClick={close} className={drawerLink}>
                        {page.label}
                      </LocalizedLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}

            <div className="border-t border-border px-5 py-4">
              <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground" aria-hidden="true">
                {t("common:language.label")}
              </p>
              <LanguageSelector variant="inline" />
            </div>

            {config ? (
              <div className="border-t border-border px-2 py-4">
                <p className={heading}>{t("header.contactDetails")}</p>
                <ul className="space-y-1 text-sm">
                  <li>
                    <a href={`mailto:${config.companyEmail}`} className="flex min-h-11 items-center gap-3 rounded-lg px-3 break-all hover:bg-muted">
                      <Icon name="mail" size={18} aria-hidden="true" className="shrink-0 text-primary" />
                      <span className="sr-only">{t("common:footer.email")}: </span>
                      {config.companyEmail}
                    </a>
                  </li>
                  <li>
                    <a href={telHref(config.companyPhone)} className="flex min-h-11 items-center gap-3 rounded-lg px-3 hover:bg-muted">
                      <Icon name="phone" size={18} aria-hidden="true" className="shrink-0 text-primary" />
                      <span className="sr-only">{t("common:footer.phone")}: </span>
                      {config.companyPhone}
                    </a>
                  </li>
                </ul>
                <ul className="mt-3 flex gap-2 px-3">
                  {social.map(({ href, platform, icon }) => (
                    <li key={platform}>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-border text-foreground transition-colors hover:bg-muted"
                      >
                        <Icon name={icon} size={18} />
                        <span className="sr-only">
                          {t("common:footer.socialLink", { company, platform })} {t("common:footer.newTab")}
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            <DrawerSignInOut user={user} />
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}
