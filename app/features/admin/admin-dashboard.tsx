import { Tabs } from "radix-ui";
import { Suspense, type ReactNode } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useSearchParams } from "react-router";

export interface DashboardTab {
  /** Stable id, also used in the address (?tab=moderation). */
  id: string;
  label: ReactNode;
  /** A count shown beside the label (pending items), hidden when 0. */
  badge?: number;
  badgeLabel?: string;
  content: ReactNode;
}

/** The staff dashboard's accessible tabs (arrow keys move between them); the open tab is kept in the address. */
export function AdminDashboard({ tabs }: { tabs: DashboardTab[] }) {
  const { t } = useTranslation("admin");
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const value = tabs.some((tab) => tab.id === requested) ? requested! : tabs[0].id;

  return (
    <Tabs.Root
      value={value}
      onValueChange={(next) =>
        setSearchParams(
          (current) => {
            const params = new URLSearchParams(current);
            if (next === tabs[0].id) params.delete("tab");
            else params.set("tab", next);
            return params;
          },
          { replace: true, preventScrollReset: true },
        )
      }
    >
      <Tabs.List aria-label={t("tabsLabel")} className="mb-8 flex flex-wrap gap-1 border-b border-border">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.id}
            value={tab.id}
            className="-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-2.5 font-medium text-muted-foreground hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-primary"
          >
            {tab.label}
            {tab.badge ? (
              <>
                <span
                  aria-hidden="true"
                  className="inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-white"
                >
                  {tab.badge}
                </span>
                {tab.badgeLabel ? <span className="sr-only">({tab.badgeLabel})</span> : null}
              </>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.id} value={tab.id} className="focus-visible:outline-none">
          {/* A section whose code is still loading says so, in place of its content. */}
          <Suspense
            fallback={
              <p role="status" className="py-10 text-center text-muted-foreground">
                {t("loadingSection")}
              </p>
            }
          >
            {tab.content}
          </Suspense>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
