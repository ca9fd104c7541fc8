import { ADMIN_SECTIONS, adminSectionPath, type AdminSection } from "../../../core/admin/sections.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { LocalizedNavLink } from "../../i18n/localized-link.tsx";

/**
 * The links between the dashboard's sections. Each is a page of its own, so these are links (the current
 * one marked with aria-current), not tabs: they work before the page's code has loaded, open in a new tab,
 * and the back button returns to the section before.
 */
export function AdminNav({ pendingTotal }: { pendingTotal: number }) {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("tabsLabel")} className="mb-8 border-b border-border">
      <ul className="flex flex-wrap gap-1">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section}>
            <LocalizedNavLink
              to={adminSectionPath(section)}
              end
              prefetch="intent"
              className="-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-2.5 font-medium text-muted-foreground hover:text-foreground aria-[current=page]:border-primary aria-[current=page]:text-primary"
            >
              {t(`tabs.${section}`)}
              {section === "moderation" ? <PendingBadge count={pendingTotal} /> : null}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PendingBadge({ count }: { count: number }) {
  const { t } = useTranslation("admin");
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-white"
      >
        {count}
      </span>
      <span className="sr-only">({t("moderation.pendingTotal", { count })})</span>
    </>
  );
}

export type { AdminSection };
