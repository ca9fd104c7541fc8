import { forwardRef, type ComponentProps } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { localizedPath, splitLanguagePrefix } from "../../core/i18n/language.ts";

/** The current address prefix (/en, /fr) or null on a plain address. */
export function usePathLanguage() {
  return splitLanguagePrefix(useLocation().pathname).language;
}

/** Turns an internal path into the same page under the current /en or /fr prefix, if any. */
export function useLocalizedPath() {
  const language = usePathLanguage();
  return (path: string) => (path.startsWith("/") ? localizedPath(path, language) : path);
}

/** A Link that keeps the visitor in the language tree they are browsing. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof Link> & { to: string }>(
  function LocalizedLink({ to, ...props }, ref) {
    const localize = useLocalizedPath();
    return <Link ref={ref} to={localize(to)} {...props} />;
  },
);

export const LocalizedNavLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof NavLink> & { to: string }>(
  function LocalizedNavLink({ to, ...props }, ref) {
    const localize = useLocalizedPath();
    return <NavLink ref={ref} to={localize(to)} {...props} />;
  },
);
