import type { ShouldRevalidateFunctionArgs } from "react-router";
import { DomainError } from "../../core/errors.ts";
import { LEAD_PAGE_SIZE, leadListQuerySchema, type LeadFilters } from "../../core/leads/schema.ts";
import { pageFromParam } from "../../core/paging/rules.ts";
import { translator } from "../../server/i18n.server.ts";
import { AdminDashboard } from "../features/admin/admin-dashboard.tsx";
import { requireStaffPage } from "../lib/page-guard.server.ts";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { AllLeadsTab } from "../features/leads/all-leads-tab.tsx";
import { AnalyticsTab } from "../features/leads/analytics-tab.tsx";
import { LeadDetailView } from "../features/leads/lead-detail.tsx";
import { OverviewTab } from "../features/leads/overview-tab.tsx";
import { SettingsTab } from "../features/leads/settings-tab.tsx";
import { useTranslation } from "../i18n/react.tsx";
import { refusal } from "../lib/refusal.ts";
import type { Route } from "./+types/leads";

const FILTER_NAMES = ["leadSource", "leadStatus", "syncStatus", "crmSystem", "q"] as const;

/** The filters of the address; an unknown value is dropped rather than refused, so that an old link still opens. */
function filtersOf(params: URLSearchParams): LeadFilters {
  const filters: LeadFilters = {};
  for (const name of FILTER_NAMES) {
    const parsed = leadListQuerySchema.shape[name].safeParse(params.get(name) ?? undefined);
    if (parsed.success && parsed.data) (filters as Record<string, string>)[name] = parsed.data;
  }
  return filters;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaffPage(params, context);
  const language = pageLanguage(params, context);
  const search = new URL(request.url).searchParams;
  const filters = filtersOf(search);
  // "?page=abc" or "?page=0" names no page, and a page after the last one holds nothing: both are a 404.
  const pageNumber = pageFromParam(search.get("page"));
  if (pageNumber === null) throw refusal(404);
  const leadId = Number(search.get("lead"));
  const { leads } = context.services;
  const [stats, recent, page, detail] = await Promise.all([
    leads.stats(),
    leads.recent(),
    leads.list({ ...filters, page: String(pageNumber), limit: String(LEAD_PAGE_SIZE) }),
    Number.isInteger(leadId) && leadId > 0
      ? leads.detail(leadId).catch((error: unknown) => {
          // An old link to a lead that is gone opens the dashboard; anything else is a real failure.
          if (error instanceof DomainError && error.code === "not_found") return null;
          throw error;
        })
      : Promise.resolve(null),
  ]);
  if (pageNumber > 1 && page.leads.length === 0) throw refusal(404);
  return {
    stats,
    recent,
    page,
    detail,
    filters,
    providers: leads.providers(),
    language,
    title: `${translator(language)("leads:title")} | ${context.publicConfig.companyName}`,
  };
}

// Switching tabs only changes ?tab=; the data stays the same.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return params.toString();
  };
  if (currentUrl.search !== nextUrl.search && withoutTab(currentUrl) === withoutTab(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
}

/** The Lead Management Dashboard (spec 001, section 2 "/leads"): staff only (decision 14). */
export default function Leads({ loaderData }: Route.ComponentProps) {
  const { stats, recent, page, detail, filters, providers, language } = loaderData;
  const { t } = useTranslation("leads");
  const filterParams = () => {
    const params = new URLSearchParams({ tab: "all" });
    for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
    return params;
  };
  const detailHref = (id: number) => {
    const params = filterParams();
    params.set("lead", String(id));
    return `?${params}`;
  };
  const pageHref = (pageNumber: number) => {
    const params = filterParams();
    if (pageNumber > 1) params.set("page", String(pageNumber));
    return `?${params}`;
  };
  const defaultCrm = providers.find((provider) => provider.isDefault)?.name ?? null;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <h1 className="font-display text-4xl font-semibold">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("intro")}</p>
      </header>
      {detail ? (
        <LeadDetailView lead={detail} language={language} backHref={`?${filterParams()}`} />
      ) : (
        <AdminDashboard
          tabs={[
            {
              id: "overview",
              label: t("tabs.overview"),
              content: <OverviewTab stats={stats} recent={recent} language={language} detailHref={detailHref} />,
            },
            {
              id: "all",
              label: t("tabs.all"),
              content: (
                <AllLeadsTab
                  page={page}
                  filters={filters}
                  language={language}
                  pageHref={pageHref}
                  detailHref={detailHref}
                  defaultCrm={defaultCrm}
                />
              ),
            },
            { id: "analytics", label: t("tabs.analytics"), content: <AnalyticsTab stats={stats} /> },
            { id: "settings", label: t("tabs.settings"), content: <SettingsTab providers={providers} /> },
          ]}
        />
      )}
    </main>
  );
}
