import { SubscriptionsTab } from "../features/admin/subscriptions-tab.tsx";
import { sectionMeta } from "../features/admin/section-meta.ts";
import { staffSection } from "../features/admin/section.server.ts";
import type { Route } from "./+types/admin-subscriptions";

/** The section reads its rows itself, a page at a time, through the staff API as it is searched and filtered. */
export function loader(args: Route.LoaderArgs) {
  const { services } = args.context;
  return {
    ...staffSection("subscriptions", args),
    timeZone: services.overview.timeZone,
    sandbox: services.checkout.providerName === "sandbox",
  };
}

export const meta = sectionMeta;

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { language, timeZone, sandbox } = loaderData;
  return <SubscriptionsTab language={language} timeZone={timeZone} sandbox={sandbox} />;
}
