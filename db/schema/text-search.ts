import { customType } from "drizzle-orm/pg-core";

/**
 * PostgreSQL's `tsvector`, for the stored full-text search columns (docs/decisions/0036-lists-a-page-at-a-time.md,
 * "Full-text search"). Only the database reads these columns: the app never selects them, so their value
 * stays text on the rare occasion it is read.
 */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});
