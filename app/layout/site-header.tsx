import { Link, useLocation } from "react-router";
import { initials } from "../../core/auth/rules.ts";
import type { CurrentUser } from "../../core/auth/schema.ts";
import { Avatar } from "../components/ui/avatar.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { PopoverMenu, menuItemClasses } from "../components/ui/popover-menu.tsx";
import { useTranslation } from "../i18n/react.tsx";
import { cn } from "../lib/cn.ts";
import { useRootData } from "../root-data.ts";
import { SECTIONS } from "../components/section-scroll.ts";
import { LanguageSelector } from "../i18n/language-selector.tsx";
import { LocalizedLink, LocalizedNavLink, useLocalizedPath } from "../i18n/localized-link.tsx";
import { BrandMark } from "./brand-mark.tsx";
import { CartBadge } from "./cart-badge.tsx";
import { useCartSummary } from "./cart-summary.ts";
import { SiteDrawer } from "./site-drawer.tsx";
import { sectionPath, useSiteNav, type NavGroup } from "./site-nav.ts";
import { useUserName } from "./user-name.ts";

/** A link or menu button of the bar; the bar shows from Tailwind's xl (1280 px), below it the drawer does. */
const barLink =
  "relative inline-flex h-10 items-center gap-1 whitespace-nowrap rounded-full px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground aria-[current=page]:text-foreground data-[state=open]:bg-muted data-[state=open]:text-foreground";

/**
 * The header of every page, the home page included (spec 000, "App navigation bar" and "Landing
 * header"): brand, the home page's sections, the grouped pages, language, cart with count and total,
 * Book Consultation, and sign in or the signed-in account with Logout. Below 1280 px the links and the
 * account move into one drawer; language, cart and the menu button stay.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user ?? null;
  const companyName = root?.config.companyName ?? "Atelier";
  const nav = useSiteNav(user);
  const cart = useCartSummary();
  const localize = useLocalizedPath();
  const home = localize("/");

  return (
    <header
      className="sticky top-0 z-40 print:hidden border-b border-border/80 bg-background/95 backdrop-blur-md supports-[backdrop-filter]:bg-background/80"
      data-testid="site-header"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <LocalizedLink
          to="/"
          className="flex shrink-0 items-center gap-2.5 rounded-md"
          aria-label={t("nav.brandHome", { company: companyName })}
        >
          <BrandMark />
          <span className="font-display text-xl font-semibold tracking-tight">{companyName}</span>
        </LocalizedLink>

        <nav aria-label={t("nav.mainLabel")} className="ml-4 hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {nav.sections.map((link) => (
              <li key={link.section}>
                {/* The home page scrolls to its sections itself (with the header's offset); elsewhere this is a navigation. */}
                <Link to={sectionPath(home, link.section)} className={barLink}>
                  {link.label}
                </Link>
              </li>
            ))}
            {nav.groups
              .filter((group) => group.id !== "staff")
              .map((group) => (
                <li key={group.id}>
                  <NavGroupMenu group={group} />
                </li>
              ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-1.5">
          {/* From 1280 px the bar holds every link; until 1536 px the flag alone names the language. */}
          <LanguageSelector nameClassName="xl:max-2xl:sr-only" />
          <CartBadge count={cart.count} totalCents={cart.totalCents} />
          <Link
            to={sectionPath(home, SECTIONS.consultation)}
            className={buttonClasses("primary", "sm", "ml-1 hidden whitespace-nowrap md:inline-flex")}
          >
            <Icon name="calendar-check" size={16} aria-hidden="true" />
            {t("nav.bookConsultation")}
          </Link>
          <AccountActions
            user={user}
            staff={nav.groups.find((group) => group.id === "staff")}
            className="hidden xl:flex"
          />
          <SiteDrawer nav={nav} user={user} />
        </div>
      </div>
    </header>
  );
}

/** A group of pages: a menu when it holds several, a plain link when it holds one. */
function NavGroupMenu({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const localize = useLocalizedPath();
  if (group.links.length === 1) {
    const [link] = group.links;
    return (
      <LocalizedNavLink to={link.to} className={barLink}>
        {link.label}
      </LocalizedNavLink>
    );
  }
  const current = group.links.some((link) => pathname.startsWith(localize(link.to)));
  return (
    <PopoverMenu
      label={group.label}
      triggerClassName={cn(barLink, current && "text-foreground")}
      className="min-w-52"
      trigger={
        <>
          {group.label}
          <Icon name="chevron-down" size={14} aria-hidden="true" className="text-muted-foreground" />
        </>
      }
    >
      {group.links.map((link) => (
        <LocalizedNavLink
          key={link.to}
          to={link.to}
          role="menuitem"
          tabIndex={-1}
          className={cn(menuItemClasses, "aria-[current=page]:font-semibold")}
        >
          {link.icon ? <Icon name={link.icon} size={16} aria-hidden="true" className="text-primary" /> : null}
          {link.label}
        </LocalizedNavLink>
      ))}
    </PopoverMenu>
  );
}

/**
 * Wide screens: the Login link, or the signed-in user's menu (avatar; name and e-mail, the staff pages
 * for staff, Logout), which keeps the bar the same width whoever is signed in.
 */
function AccountActions({
  user,
  staff,
  className,
}: {
  user: CurrentUser | null;
  staff: NavGroup | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const name = useUserName(user);
  if (!user) {
    return (
      <a href="/api/login" className={buttonClasses("outline", "sm", cn("ml-1", className))}>
        <Icon name="log-in" size={16} aria-hidden="true" />
        {t("nav.login")}
      </a>
    );
  }
  return (
    <div className={cn("ml-1 items-center", className)}>
      <PopoverMenu
        align="end"
        label={t("nav.account")}
        triggerClassName="inline-flex h-10 items-center gap-1.5 rounded-full pl-1 pr-2 transition-colors hover:bg-muted data-[state=open]:bg-muted"
        triggerProps={{ "aria-label": t("nav.accountOf", { name }) }}
        className="w-64"
        trigger={
          <>
            <span data-testid="nav-user" className="inline-flex">
              <Avatar src={user.profileImageUrl} initials={initials(user)} />
            </span>
            <Icon name="chevron-down" size={14} aria-hidden="true" className="text-muted-foreground" />
          </>
        }
      >
        <div aria-hidden="true" className="border-b border-border px-3 pb-2.5 pt-1.5" data-testid="account-summary">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
        {staff ? (
          <div role="group" aria-label={staff.label} className="border-b border-border py-1">
            {staff.links.map((link) => (
              <LocalizedNavLink
                key={link.to}
                to={link.to}
                role="menuitem"
                tabIndex={-1}
                className={cn(menuItemClasses, "aria-[current=page]:font-semibold")}
              >
                {link.icon ? <Icon name={link.icon} size={16} aria-hidden="true" className="text-primary" /> : null}
                {link.label}
              </LocalizedNavLink>
            ))}
          </div>
        ) : null}
        <LocalizedNavLink
          to="/account/password"
          role="menuitem"
          tabIndex={-1}
          className={cn(menuItemClasses, "mt-1 aria-[current=page]:font-semibold")}
        >
          <Icon name="key-round" size={16} aria-hidden="true" className="text-muted-foreground" />
          {t("nav.changePassword")}
        </LocalizedNavLink>
        <a href="/api/logout" role="menuitem" tabIndex={-1} className={menuItemClasses}>
          <Icon name="log-out" size={16} aria-hidden="true" className="text-muted-foreground" />
          {t("nav.logout")}
        </a>
      </PopoverMenu>
    </div>
  );
}
