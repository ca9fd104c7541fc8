import { Form, Link, useSubmit } from "react-router";
import type { LeadFilters } from "../../../core/leads/schema.ts";
import type { LeadPage } from "../../../core/leads/service.server.ts";
import { CRM_SYSTEMS, LEAD_SOURCES, LEAD_STATUSES, SYNC_STATUSES } from "../../../core/leads/rules.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { TableHead } from "../../components/ui/table-head.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { StatusSelect, SyncBadge, leadName, selectClasses, useDateFormat, useLeadActions } from "./lead-ui.tsx";

const FILTERS = [
  { name: "leadSource", values: LEAD_SOURCES, label: "filters.source", option: "source" },
  { name: "leadStatus", values: LEAD_STATUSES, label: "filters.status", option: "status" },
  { name: "syncStatus", values: SYNC_STATUSES, label: "filters.syncStatus", option: "sync" },
  { name: "crmSystem", values: CRM_SYSTEMS, label: "filters.crmSystem", option: "crm" },
] as const;

/**
 * All Leads: the search (name, e-mail, company or phone, applied on Enter) and the four filters (kept in
 * the address, applied as soon as one changes; the button submits them without JavaScript), the table with its editable status, sync badge and Sync action,
 * and Clear Filters.
 */
export function AllLeadsTab({
  page,
  filters,
  language,
  pageHref,
  detailHref,
  defaultCrm,
}: {
  page: LeadPage;
  /** The CRM the Sync button sends to (CRM_DEFAULT), for the button's accessible name. */
  defaultCrm: string | null;
  filters: LeadFilters;
  language: string;
  pageHref: (page: number) => string;
  detailHref: (id: number) => string;
}) {
  const { t } = useTranslation("leads");
  const submit = useSubmit();
  const formatDate = useDateFormat(language);
  const { setStatus, sync, busy } = useLeadActions(page.leads);
  const active = Boolean(filters.q) || FILTERS.some((filter) => filters[filter.name]);
  const from = page.leads.length === 0 ? 0 : page.offset + 1;
  const to = page.offset + page.leads.length;
  // Past 1,000 matches the count stops: the desk says "more than 1,000" and a next page exists.
  const hasNext = page.totalExact ? to < page.total : page.leads.length === page.limit;
  const pageLabel = page.totalExact
    ? t("table.page", { from, to, total: page.total })
    : t("table.pageMore", { from, to, total: page.total.toLocaleString(language) });

  return (
    <div className="space-y-6">
      <Form
        method="get"
        role="search"
        aria-label={t("filters.label")}
        className="grid items-end gap-4 rounded-2xl border border-border bg-white p-5 sm:grid-cols-2 lg:grid-cols-[2fr_repeat(4,1fr)_auto]"
        onChange={(event) => {
          // A select applies at once; the search box waits for Enter rather than asking on every keystroke.
          if (event.target instanceof HTMLSelectElement) {
            void submit(event.currentTarget, { replace: true, preventScrollReset: true });
          }
        }}
      >
        <input type="hidden" name="tab" value="all" />
        <div className="space-y-1.5 text-sm font-medium sm:col-span-2 lg:col-span-1">
          <label htmlFor="lead-filter-q" className="block">
            {t("filters.search")}
          </label>
          <input
            id="lead-filter-q"
            type="search"
            name="q"
            maxLength={200}
            defaultValue={filters.q ?? ""}
            key={filters.q ?? ""}
            placeholder={t("filters.searchHint")}
            className={selectClasses}
          />
        </div>
        {FILTERS.map((filter) => (
          <div key={filter.name} className="space-y-1.5 text-sm font-medium">
            <label htmlFor={`lead-filter-${filter.name}`} className="block">
              {t(filter.label)}
            </label>
            <select
              id={`lead-filter-${filter.name}`}
              name={filter.name}
              defaultValue={filters[filter.name] ?? ""}
              key={filters[filter.name] ?? ""}
              className={selectClasses}
            >
              <option value="">{t("filters.all")}</option>
              {filter.values.map((value) => (
                <option key={value} value={value}>
                  {t(`${filter.option}.${value}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="flex gap-2">
          <noscript>
            <Button type="submit" variant="outline">
              {t("filters.label")}
            </Button>
          </noscript>
          <Link
            to="?tab=all"
            replace
            preventScrollReset
            className={buttonClasses("outline", "md", active ? undefined : "opacity-60")}
            aria-disabled={active ? undefined : true}
          >
            {t("filters.clear")}
          </Link>
        </div>
      </Form>

      <p className="text-sm text-muted-foreground" aria-live="polite">
        {page.totalExact
          ? t("filters.count", { count: page.total })
          : t("filters.countMore", { total: page.total.toLocaleString(language) })}
      </p>

      <div className="overflow-x-auto rounded-2xl border border-border bg-white">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">{t("table.caption")}</caption>
          <TableHead
            className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground"
            cellClassName="px-4 py-3"
            headings={[
              t("table.contact"),
              t("table.source"),
              t("table.status"),
              t("table.crmSync"),
              t("table.created"),
              t("table.actions"),
            ]}
          />
          <tbody className="divide-y divide-border">
            {page.leads.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-muted-foreground">
                  {t("table.empty")}
                </td>
              </tr>
            ) : (
              page.leads.map((lead) => {
                const name = leadName(lead);
                return (
                  <tr key={lead.id} data-lead-id={lead.id}>
                    <th scope="row" className="px-4 py-3 font-normal">
                      <Link
                        to={detailHref(lead.id)}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                        aria-label={t("table.viewFor", { name })}
                      >
                        {name}
                      </Link>
                      <div className="text-muted-foreground">{lead.email ?? lead.phone}</div>
                      {lead.company ? <div className="text-muted-foreground">{lead.company}</div> : null}
                    </th>
                    <td className="px-4 py-3">{t(`source.${lead.leadSource}`)}</td>
                    <td className="px-4 py-3">
                      <StatusSelect
                        lead={lead}
                        disabled={busy === lead.id}
                        onChange={(status) => setStatus(lead, status)}
                      />
                    </td>
                    <td className="px-4 py-3">
                      <SyncBadge lead={lead} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDate(lead.createdAt)}</td>
                    <td className="px-4 py-3">
                      {lead.syncStatus === "synced" ? null : (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy === lead.id}
                          onClick={() => void sync(lead)}
                          aria-label={t("table.syncTo", { name, crm: defaultCrm ? t(`crm.${defaultCrm}`) : "CRM" })}
                        >
                          {busy === lead.id ? t("table.syncing") : t("table.sync")}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      {page.page > 1 || hasNext ? (
        <nav aria-label={pageLabel} className="flex items-center justify-between gap-4">
          <p className="text-sm text-muted-foreground">{pageLabel}</p>
          <div className="flex gap-2">
            {page.page > 1 ? (
              <Link to={pageHref(page.page - 1)} rel="prev" className={buttonClasses("outline", "sm")}>
                {t("table.previous")}
              </Link>
            ) : null}
            {hasNext ? (
              <Link to={pageHref(page.page + 1)} rel="next" className={buttonClasses("outline", "sm")}>
                {t("table.next")}
              </Link>
            ) : null}
          </div>
        </nav>
      ) : null}
    </div>
  );
}
