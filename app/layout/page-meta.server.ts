import type { AppLoadContext } from "react-router";
import { isLanguage, type Language } from "../../core/i18n/language.ts";
import { translator } from "../../server/i18n.server.ts";
import type { PageMeta } from "./page-meta.ts";

/** The language a page renders in: its /en or /fr prefix, else the one negotiated from the request. */
export function pageLanguage(params: { lang?: string }, context: AppLoadContext): Language {
  return isLanguage(params.lang) ? params.lang : context.requestLanguage;
}

/**
 * A page's translated title ("About us | Atelier") and description, computed by its loader so that the
 * `meta` export (which cannot use hooks) gets them in the page's language.
 */
export function pageMeta(
  { params, context }: { params: { lang?: string }; context: AppLoadContext },
  keys: { title: string; description?: string },
): PageMeta {
  const t = translator(pageLanguage(params, context));
  const company = context.publicConfig.companyName;
  return {
    title: `${t(keys.title, { company })} | ${company}`,
    description: keys.description ? t(keys.description, { company }) : undefined,
  };
}
