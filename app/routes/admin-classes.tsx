import { ClassesTab } from "../features/admin/classes-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { requireListedPage, staffPageRequest, staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-classes";

export async function loader(args: Route.LoaderArgs) {
  const section = staffSection("classes", args);
  const { items, paging } = await args.context.services.classes.listStaffPage(staffPageRequest(args.request));
  requireListedPage(paging);
  return { ...section, classes: items, paging };
}

export const meta = sectionMeta;

export default function AdminClasses({ loaderData }: Route.ComponentProps) {
  return <ClassesTab classes={loaderData.classes} paging={loaderData.paging} language={loaderData.language} />;
}
