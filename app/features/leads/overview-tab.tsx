import { Link } from "react-router";
import type { Lead, LeadStats } from "../../../core/leads/schema.ts";
import { LEAD_SOURCES } from "../../../core/leads/rules.ts";
import { Card } from "../../components/ui/card.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { SyncBadge, leadName, useDateFormat } from "./lead-ui.tsx";

function StatCard({ label, value, hint, id }: { label: string; value: string; hint?: string; id: string }) {
  return (
    <Card className="p-5" data-stat={id}>
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-2 font-display text-3xl font-semibold tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-sm text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

/** Overview: the four cards, the counts per source and the 5 most recent leads (spec 001, section 2). */
export function OverviewTab({
  stats,
  recent,
  language,
  detailHref,
}: {
  stats: LeadStats;
  recent: Lead[];
  language: string;
  detailHref: (id: number) => string;
}) {
  const { t } = useTranslation("leads");
  const formatDate = useDateFormat(language);
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard id="total" label={t("cards.total")} value={String(stats.total)} />
        <StatCard id="new" label={t("cards.new")} value={String(stats.byStatus.new)} hint={t("cards.newHint")} />
        <StatCard id="synced" label={t("cards.synced")} value={String(stats.bySyncStatus.synced)} />
        <StatCard
          id="conversion"
          label={t("cards.conversion")}
          value={t("cards.conversionValue", { rate: stats.conversionRate })}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <Card className="p-6">
          <h2 className="font-display text-xl font-semibold">{t("overview.sources")}</h2>
          <dl className="mt-4 divide-y divide-border">
            {LEAD_SOURCES.map((source) => (
              <div key={source} className="flex justify-between py-2">
                <dt>{t(`source.${source}`)}</dt>
                <dd className="font-semibold tabular-nums">{stats.bySource[source]}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="font-display text-xl font-semibold">{t("overview.recent")}</h2>
          {recent.length === 0 ? (
            <p className="mt-4 text-muted-foreground">{t("overview.noLeads")}</p>
          ) : (
            <ul className="mt-4 divide-y divide-border">
              {recent.map((lead) => (
                <li key={lead.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <Link
                      to={detailHref(lead.id)}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {leadName(lead)}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {t(`source.${lead.leadSource}`)} · {formatDate(lead.createdAt)}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className="text-sm">{t(`status.${lead.leadStatus}`)}</span>
                    <SyncBadge lead={lead} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
