import { useTranslation } from "../i18n/react.tsx";
import { formatCents } from "../../core/money/money.ts";
import type { InstalmentView } from "../../core/orders/schema.ts";
import { Badge } from "./ui/badge.tsx";
import { TableHead } from "./ui/table-head.tsx";

/**
 * A due date in the page's language ("December 25, 2026", "25 décembre 2026"), in UTC unless a time
 * zone is given: formatDay's format, without importing the order sentences' module (and its namespace)
 * into every page that shows a schedule.
 */
export function formatDueDate(iso: string, language: string, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { dateStyle: "long", timeZone }).format(
    new Date(iso),
  );
}

const TONES = {
  paid: "success",
  failed: "danger",
  cancelled: "neutral",
  processing: "warning",
  due: "neutral",
} as const;

/**
 * An order's payment schedule: each payment's amount, date and status (paid, due, failed...). The
 * buyer's pages give the agency's time zone, so that its dates are the ones of the e-mails.
 */
export function ScheduleTable({
  schedule,
  monthly = false,
  timeZone = "UTC",
}: {
  schedule: Array<Pick<InstalmentView, "position" | "amountCents" | "dueAt" | "status">>;
  monthly?: boolean;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation("payments");
  return (
    <div data-testid="payment-schedule">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">{t("schedule.title")}</caption>
        <TableHead
          cellClassName="py-1.5 pr-3 font-medium last:pr-0"
          headings={[t("schedule.number"), t("schedule.amount"), t("schedule.date"), t("schedule.status")]}
        />
        <tbody>
          {schedule.map((entry) => (
            <tr key={entry.position} className="border-t border-border" data-testid="schedule-row">
              <td className="py-2 pr-3 tabular-nums">{entry.position}</td>
              <td className="py-2 pr-3 font-medium whitespace-nowrap tabular-nums">{formatCents(entry.amountCents)}</td>
              <td className="py-2 pr-3">
                <time dateTime={entry.dueAt}>{formatDueDate(entry.dueAt, i18n.language, timeZone)}</time>
              </td>
              <td className="py-2 whitespace-nowrap">
                <Badge tone={TONES[entry.status]}>{t(`schedule.statuses.${entry.status}`)}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {monthly ? <p className="mt-2 text-xs text-muted-foreground">{t("schedule.monthlyNote")}</p> : null}
    </div>
  );
}
