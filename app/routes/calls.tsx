import { callListQuerySchema } from "../../core/calls/schema.ts";
import type { Call } from "../../core/calls/schema.ts";
import { cappedPageInfo, pageFromParam, pageSearch, type PageInfo } from "../../core/paging/rules.ts";
import { refusal } from "../lib/refusal.ts";
import { translator } from "../../server/i18n.server.ts";
import { requireStaffPage } from "../lib/page-guard.server.ts";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { Badge } from "../components/ui/badge.tsx";
import { Card } from "../components/ui/card.tsx";
import { useTranslation } from "../i18n/react.tsx";
import { useNavigation } from "react-router";
import { Icon } from "../components/ui/icon.tsx";
import type { Route } from "./+types/calls";

const STATUSES = ["completed", "in-progress", "ringing", "busy", "failed", "no-answer", "canceled"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaffPage(params, context);
  const language = pageLanguage(params, context);
  const search = new URL(request.url).searchParams;
  // An unknown filter value is dropped rather than refused, so that an old link still opens.
  const parsed = callListQuerySchema.safeParse({
    status: search.get("status") ?? undefined,
    leadCaptured: search.get("leadCaptured") ?? undefined,
    followUpRequired: search.get("followUpRequired") ?? undefined,
  });
  const filters = parsed.success ? parsed.data : {};
  // "?page=abc" or "?page=0" names no page, and a page after the last one holds nothing: both are a 404.
  const page = pageFromParam(search.get("page"));
  if (page === null) throw refusal(404);
  let calls: Call[] | null = null;
  let paging: PageInfo | null = null;
  try {
    const answer = await context.services.calls.list({ ...filters, page: String(page) });
    calls = answer.items;
    paging = cappedPageInfo(answer.request, answer.counted);
  } catch {
    calls = null;
  }
  if (paging && page > 1 && calls?.length === 0) throw refusal(404);
  return {
    calls,
    paging,
    pageSearch: search.toString(),
    filters,
    language,
    title: `${translator(language)("calls:title")} | ${context.publicConfig.companyName}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
}

/** Phone Call Management (spec 001, section 2 "/calls"): staff only (decision 14). */
export default function Calls({ loaderData }: Route.ComponentProps) {
  const { calls, paging, filters, language } = loaderData;
  const { t } = useTranslation("calls");
  const dateFormat = new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const na = t("na");
  // The list comes with the page; while new filters are applied (or the page is reached from another),
  // the loader's answer is awaited and the list says so.
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/calls");
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <header className="mb-6">
        <h1 className="font-display text-4xl font-semibold">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("intro")}</p>
      </header>

      <form
        method="get"
        className="mb-8 flex flex-wrap items-end gap-4 rounded-xl border border-border bg-white p-4"
        aria-label={t("filters.title")}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("filters.status")}
          <select
            name="status"
            defaultValue={filters.status ?? ""}
            className="min-h-11 rounded-lg border border-input bg-white px-3"
          >
            <option value="">{t("filters.all")}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        {(["leadCaptured", "followUpRequired"] as const).map((name) => (
          <label key={name} className="flex flex-col gap-1 text-sm font-medium">
            {name === "leadCaptured" ? t("filters.leadCaptured") : t("filters.followUp")}
            <select
              name={name}
              defaultValue={filters[name] ?? ""}
              className="min-h-11 rounded-lg border border-input bg-white px-3"
            >
              <option value="">{t("filters.all")}</option>
              <option value="yes">{t("filters.yes")}</option>
              <option value="no">{t("filters.no")}</option>
            </select>
          </label>
        ))}
        <button
          type="submit"
          className="min-h-11 rounded-full bg-primary px-5 text-sm font-medium text-primary-foreground"
        >
          {t("filters.apply")}
        </button>
        <a
          href="?"
          className="min-h-11 content-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("filters.clear")}
        </a>
      </form>

      {loading ? (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 text-sm text-muted-foreground"
          data-testid="calls-loading"
        >
          <Icon name="loader-2" size={16} aria-hidden="true" className="animate-spin" />
          {t("loading")}
        </p>
      ) : null}
      {calls === null ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
          <h2 className="font-display text-xl font-semibold">{t("errorTitle")}</h2>
          <p className="mt-1">{t("errorText")}</p>
        </div>
      ) : calls.length === 0 ? (
        <div className="rounded-xl border border-border bg-white p-10 text-center" data-testid="calls-empty">
          <h2 className="font-display text-2xl font-semibold">{t("emptyTitle")}</h2>
          <p className="mt-2 text-muted-foreground">{t("emptyText")}</p>
        </div>
      ) : (
        <ul className="space-y-4" data-testid="calls-list">
          {calls.map((call) => (
            <li key={call.id}>
              <Card className="p-5" data-testid="call-card">
                <div className="flex flex-wrap items-center gap-3">
                  <h2 className="font-display text-xl font-semibold">{t("from", { number: call.fromNumber || na })}</h2>
                  <Badge
                    tone={
                      call.status === "completed"
                        ? "success"
                        : call.status === "failed" || call.status === "busy"
                          ? "danger"
                          : "neutral"
                    }
                  >
                    {t(`status.${call.status}`, { defaultValue: call.status })}
                  </Badge>
                  {call.leadCaptured === "yes" ? <Badge tone="success">{t("leadCaptured")}</Badge> : null}
                  {call.followUpRequired === "yes" ? <Badge tone="warning">{t("followUp")}</Badge> : null}
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{dateFormat.format(new Date(call.createdAt))}</p>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
                  <dt className="text-muted-foreground">{t("duration")}</dt>
                  <dd>{call.duration === null ? na : t("seconds", { count: call.duration })}</dd>
                  <dt className="text-muted-foreground">{t("to")}</dt>
                  <dd>{call.toNumber || na}</dd>
                  <dt className="text-muted-foreground">{t("callId")}</dt>
                  <dd className="break-all">{call.twilioCallId || na}</dd>
                </dl>
                {call.summary ? (
                  <>
                    <h3 className="mt-4 text-sm font-semibold">{t("summary")}</h3>
                    <p className="mt-1 text-sm">{call.summary}</p>
                  </>
                ) : null}
                {call.transcript ? (
                  <>
                    <h3 className="mt-4 text-sm font-semibold">{t("transcript")}</h3>
                    <pre
                      tabIndex={0}
                      className="mt-1 max-h-60 overflow-y-auto whitespace-pre-wrap rounded-lg bg-muted/50 p-3 font-sans text-sm"
                      data-testid="call-transcript"
                    >
                      {call.transcript}
                    </pre>
                  </>
                ) : null}
                {call.leadId ? (
                  <a
                    href={`/leads?lead=${call.leadId}`}
                    className="mt-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t("viewLead")}
                  </a>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {paging && (paging.prev !== null || paging.next !== null) ? (
        <nav aria-label={t("pages")} className="mt-8 flex justify-between gap-4">
          {paging.prev !== null ? (
            <a
              href={pageSearch(loaderData.pageSearch, paging.prev) || "?"}
              rel="prev"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("previous")}
            </a>
          ) : (
            <span />
          )}
          {paging.next !== null ? (
            <a
              href={pageSearch(loaderData.pageSearch, paging.next)}
              rel="next"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("next")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
