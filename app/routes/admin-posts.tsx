import { PostsTab } from "../features/admin/posts-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { requireListedPage, staffPageRequest, staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-posts";

export async function loader(args: Route.LoaderArgs) {
  const section = staffSection("posts", args);
  const { blog } = args.context.services;
  const { items: posts, paging } = await blog.listStaffPage(staffPageRequest(args.request));
  requireListedPage(paging);
  return { ...section, posts, paging, linkable: await blog.translationChoices(posts) };
}

export const meta = sectionMeta;

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { posts, paging, linkable, language } = loaderData;
  return <PostsTab posts={posts} paging={paging} linkable={linkable} language={language} />;
}
