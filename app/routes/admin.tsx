import { Outlet, redirect } from "react-router";
import { adminSectionPath, isAdminSection } from "../../core/admin/sections.ts";
import { isLanguage, localizedPath } from "../../core/i18n/language.ts";
import { AdminNav } from "../features/admin/admin-nav.tsx";
import { requireStaffPage } from "../lib/page-guard.server.ts";
import { useTranslation } from "../i18n/react.tsx";
import type { Route } from "./+types/admin";

/**
 * The staff dashboard's frame: its heading and the navigation between its sections, each a nested route
 * that loads its own rows (app/routes/admin-<section>.tsx). The frame reads only what every section shows:
 * the number of items awaiting moderation.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireStaffPage(params, context);
  // The dashboard's tabs used to live at /admin?tab=<section>: bookmarks and e-mailed links still work.
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  if (url.pathname.replace(/\/$/, "").endsWith("/admin") && tab !== null) {
    url.searchParams.delete("tab");
    const section = isAdminSection(tab) ? adminSectionPath(tab) : "/admin";
    throw redirect(`${localizedPath(section, isLanguage(params.lang) ? params.lang : null)}${url.search}`, 301);
  }
  const pending = await context.services.overview.pending();
  return { pendingTotal: pending.total };
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <h1 className="font-display text-4xl font-semibold">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("intro")}</p>
      </header>
      <AdminNav pendingTotal={loaderData.pendingTotal} />
      <Outlet />
    </main>
  );
}
