import type { BlogService } from "../blog/service.server.ts";
import type { LeadService } from "../leads/service.server.ts";
import type { MediaService } from "../media/service.server.ts";
import type { OrderService } from "../orders/service.server.ts";
import type { PaymentService } from "../payments/service.server.ts";
import type { TestimonialService } from "../testimonials/service.server.ts";
import { OVERVIEW_LIMITS, pendingTotal, REVENUE_PERIODS, revenueRanges, todayRange } from "./rules.ts";
import type { AdminOverview } from "./schema.ts";

/** The services the Overview asks; it owns no data of its own. */
export interface OverviewSources {
  blog: Pick<BlogService, "newestPosts" | "countPendingComments">;
  testimonials: Pick<TestimonialService, "newest" | "countPending">;
  media: Pick<MediaService, "countPending" | "countPendingComments">;
  orders: Pick<OrderService, "figuresBetween" | "scheduleFigures">;
  leads: Pick<LeadService, "countCreatedBetween">;
  payments: Pick<PaymentService, "movedBetween">;
  subscriptions: { monthlyRecurringCents(): Promise<{ cents: number; active: number }> };
}

/**
 * The staff dashboard's Overview (spec 000, section 2: 4 recent posts, 3 recent reviews) with today's
 * figures in the agency's time zone (orders placed and paid, new leads), the revenue (money received
 * net of refunds over four periods, recurring revenue, instalments to collect) and what awaits moderation.
 * It reads figures and the few rows it shows, never a whole list: its cost stays flat as content grows.
 */
export class OverviewService {
  private readonly sources: OverviewSources;
  /** The agency's time zone: every staff screen reads its days and times in it. */
  readonly timeZone: string;
  private readonly now: () => Date;

  constructor(sources: OverviewSources, options: { timeZone: string; now?: () => Date }) {
    this.sources = sources;
    this.timeZone = options.timeZone;
    this.now = options.now ?? (() => new Date());
  }

  async get(): Promise<AdminOverview> {
    const { blog, testimonials, orders, leads, payments, subscriptions } = this.sources;
    const now = this.now();
    const today = todayRange(now, this.timeZone);
    const ranges = revenueRanges(now, this.timeZone);
    const [moved, recurring, schedules] = await Promise.all([
      Promise.all(REVENUE_PERIODS.map((period) => payments.movedBetween(ranges[period].start, ranges[period].end))),
      subscriptions.monthlyRecurringCents(),
      orders.scheduleFigures(),
    ]);
    const [posts, reviews, pending, orderFigures, newLeads] = await Promise.all([
      blog.newestPosts(OVERVIEW_LIMITS.posts),
      testimonials.newest(OVERVIEW_LIMITS.reviews),
      this.pending(),
      orders.figuresBetween(today.start, today.end),
      leads.countCreatedBetween(today.start, today.end),
    ]);
    return {
      recentPosts: posts,
      recentReviews: reviews.map((review) => ({
        id: review.id,
        customerName: review.customerName,
        rating: review.rating,
        testimonialText: review.testimonialText,
        language: review.language,
        approved: review.approved,
        verified: review.verified,
        createdAt: review.createdAt,
      })),
      today: { date: today.date, timeZone: this.timeZone, orders: orderFigures, newLeads },
      revenue: {
        periods: Object.fromEntries(
          REVENUE_PERIODS.map((period, index) => [period, moved[index]]),
        ) as AdminOverview["revenue"]["periods"],
        monthlyRecurringCents: recurring.cents,
        activeSubscriptions: recurring.active,
        instalmentsToCollect: { count: schedules.toCollect, cents: schedules.toCollectCents },
        failedInstalments: { count: schedules.failed, cents: schedules.failedCents },
      },
      pending,
    };
  }

  /** What awaits moderation, by kind and in all: the dashboard's navigation shows the total on every section. */
  async pending(): Promise<AdminOverview["pending"]> {
    const { blog, testimonials, media } = this.sources;
    const [reviews, comments, pendingMedia, mediaComments] = await Promise.all([
      testimonials.countPending(),
      blog.countPendingComments(),
      media.countPending(),
      media.countPendingComments(),
    ]);
    const pending = { comments, reviews, media: pendingMedia, mediaComments };
    return { ...pending, total: pendingTotal(pending) };
  }
}
