import { TutorialsTab } from "../features/admin/tutorials-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { requireListedPage, staffPageRequest, staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-tutorials";

export async function loader(args: Route.LoaderArgs) {
  const section = staffSection("tutorials", args);
  const { items, paging } = await args.context.services.tutorials.listStaffPage(staffPageRequest(args.request));
  requireListedPage(paging);
  return { ...section, tutorials: items, paging };
}

export const meta = sectionMeta;

export default function AdminTutorials({ loaderData }: Route.ComponentProps) {
  return <TutorialsTab tutorials={loaderData.tutorials} paging={loaderData.paging} language={loaderData.language} />;
}
