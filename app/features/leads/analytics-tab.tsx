import type { LeadStats } from "../../../core/leads/schema.ts";
import { LEAD_SOURCES, LEAD_STATUSES } from "../../../core/leads/rules.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { BarChart } from "./bar-chart.tsx";

// Colours with at least 3:1 contrast against the white card, one per value.
const STATUS_COLORS: Record<string, string> = {
  new: "#2563eb",
  contacted: "#b45309",
  qualified: "#7c3aed",
  converted: "#15803d",
};
const SOURCE_COLORS: Record<string, string> = {
  contact_form: "#0f766e",
  consultation: "#9333ea",
  chatbot: "#c2410c",
  phone_call: "#1d4ed8",
};

/** Analytics: the status distribution and the counts per source as bars. */
export function AnalyticsTab({ stats }: { stats: LeadStats }) {
  const { t } = useTranslation("leads");
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BarChart
        title={t("analytics.statusTitle")}
        bars={LEAD_STATUSES.map((status) => ({
          key: status,
          label: t(`status.${status}`),
          count: stats.byStatus[status],
        }))}
        colorOf={(key) => STATUS_COLORS[key]}
      />
      <BarChart
        title={t("analytics.sourceTitle")}
        bars={LEAD_SOURCES.map((source) => ({
          key: source,
          label: t(`source.${source}`),
          count: stats.bySource[source],
        }))}
        colorOf={(key) => SOURCE_COLORS[key]}
      />
    </div>
  );
}
