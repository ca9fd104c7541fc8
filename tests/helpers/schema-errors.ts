import type { z } from "zod";
import { en } from "./mail-fixtures.ts";

/**
 * Each failing field's first message, translated (English unless told), as a form shows it: `{}` when the
 * input is valid; an issue on the whole input (no path) is under "_".
 */
export function fieldErrors(
  schema: z.ZodType,
  input: unknown,
  t: (key: string) => string = en,
): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= t(issue.message);
  return fields;
}
