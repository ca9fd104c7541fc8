/** How admin forms turn what staff type into what the staff APIs read, and back. */

/** An ISO instant as a datetime-local field shows it, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read in the browser's time zone, as the ISO instant the API takes; "" stays "" (refused as invalid). */
export function fromLocalInput(value: string): string {
  const date = new Date(value);
  return value === "" || Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** "1,750.50" or "1750" dollars as cents; anything else is passed on for the schema to refuse. */
export function centsOf(value: string): number | string {
  const text = value.replace(/[\s,$]/g, "");
  return /^\d{1,7}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : value;
}

/** "12" as 12; anything else is passed on for the schema to refuse. */
export const wholeOrText = (value: string) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value);
