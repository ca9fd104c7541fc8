import { DealsTab } from "../features/admin/deals-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { requireListedPage, staffPageRequest, staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-deals";

export async function loader(args: Route.LoaderArgs) {
  const section = staffSection("deals", args);
  const { items, paging } = await args.context.services.deals.listStaffPage(staffPageRequest(args.request));
  requireListedPage(paging);
  return { ...section, deals: items, paging };
}

export const meta = sectionMeta;

export default function AdminDeals({ loaderData }: Route.ComponentProps) {
  return <DealsTab deals={loaderData.deals} paging={loaderData.paging} language={loaderData.language} />;
}
