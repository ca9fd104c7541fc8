import { OrdersTab } from "../features/admin/orders-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-orders";

/** The section reads its rows itself, a page at a time, through the staff API as it is searched and filtered. */
export function loader(args: Route.LoaderArgs) {
  const { services } = args.context;
  return {
    ...staffSection("orders", args),
    timeZone: services.overview.timeZone,
    sandbox: services.checkout.providerName === "sandbox",
  };
}

export const meta = sectionMeta;

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { language, timeZone, sandbox } = loaderData;
  return <OrdersTab language={language} timeZone={timeZone} sandbox={sandbox} />;
}
