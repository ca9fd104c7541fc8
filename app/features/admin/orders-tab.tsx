import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/field.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { toast } from "../../components/ui/toast.ts";
import { ApiError, api } from "../../lib/api.ts";
import type { AdminOrderView, OrderStatus, OrderView } from "../checkout/orders-api.ts";
import { ScheduleTable } from "../payments/schedule-table.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { RecordList } from "./record-list.tsx";

/** The causes of an order's history entries that have words of their own (admin.json orders.causes). */
const HISTORY_CAUSES = new Set([
  "created",
  "payment_started",
  "payment_succeeded",
  "payment_failed",
  "refunded",
  "cancelled_by_staff",
  "claim_over_limit",
  "instalment_paid",
  "instalment_failed",
  "instalment_failed_final",
  "instalment_retried",
  "schedule_cancelled",
]);

/** What staff can do to a schedule or a bank transfer (POST /api/admin/orders/{id}/...). */
type ScheduleAction = "instalments/retry" | "instalments/cancel" | "settle-bank-transfer";

const STATUSES: readonly OrderStatus[] = ["pending", "requires_payment", "paid", "failed", "cancelled", "refunded"];
/** A cancel is allowed from these only (the order state machine: a paid order is refunded instead). */
const CANCELLABLE: readonly OrderStatus[] = ["pending", "requires_payment", "failed"];

interface OrderPage {
  items: OrderView[];
  total: number;
  page?: number;
  pageSize?: number;
}

interface Filters {
  status: OrderStatus | "";
  q: string;
  page: number;
}

const tone = (status: OrderStatus) => (status === "paid" ? "success" : status === "failed" || status === "cancelled" ? "danger" : status === "refunded" ? "neutral" : "warning");

function dateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";
}

