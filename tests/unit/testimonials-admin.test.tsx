// @vitest-environment jsdom
import { act, type ComponentType } from "react";
import { Outlet } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModerationComment } from "../../core/blog/schema.ts";
import type { AdminTestimonial } from "../../core/testimonials/schema.ts";
import { ModerationTab } from "../../app/features/admin/moderation-tab.tsx";
import { ReviewsTab, pendingFirst } from "../../app/features/admin/reviews-tab.tsx";
import Admin from "../../app/routes/admin.tsx";
import { domPage, until } from "../helpers/dom-page.tsx";
import { Where } from "../helpers/site-fixtures.tsx";
import { toast } from "../helpers/toast-mock.ts";

// Spec document 000: section 2 "/admin" (Reviews and Moderation tabs, pending-count badge), section 4
// (a pending testimonial is approved by an update or rejected, which deletes it), section 8 (review messages).
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const { fetchMock, renderRoutes } = domPage();

beforeAll(() => {
  // Radix measures its controls (the post form's switches); jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

let loaderCalls = 0;

beforeEach(() => {
  loaderCalls = 0;
});

const review = (overrides: Partial<AdminTestimonial>): AdminTestimonial => ({
  id: 1,
  verified: false,
  customerName: "Camille Durand",
  customerEmail: "camille@example.com",
  companyName: "Maison Durand",
  customerTitle: "Founder",
  projectType: "Brand identity",
  rating: 5,
  testimonialText: "They rebuilt our brand in three weeks.",
  language: "en",
  createdAt: "2026-03-01T10:00:00.000Z",
  approved: false,
  featured: false,
  isPublicSubmission: true,
  ...overrides,
});

const comment = (overrides: Partial<ModerationComment>): ModerationComment => ({
  id: 50,
  postId: 7,
  postTitle: "Design that sells",
  parentId: null,
  authorName: "Lou",
  authorEmail: "lou@example.com",
  authorWebsite: null,
  content: "Useful post, thanks.",
  language: "en",
  approved: false,
  createdAt: "2026-03-02T10:00:00.000Z",
  ...overrides,
});

const approvedReview = review({
  id: 1,
  customerName: "Camille Durand",
  approved: true,
  createdAt: "2026-03-05T10:00:00.000Z",
});
const newPending = review({
  id: 2,
  customerName: "Jordan Lee",
  approved: false,
  createdAt: "2026-03-04T10:00:00.000Z",
  customerEmail: null,
});
const oldPending = review({ id: 3, customerName: "Ana Souza", approved: false, createdAt: "2026-03-03T10:00:00.000Z" });

/** Renders `Component` as the /admin route: it receives `loaderData` like a route module's component. */
async function render(
  Component: ComponentType,
  { path = "/admin", language = "en" as "en" | "fr", loaderData = null as unknown } = {},
) {
  return renderRoutes(
    [
      {
        id: "layout",
        path: "/",
        Component: () => (
          <>
            <Outlet />
            <Where />
          </>
        ),
        children: [
          {
            id: "admin",
            path: "admin",
            loader: () => {
              loaderCalls++;
              return loaderData;
            },
            Component,
          },
        ],
      },
    ],
    language,
    { path, loaderData: { layout: null, admin: loaderData } },
  );
}

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const articles = (scope: ParentNode) =>
  [...scope.querySelectorAll("article")].map((article) => article.getAttribute("aria-label"));
const button = (label: string) => {
  const found = document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
  if (!found) throw new Error(`no button ${label}`);
  return found;
};
const dialogButton = (label: string) =>
  [...document.querySelectorAll<HTMLButtonElement>("[role=alertdialog] button")].find(
    (candidate) => text(candidate) === label,
  )!;
const ok = (status = 200, body: unknown = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
const failure = (status: number, message: string) =>
  new Response(JSON.stringify({ message, code: "not_found" }), {
    status,
    headers: { "content-type": "application/json" },
  });

describe("the Reviews tab", () => {
  it("lists every review, pending ones first, with their status, stars, details and text", async () => {
    const view = await render(() => <ReviewsTab reviews={[approvedReview, newPending, oldPending]} language="en" />);
    expect(text(view.querySelector("h2"))).toBe("All Reviews (3)");
    expect(view.textContent).toContain("2 reviews awaiting approval.");
    expect(articles(view)).toEqual(["Review by Jordan Lee", "Review by Ana Souza", "Review by Camille Durand"]);
    const [first, , last] = [...view.querySelectorAll("article")];
    expect(text(first.querySelector(".rounded-full"))).toBe("Pending");
    expect(text(last.querySelector(".rounded-full"))).toBe("Approved");
    expect(last.querySelector("[role=img]")?.getAttribute("aria-label")).toBe("Rated 5 out of 5");
    expect(text(last.querySelector("dl"))).toBe(
      "TitleFounderCompanyMaison DurandEmailcamille@example.comProject typeBrand identityDateMarch 5, 2026",
    );
    expect(text(last.querySelector("blockquote"))).toBe("They rebuilt our brand in three weeks.");
    // Pending: Approve and Reject; approved: Delete.
    expect([...first.querySelectorAll("button")].map((b) => text(b))).toEqual(["Approve", "Reject"]);
    expect([...last.querySelectorAll("button")].map((b) => text(b))).toEqual(["Delete"]);
  });

  it("marks the reviews of verified clients 'Verified client' (in French: 'Client vérifié')", async () => {
    const reviews = [{ ...approvedReview, verified: true }, newPending];
    const view = await render(() => <ReviewsTab reviews={reviews} language="en" />);
    const badges = [...view.querySelectorAll("[data-testid=verified-client]")];
    expect(badges.map((badge) => badge.closest("article")?.getAttribute("aria-label"))).toEqual([
      "Review by Camille Durand",
    ]);
    expect(text(badges[0])).toBe("Verified client");
    const french = await render(() => <ReviewsTab reviews={reviews} language="fr" />, { language: "fr" });
    expect([...french.querySelectorAll("[data-testid=verified-client]")].map((badge) => text(badge))).toEqual([
      "Client vérifié",
    ]);
  });

  it("says so when there is no review", async () => {
    const view = await render(() => <ReviewsTab reviews={[]} language="en" />);
    expect(view.textContent).toContain("No reviews yet.");
  });

  it("approves with PUT {approved: true}, reloads the data, then 'Review approved successfully!'", async () => {
    fetchMock.mockResolvedValueOnce(ok(200, { ...newPending, approved: true }));
    await render(() => <ReviewsTab reviews={[approvedReview, newPending]} language="en" />);
    await act(async () => button("Approve review by Jordan Lee").click());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/testimonials/2");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ approved: true });
    expect(loaderCalls).toBe(1);
    expect(toast.success).toHaveBeenCalledWith("Review approved successfully!");
  });

  it("'Failed to approve review' with the server's reason", async () => {
    fetchMock.mockResolvedValueOnce(failure(404, "Testimonial not found"));
    await render(() => <ReviewsTab reviews={[newPending]} language="en" />);
    await act(async () => button("Approve review by Jordan Lee").click());
    expect(toast.error).toHaveBeenCalledWith("Failed to approve review", { description: "Testimonial not found" });
    expect(toast.success).not.toHaveBeenCalled();
    expect(button("Approve review by Jordan Lee").disabled).toBe(false);
  });

  it("rejects a pending review with DELETE: 'Review rejected and removed.' / 'Failed to reject review'", async () => {
    fetchMock.mockResolvedValueOnce(ok(204)).mockResolvedValueOnce(failure(404, "Testimonial not found"));
    await render(() => <ReviewsTab reviews={[newPending, oldPending]} language="en" />);
    await act(async () => button("Reject review by Jordan Lee").click());
    expect(fetchMock.mock.calls[0][0]).toBe("/api/testimonials/2");
    expect(fetchMock.mock.calls[0][1]?.method).toBe("DELETE");
    expect(toast.success).toHaveBeenCalledWith("Review rejected and removed.");
    await act(async () => button("Reject review by Ana Souza").click());
    expect(toast.error).toHaveBeenCalledWith("Failed to reject review", { description: "Testimonial not found" });
  });

  it("deletes an approved review after confirmation: 'Review deleted successfully.' / 'Failed to delete review'", async () => {
    fetchMock.mockResolvedValueOnce(failure(404, "Testimonial not found")).mockResolvedValueOnce(ok(204));
    await render(() => <ReviewsTab reviews={[approvedReview]} language="en" />);

    await act(async () => button("Delete review by Camille Durand").click());
    const dialog = document.querySelector("[role=alertdialog]")!;
    expect(text(dialog.querySelector("h2"))).toBe("Delete this review?");
    // Cancel sends nothing.
    await act(async () => dialogButton("Cancel").click());
    expect(fetchMock).not.toHaveBeenCalled();

    for (const expectation of [
      () =>
        expect(toast.error).toHaveBeenCalledWith("Failed to delete review", { description: "Testimonial not found" }),
      () => expect(toast.success).toHaveBeenCalledWith("Review deleted successfully."),
    ]) {
      await act(async () => button("Delete review by Camille Durand").click());
      await act(async () => dialogButton("Delete").click());
      expectation();
    }
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      "DELETE /api/testimonials/1",
      "DELETE /api/testimonials/1",
    ]);
  });

  it("pendingFirst keeps each group's order", () => {
    expect(
      pendingFirst([approvedReview, newPending, review({ id: 9, approved: true }), oldPending]).map((r) => r.id),
    ).toEqual([2, 3, 1, 9]);
  });
});

describe("the Moderation tab", () => {
  it("lists pending reviews with Approve and Reject beside the pending comments", async () => {
    const view = await render(() => (
      <ModerationTab comments={[comment({})]} reviews={[oldPending, newPending]} language="en" />
    ));
    expect([...view.querySelectorAll("h2")].map((h) => text(h))).toEqual([
      "Comments awaiting review",
      "Reviews awaiting approval",
    ]);
    expect(articles(view)).toEqual([
      "Comment by Lou on Design that sells",
      "Review by Ana Souza",
      "Review by Jordan Lee",
    ]);
    fetchMock.mockResolvedValueOnce(ok(200, { ...oldPending, approved: true })).mockResolvedValueOnce(ok(204));
    await act(async () => button("Approve review by Ana Souza").click());
    expect(toast.success).toHaveBeenLastCalledWith("Review approved successfully!");
    await act(async () => button("Reject review by Jordan Lee").click());
    expect(toast.success).toHaveBeenLastCalledWith("Review rejected and removed.");
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      "PUT /api/testimonials/3",
      "DELETE /api/testimonials/2",
    ]);
  });

  it("says when no review awaits approval, in French too", async () => {
    const view = await render(() => <ModerationTab comments={[]} reviews={[]} language="fr" />, { language: "fr" });
    expect(view.textContent).toContain("Aucun commentaire en attente de modération.");
    expect(view.textContent).toContain("Aucun avis en attente d'approbation.");
  });
});

