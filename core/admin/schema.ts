import type { PendingCounts, RevenuePeriod } from "./rules.ts";

/** Money received and given back in a period, in cents. */
export interface MoneyMoved {
  chargedCents: number;
  refundedCents: number;
  netCents: number;
}

/** A post as the Overview lists it. */
export interface OverviewPost {
  id: number;
  title: string;
  language: string;
  published: boolean;
  createdAt: string;
}

/** A review as the Overview lists it. */
export interface OverviewReview {
  id: number;
  customerName: string;
  rating: number;
  testimonialText: string;
  language: string;
  approved: boolean;
  verified: boolean;
  createdAt: string;
}

/** The staff dashboard's first tab: what is new, and today's figures in the agency's time zone. */
export interface AdminOverview {
  recentPosts: OverviewPost[];
  recentReviews: OverviewReview[];
  today: {
    /** The agency's calendar date, "YYYY-MM-DD", and its time zone. */
    date: string;
    timeZone: string;
    /** Orders placed today (any status), orders paid today (still paid) and what they came to, in cents. */
    orders: { placed: number; paid: number; paidCents: number };
    /** Leads first recorded today. */
    newLeads: number;
  };
  /** Money received net of refunds in the agency's time zone, and what is still to come. */
  revenue: {
    periods: Record<RevenuePeriod, MoneyMoved>;
    /** The monthly price of the active subscriptions, and how many there are. */
    monthlyRecurringCents: number;
    activeSubscriptions: number;
    /** Instalments still to collect (due, being charged or failed), and the failed ones. */
    instalmentsToCollect: { count: number; cents: number };
    failedInstalments: { count: number; cents: number };
  };
  /** Everything awaiting moderation now, whatever its date. */
  pending: PendingCounts & { total: number };
}
