// @vitest-environment jsdom
import { act, type ComponentType } from "react";
import { Outlet } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModerationComment } from "../../core/blog/schema.ts";
import type { AdminTestimonial } from "../../core/testimonials/schema.ts";
import { ModerationTab } from "../../app/features/admin/moderation-tab.tsx";
import { ReviewsTab } from "../../app/features/admin/reviews-tab.tsx";
import { pageInfo } from "../../core/paging/rules.ts";
import Admin from "../../app/routes/admin.tsx";
import { domPage } from "../helpers/dom-page.tsx";
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
            // Any address: the frame is tried under its sections' and the French addresses.
            path: "*",
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

/** The Reviews section showing `reviews` as its only page. */
function Reviews({ reviews, language }: { reviews: AdminTestimonial[]; language: string }) {
  const pending = reviews.filter((item) => !item.approved).length;
  const paging = pageInfo({ page: 1, limit: 20 }, reviews.length);
  return <ReviewsTab reviews={reviews} paging={paging} pending={pending} language={language} />;
}

describe("the Reviews tab", () => {
  it("lists the page's reviews as the server orders them (pending first), with their status, stars, details and text", async () => {
    const view = await render(() => <Reviews reviews={[newPending, oldPending, approvedReview]} language="en" />);
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
    const view = await render(() => <Reviews reviews={reviews} language="en" />);
    const badges = [...view.querySelectorAll("[data-testid=verified-client]")];
    expect(badges.map((badge) => badge.closest("article")?.getAttribute("aria-label"))).toEqual([
      "Review by Camille Durand",
    ]);
    expect(text(badges[0])).toBe("Verified client");
    const french = await render(() => <Reviews reviews={reviews} language="fr" />, { language: "fr" });
    expect([...french.querySelectorAll("[data-testid=verified-client]")].map((badge) => text(badge))).toEqual([
      "Client vérifié",
    ]);
  });

  it("says so when there is no review", async () => {
    const view = await render(() => <Reviews reviews={[]} language="en" />);
    expect(view.textContent).toContain("No reviews yet.");
  });

  it("approves with PUT {approved: true}, reloads the data, then 'Review approved successfully!'", async () => {
    fetchMock.mockResolvedValueOnce(ok(200, { ...newPending, approved: true }));
    await render(() => <Reviews reviews={[approvedReview, newPending]} language="en" />);
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
    await render(() => <Reviews reviews={[newPending]} language="en" />);
    await act(async () => button("Approve review by Jordan Lee").click());
    expect(toast.error).toHaveBeenCalledWith("Failed to approve review", { description: "Testimonial not found" });
    expect(toast.success).not.toHaveBeenCalled();
    expect(button("Approve review by Jordan Lee").disabled).toBe(false);
  });

  it("rejects a pending review with DELETE: 'Review rejected and removed.' / 'Failed to reject review'", async () => {
    fetchMock.mockResolvedValueOnce(ok(204)).mockResolvedValueOnce(failure(404, "Testimonial not found"));
    await render(() => <Reviews reviews={[newPending, oldPending]} language="en" />);
    await act(async () => button("Reject review by Jordan Lee").click());
    expect(fetchMock.mock.calls[0][0]).toBe("/api/testimonials/2");
    expect(fetchMock.mock.calls[0][1]?.method).toBe("DELETE");
    expect(toast.success).toHaveBeenCalledWith("Review rejected and removed.");
    await act(async () => button("Reject review by Ana Souza").click());
    expect(toast.error).toHaveBeenCalledWith("Failed to reject review", { description: "Testimonial not found" });
  });

  it("deletes an approved review after confirmation: 'Review deleted successfully.' / 'Failed to delete review'", async () => {
    fetchMock.mockResolvedValueOnce(failure(404, "Testimonial not found")).mockResolvedValueOnce(ok(204));
    await render(() => <Reviews reviews={[approvedReview]} language="en" />);

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
});

describe("the Moderation tab", () => {
  it("lists pending reviews with Approve and Reject beside the pending comments", async () => {
    const view = await render(() => (
      <ModerationTab
        comments={[comment({})]}
        reviews={[oldPending, newPending]}
        pending={{ comments: 1, reviews: 2, media: 0, mediaComments: 0 }}
        language="en"
      />
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
    const view = await render(
      () => (
        <ModerationTab
          comments={[]}
          reviews={[]}
          pending={{ comments: 0, reviews: 0, media: 0, mediaComments: 0 }}
          language="fr"
        />
      ),
      { language: "fr" },
    );
    expect(view.textContent).toContain("Aucun commentaire en attente de modération.");
    expect(view.textContent).toContain("Aucun avis en attente d'approbation.");
  });
});

describe("the /admin frame", () => {
  it("links to its eleven sections, marks the one open, and counts what awaits moderation", async () => {
    const view = await render(Admin as unknown as ComponentType, {
      loaderData: { pendingTotal: 4 },
      path: "/admin/reviews",
    });
    expect(text(view.querySelector("h1"))).toBe("Admin Dashboard");
    const links = [...view.querySelectorAll("nav[aria-label='Dashboard sections'] a")];
    expect(links.map((link) => text(link))).toEqual([
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
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/admin",
      "/admin/posts",
      "/admin/media",
      "/admin/tutorials",
      "/admin/classes",
      "/admin/reviews",
      "/admin/moderation",
      "/admin/deals",
      "/admin/promos",
      "/admin/orders",
      "/admin/subscriptions",
    ]);
    const current = links.filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => text(link))).toEqual(["Reviews"]);
  });

  it("keeps French addresses in French", async () => {
    const view = await render(Admin as unknown as ComponentType, {
      loaderData: { pendingTotal: 0 },
      path: "/fr/admin",
      language: "fr",
    });
    const links = [...view.querySelectorAll("nav a")];
    expect(links.map((link) => text(link)).slice(0, 3)).toEqual(["Vue d'ensemble", "Articles", "Médias"]);
    expect(links[1]?.getAttribute("href")).toBe("/fr/admin/posts");
    expect(links[0]?.getAttribute("aria-current")).toBe("page");
  });
});
