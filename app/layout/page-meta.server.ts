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
 * `meta` export (which cannot use hooks) gets them in the page's language. A list's later pages say which
 * page they are ("Media portfolio (Page 2 of 5) | Atelier"), so that each page's title is its own.
 */
export function pageMeta(
  { params, context }: { params: { lang?: string }; context: AppLoadContext },
  keys: { title: string; description?: string; pageOf?: string },
  paging?: { page: number; lastPage: number },
): PageMeta {
  const t = translator(pageLanguage(params, context));
  const company = context.publicConfig.companyName;
  const which =
    keys.pageOf && paging && paging.page > 1
      ? ` (${t(keys.pageOf, { page: paging.page, last: paging.lastPage })})`
      : "";
  return {
    title: `${t(keys.title, { company })}${which} | ${company}`,
    description: keys.description ? t(keys.description, { company }) : undefined,
  };
}
