import { useRootData } from "../root-data.ts";

/**
 * The time zone the buyer's money pages write dates in: the agency's (public configuration), as its
 * e-mails and PDFs do, so that a page and the e-mail about it name the same day; the reader's when the
 * configuration does not say. Server and browser read the same root data, so both render the same dates.
 */
export function useAgencyTimeZone(): string {
  return useRootData()?.config?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
