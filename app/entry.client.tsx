import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, isLanguage } from "../core/i18n/language.ts";
import { loadLanguage } from "./i18n/client.ts";
import { createI18n } from "./i18n/instance.ts";
import { setClientI18n } from "./i18n/client-instance.ts";

async function hydrate() {
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const i18n = createI18n(language, await loadLanguage(language));
  setClientI18n(i18n);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
