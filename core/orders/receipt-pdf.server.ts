import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { formatCents } from "../money/money.ts";
import { paymentLines, paymentMethodText } from "./emails.ts";
import type { OrderView } from "./schema.ts";
import { formatDay, statusDetail, statusLabel } from "./status-text.ts";

// An embedded TTF: pdfkit's built-in Helvetica cannot print French accents' neighbours (the narrow
// no-break space, guillemets) correctly.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const REGULAR = path.join(fontDir, "DejaVuSans.ttf");
const BOLD = path.join(fontDir, "DejaVuSans-Bold.ttf");

export interface ReceiptCompany {
  name: string;
  email: string;
  phone: string;
  website: string;
  address: string;
}

type T = (key: string, params?: Record<string, unknown>) => string;

/** A receipt as a PDF lays it out, whatever was bought (an order, a subscription's invoice). */
export interface ReceiptDocument {
  language: "en" | "fr";
  title: string;
  /** Label and value lines under the title (date, status, customer, payment method...). */
  facts: Array<[string, string]>;
  columns: [string, string, string, string];
  lines: Array<[string, string, string, string]>;
  totals: Array<[string, string]>;
  /** Sections after the totals: a title and its lines (the payments and refunds, the schedule). */
  sections: Array<{ title: string; lines: string[] }>;
  closing: string;
}

/** Renders a receipt with the company's header, in the document's language. */
export function renderReceiptDocument(receipt: ReceiptDocument, company: ReceiptCompany): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: receipt.title, Author: company.name } });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const colon = receipt.language === "fr" ? "\u202f:" : ":";

  doc.font("bold").fontSize(20).text(company.name);
  doc
    .font("regular")
    .fontSize(9)
    .fillColor("#555555")
    .text(company.address)
    .text(`${company.email} · ${company.phone} · ${company.website}`);
  doc.moveDown(1.5).fillColor("#000000");
  doc.font("bold").fontSize(16).text(receipt.title);
  doc.font("regular").fontSize(10);
  for (const [label, value] of receipt.facts) doc.text(`${label}${colon} ${value}`);
  doc.moveDown(1);

  doc.table({
    columnStyles: ["*", 50, 90, 90],
    data: [receipt.columns.map((text) => ({ text, font: { src: BOLD } })), ...receipt.lines],
  });
  doc.moveDown(1);
  for (const [index, [label, value]] of receipt.totals.entries()) {
    doc
      .font(index === receipt.totals.length - 1 ? "bold" : "regular")
      .text(`${label}${colon} ${value}`, { align: "right" });
  }
  for (const section of receipt.sections) {
    if (section.lines.length === 0) continue;
    doc.moveDown(1).font("bold").fontSize(11).text(section.title, { align: "left" });
    doc.font("regular").fontSize(10);
    for (const line of section.lines) doc.text(line);
  }
  doc.moveDown(2).font("regular").fontSize(9).fillColor("#555555").text(receipt.closing);
  doc.end();
  return done;
}

/**
 * The receipt as a PDF in the order's language: company, order number, date, status and what it means,
 * lines, totals, what was paid and refunded (each payment with its date and method), what remains
 * scheduled.
 */
export function renderReceiptPdf(order: OrderView, company: ReceiptCompany, t: T, timeZone: string): Promise<Buffer> {
  const detail = statusDetail(order, t, order.language, timeZone);
  const totals: Array<[string, string]> = [[t("orders:receipt.subtotal"), formatCents(order.subtotalCents)]];
  if (order.discountCents > 0)
    totals.push([
      t("orders:receipt.discount", { code: order.promoCode ?? "" }),
      `−${formatCents(order.discountCents)}`,
    ]);
  totals.push([t("orders:receipt.tax"), formatCents(order.taxCents)]);
  totals.push([t("orders:receipt.total"), formatCents(order.totalCents)]);
  totals.push([t("orders:receipt.paidToDate"), formatCents(order.paidCents)]);
  if (order.refundedCents > 0) totals.push([t("orders:receipt.refunded"), `−${formatCents(order.refundedCents)}`]);
  const scheduled = order.schedule.filter(
    (entry) => entry.status === "due" || entry.status === "failed" || entry.status === "processing",
  );
  return renderReceiptDocument(
    {
      language: order.language,
      title: t("orders:receipt.title", { number: order.number }),
      facts: [
        [t("orders:receipt.date"), formatDay(order.paidAt ?? order.createdAt, order.language, timeZone)],
        [
          t("orders:receipt.status"),
          detail ? `${statusLabel(order.status, t)}. ${detail}` : statusLabel(order.status, t),
        ],
        [t("orders:receipt.customer"), `${order.customerFirstName} ${order.customerLastName} <${order.customerEmail}>`],
        ...(order.customerCompany
          ? ([[t("orders:receipt.company"), order.customerCompany]] as Array<[string, string]>)
          : []),
        [t("orders:receipt.paymentMethod"), paymentMethodText(order, t)],
      ],
      columns: [
        t("orders:receipt.item"),
        t("orders:receipt.quantity"),
        t("orders:receipt.unitPrice"),
        t("orders:receipt.lineTotal"),
      ],
      lines: order.orderItems.map((item) => [
        item.description ? `${item.serviceName}\n${item.description}` : item.serviceName,
        String(item.quantity),
        formatCents(item.unitPriceCents),
        formatCents(item.lineTotalCents),
      ]),
      totals,
      sections: [
        { title: t("orders:receipt.payments"), lines: paymentLines(order, t, order.language, timeZone) },
        {
          title: t("orders:receipt.scheduled"),
          lines: scheduled.map((entry) =>
            t("orders:receipt.scheduledLine", {
              position: entry.position,
              amount: formatCents(entry.amountCents),
              date: formatDay(entry.nextAttemptAt ?? entry.dueAt, order.language, timeZone),
            }),
          ),
        },
      ],
      closing: t("orders:receipt.thanks", { company: company.name }),
    },
    company,
  );
}
