import { megabytes } from "../../core/media/rules.ts";
import { MediaTab } from "../features/admin/media-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { requireListedPage, staffPageRequest, staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-media";

export async function loader(args: Route.LoaderArgs) {
  const section = staffSection("media", args);
  const { media } = args.context.services;
  const { items, paging } = await media.listStaffPage(staffPageRequest(args.request));
  requireListedPage(paging);
  const limits = {
    image: megabytes(media.limits.image),
    video: megabytes(media.limits.video),
    audio: megabytes(media.limits.audio),
  };
  return { ...section, media: items, paging, limits };
}

export const meta = sectionMeta;

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  return <MediaTab media={loaderData.media} paging={loaderData.paging} limits={loaderData.limits} />;
}
