import { useEffect, useId, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useLocation } from "react-router";
import { displayName, initials, isStaff } from "../../../core/auth/rules.ts";
import type { CurrentUser } from "../../../core/auth/schema.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { useRootData } from "../../root.tsx";
import { LanguageSelector } from "../i18n/language-selector.tsx";
import { LocalizedLink, LocalizedNavLink } from "../i18n/localized-link.tsx";
import { BrandMark } from "./brand-mark.tsx";
import { CartBadge } from "./cart-badge.tsx";
import { useCartSummary } from "./cart-summary.ts";

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/** Home, Contact, About, Blog for everyone; Leads and Admin for signed-in staff. */
function useNavItems(user: CurrentUser | null): NavItem[] {
  const { t } = useTranslation();
  const items: NavItem[] = [
    { to: "/", label: t("nav.home"), end: true },
    { to: "/contact", label: t("nav.contact") },
    { to: "/about", label: t("nav.about") },
    { to: "/posts", label: t("nav.blog") },
  ];
  if (user && isStaff(user.role)) items.push({ to: "/leads", label: t("nav.leads") }, { to: "/admin", label: t("nav.admin") });
  return items;
}

/** The name shown for the signed-in user: first name, else the e-mail's local part, else "User". */
export function useUserName(user: CurrentUser | null): string {
  const { t } = useTranslation();
  return displayName(user) ?? t("nav.defaultUser");
}

/** The sticky navigation bar of every public page (spec document 000, "App navigation bar"). */
export function NavBar() {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user ?? null;
  const companyName = root?.config.companyName ?? "Atelier";
  const items = useNavItems(user);
  const name = useUserName(user);
  const cart = useCartSummary();

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <LocalizedLink to="/" className="flex items-center gap-2.5 rounded-md" aria-label={t("nav.brandHome", { company: companyName })}>
          <BrandMark />
          <span className="font-display text-xl font-semibold tracking-tight">{companyName}</span>
        </LocalizedLink>

        <nav aria-label={t("nav.mainLabel")} className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <LocalizedNavLink
                  to={item.to}
                  end={item.end}
                  className="relative rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:text-foreground aria-[current=page]:after:absolute aria-[current=page]:after:inset-x-3 aria-[current=page]:after:-bottom-[13px] aria-[current=page]:after:h-0.5 aria-[current=page]:after:rounded-full aria-[current=page]:after:bg-primary"
                >
                  {item.label}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageSelector />
          <CartBadge count={cart.count} totalCents={cart.totalCents} />
          <AccountActions user={user} name={name} className="hidden lg:flex" />
          <MobileMenu items={items} user={user} name={name} />
        </div>
      </div>
    </header>
  );
}

/** The drawer of small screens: links, language, account (with the e-mail) and sign in or out. */
function MobileMenu({ items, user, name }: { items: NavItem[]; user: CurrentUser | null; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const id = useId();
  const drawerId = `${id}drawer`;
  const titleId = `${id}title`;
  // A link followed inside the drawer, or a language switch to another prefix, closes it.
  useEffect(() => setOpen(false), [pathname]);
  const close = () => setOpen(false);

  return (
    <>
      <button
        type="button"
        className={buttonClasses("ghost", "icon", "rounded-full lg:hidden")}
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" size={22} />
      </button>
      {open ? (
        <ModalDialog id={drawerId} labelledBy={titleId} onClose={close} className={DRAWER_CLASSES}>
          <div className="flex min-h-full flex-col">
            <div className="flex h-16 items-center justify-between border-b border-border px-5">
              <h2 id={titleId} className="font-display text-lg font-semibold">
                {t("nav.menuTitle")}
              </h2>
              <button type="button" onClick={close} className={buttonClasses("ghost", "icon", "rounded-full")} aria-label={t("nav.closeMenu")}>
                <Icon name="x" size={22} />
              </button>
            </div>

            <DrawerAccount user={user} name={name} />

            <nav aria-label={t("nav.mainLabel")} className="px-3 py-4">
              <ul className="space-y-1">
                {items.map((item) => (
                  <li key={item.to}>
                    <LocalizedNavLink
                      to={item.to}
                      end={item.end}
                      onClick={close}
                      className="flex h-12 items-center rounded-lg px-3 text-base font-medium text-foreground transition-colors hover:bg-muted aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary"
                    >
                      {item.label}
                    </LocalizedNavLink>
                  </li>
                ))}
              </ul>
            </nav>

            <div className="border-t border-border px-5 py-4">
              <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground" aria-hidden="true">
                {t("language.label")}
              </p>
              <LanguageSelector variant="inline" />
            </div>

            <DrawerSignInOut user={user} />
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}

/** The drawers of small screens: a full-height panel on the right of the screen. */
export const DRAWER_CLASSES = "fixed inset-y-0 left-auto right-0 h-full max-h-none max-w-none w-[min(22rem,90vw)] overflow-y-auto bg-background shadow-2xl outline-none";

/** Wide screens: the signed-in user's avatar, name and Logout, or the Login button. */
export function AccountActions({ user, name, className }: { user: CurrentUser | null; name: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn("items-center gap-2", className)}>
      {user ? (
        <>
          <span className="flex items-center gap-2 pl-2" data-testid="nav-user">
            <Avatar src={user.profileImageUrl} initials={initials(user)} />
            <span className="max-w-[9rem] truncate text-sm font-medium">{name}</span>
          </span>
          <a href="/api/logout" className={buttonClasses("ghost", "sm", "text-muted-foreground hover:text-foreground")}>
            <Icon name="log-out" size={16} />
            {t("nav.logout")}
          </a>
        </>
      ) : (
        <a href="/api/login" className={buttonClasses("primary", "sm", "rounded-full px-4")}>
          <Icon name="log-in" size={16} />
          {t("nav.login")}
        </a>
      )}
    </div>
  );
}

/** The drawer's account block: avatar, name and e-mail of the signed-in user (nothing for visitors). */
export function DrawerAccount({ user, name }: { user: CurrentUser | null; name: string }) {
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

/** The drawer's last block: Logout for the signed-in user, Login for visitors. */
export function DrawerSignInOut({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  return (
    <div className="mt-auto border-t border-border p-5">
      {user ? (
        <a href="/api/logout" className={buttonClasses("outline", "md", "w-full")}>
          <Icon name="log-out" size={18} />
          {t("nav.logout")}
        </a>
      ) : (
        <a href="/api/login" className={buttonClasses("primary", "md", "w-full")}>
          <Icon name="log-in" size={18} />
          {t("nav.login")}
        </a>
      )}
    </div>
  );
}
