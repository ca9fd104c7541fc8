import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { localDate } from "../../../core/admin/rules.ts";
import { timeZoneName } from "../../../core/i18n/time-zones.ts";
import { formatCents } from "../../../core/money/money.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../core/orders/rules.ts";
import type { AdminOrderView, OrderView } from "../../../core/orders/schema.ts";
import { statusLabel, statusTone } from "../../../core/orders/status-text.ts";
import type { StaffPaymentView } from "../../../core/payments/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { toast } from "../../components/ui/toast.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { useKeepFocus } from "./keep-focus.ts";
import { OrderDetail, type ScheduleAction } from "./order-detail.tsx";
import { RecordList } from "./record-list.tsx";
import { calendarDay, staffDateTime } from "./staff-format.ts";

/** The statuses the filter offers: every one. "pending" and "requires_payment" share a name; the filter says which is which. */
const STATUSES: readonly OrderStatus[] = ORDER_STATUSES;

/** The longest range the payments export accepts (the server's rule: a year and a day). */
const EXPORT_MAX_DAYS = 366;

/** How long to wait before asking again about a refund the provider has not confirmed yet. */
const PENDING_REFUND_POLL_MS = [2_000, 4_000, 8_000, 15_000, 30_000];

interface OrderPage {
  items: OrderView[];
  total: number;
  /** false when `total` is a lower bound: the count stops past 1,000 orders. */
  totalExact?: boolean;
  page?: number;
  pageSize?: number;
}

interface Filters {
  status: OrderStatus | "";
  q: string;
  /** Days placed, "YYYY-MM-DD" in the agency's time zone; "" for no bound. */
  from: string;
  to: string;
  page: number;
}

type RangeErrors = Partial<Record<"from" | "to", string>>;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The payments export's range: the days chosen, or what they leave open filled in (this month so far
 * when none is chosen), and why it cannot be exported when it cannot.
 */
export function exportRange(
  from: string,
  to: string,
  today: string,
): { from: string; to: string; error: "rangeInvalid" | "rangeTooLong" | null } {
  const end = to || (from && from > today ? from : today);
  const start = from || `${end.slice(0, 8)}01`;
  if (start > end) return { from: start, to: end, error: "rangeInvalid" };
  if (daysBetween(start, end) > EXPORT_MAX_DAYS) return { from: start, to: end, error: "rangeTooLong" };
  return { from: start, to: end, error: null };
}

/**
 * The Orders tab of /admin: orders newest first, filtered by status and by the days they were placed
 * (in the agency's time zone, named), searched by e-mail or order number; the payments of a range as
 * CSV; and one order's detail with its actions (cancel, refund any part with a reason, retry a failed
 * refund, the schedule's). The server checks every step.
 */
