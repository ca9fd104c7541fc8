import { Outlet } from "react-router";
import { refusal } from "../lib/refusal.ts";
import { isLanguage } from "../../core/i18n/language.ts";
import { ErrorPage } from "../layout/error-page.tsx";
import { SiteShell } from "../layout/site-shell.tsx";
import type { Route } from "./+types/site-layout";

export function loader({ params }: Route.LoaderArgs) {
  // Under /:lang only en and fr exist; anything else is a missing page.
  if (params.lang !== undefined && !isLanguage(params.lang)) throw refusal(404);
  return null;
}

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status =
    error && typeof error === "object" && "status" in error && typeof error.status === "number" ? error.status : 500;
  return (
    <SiteShell>
      <ErrorPage status={status} />
    </SiteShell>
  );
}
