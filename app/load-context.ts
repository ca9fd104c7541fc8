import type { PublicConfig } from "../config/env.ts";
import type { CurrentUser } from "../core/auth/schema.ts";
import type { Language } from "../core/i18n/language.ts";
import type { Services } from "../server/services.server.ts";

/** What the Hono server hands to every loader and action. */
export type AtelierLoadContext = {
  nonce: string;
  user: CurrentUser | null;
  /** The language negotiated from the request alone (cookie, browser, country); a /en or /fr prefix overrides it. */
  requestLanguage: Language;
  /** True when nothing in the request told the language, so the browser may ask the geolocation service. */
  languageUndetermined: boolean;
  services: Services;
  publicConfig: PublicConfig;
};

declare module "react-router" {
  interface AppLoadContext extends AtelierLoadContext {}
}
