import { z } from "zod";
import { MAX_LIMIT, MAX_PAGE, PAGE_SIZE, STAFF_PAGE_SIZE } from "./rules.ts";

// Query values arrive as text: a whole number in decimal digits only ("2", never "2.0", "0x2" or "1e1").
const wholeNumber = (message: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

/** `page` and `limit` of a list's address, `limit` defaulting to `size`, with translated refusals (errors:paging.*). */
export const pagingQuerySchemaOf = (size: number) =>
  z.object({
    page: wholeNumber("errors:paging.pageInvalid", MAX_PAGE)
      .optional()
      .transform((page) => page ?? 1),
    limit: wholeNumber("errors:paging.limitInvalid", MAX_LIMIT)
      .optional()
      .transform((limit) => limit ?? size),
  });

/** `page` and `limit` of a list of cards (PAGE_SIZE unless asked). */
export const pagingQuerySchema = pagingQuerySchemaOf(PAGE_SIZE);
/** A staff list's `page` and `limit`: twenty rows a page unless asked. */
export const staffPagingQuerySchema = pagingQuerySchemaOf(STAFF_PAGE_SIZE);
export type PagingQuery = z.output<typeof pagingQuerySchema>;
