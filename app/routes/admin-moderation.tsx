import { STAFF_PAGE_SIZE } from "../../core/paging/rules.ts";
import { MediaModeration } from "../features/admin/media-moderation.tsx";
import { ModerationTab } from "../features/admin/moderation-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-moderation";

/**
 * Everything awaiting a decision: the oldest few of each queue (comments, reviews, uploads, media
 * comments) and how many wait in all. Deciding one brings up the next; no queue is read whole.
 */
export async function loader(args: Route.LoaderArgs) {
  const section = staffSection("moderation", args);
  const { blog, testimonials, media, overview } = args.context.services;
  const first = { page: 1, limit: STAFF_PAGE_SIZE };
  const [comments, reviews, uploads, mediaComments, pending] = await Promise.all([
    blog.listComments("pending", first),
    testimonials.listPending(STAFF_PAGE_SIZE),
    media.listPending(STAFF_PAGE_SIZE),
    media.listComments("pending", first),
    overview.pending(),
  ]);
  return {
    ...section,
    comments: comments.items,
    reviews,
    uploads,
    mediaComments: mediaComments.items,
    pending,
  };
}

export const meta = sectionMeta;

export default function AdminModeration({ loaderData }: Route.ComponentProps) {
  const { comments, reviews, uploads, mediaComments, pending, language } = loaderData;
  return (
    <>
      <ModerationTab comments={comments} reviews={reviews} pending={pending} language={language} />
      <MediaModeration pending={uploads} comments={mediaComments} totals={pending} />
    </>
  );
}
