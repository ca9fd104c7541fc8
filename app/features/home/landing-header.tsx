import { useTranslation } from "../../i18n/react.tsx";
import { isStaff } from "../../../core/auth/rules.ts";
import type { CurrentUser } from "../../../core/auth/schema.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { useRootData, type RootData } from "../../root.tsx";
import { LanguageSelector } from "../i18n/language-selector.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { BrandMark } from "../layout/brand-mark.tsx";
import { CartBadge } from "../layout/cart-badge.tsx";
import { useCartSummary } from "../layout/cart-summary.ts";
import { AccountActions, useUserName } from "../layout/nav-bar.tsx";
import { telHref } from "./hero-section.tsx";
import { LandingMobileMenu } from "./landing-mobile-menu.tsx";
import { SECTIONS, sectionHref, type SectionId } from "./section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

export interface HeaderLink {
  to: string;
  label: string;
}

/** The sections the header scrolls to (spec 000, section 2 "Landing header"), in page order. */
export function useHeaderSections(): Array<{ id: SectionId; label: string }> {
  const { t } = useTranslation("home");
  return [
    { id: SECTIONS.home, label: t("header.home") },
    { id: SECTIONS.about, label: t("header.about") },
    { id: SECTIONS.services, label: t("header.services") },
    { id: SECTIONS.contact, label: t("header.contact") },
  ];
}

/** The other pages the navigation bar offers: the blog for everyone; Call Logs, Leads and Admin for staff. */
export function usePageLinks(user: CurrentUser | null): { pages: HeaderLink[]; staff: HeaderLink[] } {
  const { t } = useTranslation();
  const staff = user && isStaff(user.role);
  return {
    pages: [{ to: "/posts", label: t("nav.blog") }],
    staff: staff
      ? [
          { to: "/calls", label: t("home:header.callLogs") },
          { to: "/leads", label: t("nav.leads") },
          { to: "/admin", label: t("nav.admin") },
        ]
      : [],
  };
}

/** The company's social pages, from configuration. */
export function socialLinks(config: RootData["config"] | undefined) {
  if (!config) return [];
  return [
    { href: config.social.facebook, platform: "Facebook", icon: "facebook" as const },
    { href: config.social.instagram, platform: "Instagram", icon: "instagram" as const },
    { href: config.social.tiktok, platform: "TikTok", icon: "tiktok" as const },
  ];
}

const utilityLink = "inline-flex items-center gap-1.5 whitespace-nowrap rounded-sm text-muted-foreground transition-colors hover:text-foreground";

/**
 * The home page's header, in place of the navigation bar (spec 000, section 2 "Landing header"). On
 * wide screens (1280 px and more) a contact strip (e-mail, phone, social links, staff pages, account) scrolls away and the
 * bar below it stays at the top: section links, language, cart and Book Consultation. Small screens
 * get the same through the menu.
 */
export function LandingHeader() {
  const { t } = useTranslation("home");
  const root = useRootData();
  const user = root?.user ?? null;
  const config = root?.config;
  const companyName = config?.companyName ?? "Atelier";
  const name = useUserName(user);
  const cart = useCartSummary();
  const sections = useHeaderSections();
  const { pages, staff } = usePageLinks(user);
  const social = socialLinks(config);

  return (
    <header className="sticky top-0 z-40 xl:-top-10" data-testid="landing-header">
      <div className="hidden h-10 border-b border-border bg-muted text-sm xl:block">
        <div className="mx-auto flex h-full max-w-6xl items-center gap-5 px-4 sm:px-6">
          {config ? (
            <ul aria-label={t("header.contactDetails")} className="flex items-center gap-5">
              <li>
                <a href={`mailto:${config.companyEmail}`} className={utilityLink} aria-label={t("header.emailLabel", { email: config.companyEmail })}>
                  <Icon name="mail" size={15} aria-hidden="true" />
                  {config.companyEmail}
                </a>
              </li>
              <li>
                <a href={telHref(config.companyPhone)} className={utilityLink} aria-label={t("header.phoneLabel", { phone: config.companyPhone })}>
                  <Icon name="phone" size={15} aria-hidden="true" />
                  {config.companyPhone}
                </a>
              </li>
            </ul>
          ) : null}
          <ul className="flex items-center gap-1">
            {social.map(({ href, platform, icon }) => (
              <li key={platform}>
                <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex h-8 w-8 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-white hover:text-foreground">
                  <Icon name={icon} size={15} />
                  <span className="sr-only">
                    {t("common:footer.socialLink", { company: companyName, platform })} {t("common:footer.newTab")}
                  </span>
                </a>
              </li>
            ))}
          </ul>
          {staff.length > 0 ? (
            <nav aria-label={t("header.staffLabel")} className="ml-auto">
              <ul className="flex items-center gap-4">
                {staff.map((link) => (
                  <li key={link.to}>
                    <LocalizedLink to={link.to} className={`${utilityLink} font-medium`}>
                      {link.label}
                    </LocalizedLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <AccountActions user={user} name={name} className={staff.length > 0 ? "flex" : "ml-auto flex"} />
        </div>
      </div>

      <div className="border-b border-border/80 bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <LocalizedLink to="/" className="flex items-center gap-2.5 rounded-md" aria-label={t("common:nav.brandHome", { company: companyName })}>
            <BrandMark />
            <span className="font-display text-xl font-semibold tracking-tight">{companyName}</span>
          </LocalizedLink>

          <nav aria-label={t("common:nav.mainLabel")} className="ml-4 hidden xl:block">
            <ul className="flex items-center gap-1">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={sectionHref(section.id)} className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground">
                    {section.label}
                  </a>
                </li>
              ))}
              {pages.map((page) => (
                <li key={page.to}>
                  <LocalizedLink to={page.to} className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground">
                    {page.label}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <LanguageSelector />
            <CartBadge count={cart.count} totalCents={cart.totalCents} />
            <span className="ml-1 hidden sm:inline-flex">
              <a href={sectionHref(SECTIONS.consultation)} className={buttonClasses("primary", "sm", "h-9 whitespace-nowrap rounded-full px-4")}>
                <Icon name="calendar-check" size={16} aria-hidden="true" />
                {t("header.bookConsultation")}
              </a>
            </span>
            <LandingMobileMenu user={user} name={name} sections={sections} pages={[...pages, ...staff]} social={social} />
          </div>
        </div>
      </div>
    </header>
  );
}
