import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "./i18n/react.tsx";
import type { ClientInstrumentation } from "react-router";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../core/i18n/language.ts";
import { loadRouteNamespaces, setClientI18n } from "./i18n/client-instance.ts";
import { readInlinedResources } from "./i18n/inline-resources.tsx";
import { createI18n } from "../core/i18n/instance.ts";
import { NAMESPACES, isBrowserNamespace, type BrowserNamespace } from "./locales/namespaces.ts";

/**
 * A client navigation renders a route only once its loaders have settled: loading the route's
 * namespaces alongside its loader (and whole those the first page's HTML carried in part, even for a
 * route with none of its own) means the page never shows a key in their place. Should a locale
 * file fail to load, the browser asks the server for the page instead, which renders it whole.
 */
const translations: ClientInstrumentation = {
  route({ id, instrument }) {
    instrument({
      async loader(callLoader, { request }) {
        await Promise.all([
          callLoader(),
          loadRouteNamespaces(id, request.url).catch((error: unknown) => {
            console.error(`Could not load the translations of ${id}`, error);
            window.location.assign(request.url);
          }),
        ]);
      },
    });
  },
};

async function hydrate() {
  const lang = document.documentElement.lang;
  const language: Language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const inlined = readInlinedResources();
  const i18n = createI18n(language, { [language]: inlined?.language === language ? inlined.resources : {} });
  // A page served without its translations (one rendered by an older release, say) cannot tell which
  // namespaces it was rendered with: it fetches all of them before hydrating, as it used to.
  const fallback = !inlined || inlined.language !== language;
  if (fallback) {
    const { loadNamespaces } = await import("./i18n/loading.ts");
    await loadNamespaces(i18n, language, NAMESPACES.filter(isBrowserNamespace));
  }
  setClientI18n(
    i18n,
    fallback ? NAMESPACES.filter(isBrowserNamespace) : (Object.keys(inlined.resources) as BrowserNamespace[]),
    inlined?.partial,
  );
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter instrumentations={[translations]} />
        </I18nProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
