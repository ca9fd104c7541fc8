import { z } from "zod";

/**
 * The string schemas every module builds its text fields from. Control characters other than tab and
 * line breaks have no place in anything a person types, and PostgreSQL refuses NUL in text outright, so
 * they are refused here, at the edge, with a clear 400 naming the field, before any service runs (and
 * before a rate limit counts the request).
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ALL_CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTERS.source, "g");
// Line feed, carriage return and the Unicode line and paragraph separators.
const LINE_BREAKS = /[\n\r\u2028\u2029]/;
/**
 * Unicode format characters (category Cf): right-to-left and other direction overrides, zero-width
 * spaces and joiners, the byte-order mark, soft hyphens. Invisible, they make a name or a subject read
 * otherwise than it is written ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf").
 */
const FORMAT_CHARACTERS = /\p{Cf}/u;
const ALL_FORMAT_CHARACTERS = new RegExp(FORMAT_CHARACTERS.source, "gu");

export const CONTROL_CHARACTERS_KEY = "errors:controlCharacters";
export const LINE_BREAK_KEY = "errors:lineBreak";
export const FORMAT_CHARACTERS_KEY = "errors:formatCharacters";

/** The text without its control characters (other than tab and line breaks): for what another system sends us. */
export function withoutControlCharacters(value: string): string {
  return value.replace(ALL_CONTROL_CHARACTERS, "");
}

/** The text without control characters (other than tab and line breaks) nor format characters: for a header. */
export function withoutInvisibleCharacters(value: string): string {
  return withoutControlCharacters(value).replace(ALL_FORMAT_CHARACTERS, "");
}

/** True when a text holds a control character other than tab, line feed or carriage return. */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/** Multi-line text (a message, notes, an article): tab and line breaks are fine, other controls are not. */
export function text(params?: StringParams) {
  return z.string(params).refine((value) => !hasControlCharacters(value), {
    message: CONTROL_CHARACTERS_KEY,
    abort: true,
  });
}

/**
 * One line (a name, an e-mail address, a title, a search): no line break either, so that it can go into
 * an e-mail header or a list without breaking it, and no invisible format character, so that it reads
 * as it is written wherever it is shown (a staff e-mail's subject among them). The refusal names the
 * field the person typed into.
 */
export function line(params?: StringParams) {
  return text(params)
    .refine((value) => !LINE_BREAKS.test(value) && !value.includes("\t"), { message: LINE_BREAK_KEY, abort: true })
    .refine((value) => !FORMAT_CHARACTERS.test(value), { message: FORMAT_CHARACTERS_KEY, abort: true });
}

export const EMPTY_EDIT_KEY = "errors:emptyEdit";

/** An edit (PUT of some fields) changes at least one: `{}` is refused rather than answered 200 for nothing. */
export function hasChanges(edit: object): boolean {
  return Object.values(edit).some((value) => value !== undefined);
}
