import { describe, expect, it } from "vitest";
import { paymentsCsv } from "../../core/checkout/payments-csv.ts";
import type { PaymentExportRow } from "../../core/checkout/service.server.ts";
import { translateIn as t, ZONE } from "../helpers/mail-fixtures.ts";

const rows: PaymentExportRow[] = [
  // 02:30 UTC on December 1 is still November 30 in New York.
  {
    date: "2026-12-01T02:30:00.000Z",
    reference: "3F2A9C1E",
    customer: "Ada Lovelace <ada@example.com>",
    method: "Visa •••• 4242",
    amountCents: 175_000,
    refundedCents: 25_050,
    netCents: 149_950,
    status: "Partly refunded",
  },
  {
    date: "2026-12-02T15:04:00.000Z",
    reference: "AB12CD34",
    customer: 'Éloïse "Lo" Gérard, Société « Ça va »',
    method: "Bank account •••• 6789",
    amountCents: 5,
    refundedCents: 0,
    netCents: 5,
    status: "Paid",
  },
  {
    date: "2026-12-03T15:04:00.000Z",
    reference: "CD34EF56",
    customer: '=HYPERLINK("http://evil.example")',
    method: "+cmd|' /C calc'!A0",
    amountCents: 100_000,
    refundedCents: 100_000,
    netCents: 0,
    status: "@SUM(A1)",
  },
  {
    date: "2026-12-04T15:04:00.000Z",
    reference: "-2+3",
    customer: "\tTabbed",
    method: "\rReturned",
    amountCents: 1_234_567,
    refundedCents: 0,
    netCents: -1,
    status: "Refunded",
  },
];

/** The fields of a line, read as RFC 4180 says (every field quoted here, "" for a quote). */
function fields(line: string, separator: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`"((?:[^"]|"")*)"(?:${separator}|$)`, "g");
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(line))) found.push(match[1].replace(/""/g, '"'));
  return found;
}

describe("the payments export as CSV", () => {
  it("starts with a byte order mark, ends every line with CRLF, and names its columns and the time zone", () => {
    const csv = paymentsCsv(rows, "en", ZONE, t("en"));
    expect(csv.startsWith("\ufeff")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toHaveLength(rows.length + 2);
    expect(lines.at(-1)).toBe("");
    // No bare LF or CR anywhere outside a quoted field that carries one.
    expect(csv.replace(/\r\n/g, "").replace(/"'\r/g, "")).not.toMatch(/[\r\n]/);
    expect(fields(lines[0], ",")).toEqual([
      "Date (New York time)",
      "Order",
      "Customer",
      "Method",
      "Amount (USD)",
      "Refunded (USD)",
      "Net (USD)",
      "Status",
    ]);
  });

  it("quotes every field, doubling the quotes inside, with ',' and plain decimal amounts in English", () => {
    const lines = paymentsCsv(rows, "en", ZONE, t("en")).slice(1).split("\r\n");
    expect(lines[1]).toBe(
      '"2026-11-30 21:30","3F2A9C1E","Ada Lovelace <ada@example.com>","Visa •••• 4242","1750.00","250.50","1499.50","Partly refunded"',
    );
    expect(fields(lines[2], ",")).toEqual([
      "2026-12-02 10:04",
      "AB12CD34",
      'Éloïse "Lo" Gérard, Société « Ça va »',
      "Bank account •••• 6789",
      "0.05",
      "0.00",
      "0.05",
      "Paid",
    ]);
    expect(lines[2]).toContain('"Éloïse ""Lo"" Gérard, Société « Ça va »"');
  });

  it("writes as text any field a spreadsheet would run as a formula", () => {
    const lines = paymentsCsv(rows, "en", ZONE, t("en")).slice(1).split("\r\n");
    expect(fields(lines[3], ",")).toEqual([
      "2026-12-03 10:04",
      "CD34EF56",
      '\'=HYPERLINK("http://evil.example")',
      "'+cmd|' /C calc'!A0",
      "1000.00",
      "1000.00",
      "0.00",
      "'@SUM(A1)",
    ]);
    const fourth = fields(lines[4].replace("\r", "<CR>"), ",");
    expect(fourth.slice(1, 3)).toEqual(["'-2+3", "'\tTabbed"]);
    // An amount is a number, never text: a negative one keeps its minus sign.
    expect(fourth.slice(4, 7)).toEqual(["12345.67", "0.00", "-0.01"]);
    for (const line of lines.slice(1, -1)) {
      for (const field of fields(line, ",")) expect(field).not.toMatch(/^[=+@\t\r]/);
    }
  });

  it("uses ';' and decimal commas in French, with French column names", () => {
    const csv = paymentsCsv(rows, "fr", ZONE, t("fr"));
    expect(csv.startsWith("\ufeff")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(fields(lines[0], ";")).toEqual([
      "Date (heure de New York)",
      "Commande",
      "Client",
      "Moyen de paiement",
      "Montant (USD)",
      "Remboursé (USD)",
      "Net (USD)",
      "Statut",
    ]);
    expect(lines[1]).toBe(
      '"2026-11-30 21:30";"3F2A9C1E";"Ada Lovelace <ada@example.com>";"Visa •••• 4242";"1750,00";"250,50";"1499,50";"Partly refunded"',
    );
    // A comma inside a field does not split it in French either.
    expect(fields(lines[2], ";")[2]).toBe('Éloïse "Lo" Gérard, Société « Ça va »');
    expect(fields(lines[4], ";").slice(4, 7)).toEqual(["12345,67", "0,00", "-0,01"]);
  });

  it("is its header alone when no payment moved", () => {
    expect(paymentsCsv([], "en", ZONE, t("en"))).toBe(
      '\ufeff"Date (New York time)","Order","Customer","Method","Amount (USD)","Refunded (USD)","Net (USD)","Status"\r\n',
    );
  });
});
