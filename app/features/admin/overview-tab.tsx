import { timeZoneName } from "../../../core/i18n/time-zones.ts";
import type { ReactNode } from "react";
import { adminSectionPath, type AdminSection } from "../../../core/admin/sections.ts";
import { REVENUE_PERIODS } from "../../../core/admin/rules.ts";
import type { AdminOverview } from "../../../core/admin/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import type { TFunction } from "../../../core/i18n/translator.ts";
import { formatPostDate } from "../../i18n/format-date.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { StarRating } from "../../components/reviews/star-rating.tsx";
import { VerifiedBadge } from "../../components/reviews/verified-badge.tsx";

const linkClasses = "mt-3 inline-block text-sm font-medium text-primary hover:underline";

/** A link to another section of the dashboard. */
function TabLink({ tab, children }: { tab: AdminSection; children: ReactNode }) {
  return (
    <LocalizedLink to={adminSectionPath(tab)} className={linkClasses}>
      {children}
    </LocalizedLink>
  );
}

function Block({
  id,
  title,
  children,
  testId,
  compact = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
  compact?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={
        compact
          ? "min-w-0 rounded-xl border border-border bg-white p-4 sm:p-5"
          : "rounded-xl border border-border bg-white p-5"
      }
      data-testid={testId}
    >
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

const addDays = (day: string, days: number) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days, 12)).toISOString().slice(0, 10);
};

/**
 * The days each revenue period covers, written for people ("Mar 2 – Mar 8, 2026"), from the agency's
 * today. Not Intl's formatRange: its spacing differs between the server's and the browser's ICU, and
 * the page would not hydrate as rendered.
 */
function periodDays(period: (typeof REVENUE_PERIODS)[number], today: string, language: string, t: TFunction): string {
  const locale = language === "fr" ? "fr-FR" : "en-US";
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  const full = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  if (period === "today") return full.format(noon(today));
  if (period === "thisMonth")
    return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(noon(today));
  const first = noon(addDays(today, period === "last7Days" ? -6 : -29));
  return t("overview.revenue.range", {
    from: new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(first),
    to: full.format(noon(today)),
  });
}

/**
 * Money received and given back over four periods, and what is still to come: recurring revenue, the
 * instalments to collect and those that failed. Days are the agency's, named.
 */
function Revenue({ overview, language }: { overview: AdminOverview; language: string }) {
  const { t } = useTranslation("adminclasses");
  const { revenue, today } = overview;
  return (
    <section aria-labelledby="overview-revenue-heading" data-testid="overview-revenue">
      <h2 id="overview-revenue-heading" className="font-display text-2xl font-semibold">
        {t("overview.revenue.heading")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("overview.revenue.note", { timeZone: timeZoneName(today.timeZone, language === "fr" ? "fr" : "en") })}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {REVENUE_PERIODS.map((period) => {
          const moved = revenue.periods[period];
          return (
            <Block
              key={period}
              id={`overview-revenue-${period}`}
              title={t(`overview.revenue.periods.${period}`)}
              testId={`overview-revenue-${period}`}
              compact
            >
              <p className="text-sm text-muted-foreground">{periodDays(period, today.date, language, t)}</p>
              <dl className="mt-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">{t("overview.revenue.net")}</dt>
                  <dd className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid="overview-revenue-net">
                    {formatCents(moved.netCents)}
                  </dd>
                </div>
                <div className="mt-1 flex flex-wrap justify-between gap-x-2">
                  <dt className="text-muted-foreground">{t("overview.revenue.received")}</dt>
                  <dd className="tabular-nums">{formatCents(moved.chargedCents)}</dd>
                </div>
                <div className="flex flex-wrap justify-between gap-x-2">
                  <dt className="text-muted-foreground">{t("overview.revenue.refunded")}</dt>
                  <dd className="tabular-nums">
                    {moved.refundedCents > 0 ? `−${formatCents(moved.refundedCents)}` : formatCents(0)}
                  </dd>
                </div>
              </dl>
            </Block>
          );
        })}
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <Block id="overview-recurring" title={t("overview.revenue.recurring")} testId="overview-recurring">
          <p className="mt-2 text-2xl font-semibold tabular-nums">
            {t("overview.revenue.perMonth", { amount: formatCents(revenue.monthlyRecurringCents) })}
          </p>
          <p className="text-sm">{t("overview.revenue.activeSubscriptions", { count: revenue.activeSubscriptions })}</p>
          <TabLink tab="subscriptions">{t("overview.revenue.viewSubscriptions")}</TabLink>
        </Block>
        <Block id="overview-to-collect" title={t("overview.revenue.toCollect")} testId="overview-to-collect">
          <p className="mt-2 text-2xl font-semibold tabular-nums">{formatCents(revenue.instalmentsToCollect.cents)}</p>
          <p className="text-sm">{t("overview.revenue.instalments", { count: revenue.instalmentsToCollect.count })}</p>
          <TabLink tab="orders">{t("overview.viewOrders")}</TabLink>
        </Block>
        <Block
          id="overview-failed-instalments"
          title={t("overview.revenue.failed")}
          testId="overview-failed-instalments"
        >
          <p
            className={`mt-2 text-2xl font-semibold tabular-nums${revenue.failedInstalments.count > 0 ? " text-destructive" : ""}`}
          >
            {formatCents(revenue.failedInstalments.cents)}
          </p>
          <p className="text-sm">{t("overview.revenue.instalments", { count: revenue.failedInstalments.count })}</p>
          <TabLink tab="orders">{t("overview.viewOrders")}</TabLink>
        </Block>
      </div>
    </section>
  );
}

