import { ReviewsTab } from "../features/admin/reviews-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { requireListedPage, staffPageRequest, staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-reviews";

export async function loader(args: Route.LoaderArgs) {
  const section = staffSection("reviews", args);
  const { testimonials } = args.context.services;
  const [{ items, paging }, pending] = await Promise.all([
    testimonials.listStaffPage(staffPageRequest(args.request)),
    testimonials.countPending(),
  ]);
  requireListedPage(paging);
  return { ...section, reviews: items, paging, pending };
}

export const meta = sectionMeta;

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, paging, pending, language } = loaderData;
  return <ReviewsTab reviews={reviews} paging={paging} pending={pending} language={language} />;
}
