// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import type { AdminOverview } from "../../core/admin/schema.ts";
import type { SubscriptionView } from "../../core/checkout/subscriptions.server.ts";
import { OverviewTab } from "../../app/features/admin/overview-tab.tsx";
import { SubscriptionsTab } from "../../app/features/admin/subscriptions-tab.tsx";
import { domPage, json, settle, typeInto } from "../helpers/dom-page.tsx";
import { toast } from "../helpers/toast-mock.ts";

/**
 * Revenue for staff (issue 23): the Overview's money over four periods in the agency's time zone,
 * named, with recurring revenue and the instalments still to come; the Subscriptions tab's invoices,
 * next charge, end date and undoing a cancellation.
 */
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const ZONE = "America/New_York";
const { fetchMock, renderRoutes } = domPage();

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const byTestId = (id: string, scope: ParentNode = document) =>
  scope.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function render(element: React.ReactNode, language: "en" | "fr" = "en") {
  return renderRoutes([{ path: "/admin", Component: () => element }], language, { path: "/admin" });
}

const overview: AdminOverview = {
  recentPosts: [],
  recentReviews: [],
  today: { date: "2026-03-08", timeZone: ZONE, orders: { placed: 2, paid: 1, paidCents: 50_000 }, newLeads: 0 },
  revenue: {
    periods: {
      today: { chargedCents: 50_000, refundedCents: 12_050, netCents: 37_950 },
      last7Days: { chargedCents: 150_000, refundedCents: 12_050, netCents: 137_950 },
      thisMonth: { chargedCents: 150_000, refundedCents: 12_050, netCents: 137_950 },
      last30Days: { chargedCents: 400_000, refundedCents: 0, netCents: 400_000 },
    },
    monthlyRecurringCents: 29_700,
    activeSubscriptions: 3,
    instalmentsToCollect: { count: 4, cents: 100_000 },
    failedInstalments: { count: 1, cents: 25_000 },
  },
  pending: { comments: 0, reviews: 0, media: 0, mediaComments: 0, total: 0 },
};

describe("the Overview's revenue", () => {
  it("gives net received, received and refunded for each period, in the agency's time zone, named", async () => {
    const view = await render(<OverviewTab overview={overview} language="en" />);
    const section = byTestId("overview-revenue", view)!;
    expect(text(section.querySelector("h2"))).toBe("Revenue");
    expect(section.textContent).toContain(
      "Money received less refunds, by day in the agency's time zone (New York time).",
    );
    expect(text(byTestId("overview-revenue-today"))).toBe(
      "TodayMar 8, 2026Net received$379.50Received$500.00Refunded−$120.50",
    );
    expect(text(byTestId("overview-revenue-last7Days"))).toBe(
      "Last 7 daysMar 2 – Mar 8, 2026Net received$1,379.50Received$1,500.00Refunded−$120.50",
    );
    expect(text(byTestId("overview-revenue-thisMonth"))).toBe(
      "This monthMarch 2026Net received$1,379.50Received$1,500.00Refunded−$120.50",
    );
    expect(text(byTestId("overview-revenue-last30Days"))).toBe(
      "Last 30 daysFeb 7 – Mar 8, 2026Net received$4,000.00Received$4,000.00Refunded$0.00",
    );
    expect(text(byTestId("overview-recurring"))).toBe(
      "Monthly recurring revenue$297.00 a month3 active subscriptionsView subscriptions",
    );
    expect(text(byTestId("overview-to-collect"))).toBe("Instalments to collect$1,000.004 instalmentsView orders");
    expect(text(byTestId("overview-failed-instalments"))).toBe("Failed instalments$250.001 instalmentView orders");
    expect(byTestId("overview-recurring")!.querySelector("a")?.getAttribute("href")).toBe("/admin/subscriptions");
  });

  it("speaks French", async () => {
    const view = await render(<OverviewTab overview={overview} language="fr" />, "fr");
    const section = byTestId("overview-revenue", view)!;
    expect(text(section.querySelector("h2"))).toBe("Chiffre d'affaires");
    expect(section.textContent).toContain("(heure de New York)");
    expect(text(byTestId("overview-revenue-thisMonth"))).toBe(
      "Ce mois-cimars 2026Net encaissé$1,379.50Reçu$1,500.00Remboursé−$120.50",
    );
    expect(text(byTestId("overview-recurring"))).toContain("3 abonnements actifs");
    expect(text(byTestId("overview-failed-instalments"))).toContain("1 versement");
  });
});

