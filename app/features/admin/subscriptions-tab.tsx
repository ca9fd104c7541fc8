import { useCallback, useEffect, useState } from "react";
import type { InvoiceView, SubscriptionView } from "../../../core/checkout/subscriptions.server.ts";
import { timeZoneName } from "../../../core/i18n/time-zones.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { TableHead } from "../../components/ui/table-head.tsx";
import { toast } from "../../components/ui/toast.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { DestructiveButton } from "./confirm-dialog.tsx";
import { useKeepFocus } from "./keep-focus.ts";
import { staffDate } from "./staff-format.ts";

const TONE = { active: "success", past_due: "danger", incomplete: "warning", cancelled: "neutral" } as const;
const INVOICE_TONE = { paid: "success", failed: "danger", refunded: "neutral", pending: "warning" } as const;

type Action = "cancel" | "resume" | "renew";

/** Subscriptions asked for a page: a full page means there may be another after it. */
const PAGE_SIZE = 50;

/** An invoice's date: when it was paid, else the start of the month it bills. */
const invoiceDate = (invoice: InvoiceView) => invoice.paidAt ?? invoice.periodStart;

/**
 * Staff's subscriptions: plan, customer, status, when it renews or ends, its next charge and its
 * invoices (date, amount, status), with cancel now or at the period's end, undo a cancellation set for
 * the period's end and, on the test provider, renew now. Dates are in the agency's time zone.
 */