export function OrdersTab({ language, timeZone, sandbox }: { language: string; timeZone: string; sandbox: boolean }) {
  const { t } = useTranslation("admin");
  const statusId = useId();
  const searchId = useId();
  const zone = timeZoneName(timeZone, language === "fr" ? "fr" : "en");
  const [filters, setFilters] = useState<Filters>({ status: "", q: "", from: "", to: "", page: 1 });
  const [query, setQuery] = useState("");
  const [list, setList] = useState<OrderPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [rangeErrors, setRangeErrors] = useState<RangeErrors>({});
  const [selected, setSelected] = useState<AdminOrderView | null>(null);
  const [busy, setBusy] = useState(false);
  const keepFocus = useKeepFocus();
  // Filters change faster than answers come: only the answer to the latest request is shown.
  const latestLoad = useRef(0);
  const latestOpen = useRef(0);
  const [today, setToday] = useState<string | null>(null);

  // The agency's today is the browser's reading of the clock: computed after hydration, so that the
  // server's rendering and the browser's agree.
  useEffect(() => setToday(localDate(new Date(), timeZone)), [timeZone]);

  const load = useCallback(async (current: Filters) => {
    const request = ++latestLoad.current;
    const params = new URLSearchParams();
    if (current.status) params.set("status", current.status);
    if (current.q) params.set("q", current.q);
    if (current.from) params.set("from", current.from);
    if (current.to) params.set("to", current.to);
    params.set("page", String(current.page));
    try {
      const answer = await api<{ data: OrderPage }>(`/api/admin/orders?${params}`);
      if (request !== latestLoad.current) return;
      setFailed(false);
      setList(answer.data);
    } catch (error) {
      if (request !== latestLoad.current) return;
      const fields = error instanceof ApiError ? error.body.fields : undefined;
      if (fields && (fields.from || fields.to)) {
        setRangeErrors({ from: fields.from, to: fields.to });
        return;
      }
      console.error("Could not load the orders", error);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (filters.from && filters.to && filters.from > filters.to) {
      setRangeErrors({ to: t("orders.rangeInvalid") });
      return;
    }
    setRangeErrors({});
    void load(filters);
  }, [filters, load, t]);

  const open = useCallback(
    async (id: string, options: { focus?: boolean; quiet?: boolean } = {}) => {
      const request = ++latestOpen.current;
      try {
        const order = (await api<{ data: AdminOrderView }>(`/api/admin/orders/${encodeURIComponent(id)}`)).data;
        if (request !== latestOpen.current) return;
        setSelected(order);
        // On a narrow screen the detail is below the list: take the reader there.
        if (options.focus) requestAnimationFrame(() => document.getElementById("order-detail-heading")?.focus());
      } catch (error) {
        if (options.quiet) return;
        toast.error(t("orders.actionFailed"), { description: error instanceof ApiError ? error.message : undefined });
      }
    },
    [t],
  );

  // A refund stays pending until the provider confirms it: ask again a few times, less and less often.
  const pendingRefund =
    selected?.payments.some((payment) => payment.kind === "refund" && payment.status === "pending") ?? false;
  const polls = useRef({ id: "", count: 0 });
  useEffect(() => {
    if (!selected || !pendingRefund) return;
    if (polls.current.id !== selected.id) polls.current = { id: selected.id, count: 0 };
    const delay = PENDING_REFUND_POLL_MS[polls.current.count];
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      polls.current.count += 1;
      void open(selected.id, { quiet: true });
    }, delay);
    return () => clearTimeout(timer);
  }, [selected, pendingRefund, open]);

  /** Runs a staff action on the open order that answers the order, then refreshes the list. */
  async function act(path: string, success: string) {
    if (!selected) return;
    setBusy(true);
    try {
      const answer = await api<{ data: AdminOrderView }>(
        `/api/admin/orders/${encodeURIComponent(selected.id)}/${path}`,
        { method: "POST" },
      );
      polls.current = { id: answer.data.id, count: 0 };
      setSelected(answer.data);
      toast.success(success);
      keepFocus("order-detail-heading");
      await load(filters);
    } catch (error) {
      toast.error(t("orders.actionFailed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  function refunded(order: AdminOrderView, amountCents: number) {
    polls.current = { id: order.id, count: 0 };
    setSelected(order);
    const pending = order.payments.some((payment) => payment.kind === "refund" && payment.status === "pending");
    toast.success(
      t("orders.refundRecorded", { amount: formatCents(amountCents) }),
      pending ? { description: t("orders.refundPendingNote") } : undefined,
    );
    void load(filters);
  }

  function retryRefund(refund: StaffPaymentView) {
    void act(
      `refunds/${encodeURIComponent(refund.id)}/retry`,
      t("orders.refundRetried", { amount: formatCents(refund.amountCents) }),
    );
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters({ ...filters, q: query.trim(), page: 1 });
  }

  const pageSize = list?.pageSize ?? 20;
  const pages = list ? Math.max(1, Math.ceil(list.total / pageSize)) : 1;
  // A capped count knows a next page exists but not how many follow.
  const moreThanCounted = list?.totalExact === false;
  const range = today ? exportRange(filters.from, filters.to, today) : null;
  const exportHref =
    range && !range.error
      ? `/api/admin/payments/export.csv?${new URLSearchParams({ from: range.from, to: range.to, lang: language === "fr" ? "fr" : "en" })}`
      : null;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-5">
        <form role="search" aria-label={t("orders.filters")} onSubmit={search} className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="space-y-1.5">
              <label htmlFor={statusId} className="block text-sm font-medium">
                {t("orders.status")}
              </label>
              <select
                id={statusId}
                value={filters.status}
                onChange={(event) =>
                  setFilters({ ...filters, status: event.target.value as Filters["status"], page: 1 })
                }
                className="h-10 rounded-lg border border-border bg-white px-3"
                data-testid="admin-orders-status"
              >
                <option value="">{t("orders.allStatuses")}</option>
                {STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status === "pending" || status === "requires_payment"
                      ? t("orders.statusOption", {
                          status: statusLabel(status, t),
                          note: t(`orders.statusNotes.${status}`),
                        })
                      : statusLabel(status, t)}
                  </option>
                ))}
              </select>
            </div>
            <div className="min-w-48 flex-1 space-y-1.5">
              <label htmlFor={searchId} className="block text-sm font-medium">
                {t("orders.searchLabel")}
              </label>
              <Input
                id={searchId}
                type="search"
                value={query}
                maxLength={200}
                onChange={(event) => setQuery(event.target.value)}
                data-testid="admin-orders-search"
              />
            </div>
            <Button type="submit" variant="outline">
              <Icon name="search" size={16} aria-hidden="true" />
              {t("orders.searchButton")}
            </Button>
          </div>
          <fieldset className="rounded-xl border border-border bg-white p-4">
            <legend className="px-1 text-sm font-medium">{t("orders.dateRange", { zone })}</legend>
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
              <Field label={t("orders.from")} error={rangeErrors.from}>
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    value={filters.from}
                    max={filters.to || undefined}
                    onChange={(event) => setFilters({ ...filters, from: event.target.value, page: 1 })}
                    data-testid="admin-orders-from"
                  />
                )}
              </Field>
              <Field label={t("orders.to")} error={rangeErrors.to}>
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    value={filters.to}
                    min={filters.from || undefined}
                    onChange={(event) => setFilters({ ...filters, to: event.target.value, page: 1 })}
                    data-testid="admin-orders-to"
                  />
                )}
              </Field>
              {filters.from || filters.to ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="sm:mt-7"
                  onClick={() => setFilters({ ...filters, from: "", to: "", page: 1 })}
                >
                  {t("orders.clearDates")}
                </Button>
              ) : null}
            </div>
            <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-border pt-3 text-sm">
              {exportHref && range ? (
                <>
                  <a
                    href={exportHref}
                    download
                    className={buttonClasses("outline", "sm")}
                    data-testid="admin-payments-export"
                  >
                    <Icon name="download" size={16} aria-hidden="true" />
                    {t("orders.exportLink")}
                  </a>
                  <span className="text-muted-foreground" data-testid="admin-payments-export-range">
                    {t("orders.exportRange", {
                      from: calendarDay(range.from, language),
                      to: calendarDay(range.to, language),
                      zone,
                    })}
                  </span>
                </>
              ) : range?.error === "rangeTooLong" ? (
                <span className="text-muted-foreground">{t("orders.rangeTooLong")}</span>
              ) : null}
            </div>
          </fieldset>
        </form>
        <p className="text-sm text-muted-foreground">{t("orders.timeZoneNote", { zone })}</p>

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
            <RecordList
              headingId="all-orders-heading"
              heading={t("orders.heading")}
              empty={t("orders.empty")}
              items={list.items}
            >
              {(order) => (
                <article
                  aria-labelledby={`admin-order-${order.id}`}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 gap-y-2"
                  data-testid="admin-order"
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <h3 id={`admin-order-${order.id}`} className="font-mono font-semibold">
                        #{order.number}
                      </h3>
                      <Badge tone={statusTone(order.status)}>{statusLabel(order.status, t)}</Badge>
                    </div>
                    <p className="break-words text-sm text-muted-foreground">
                      {order.customerFirstName} {order.customerLastName} · {order.customerEmail}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={order.createdAt}>{staffDateTime(order.createdAt, language, timeZone)}</time>
                    </p>
                  </div>
                  <div className="flex flex-col items-end gap-2 text-right">
                    <p>
                      <span className="block font-semibold tabular-nums">{formatCents(order.totalCents)}</span>
                      {order.refundedCents > 0 ? (
                        <span className="block text-xs text-muted-foreground tabular-nums">
                          {t("orders.refundedShort", { amount: formatCents(order.refundedCents) })}
                        </span>
                      ) : null}
                    </p>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t("orders.viewLabel", { number: order.number })}
                      aria-pressed={selected?.id === order.id}
                      onClick={() => void open(order.id, { focus: true })}
                    >
                      {t("orders.view")}
                    </Button>
                  </div>
                </article>
              )}
            </RecordList>
            {pages > 1 || moreThanCounted ? (
              <nav aria-label={t("orders.heading")} className="flex items-center justify-between gap-3 text-sm">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={filters.page <= 1}
                  onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
                >
                  <Icon name="chevron-left" size={16} aria-hidden="true" />
                  {t("orders.previous")}
                </Button>
                <span>
                  {moreThanCounted
                    ? t("orders.pageOfMore", { page: filters.page, total: list?.total.toLocaleString(language) })
                    : t("orders.pageOf", { page: filters.page, pages })}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!moreThanCounted && filters.page >= pages}
                  onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
                >
                  {t("orders.next")}
                  <Icon name="chevron-right" size={16} aria-hidden="true" />
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>
      <div className="min-w-0">
        {selected ? (
          <OrderDetail
            key={selected.id}
            order={selected}
            language={language}
            timeZone={timeZone}
            sandbox={sandbox}
            busy={busy}
            onCancel={() => void act("cancel", t("orders.cancelled"))}
            onRefunded={refunded}
            onRetryRefund={retryRefund}
            onSchedule={(action: ScheduleAction) => void act(action, t("orders.scheduleUpdated"))}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-border bg-white p-6 text-center text-muted-foreground">
            {t("orders.select")}
          </p>
        )}
      </div>
    </div>
  );
}
