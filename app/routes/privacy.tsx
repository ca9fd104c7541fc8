import { LegalPage, type LegalSection } from "../layout/legal-page.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/privacy";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "legal:privacy.metaTitle", description: "legal:privacy.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** When this document last changed: change it with the text. */
const LAST_UPDATED = "2026-11-20";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "collect",
    intro: true,
    items: ["account", "submissions", "orders", "conversations", "cookies", "technical"],
    terms: true,
  },
  { id: "use", items: ["service", "answer", "orders", "moderation", "newsletter", "security"], outro: true },
  { id: "sharing", text: true },
  { id: "retention", items: ["account", "requests", "orders", "content", "session", "language", "logs"], terms: true },
  { id: "rights", intro: true, items: ["access", "correction", "deletion", "objection", "consent"], outro: true },
  { id: "security", text: true },
  { id: "changes", text: true },
  { id: "contact", text: true, contact: true },
];

/** The privacy policy (spec README decision 13). */
export default function Privacy() {
  return <LegalPage page="privacy" sections={SECTIONS} lastUpdated={LAST_UPDATED} />;
}
