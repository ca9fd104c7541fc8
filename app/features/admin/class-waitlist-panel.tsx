import { useEffect, useId, useState } from "react";
import type { StaffWaitlistEntry } from "../../../core/classes/waitlist-schema.ts";
import type { WaitlistStatus } from "../../../core/classes/waitlist-rules.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { api } from "../../lib/api.ts";

const tone = (status: WaitlistStatus) => (status === "offered" ? "warning" : status === "claimed" ? "success" : status === "waiting" ? "primary" : "neutral");

function dateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";
}

/** A class's waiting list for staff (GET /api/admin/classes/{id}/waitlist): queue order, status, held seats. */
export function ClassWaitlistPanel({ classId }: { classId: number }) {
  const { t, i18n } = useTranslation("waitlist");
  const headingId = useId();
  const [entries, setEntries] = useState<StaffWaitlistEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setEntries(null);
    setFailed(false);
    api<StaffWaitlistEntry[]>(`/api/admin/classes/${classId}/waitlist`)
      .then((list) => current && setEntries(list))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [classId]);

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-white p-5" data-testid="admin-class-waitlist">
      <h3 id={headingId} className="font-semibold">
        {t("admin.title")}
      </h3>
      {failed ? (
        <div className="mt-3">
          <FormAlert message={t("admin.loadFailed")} />
        </div>
      ) : entries === null ? null : entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("admin.empty")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t("admin.position")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("admin.name")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("admin.email")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("admin.language")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("admin.status")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("admin.offeredUntil")}</th>
                <th scope="col" className="py-2 font-medium">{t("admin.joined")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-3 tabular-nums">{entry.position ?? "–"}</td>
                  <td className="py-2 pr-3">{entry.name}</td>
                  <td className="py-2 pr-3">
                    <a className="text-primary underline" href={`mailto:${entry.email}`}>
                      {entry.email}
                    </a>
                  </td>
                  <td className="py-2 pr-3">{entry.language.toUpperCase()}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={tone(entry.status)}>{t(`admin.statuses.${entry.status}`)}</Badge>
                  </td>
                  <td className="py-2 pr-3">{entry.offeredUntil ? <time dateTime={entry.offeredUntil}>{dateTime(entry.offeredUntil, i18n.language)}</time> : "–"}</td>
                  <td className="py-2">
                    <time dateTime={entry.createdAt}>{dateTime(entry.createdAt, i18n.language)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
