import { useState } from "react";
import type { StaffWaitlistEntry } from "../../../core/classes/waitlist-schema.ts";
import type { WaitlistStatus } from "../../../core/classes/waitlist-rules.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { api } from "../../lib/api.ts";

const tone = (status: WaitlistStatus) => (status === "offered" ? "warning" : status === "claimed" ? "success" : status === "waiting" ? "primary" : "neutral");

function dateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";
}

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; entries: StaffWaitlistEntry[] };

/**
 * A class's waiting list for staff, read from GET /api/admin/classes/{id}/waitlist when they open it:
 * queue order with each live entry's place, its status, and until when an offered seat is held.
 */
export function ClassWaitlistPanel({ classId, title }: { classId: number; title: string }) {
  const { t, i18n } = useTranslation("waitlist");
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  async function toggle() {
    if (loaded) return setLoaded(null);
    setLoaded({ state: "loading" });
    try {
      setLoaded({ state: "ready", entries: await api<StaffWaitlistEntry[]>(`/api/admin/classes/${classId}/waitlist`) });
    } catch {
      setLoaded({ state: "failed" });
    }
  }

  return (
    <div className="mt-3" data-testid="admin-class-waitlist">
      <Button size="sm" variant="ghost" aria-expanded={loaded !== null} aria-label={loaded ? undefined : t("admin.showLabel", { title })} onClick={() => void toggle()}>
        <Icon name="clock" aria-hidden="true" className="h-4 w-4" />
        {loaded ? t("admin.hide") : t("admin.show")}
      </Button>
      {loaded?.state === "loading" ? <p className="mt-2 text-sm text-muted-foreground">{t("admin.loading")}</p> : null}
      {loaded?.state === "failed" ? (
        <p className="mt-2 text-sm text-destructive" role="alert">
          {t("admin.loadFailed")}
        </p>
      ) : null}
      {loaded?.state === "ready" && loaded.entries.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">{t("admin.empty")}</p> : null}
      {loaded?.state === "ready" && loaded.entries.length > 0 ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("admin.caption", { title })}</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{t("admin.position")}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t("admin.name")}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t("admin.email")}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t("admin.language")}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t("admin.status")}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t("admin.offeredUntil")}</th>
                <th scope="col" className="py-1 font-medium">{t("admin.joined")}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.entries.map((entry) => (
                <tr key={entry.id} className="border-t border-border">
                  <td className="py-1 pr-3 tabular-nums">{entry.position ?? "–"}</td>
                  <td className="py-1 pr-3">{entry.name}</td>
                  <td className="break-all py-1 pr-3">{entry.email}</td>
                  <td className="py-1 pr-3">{entry.language.toUpperCase()}</td>
                  <td className="py-1 pr-3">
                    <Badge tone={tone(entry.status)}>{t(`admin.statuses.${entry.status}`)}</Badge>
                  </td>
                  <td className="py-1 pr-3">{entry.offeredUntil ? <time dateTime={entry.offeredUntil}>{dateTime(entry.offeredUntil, i18n.language)}</time> : "–"}</td>
                  <td className="py-1">
                    <time dateTime={entry.createdAt}>{dateTime(entry.createdAt, i18n.language)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
