import { isStaff } from "../../core/auth/rules.ts";
import type { CurrentUser } from "../../core/auth/schema.ts";
import type { IconName } from "../components/ui/icon-names.ts";
import { useTranslation } from "../i18n/react.tsx";
import { SECTIONS, type SectionId } from "../components/section-scroll.ts";

/** A link of the header: a section of the home page (scrolled to from any page), or a page. */
export type NavLink =
  | { kind: "section"; section: SectionId; label: string }
  | { kind: "page"; to: string; label: string; icon?: IconName };

/** A group of page links: a menu on wide screens, a headed list in the drawer, a plain link when it holds one page. */
export interface NavGroup {
  id: "learn" | "explore" | "staff";
  label: string;
  links: Array<Extract<NavLink, { kind: "page" }>>;
}

export interface SiteNav {
  sections: Array<Extract<NavLink, { kind: "section" }>>;
  groups: NavGroup[];
}

/**
 * Pages the specification names in the navigation that do not exist yet. They stay in the model, so
 * that the header's order and grouping are decided once, and are left out until their route ships:
 * remove a path from here when its page lands.
 */
export const UNBUILT_PAGES: ReadonlySet<string> = new Set(["/calls"]);

/**
 * The one navigation of the site (spec 000, "App navigation bar" and "Landing header"): Home, About,
 * Services and Contact lead to the home page's sections; the other pages are grouped so that the bar
 * fits: Learn (Blog, Tutorials, Classes), Explore (Portfolio, Reviews, Hot Deals), and for signed-in
 * staff only, Admin, Leads and Call Logs.
 */
export function useSiteNav(user: CurrentUser | null): SiteNav {
  const { t } = useTranslation();
  const page = (to: string, label: string, icon?: IconName) => ({ kind: "page" as const, to, label, icon });
  const groups: NavGroup[] = [
    {
      id: "learn",
      label: t("nav.learn"),
      links: [
        page("/posts", t("nav.blog"), "newspaper"),
        page("/tutorials", t("nav.tutorials")),
        page("/classes", t("nav.classes")),
      ],
    },
    {
      id: "explore",
      label: t("nav.explore"),
      links: [
        page("/media", t("nav.portfolio")),
        page("/testimonials", t("nav.reviews"), "star"),
        page("/hot-deals", t("nav.hotDeals"), "flame"),
      ],
    },
  ];
  if (user && isStaff(user.role)) {
    groups.push({
      id: "staff",
      label: t("nav.staff"),
      links: [
        page("/admin", t("nav.admin"), "lock"),
        page("/leads", t("nav.leads")),
        page("/calls", t("nav.callLogs")),
      ],
    });
  }
  return {
    sections: [
      { kind: "section", section: SECTIONS.home, label: t("nav.home") },
      { kind: "section", section: SECTIONS.about, label: t("nav.about") },
      { kind: "section", section: SECTIONS.services, label: t("nav.services") },
      { kind: "section", section: SECTIONS.contact, label: t("nav.contact") },
    ],
    groups: groups
      .map((group) => ({ ...group, links: group.links.filter((link) => !UNBUILT_PAGES.has(link.to)) }))
      .filter((group) => group.links.length > 0),
  };
}

/** The address of a home page section from any page, in the language tree being browsed ("/fr#about"). */
export function sectionPath(localizedHome: string, section: SectionId): string {
  return section === SECTIONS.home ? localizedHome : `${localizedHome}#${section}`;
}
