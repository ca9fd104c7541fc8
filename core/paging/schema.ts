import { z } from "zod";
import { MAX_LIMIT, MAX_PAGE, PAGE_SIZE } from "./rules.ts";

// Query values arrive as text: a whole number in decimal digits only ("2", never "2.0", "0x2" or "1e1").
const wholeNumber = (message: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

/**
 * `page` and `limit` of a list's address, with translated refusals (errors:paging.*); a list whose screen
 * shows more rows than PAGE_SIZE (a staff table) gives its own default page size.
 */
export const pagingQuerySchemaWith = (defaultLimit: number) =>
  z.object({
    page: wholeNumber("errors:paging.pageInvalid", MAX_PAGE)
      .optional()
      .transform((page) => page ?? 1),
    limit: wholeNumber("errors:paging.limitInvalid", MAX_LIMIT)
      .optional()
      .transform((limit) => limit ?? defaultLimit),
  });

/** `page` and `limit` of a public list's address, twelve items a page unless asked otherwise. */
export const pagingQuerySchema = pagingQuerySchemaWith(PAGE_SIZE);
export type PagingQuery = z.output<typeof pagingQuerySchema>;