/** The dashboard's first tab: today's figures, the revenue, what awaits moderation, the newest posts and reviews. */
export function OverviewTab({ overview, language }: { overview: AdminOverview; language: string }) {
  const { t } = useTranslation("adminclasses");
  const { today, pending } = overview;
  return (
    <div className="space-y-8">
      <section aria-labelledby="overview-today-heading">
        <h2 id="overview-today-heading" className="font-display text-2xl font-semibold">
          {t("overview.today")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("overview.todayNote", {
            date: formatPostDate(`${today.date}T12:00:00Z`, language),
            timeZone: timeZoneName(today.timeZone, language === "fr" ? "fr" : "en"),
          })}
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Block id="overview-orders" title={t("overview.orders")}>
            <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid="overview-orders-placed">
              {t("overview.ordersPlaced", { count: today.orders.placed })}
            </p>
            <p className="text-sm tabular-nums" data-testid="overview-orders-paid">
              {t("overview.ordersPaid", { count: today.orders.paid, amount: formatCents(today.orders.paidCents) })}
            </p>
            <TabLink tab="orders">{t("overview.viewOrders")}</TabLink>
          </Block>
          <Block id="overview-leads" title={t("overview.newLeads")}>
            <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid="overview-new-leads">
              {today.newLeads}
            </p>
            <LocalizedLink to="/leads" className={linkClasses}>
              {t("overview.viewLeads")}
            </LocalizedLink>
          </Block>
          <Block id="overview-pending" title={t("overview.pending")}>
            <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid="overview-pending">
              {pending.total}
            </p>
            <p className="text-sm text-muted-foreground">{t("overview.pendingDetail", { ...pending })}</p>
            <TabLink tab="moderation">{t("overview.viewModeration")}</TabLink>
          </Block>
        </div>
      </section>
      <Revenue overview={overview} language={language} />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="overview-posts-heading">
          <h2 id="overview-posts-heading" className="font-display text-2xl font-semibold">
            {t("overview.recentPosts")}
          </h2>
          {overview.recentPosts.length === 0 ? (
            <p className="mt-3 text-muted-foreground">{t("overview.noPosts")}</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {overview.recentPosts.map((post) => (
                <li key={post.id} className="rounded-lg border border-border bg-white p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={post.published ? "success" : "neutral"}>
                      {post.published ? t("overview.published") : t("overview.draft")}
                    </Badge>
                    <time dateTime={post.createdAt} className="text-sm text-muted-foreground">
                      {formatPostDate(post.createdAt, language)}
                    </time>
                  </div>
                  <p className="mt-1 font-medium" lang={post.language}>
                    {post.title}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <TabLink tab="posts">{t("overview.viewPosts")}</TabLink>
        </section>
        <section aria-labelledby="overview-reviews-heading">
          <h2 id="overview-reviews-heading" className="font-display text-2xl font-semibold">
            {t("overview.recentReviews")}
          </h2>
          {overview.recentReviews.length === 0 ? (
            <p className="mt-3 text-muted-foreground">{t("overview.noReviews")}</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {overview.recentReviews.map((review) => (
                <li key={review.id} className="rounded-lg border border-border bg-white p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={review.approved ? "success" : "warning"}>
                      {review.approved ? t("overview.approved") : t("overview.pendingReview")}
                    </Badge>
                    {review.verified ? <VerifiedBadge /> : null}
                    <StarRating rating={review.rating} size={14} />
                  </div>
                  <p className="mt-1 font-medium">{review.customerName}</p>
                  <p className="line-clamp-2 text-sm text-muted-foreground" lang={review.language}>
                    {review.testimonialText}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <TabLink tab="reviews">{t("overview.viewReviews")}</TabLink>
        </section>
      </div>
    </div>
  );
}
