import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { Lead, LeadStatus, SyncStatus } from "../../../core/leads/schema.ts";
import { LEAD_STATUSES } from "../../../core/leads/rules.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { toast } from "../../components/ui/toast.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError, api } from "../../lib/api.ts";

export const selectClasses =
  "h-10 w-full rounded-lg border border-border bg-white px-3 text-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30";

/** The name staff know a lead by: first and last name, else the e-mail or phone it came with. */
export function leadName(lead: Pick<Lead, "firstName" | "lastName" | "email" | "phone">): string {
  return `${lead.firstName} ${lead.lastName}`.trim() || lead.email || lead.phone || "—";
}

const SYNC_TONES: Record<SyncStatus, "warning" | "success" | "danger"> = {
  pending: "warning",
  synced: "success",
  failed: "danger",
};

/** The CRM sync badge: pending, synced (with the CRM) or failed. */
export function SyncBadge({ lead }: { lead: Pick<Lead, "syncStatus" | "crmSystem"> }) {
  const { t } = useTranslation("leads");
  return (
    <Badge tone={SYNC_TONES[lead.syncStatus]} data-sync-status={lead.syncStatus}>
      {t(`sync.${lead.syncStatus}`)}
      {lead.crmSystem ? <span className="ml-1 font-normal">· {t(`crm.${lead.crmSystem}`)}</span> : null}
    </Badge>
  );
}

/** One formatter per language, made once: building one cost more than formatting, and every row of the desk asked. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function useDateFormat(language: string) {
  const locale = language === "fr" ? "fr-FR" : "en-US";
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    dateFormats.set(locale, format);
  }
  const formatter = format;
  return (iso: string) => formatter.format(new Date(iso));
}

/**
 * The two actions on a lead, with the specification's toasts: a status change ("Lead Updated" /
 * "Update Failed") and a sync to the default CRM ("Sync Successful" / "Sync Failed"). The page is
 * reloaded after each, and again every few seconds while a queued sync has not reported.
 */
export function useLeadActions(leadsOnScreen: ReadonlyArray<Pick<Lead, "syncStatus" | "crmSystem">>) {
  const { t } = useTranslation("leads");
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | null>(null);
  const [watching, setWatching] = useState(false);
  const waiting = watching && leadsOnScreen.some((lead) => lead.syncStatus === "pending" && lead.crmSystem);

  useEffect(() => {
    if (!waiting) return;
    let rounds = 0;
    const timer = setInterval(() => {
      // Bounded: a CRM that keeps failing is retried for minutes; the badge is read again on the next visit.
      if (++rounds > 60) setWatching(false);
      else if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  const setStatus = useCallback(
    async (lead: Lead, status: LeadStatus): Promise<boolean> => {
      setBusy(lead.id);
      try {
        const updated = await api<Lead>(`/api/leads/${lead.id}`, { method: "PATCH", json: { leadStatus: status } });
        toast.success(t("toast.updated"), {
          description: t("toast.updatedDescription", { name: leadName(lead), status: t(`status.${status}`) }),
        });
        if (updated.syncStatus === "pending" && updated.crmSystem) setWatching(true);
        await revalidator.revalidate();
        return true;
      } catch (error) {
        toast.error(t("toast.updateFailed"), {
          description: error instanceof ApiError ? error.message : t("toast.updateFailedFallback"),
        });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [revalidator, t],
  );

  const sync = useCallback(
    async (lead: Lead) => {
      setBusy(lead.id);
      try {
        const queued = await api<{ crmSystem: string }>(`/api/leads/${lead.id}/sync`, { method: "POST", json: {} });
        toast.success(t("toast.syncSuccess"), {
          description: t("toast.syncQueued", { crm: t(`crm.${queued.crmSystem}`) }),
        });
        setWatching(true);
        await revalidator.revalidate();
      } catch (error) {
        toast.error(t("toast.syncFailed"), {
          description: error instanceof ApiError ? error.message : t("toast.syncFailedFallback"),
        });
      } finally {
        setBusy(null);
      }
    },
    [revalidator, t],
  );

  return { setStatus, sync, busy };
}

/** The editable status of a lead: the choice shows at once, and goes back if the server refuses it. */
export function StatusSelect({
  lead,
  onChange,
  disabled,
  id,
}: {
  lead: Lead;
  onChange: (status: LeadStatus) => Promise<boolean>;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useTranslation("leads");
  const [chosen, setChosen] = useState<{ from: LeadStatus; value: LeadStatus } | null>(null);
  // A choice holds until the server's data changes (the reload after the update).
  const value = chosen && chosen.from === lead.leadStatus ? chosen.value : lead.leadStatus;
  return (
    <select
      id={id}
      aria-label={t("table.statusFor", { name: leadName(lead) })}
      className={`${selectClasses} h-9 min-w-32`}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        const next = event.target.value as LeadStatus;
        setChosen({ from: lead.leadStatus, value: next });
        void onChange(next).then((accepted) => {
          if (!accepted) setChosen(null);
        });
      }}
    >
      {LEAD_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`status.${status}`)}
        </option>
      ))}
    </select>
  );
}
