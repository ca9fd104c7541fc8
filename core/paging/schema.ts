import { z } from "zod";
import { MAX_LIMIT, MAX_PAGE, PAGE_SIZE, STAFF_PAGE_SIZE } from "./rules.ts";

// Query values arrive as text: a whole number in decimal digits only ("2", never "2.0", "0x2" or "1e1").
const wholeNumber = (message: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

/** `page` and `limit` of a list's address (`limit` is `pageSize` unless asked), with translated refusals (errors:paging.*). */
const pagingQuery = (pageSize: number) =>
  z.object({
    page: wholeNumber("errors:paging.pageInvalid", MAX_PAGE)
      .optional()
      .transform((page) => page ?? 1),
    limit: wholeNumber("errors:paging.limitInvalid", MAX_LIMIT)
      .optional()
      .transform((limit) => limit ?? pageSize),
  });

/** A public list's `page` and `limit`: twelve cards a page unless asked. */
export const pagingQuerySchema = pagingQuery(PAGE_SIZE);
/** A staff list's `page` and `limit`: twenty rows a page unless asked. */
export const staffPagingQuerySchema = pagingQuery(STAFF_PAGE_SIZE);
export type PagingQuery = z.output<typeof pagingQuerySchema>;
