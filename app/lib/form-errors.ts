import type { TFunction } from "../../core/i18n/translator.ts";
import type { z } from "zod";
import { issueMessage } from "../../core/errors.ts";

/**
 * The translated message of each field of a failed parse (the first issue of each field). Schema
 * messages are translation keys that name their namespace, and an issue without one is written as the
 * server writes it, so the browser shows the same words as the server would.
 */
export function translatedFieldErrors<F extends string>(
  error: z.ZodError,
  t: TFunction,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as F;
    if (fields.includes(field) && result[field] === undefined) {
      const message = issueMessage(issue, field);
      result[field] = t(message.key, message.params);
    }
  }
  return result;
}

/** The server's field messages (already translated) for the fields a form shows. */
export function serverFieldErrors<F extends string>(
  fields: Record<string, string> | undefined,
  known: readonly F[],
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  for (const [field, message] of Object.entries(fields ?? {}))
    if (known.includes(field as F)) result[field as F] = message;
  return result;
}

/** Moves the focus to the first control marked invalid in a form, after React has rendered it. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
