import type { StaffWaitlistEntry } from "../../../core/classes/waitlist-schema.ts";
import type { WaitlistStatus } from "../../../core/classes/waitlist-rules.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { OnDemandTable } from "./on-demand-table.tsx";

const tone = (status: WaitlistStatus) =>
  status === "offered" ? "warning" : status === "claimed" ? "success" : status === "waiting" ? "primary" : "neutral";

function dateTime(iso: string, language: string): string {
  return (
    new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
    }).format(new Date(iso)) + " UTC"
  );
}

/**
 * A class's waiting list for staff, read from GET /api/admin/classes/{id}/waitlist when they open it:
 * queue order with each live entry's place, its status, and until when an offered seat is held.
 */
export function ClassWaitlistPanel({ classId, title }: { classId: number; title: string }) {
  const { t, i18n } = useTranslation("waitlist");
  return (
    <OnDemandTable<StaffWaitlistEntry>
      url={`/api/admin/classes/${classId}/waitlist`}
      icon="clock"
      testId="admin-class-waitlist"
      texts={{
        show: t("admin.show"),
        hide: t("admin.hide"),
        showLabel: t("admin.showLabel", { title }),
        loading: t("admin.loading"),
        failed: t("admin.loadFailed"),
        empty: t("admin.empty"),
        caption: t("admin.caption", { title }),
      }}
      columns={[
        { header: t("admin.position"), cell: (entry) => entry.position ?? "–", className: "tabular-nums" },
        { header: t("admin.name"), cell: (entry) => entry.name },
        { header: t("admin.email"), cell: (entry) => entry.email, className: "break-all" },
        { header: t("admin.language"), cell: (entry) => entry.language.toUpperCase() },
        {
          header: t("admin.status"),
          cell: (entry) => <Badge tone={tone(entry.status)}>{t(`admin.statuses.${entry.status}`)}</Badge>,
        },
        {
          header: t("admin.offeredUntil"),
          cell: (entry) =>
            entry.offeredUntil ? (
              <time dateTime={entry.offeredUntil}>{dateTime(entry.offeredUntil, i18n.language)}</time>
            ) : (
              "–"
            ),
        },
        {
          header: t("admin.joined"),
          cell: (entry) => <time dateTime={entry.createdAt}>{dateTime(entry.createdAt, i18n.language)}</time>,
        },
      ]}
    />
  );
}