function OrderDetail({
  order,
  language,
  busy,
  onCancel,
  onRefund,
  onSchedule,
}: {
  order: AdminOrderView;
  language: string;
  busy: boolean;
  onCancel(): void;
  onRefund(): void;
  onSchedule(action: ScheduleAction): void;
}) {
  const { t } = useTranslation("admin");
  const status = (value: string | null) => (value ? t(`orders.statuses.${value}`, { defaultValue: value }) : t("orders.created"));
  return (
    <section aria-labelledby="order-detail-heading" className="rounded-xl border border-border bg-white p-5" data-testid="admin-order-detail">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="order-detail-heading" className="font-display text-2xl font-semibold">
          {t("orders.detailHeading", { number: order.number })}
        </h2>
        <Badge tone={tone(order.status)} data-testid="admin-order-status">
          {t(`orders.statuses.${order.status}`)}
        </Badge>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{t("orders.customer")}</dt>
          <dd>
            {order.customerFirstName} {order.customerLastName}
            <br />
            <a className="text-primary underline" href={`mailto:${order.customerEmail}`}>
              {order.customerEmail}
            </a>
            {order.customerPhone ? <span className="block">{order.customerPhone}</span> : null}
            {order.customerCompany ? <span className="block">{order.customerCompany}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("orders.placed")}</dt>
          <dd>
            <time dateTime={order.createdAt}>{dateTime(order.createdAt, language)}</time> · {order.language.toUpperCase()}
          </dd>
        </div>
      </dl>

      <h3 className="mt-5 font-semibold">{t("orders.lines")}</h3>
      <ul className="mt-2 divide-y divide-border text-sm" data-testid="admin-order-lines">
        {order.orderItems.map((item, index) => (
          <li key={`${index}-${item.serviceId}`} className="flex justify-between gap-3 py-2">
            <span>
              {item.serviceName} <span className="text-muted-foreground">× {item.quantity}</span>
            </span>
            <span className="tabular-nums">{formatCents(item.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-border pt-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">{t("orders.subtotal")}</dt>
          <dd className="tabular-nums">{formatCents(order.subtotalCents)}</dd>
        </div>
        {order.discountCents > 0 ? (
          <div className="flex justify-between">
            <dt className="text-muted-foreground">{order.promoCode ? t("orders.discountWithCode", { code: order.promoCode }) : t("orders.discount")}</dt>
            <dd className="tabular-nums">−{formatCents(order.discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between font-semibold">
          <dt>{t("orders.total")}</dt>
          <dd className="tabular-nums">{formatCents(order.totalCents)}</dd>
        </div>
      </dl>

      <h3 className="mt-5 font-semibold">{t("orders.payment")}</h3>
      {order.payment ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="admin-order-payment">
          <dt className="text-muted-foreground">{t("orders.provider")}</dt>
          <dd>{order.payment.provider}</dd>
          {order.payment.last4 ? (
            <>
              <dt className="sr-only">{t("orders.payment")}</dt>
              <dd className="col-span-2">{t("orders.card", { brand: (order.payment.brand ?? "").toUpperCase(), last4: order.payment.last4 })}</dd>
            </>
          ) : null}
          {order.paidAt ? (
            <>
              <dt className="text-muted-foreground">{t("orders.paidAt")}</dt>
              <dd>
                <time dateTime={order.paidAt}>{dateTime(order.paidAt, language)}</time>
              </dd>
            </>
          ) : null}
          {order.failureMessage ? (
            <>
              <dt className="text-muted-foreground">{t("orders.failure")}</dt>
              <dd>{order.failureMessage}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{t("orders.noPayment")}</p>
      )}

      {order.schedule.length > 0 ? (
        <div className="mt-5" data-testid="admin-order-schedule">
          <ScheduleTable schedule={order.schedule} monthly={order.paymentPlan === "monthly"} />
          <div className="mt-3 flex flex-wrap gap-2">
            {order.schedule.some((entry) => entry.status === "failed" && entry.position > 1) ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => onSchedule("instalments/retry")} data-testid="admin-instalment-retry">
                <Icon name="rotate-ccw" size={16} aria-hidden="true" />
                {t("orders.retryInstalment")}
              </Button>
            ) : null}
            {order.schedule.some((entry) => entry.status === "due" || entry.status === "failed") ? (
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="outline" className="text-destructive" disabled={busy} data-testid="admin-schedule-cancel">
                    <Icon name="x" size={16} aria-hidden="true" />
                    {t("orders.cancelSchedule")}
                  </Button>
                }
                title={t("orders.cancelScheduleTitle")}
                description={t("orders.cancelScheduleDescription", { number: order.number })}
                confirmLabel={t("orders.cancelScheduleConfirm")}
                cancelLabel={t("orders.keep")}
                onConfirm={() => onSchedule("instalments/cancel")}
              />
            ) : null}
          </div>
        </div>
      ) : null}
      {order.paymentMethodType === "us_bank_account" && order.status === "requires_payment" && order.payment?.provider === "sandbox" ? (
        <p className="mt-4">
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onSchedule("settle-bank-transfer")} data-testid="admin-settle-bank">
            {t("orders.settleBank")}
          </Button>
        </p>
      ) : null}

      <h3 className="mt-5 font-semibold">{t("orders.history")}</h3>
      <ol className="mt-2 space-y-2 text-sm" data-testid="admin-order-history">
        {order.history.map((entry, index) => (
          <li key={index} className="rounded-lg bg-muted/60 px-3 py-2">
            <p className="font-medium">{t("orders.historyEntry", { from: status(entry.from), to: status(entry.to) })}</p>
            <p className="text-muted-foreground">
              <time dateTime={entry.at}>{dateTime(entry.at, language)}</time> · {HISTORY_CAUSES.has(entry.cause) ? t(`orders.causes.${entry.cause}`) : entry.cause}
              {entry.actor ? ` · ${t("orders.by", { actor: entry.actor })}` : ""}
              {entry.eventId ? ` · ${t("orders.event", { id: entry.eventId })}` : ""}
            </p>
          </li>
        ))}
      </ol>

      <div className="mt-5 flex flex-wrap gap-2">
        {CANCELLABLE.includes(order.status) ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" className="text-destructive" disabled={busy} data-testid="admin-order-cancel">
                <Icon name="x" size={16} aria-hidden="true" />
                {t("orders.cancel")}
              </Button>
            }
            title={t("orders.cancelTitle")}
            description={t("orders.cancelDescription", { number: order.number })}
            confirmLabel={t("orders.cancelConfirm")}
            cancelLabel={t("orders.keep")}
            onConfirm={onCancel}
          />
        ) : null}
        {order.status === "paid" ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" className="text-destructive" disabled={busy} data-testid="admin-order-refund">
                <Icon name="rotate-ccw" size={16} aria-hidden="true" />
                {t("orders.refund")}
              </Button>
            }
            title={t("orders.refundTitle")}
            description={t("orders.refundDescription", { number: order.number, amount: formatCents(order.totalCents) })}
            confirmLabel={t("orders.refundConfirm")}
            cancelLabel={t("orders.keep")}
            onConfirm={onRefund}
          />
        ) : null}
      </div>
    </section>
  );
}

/**
 * The Orders tab of /admin: orders newest first, filtered by status and searched by e-mail or order
 * number, and one order's lines, payment and history, with Cancel (an unpaid order) and a full Refund
 * (a paid one, through the provider), each asked for in a confirm dialog. The server checks every step.
 */
export function OrdersTab({ language }: { language: string }) {
  const { t } = useTranslation("admin");
  const statusId = useId();
  const searchId = useId();
  const [filters, setFilters] = useState<Filters>({ status: "", q: "", page: 1 });
  const [query, setQuery] = useState("");
  const [list, setList] = useState<OrderPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<AdminOrderView | null>(null);
  const [busy, setBusy] = useState(false);
  // Filters change faster than answers come: only the answer to the latest request is shown.
  const latestLoad = useRef(0);

  const load = useCallback(async (current: Filters) => {
    const request = ++latestLoad.current;
    const params = new URLSearchParams();
    if (current.status) params.set("status", current.status);
    if (current.q) params.set("q", current.q);
    params.set("page", String(current.page));
    try {
      const answer = await api<{ data: OrderPage }>(`/api/admin/orders?${params}`);
      if (request !== latestLoad.current) return;
      setFailed(false);
      setList(answer.data);
    } catch (error) {
      if (request !== latestLoad.current) return;
      console.error("Could not load the orders", error);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load(filters);
  }, [filters, load]);

  async function open(id: string) {
    try {
      setSelected((await api<{ data: AdminOrderView }>(`/api/admin/orders/${encodeURIComponent(id)}`)).data);
    } catch (error) {
      toast.error(t("orders.actionFailed"), { description: error instanceof ApiError ? error.message : undefined });
    }
  }

  async function act(action: "cancel" | "refund") {
    if (!selected) return;
    setBusy(true);
    try {
      await api(`/api/admin/orders/${encodeURIComponent(selected.id)}/${action}`, { method: "POST" });
      toast.success(action === "cancel" ? t("orders.cancelled") : t("orders.refunded"));
      await Promise.all([open(selected.id), load(filters)]);
    } catch (error) {
      toast.error(t("orders.actionFailed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  async function schedule(action: ScheduleAction) {
    if (!selected) return;
    setBusy(true);
    try {
      const answer = await api<{ data: AdminOrderView }>(`/api/admin/orders/${encodeURIComponent(selected.id)}/${action}`, { method: "POST" });
      setSelected(answer.data);
      toast.success(t("orders.scheduleUpdated"));
      await load(filters);
    } catch (error) {
      toast.error(t("orders.actionFailed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters({ ...filters, q: query.trim(), page: 1 });
  }

  const pageSize = list?.pageSize ?? 20;
  const pages = list ? Math.max(1, Math.ceil(list.total / pageSize)) : 1;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-5">
        <form role="search" aria-label={t("orders.filters")} onSubmit={search} className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <label htmlFor={statusId} className="block text-sm font-medium">
              {t("orders.status")}
            </label>
            <select
              id={statusId}
              value={filters.status}
              onChange={(event) => setFilters({ ...filters, status: event.target.value as Filters["status"], page: 1 })}
              className="h-10 rounded-lg border border-border bg-white px-3"
              data-testid="admin-orders-status"
            >
              <option value="">{t("orders.allStatuses")}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`orders.statuses.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-48 flex-1 space-y-1.5">
            <label htmlFor={searchId} className="block text-sm font-medium">
              {t("orders.searchLabel")}
            </label>
            <Input id={searchId} type="search" value={query} maxLength={200} onChange={(event) => setQuery(event.target.value)} data-testid="admin-orders-search" />
          </div>
          <Button type="submit" variant="outline">
            <Icon name="search" size={16} aria-hidden="true" />
            {t("orders.searchButton")}
          </Button>
        </form>

        {failed ? (
          <div role="alert" className="rounded-lg border border-destructive/30 bg-red-50 p-4 text-sm text-destructive">
            {t("orders.loadFailed")}{" "}
            <Button size="sm" variant="outline" onClick={() => void load(filters)}>
              {t("orders.retry")}
            </Button>
          </div>
        ) : !list ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
            {t("orders.loading")}
          </p>
        ) : (
          <>
            <RecordList headingId="all-orders-heading" heading={t("orders.heading")} empty={t("orders.empty")} items={list.items}>
              {(order) => (
                <article aria-labelledby={`admin-order-${order.id}`} className="flex flex-wrap items-center justify-between gap-3" data-testid="admin-order">
                  <div className="min-w-0">
                    <h3 id={`admin-order-${order.id}`} className="font-mono font-semibold">
                      #{order.number}
                    </h3>
                    <p className="truncate text-sm text-muted-foreground">
                      {order.customerFirstName} {order.customerLastName} · {order.customerEmail}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={order.createdAt}>{dateTime(order.createdAt, language)}</time>
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <Badge tone={tone(order.status)}>{t(`orders.statuses.${order.status}`)}</Badge>
                    <span className="font-semibold tabular-nums">{formatCents(order.totalCents)}</span>
                    <Button size="sm" variant="outline" aria-label={t("orders.viewLabel", { number: order.number })} aria-pressed={selected?.id === order.id} onClick={() => void open(order.id)}>
                      {t("orders.view")}
                    </Button>
                  </div>
                </article>
              )}
            </RecordList>
            {pages > 1 ? (
              <nav aria-label={t("orders.heading")} className="flex items-center justify-between gap-3 text-sm">
                <Button size="sm" variant="outline" disabled={filters.page <= 1} onClick={() => setFilters({ ...filters, page: filters.page - 1 })}>
                  <Icon name="chevron-left" size={16} aria-hidden="true" />
                  {t("orders.previous")}
                </Button>
                <span>{t("orders.pageOf", { page: filters.page, pages })}</span>
                <Button size="sm" variant="outline" disabled={filters.page >= pages} onClick={() => setFilters({ ...filters, page: filters.page + 1 })}>
                  {t("orders.next")}
                  <Icon name="chevron-right" size={16} aria-hidden="true" />
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>
      <div>
        {selected ? (
          <OrderDetail order={selected} language={language} busy={busy} onCancel={() => void act("cancel")} onRefund={() => void act("refund")} onSchedule={(action) => void schedule(action)} />
        ) : (
          <p className="rounded-xl border border-dashed border-border bg-white p-6 text-center text-muted-foreground">{t("orders.select")}</p>
        )}
      </div>
    </div>
  );
}
