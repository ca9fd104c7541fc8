import { timeZoneName } from "../../../core/i18n/time-zones.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AdminOverview } from "../../../core/admin/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { formatPostDate } from "../blog/format-date.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { StarRating } from "../testimonials/star-rating.tsx";
import { VerifiedBadge } from "../testimonials/verified-badge.tsx";

const linkClasses = "mt-3 inline-block text-sm font-medium text-primary hover:underline";

/** A link to another tab of the dashboard (the address keeps ?tab=, like the tabs themselves). */
function TabLink({ tab, children }: { tab: string; children: ReactNode }) {
  return (
    <Link to={{ search: `?tab=${tab}` }} preventScrollReset className={linkClasses}>
      {children}
    </Link>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-white p-5">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The dashboard's first tab: today's figures, what awaits moderation, the newest posts and reviews. */
export function OverviewTab({ overview, language }: { overview: AdminOverview; language: string }) {
  const { t } = useTranslation("adminclasses");
  const { today, pending } = overview;
  return (
    <div className="space-y-8">
      <section aria-labelledby="overview-today-heading">
        <h2 id="overview-today-heading" className="font-display text-2xl font-semibold">
          {t("overview.today")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("overview.todayNote", { date: formatPostDate(`${today.date}T12:00:00Z`, language), timeZone: timeZoneName(today.timeZone, language === "fr" ? "fr" : "en") })}</p>
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
                    <Badge tone={post.published ? "success" : "neutral"}>{post.published ? t("overview.published") : t("overview.draft")}</Badge>
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
                    <Badge tone={review.approved ? "success" : "warning"}>{review.approved ? t("overview.approved") : t("overview.pendingReview")}</Badge>
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
