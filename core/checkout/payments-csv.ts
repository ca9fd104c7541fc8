/**
 * The staff's payments export as CSV that a spreadsheet opens as it should (RFC 4180): UTF-8 with a
 * byte order mark (Excel reads accents right), CRLF line ends, every field quoted, amounts as plain
 * numbers in the reader's convention (French spreadsheets split on ";" and write "1750,00"), dates in
 * the agency's time zone, named in the header. A field that a spreadsheet would run as a formula
 * (=, +, -, @ at its start: a customer's name is theirs to type) is written as text.
 */
import { timeZoneName } from "../i18n/time-zones.ts";
import type { PaymentExportRow } from "./service.server.ts";

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
const text = (value: string) => quote(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function paymentsCsv(
  rows: readonly PaymentExportRow[],
  language: "en" | "fr",
  timeZone: string,
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  const separator = language === "fr" ? ";" : ",";
  const amount = (cents: number) => {
    const sign = cents < 0 ? "-" : "";
    const abs = Math.abs(cents);
    return `${sign}${Math.floor(abs / 100)}${language === "fr" ? "," : "."}${String(abs % 100).padStart(2, "0")}`;
  };
  const stamp = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const when = (iso: string) => {
    const parts = Object.fromEntries(stamp.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
  const header = [
    t("admin:orders.export.date", { zone: timeZoneName(timeZone, language) }),
    t("admin:orders.export.order"),
    t("admin:orders.export.customer"),
    t("admin:orders.export.method"),
    t("admin:orders.export.amount"),
    t("admin:orders.export.refunded"),
    t("admin:orders.export.net"),
    t("admin:orders.export.status"),
  ].map(text);
  const lines = rows.map((row) => [
    quote(when(row.date)),
    text(row.reference),
    text(row.customer),
    text(row.method),
    quote(amount(row.amountCents)),
    quote(amount(row.refundedCents)),
    quote(amount(row.netCents)),
    text(row.status),
  ]);
  return `\ufeff${[header, ...lines].map((fields) => fields.join(separator)).join("\r\n")}\r\n`;
}
