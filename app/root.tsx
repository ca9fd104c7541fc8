import type { ReactNode } from "react";
import { useTranslation } from "./i18n/react.tsx";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { ToastHost } from "./components/ui/toast-host.tsx";
import { LANGUAGES, isLanguage, localizedPath, splitLanguagePrefix } from "../core/i18n/language.ts";
import type { Route } from "./+types/root";
import { switchClientLanguage } from "./i18n/client-instance.ts";
import { InlineResources } from "./i18n/inline-resources.tsx";
import { CartProvider } from "./components/cart/cart-context.tsx";
import { LanguageDetector } from "./i18n/language-detector.tsx";
import { ErrorPage } from "./layout/error-page.tsx";
import { useRootData, type AlternatePaths, type RootData } from "./root-data.ts";
import stylesheet from "./app.css?url";
// The same files app.css declares; Vite gives both imports one hashed address.
import interFont from "./fonts/inter-400-700.woff2?url";
import frauncesFont from "./fonts/fraunces-600.woff2?url";

export const links: Route.LinksFunction = () => [
  // Both brand fonts are on the first screen of every page (headings and body): fetched with the stylesheet, not after it.
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: frauncesFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ params, context }: Route.LoaderArgs): Promise<RootData> {
  const language = isLanguage(params.lang) ? params.lang : context.requestLanguage;
  return {
    language,
    user: context.user,
    config: context.publicConfig,
    languageUndetermined: context.languageUndetermined && !isLanguage(params.lang),
    nonce: context.nonce,
  };
}

// Switch the browser's translations before the new page renders, so no text flashes in the old language.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await switchClientLanguage(data.language);
  return data;
}

// The root data (user, language, config) changes only with the /en or /fr tree, an explicit revalidation
// (language chosen on a plain address) or a form post; other navigations need not fetch it again.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (splitLanguagePrefix(currentUrl.pathname).language !== splitLanguagePrefix(nextUrl.pathname).language) return true;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

function AlternateLinks({ siteUrl }: { siteUrl: string }) {
  const { pathname } = useLocation();
  const { language, rest } = splitLanguagePrefix(pathname);
  const paths = useMatches()
    .map((match) => (match.loaderData as AlternatePaths | undefined)?.alternatePaths)
    .findLast(Boolean);
  return (
    <>
      {/* The plain address is the x-default of its alternates (it renders in the visitor's language): its own canonical. */}
      <link rel="canonical" href={`${siteUrl}${localizedPath(rest, language)}`} />
      {LANGUAGES.map((lng) => (
        <link key={lng} rel="alternate" hrefLang={lng} href={`${siteUrl}${localizedPath(paths?.[lng] ?? rest, lng)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${rest}`} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const { i18n } = useTranslation();
  const language = data?.language ?? (isLanguage(i18n.language) ? i18n.language : "en");
  const nonce = data?.nonce;
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any module: zod probes `new Function` as its schemas are built, which our CSP reports as a violation. */}
        {nonce ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true};" }}
          />
        ) : null}
        <Meta />
        <Links />
        {data && <AlternateLinks siteUrl={data.config.siteUrl} />}
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <ToastHost visibleToasts={1} duration={5000} richColors closeButton />
        <InlineResources />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  return (
    <CartProvider>
      {data?.languageUndetermined && data.config.geoLookupUrl && (
        <LanguageDetector geoLookupUrl={data.config.geoLookupUrl} />
      )}
      <Outlet />
    </CartProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
