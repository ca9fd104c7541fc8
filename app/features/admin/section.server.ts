import type { AppLoadContext } from "react-router";
import type { AdminSection } from "../../../core/admin/sections.ts";
import type { Language } from "../../../core/i18n/language.ts";
import {
  isPastEnd,
  pageFromParam,
  STAFF_PAGE_SIZE,
  type PageInfo,
  type PageRequest,
} from "../../../core/paging/rules.ts";
import { translator } from "../../../server/i18n.server.ts";
import { pageLanguage } from "../../i18n/page-language.server.ts";
import { refusal } from "../../lib/refusal.ts";
import { requireStaffPage } from "../../lib/page-guard.server.ts";

export interface SectionArgs {
  params: { lang?: string };
  context: AppLoadContext;
  request: Request;
}

/**
 * What every section of the staff dashboard starts its loader with: the staff check (each nested loader
 * runs beside the frame's, so each checks for itself), the page's language and its title ("Posts | Admin
 * Dashboard | Atelier").
 */
export function staffSection(section: AdminSection, { params, context }: SectionArgs) {
  requireStaffPage(params, context);
  const language: Language = pageLanguage(params, context);
  const t = translator(language);
  return {
    language,
    title: `${t(`admin:tabs.${section}`)} | ${t("admin:title")} | ${context.publicConfig.companyName}`,
  };
}

/** The page of a staff list the address asks for (`?page=`, twenty rows); a malformed number is a 404. */
export function staffPageRequest(request: Request): PageRequest {
  const page = pageFromParam(new URL(request.url).searchParams.get("page"));
  if (page === null) throw refusal(404);
  return { page, limit: STAFF_PAGE_SIZE };
}

/** A page after the last one holds nothing: a 404, as on the public lists. */
export function requireListedPage(paging: PageInfo): void {
  if (isPastEnd(paging)) throw refusal(404);
}
