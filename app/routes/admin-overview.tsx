import { OverviewTab } from "../features/admin/overview-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-overview";

/** /admin itself: the Overview's figures and the few newest rows it shows, never a whole list. */
export async function loader(args: Route.LoaderArgs) {
  const section = staffSection("overview", args);
  return { ...section, overview: await args.context.services.overview.get() };
}

export const meta = sectionMeta;

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  return <OverviewTab overview={loaderData.overview} language={loaderData.language} />;
}