const subscription = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: "sub-1",
  plan: "Growth",
  priceCents: 9_900,
  customerEmail: "ada@example.com",
  customerName: "Ada Lovelace",
  language: "en",
  status: "active",
  // 02:00 UTC on April 1 is still March 31 in New York.
  currentPeriodEnd: "2026-04-01T02:00:00.000Z",
  cancelAtPeriodEnd: false,
  nextCharge: { amountCents: 9_900, date: "2026-04-01T02:00:00.000Z" },
  createdAt: "2026-02-01T00:00:00.000Z",
  invoices: [
    {
      id: "inv-1",
      amountCents: 9_900,
      status: "paid",
      periodStart: "2026-02-01T15:00:00.000Z",
      periodEnd: "2026-03-01T15:00:00.000Z",
      paidAt: "2026-02-01T15:00:00.000Z",
      brand: "visa",
      last4: "4242",
      failureMessage: null,
    },
    {
      id: "inv-2",
      amountCents: 9_900,
      status: "failed",
      periodStart: "2026-03-01T15:00:00.000Z",
      periodEnd: "2026-04-01T15:00:00.000Z",
      paidAt: null,
      brand: "visa",
      last4: "0341",
      failureMessage: "Your card was declined.",
    },
  ],
  ...overrides,
});