describe("the /admin page", () => {
  const loaderData = {
    posts: [],
    pendingComments: [comment({ id: 50 }), comment({ id: 51, authorName: "Sam" })],
    reviews: [approvedReview, newPending, oldPending],
    pendingReviews: [oldPending, newPending],
    deals: [],
    media: [],
    pendingMediaComments: [],
    mediaLimits: { image: 10, video: 200, audio: 50 },
    tutorials: [],
    classes: [],
    overview: {
      recentPosts: [],
      recentReviews: [],
      today: {
        date: "2026-03-02",
        timeZone: "America/New_York",
        orders: { placed: 0, paid: 0, paidCents: 0 },
        newLeads: 0,
      },
      revenue: {
        periods: Object.fromEntries(
          ["today", "last7Days", "thisMonth", "last30Days"].map((period) => [
            period,
            { chargedCents: 0, refundedCents: 0, netCents: 0 },
          ]),
        ),
        monthlyRecurringCents: 0,
        activeSubscriptions: 0,
        instalmentsToCollect: { count: 0, cents: 0 },
        failedInstalments: { count: 0, cents: 0 },
      },
      pending: { comments: 2, reviews: 2, media: 0, mediaComments: 0, total: 4 },
    },
    language: "en",
    title: "Admin Dashboard | Atelier",
  };

  it("has Overview, Posts, Media, Tutorials, Classes, Reviews, Moderation, Hot Deals, Promo codes, Orders and Subscriptions tabs, the Overview open first; the Moderation badge counts pending comments and reviews", async () => {
    const view = await render(Admin as unknown as ComponentType, { loaderData });
    const tabs = [...view.querySelectorAll("[role=tab]")];
    expect(tabs.map((tab) => text(tab))).toEqual([
      "Overview",
      "Posts",
      "Media",
      "Tutorials",
      "Classes",
      "Reviews",
      "Moderation4(4 items awaiting review)",
      "Hot Deals",
      "Promo codes",
      "Orders",
      "Subscriptions",
    ]);
    expect(text(view.querySelector("[role=tabpanel][data-state=active] h2"))).toBe("Today");
  });

  it("opens the tab named in the address, and keeps the chosen tab there", async () => {
    const view = await render(Admin as unknown as ComponentType, { loaderData, path: "/admin?tab=reviews" });
    const panel = view.querySelector("[role=tabpanel][data-state=active]")!;
    // A section's code loads when it is first opened: a line says so meanwhile.
    await until(() => panel.querySelector("h2"));
    expect(text(panel.querySelector("h2"))).toBe("All Reviews (3)");
    const moderation = [...view.querySelectorAll<HTMLButtonElement>("[role=tab]")][6];
    await act(async () => {
      moderation.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, button: 0 }));
    });
    expect(text(view.querySelector("[data-testid=where]"))).toBe("/admin?tab=moderation");
    await until(() => articles(view.querySelector("[role=tabpanel][data-state=active]")!).length > 0);
    expect(articles(view.querySelector("[role=tabpanel][data-state=active]")!)).toContain("Review by Ana Souza");
  });
});
