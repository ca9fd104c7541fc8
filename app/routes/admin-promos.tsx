import { PromosTab } from "../features/admin/promos-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-promos";

export function loader(args: Route.LoaderArgs) {
  return staffSection("promos", args);
}

export const meta = sectionMeta;

export default function AdminPromos() {
  return <PromosTab />;
}
