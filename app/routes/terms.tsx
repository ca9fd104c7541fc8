import { LegalPage, type LegalSection } from "../layout/legal-page.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/terms";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "legal:terms.metaTitle", description: "legal:terms.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** When this document last changed: change it with the text. */
const LAST_UPDATED = "2026-11-20";

const SECTIONS: readonly LegalSection[] = [
  { id: "services", text: true },
  { id: "accounts", text: true },
  { id: "orders", items: ["currency", "payment", "subscription", "instalments", "classes"] },
  { id: "content", text: true },
  { id: "ip", text: true },
  { id: "ai", text: true },
  { id: "use", text: true },
  { id: "liability", text: true },
  { id: "changes", text: true },
  { id: "contact", text: true, contact: true },
];

/** The terms of use of the site and the services (spec README decision 13). */
export default function Terms() {
  return <LegalPage page="terms" sections={SECTIONS} lastUpdated={LAST_UPDATED} />;
}
