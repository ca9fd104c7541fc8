import type { AppLoadContext } from "react-router";
import { isLanguage, type Language } from "../../core/i18n/language.ts";

/** The language a page renders in: its /en or /fr prefix when present, else the one negotiated from the request. */
export function pageLanguage(params: { lang?: string }, context: Pick<AppLoadContext, "requestLanguage">): Language {
  return isLanguage(params.lang) ? params.lang : context.requestLanguage;
}