describe("the Subscriptions tab", () => {
  it("lists invoices with their date, amount and status, the next charge and the renewal day, in the agency's time zone", async () => {
    fetchMock.mockResolvedValueOnce(json({ data: [subscription()] }));
    const view = await render(<SubscriptionsTab language="en" timeZone={ZONE} sandbox={false} />);
    expect(view.textContent).toContain("Dates are in New York time.");
    const row = byTestId("admin-subscription", view)!;
    expect(text(row.querySelector("h3"))).toBe("Ada Lovelace · ada@example.com");
    expect(text(byTestId("admin-subscription-period", row))).toBe("Renews on Mar 31, 2026");
    expect(text(byTestId("admin-subscription-next", row))).toBe("Next charge: $99.00 on Mar 31, 2026");
    const table = byTestId("admin-subscription-invoices", row)!;
    expect(text(table.querySelector("caption"))).toBe("2 invoices");
    expect([...table.querySelectorAll("tbody tr")].map((line) => text(line))).toEqual([
      "Feb 1, 2026for Feb 1, 2026 – Mar 1, 2026$99.00Paid",
      "Mar 1, 2026for Mar 1, 2026 – Apr 1, 2026$99.00Payment failedYour card was declined.",
    ]);
    expect(byTestId("admin-subscription-resume", row)).toBeNull();
    expect(text(byTestId("admin-subscription-cancel-end", row))).toBe("Cancel at period end");
  });

  it("asks for a page at a time, searches by e-mail or name, and pages while a page comes back full", async () => {
    const full = Array.from({ length: 50 }, (_, i) => subscription({ id: `sub-${i}` }));
    fetchMock
      .mockResolvedValueOnce(json({ data: full }))
      .mockResolvedValueOnce(json({ data: [subscription()] }))
      .mockResolvedValueOnce(json({ data: [] }));
    const view = await render(<SubscriptionsTab language="en" timeZone={ZONE} sandbox={false} />);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/admin/subscriptions?limit=50&page=1");
    const next = [...view.querySelectorAll("nav button")].find(
      (button) => text(button) === "Next",
    ) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    await act(async () => next.click());
    await settle();
    expect(fetchMock.mock.calls[1][0]).toBe("/api/admin/subscriptions?limit=50&page=2");
    const box = view.querySelector<HTMLInputElement>('input[type="search"]')!;
    typeInto(box, " Lovelace ");
    await act(async () => box.form!.requestSubmit());
    await settle();
    expect(fetchMock.mock.calls[2][0]).toBe("/api/admin/subscriptions?limit=50&page=1&q=Lovelace");
    expect(view.textContent).toContain("No subscription matches this search.");
  });

  it("says when a subscription set to end ends, and undoes the cancellation", async () => {
    const ending = subscription({ cancelAtPeriodEnd: true, nextCharge: null });
    fetchMock.mockResolvedValueOnce(json({ data: [ending] })).mockResolvedValueOnce(json({ data: subscription() }));
    const view = await render(<SubscriptionsTab language="en" timeZone={ZONE} sandbox={false} />);
    const row = byTestId("admin-subscription", view)!;
    expect(text(byTestId("admin-subscription-period", row))).toBe("Ends on Mar 31, 2026");
    expect(byTestId("admin-subscription-next", row)).toBeNull();
    expect(byTestId("admin-subscription-cancel-end", row)).toBeNull();
    const resume = byTestId("admin-subscription-resume", row)!;
    resume.focus();
    await act(async () => resume.click());
    await settle();
    // The button in the same place now cancels at period end: the focus stays on it.
    expect(document.activeElement).toBe(byTestId("admin-subscription-cancel-end"));
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe("/api/admin/subscriptions/sub-1/resume");
    expect(init?.method).toBe("POST");
    expect(toast.success).toHaveBeenCalledWith("Cancellation undone");
    expect(text(byTestId("admin-subscription-period"))).toBe("Renews on Mar 31, 2026");
    expect(byTestId("admin-subscription-resume")).toBeNull();
  });

  it("cancels now once asked, and keeps the focus on the subscription when its buttons go", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ data: [subscription()] }))
      .mockResolvedValueOnce(json({ data: subscription({ status: "cancelled", nextCharge: null }) }));
    await render(<SubscriptionsTab language="en" timeZone={ZONE} sandbox={false} />);
    const trigger = byTestId("admin-subscription-cancel-now")!;
    trigger.focus();
    await act(async () => trigger.click());
    await act(async () =>
      [...document.querySelectorAll<HTMLButtonElement>("[role=alertdialog] button")]
        .find((button) => text(button) === "Cancel now")!
        .click(),
    );
    await settle();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe("/api/admin/subscriptions/sub-1/cancel");
    expect(JSON.parse(String(init?.body))).toEqual({ atPeriodEnd: false });
    expect(byTestId("admin-subscription-cancel-now")).toBeNull();
    expect(document.activeElement?.id).toBe("subscription-sub-1");
  });

  it("asks before cancelling now, and cancels at period end at once", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ data: [subscription()] }))
      .mockResolvedValueOnce(json({ data: subscription({ cancelAtPeriodEnd: true }) }));
    await render(<SubscriptionsTab language="en" timeZone={ZONE} sandbox={false} />);
    await act(async () => byTestId("admin-subscription-cancel-now")!.click());
    expect(text(document.querySelector("[role=alertdialog] h2"))).toBe("Cancel this subscription now?");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () =>
      [...document.querySelectorAll<HTMLButtonElement>("[role=alertdialog] button")]
        .find((button) => text(button) === "Keep")!
        .click(),
    );
    await act(async () => byTestId("admin-subscription-cancel-end")!.click());
    await settle();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe("/api/admin/subscriptions/sub-1/cancel");
    expect(JSON.parse(String(init?.body))).toEqual({ atPeriodEnd: true });
    expect(text(byTestId("admin-subscription-period"))).toBe("Ends on Mar 31, 2026");
  });

  it("speaks French", async () => {
    fetchMock.mockResolvedValueOnce(json({ data: [subscription({ cancelAtPeriodEnd: true })] }));
    const view = await render(<SubscriptionsTab language="fr" timeZone={ZONE} sandbox={false} />, "fr");
    expect(text(byTestId("admin-subscription-period", view))).toBe("Prend fin le 31 mars 2026");
    expect(text(byTestId("admin-subscription-resume", view))).toBe("Annuler la résiliation");
    expect(view.textContent).toContain("Fuseau horaire des dates\u202f: heure de New York.");
  });
});