export function SubscriptionsTab({
  language,
  timeZone,
  sandbox,
}: {
  language: string;
  timeZone: string;
  sandbox: boolean;
}) {
  const { t } = useTranslation("admin");
  const [rows, setRows] = useState<SubscriptionView[] | null>(null);
  const [busy, setBusy] = useState(false);
  // The search as typed, and the search and page asked of the API (a page at a time, newest first).
  const [query, setQuery] = useState("");
  const [view, setView] = useState({ q: "", page: 1 });
  const keepFocus = useKeepFocus();
  const day = (iso: string) => staffDate(iso, language, timeZone);

  const load = useCallback(async () => {
    try {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE), page: String(view.page) });
      if (view.q) params.set("q", view.q);
      setRows((await api<{ data: SubscriptionView[] }>(`/api/admin/subscriptions?${params}`)).data);
    } catch (error) {
      toast.error(t("subscriptions.loadFailed"), {
        description: error instanceof ApiError ? error.message : undefined,
      });
      setRows([]);
    }
  }, [t, view]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(id: string, action: Action, success: string, body?: unknown) {
    setBusy(true);
    try {
      const answer = await api<{ data: SubscriptionView }>(
        `/api/admin/subscriptions/${encodeURIComponent(id)}/${action}`,
        { method: "POST", json: body ?? {} },
      );
      setRows((current) => current?.map((row) => (row.id === id ? answer.data : row)) ?? current);
      toast.success(success);
      keepFocus(`subscription-${id}`);
    } catch (error) {
      toast.error(t("orders.actionFailed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  const searchForm = (
    <form
      role="search"
      aria-label={t("subscriptions.searchLabel")}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setView({ q: query.trim(), page: 1 });
      }}
    >
      <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-medium">
        {t("subscriptions.searchLabel")}
        <input
          type="search"
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
          className="h-10 rounded-lg border border-border bg-white px-3"
        />
      </label>
      <Button type="submit" variant="outline">
        {t("subscriptions.searchButton")}
      </Button>
    </form>
  );
  if (rows === null) return <p role="status">{t("subscriptions.loading")}</p>;
  if (rows.length === 0) {
    return (
      <div className="space-y-3">
        {view.q || view.page > 1 ? searchForm : null}
        <p className="text-muted-foreground">{view.q ? t("subscriptions.noMatch") : t("subscriptions.empty")}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {searchForm}
      <p className="text-sm text-muted-foreground">
        {t("subscriptions.timeZoneNote", { zone: timeZoneName(timeZone, language === "fr" ? "fr" : "en") })}
      </p>
      <ul className="space-y-3" data-testid="admin-subscriptions">
        {rows.map((row) => (
          <li
            key={row.id}
            className="rounded-xl border border-border bg-white p-4 text-sm shadow-sm"
            data-testid="admin-subscription"
          >
            <article aria-labelledby={`subscription-${row.id}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3
                  id={`subscription-${row.id}`}
                  tabIndex={-1}
                  className="min-w-0 break-words font-semibold focus:outline-none"
                >
                  {row.customerName} · {row.customerEmail}
                </h3>
                <Badge tone={TONE[row.status]}>{t(`subscriptions.statuses.${row.status}`)}</Badge>
              </div>
              <p className="mt-1 text-muted-foreground">
                {row.plan} · {t("subscriptions.perMonth", { amount: formatCents(row.priceCents) })}
              </p>
              {row.currentPeriodEnd && row.status !== "cancelled" ? (
                <p
                  className={row.cancelAtPeriodEnd ? "mt-1 font-medium text-amber-900" : "mt-1"}
                  data-testid="admin-subscription-period"
                >
                  {t(row.cancelAtPeriodEnd ? "subscriptions.endsOn" : "subscriptions.renewsOn", {
                    date: day(row.currentPeriodEnd),
                  })}
                </p>
              ) : null}
              {row.nextCharge ? (
                <p className="mt-1" data-testid="admin-subscription-next">
                  {t("subscriptions.nextCharge", {
                    amount: formatCents(row.nextCharge.amountCents),
                    date: day(row.nextCharge.date),
                  })}
                </p>
              ) : null}

              {row.invoices.length === 0 ? (
                <p className="mt-3 text-muted-foreground">{t("subscriptions.noInvoices")}</p>
              ) : (
                <div className="mt-3 overflow-x-auto">
                  <table className="w-full text-left" data-testid="admin-subscription-invoices">
                    <caption className="mb-1 text-left font-semibold">
                      {t("subscriptions.invoices", { count: row.invoices.length })}
                    </caption>
                    <TableHead
                      headings={[
                        t("subscriptions.invoiceDate"),
                        t("subscriptions.invoiceAmount"),
                        t("subscriptions.invoiceStatus"),
                      ]}
                    />
                    <tbody>
                      {row.invoices.map((invoice) => {
                        const date = invoiceDate(invoice);
                        return (
                          <tr key={invoice.id} className="border-t border-border">
                            <td className="py-1.5 pr-3">
                              {date ? <time dateTime={date}>{day(date)}</time> : "—"}
                              {invoice.periodStart && invoice.periodEnd ? (
                                <span className="block text-xs text-muted-foreground">
                                  {t("subscriptions.invoicePeriod", {
                                    from: day(invoice.periodStart),
                                    to: day(invoice.periodEnd),
                                  })}
                                </span>
                              ) : null}
                            </td>
                            <td className="py-1.5 pr-3 tabular-nums">{formatCents(invoice.amountCents)}</td>
                            <td className="py-1.5">
                              <Badge tone={INVOICE_TONE[invoice.status]}>
                                {t(`subscriptions.invoiceStatuses.${invoice.status}`)}
                              </Badge>
                              {invoice.failureMessage && invoice.status === "failed" ? (
                                <span className="mt-0.5 block text-xs text-muted-foreground">
                                  {invoice.failureMessage}
                                </span>
                              ) : null}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}

              {row.status !== "cancelled" ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  {row.cancelAtPeriodEnd ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() => void act(row.id, "resume", t("subscriptions.resumed"))}
                      data-testid="admin-subscription-resume"
                    >
                      <Icon name="rotate-ccw" size={16} aria-hidden="true" />
                      {t("subscriptions.resume")}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() => void act(row.id, "cancel", t("subscriptions.updated"), { atPeriodEnd: true })}
                      data-testid="admin-subscription-cancel-end"
                    >
                      {t("subscriptions.cancelAtPeriodEnd")}
                    </Button>
                  )}
                  <DestructiveButton
                    text={t("subscriptions.cancelNow")}
                    busy={busy}
                    testId="admin-subscription-cancel-now"
                    confirm={{
                      title: t("subscriptions.cancelNowTitle"),
                      description: t("subscriptions.cancelNowDescription", { name: row.customerName, plan: row.plan }),
                      confirm: t("subscriptions.cancelNow"),
                      cancel: t("orders.keep"),
                    }}
                    onConfirm={() => void act(row.id, "cancel", t("subscriptions.updated"), { atPeriodEnd: false })}
                  />
                  {sandbox && (row.status === "active" || row.status === "past_due") ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() => void act(row.id, "renew", t("subscriptions.updated"))}
                    >
                      {t("subscriptions.renew")}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
      {view.page > 1 || rows.length === PAGE_SIZE ? (
        <nav aria-label={t("subscriptions.pages")} className="flex items-center justify-between gap-3 text-sm">
          <Button
            size="sm"
            variant="outline"
            disabled={view.page <= 1}
            onClick={() => setView({ ...view, page: view.page - 1 })}
          >
            {t("orders.previous")}
          </Button>
          <span>{t("subscriptions.page", { page: view.page })}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={rows.length < PAGE_SIZE}
            onClick={() => setView({ ...view, page: view.page + 1 })}
          >
            {t("orders.next")}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
