import type { ComponentType } from "react";
import { Outlet, useLocation } from "react-router";
import type { PublicConfig } from "../../config/env.ts";
import type { CurrentUser } from "../../core/auth/schema.ts";
import type { RoutesOptions, StubRoutes } from "./dom-page.tsx";

/**
 * What the component tests render pages under: the public configuration and the root route's data as
 * the server renders them (app/root.tsx), and a page route mounted beneath that root, so a page reads
 * its language, user and agency the way it does on the site.
 */

/** The agency of the component tests, its time zone the demo's; `overrides` for what a test looks at. */
export function publicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    siteUrl: "https://atelier.example",
    companyName: "Studio Nord",
    companyEmail: "bonjour@studio-nord.example",
    companyPhone: "+33 1 23 45 67 89",
    companyWebsite: "https://www.studio-nord.example/",
    companyAddress: "12 Quay Street, Montreal, QC H2Y 1A1",
    social: {
      facebook: "https://facebook.example/nord",
      instagram: "https://instagram.example/nord",
      tiktok: "https://tiktok.example/@nord",
    },
    geoLookupUrl: null,
    oidcEnabled: false,
    timeZone: "America/New_York",
    ...overrides,
  };
}

/** The root route's loader data (app/root.tsx). */
export function rootData(
  language: "en" | "fr",
  { user = null, config = publicConfig() }: { user?: CurrentUser | null; config?: PublicConfig } = {},
) {
  return { language, user, config, languageUndetermined: false, nonce: "" };
}

/** The address the router is at, for a test to read after a navigation. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

export interface PageRouteOptions {
  language?: "en" | "fr";
  /** The page's loader data (route id "page"). */
  pageData?: unknown;
  user?: CurrentUser | null;
  config?: PublicConfig;
  /** Routes beside the page's, under the same root (a catch-all to land on, a form's action). */
  siblings?: StubRoutes;
}

/**
 * `Page` at `routePath` (route id "page") under a root route that carries `rootData`, with `Where`
 * after it; the arguments of dom-page's `renderRoutes` for `path`.
 */
export function pageUnderRoot(
  Page: ComponentType,
  routePath: string,
  path: string,
  { language = "en", pageData = {}, user = null, config = publicConfig(), siblings = [] }: PageRouteOptions = {},
): [StubRoutes, "en" | "fr", RoutesOptions] {
  const root = rootData(language, { user, config });
  return [
    [
      {
        id: "root",
        path: "/",
        Component: () => (
          <>
            <Outlet />
            <Where />
          </>
        ),
        loader: () => root,
        children: [{ id: "page", path: routePath.slice(1), Component: Page, loader: () => pageData }, ...siblings],
      },
    ],
    language,
    { path, loaderData: { root, page: pageData } },
  ];
}
