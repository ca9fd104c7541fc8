import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/toast.ts";
import { ApiError, api } from "../../lib/api.ts";
import { formatDueDate } from "../payments/schedule-table.tsx";

interface SubscriptionRow {
  id: string;
  plan: string;
  priceCents: number;
  customerEmail: string;
  customerName: string;
  status: "incomplete" | "active" | "past_due" | "cancelled";
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  invoices: Array<{ id: string; status: string }>;
}

const TONE = { active: "success", past_due: "danger", incomplete: "warning", cancelled: "neutral" } as const;

/** Staff's subscriptions: plan, customer, status, period end and invoices, with cancel (now or at period end) and, on the test provider, renew. */
export function SubscriptionsTab({ language, sandbox }: { language: string; sandbox: boolean }) {
  const { t } = useTranslation("admin");
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setRows((await api<{ data: SubscriptionRow[] }>("/api/admin/subscriptions")).data);
    } catch (error) {
      toast.error(t("subscriptions.loadFailed"), { description: error instanceof ApiError ? error.message : undefined });
      setRows([]);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(id: string, path: "cancel" | "renew", body?: unknown) {
    setBusy(true);
    try {
      await api(`/api/admin/subscriptions/${encodeURIComponent(id)}/${path}`, { method: "POST", json: body ?? {} });
      toast.success(t("subscriptions.updated"));
      await load();
    } catch (error) {
      toast.error(t("orders.actionFailed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  if (rows === null) return <p role="status">{t("subscriptions.loading")}</p>;
  if (rows.length === 0) return <p className="text-muted-foreground">{t("subscriptions.empty")}</p>;
  return (
    <ul className="space-y-3" data-testid="admin-subscriptions">
      {rows.map((row) => (
        <li key={row.id} className="rounded-xl border border-border bg-white p-4 text-sm shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">
              {row.customerName} · {row.customerEmail}
            </p>
            <Badge tone={TONE[row.status]}>{t(`subscriptions.statuses.${row.status}`)}</Badge>
          </div>
          <p className="mt-1 text-muted-foreground">
            {row.plan} · {formatCents(row.priceCents)} · {t("subscriptions.invoices", { count: row.invoices.length })}
            {row.currentPeriodEnd ? ` · ${t(row.cancelAtPeriodEnd ? "subscriptions.endsOn" : "subscriptions.renewsOn", { date: formatDueDate(row.currentPeriodEnd, language) })}` : ""}
          </p>
          {row.status !== "cancelled" ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" variant="outline" disabled={busy || row.cancelAtPeriodEnd} onClick={() => void act(row.id, "cancel", { atPeriodEnd: true })}>
                {t("subscriptions.cancelAtPeriodEnd")}
              </Button>
              <Button size="sm" variant="outline" className="text-destructive" disabled={busy} onClick={() => void act(row.id, "cancel", { atPeriodEnd: false })}>
                {t("subscriptions.cancelNow")}
              </Button>
              {sandbox && (row.status === "active" || row.status === "past_due") ? (
                <Button size="sm" variant="outline" disabled={busy} onClick={() => void act(row.id, "renew")}>
                  {t("subscriptions.renew")}
                </Button>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
