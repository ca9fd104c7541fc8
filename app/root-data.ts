import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../config/env.ts";
import type { CurrentUser } from "../core/auth/schema.ts";
import type { Language } from "../core/i18n/language.ts";

/**
 * What the root route's loader gives every page (app/root.tsx). It lives apart from the root route so
 * that the pages and the header reading it never import the root module, which imports them.
 */
export interface RootData {
  language: Language;
  user: CurrentUser | null;
  config: PublicConfig;
  /** True when nothing in the request told the language, so the browser may ask the geolocation service. */
  languageUndetermined: boolean;
  nonce: string;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/** What a page's loader may answer when its other-language version lives at another address (a post and its translation). */
export interface AlternatePaths {
  alternatePaths?: Partial<Record<Language, string>>;
}
