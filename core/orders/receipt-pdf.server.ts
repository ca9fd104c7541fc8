import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { formatCents } from "../money/money.ts";
import { paymentMethodText } from "./emails.ts";
import { capitaliseStatus } from "./rules.ts";
import type { OrderView } from "./schema.ts";

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

/** The receipt as a PDF in the order's language: company, order number, date, lines, totals, payment, status. */
export function renderReceiptPdf(order: OrderView, company: ReceiptCompany, t: (key: string, params?: Record<string, unknown>) => string): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: t("orders:receipt.title", { number: order.number }), Author: company.name } });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const locale = order.language === "fr" ? "fr-FR" : "en-US";
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(order.paidAt ?? order.createdAt));
  const colon = order.language === "fr" ? "\u202f:" : ":";

  doc.font("bold").fontSize(20).text(company.name);
  doc.font("regular").fontSize(9).fillColor("#555555").text(company.address).text(`${company.email} · ${company.phone} · ${company.website}`);
  doc.moveDown(1.5).fillColor("#000000");
  doc.font("bold").fontSize(16).text(t("orders:receipt.title", { number: order.number }));
  doc.font("regular").fontSize(10);
  doc.text(`${t("orders:receipt.date")}${colon} ${date}`);
  doc.text(`${t("orders:receipt.status")}${colon} ${t(`orders:statuses.${order.status}`, { defaultValue: capitaliseStatus(order.status) })}`);
  doc.text(`${t("orders:receipt.customer")}${colon} ${order.customerFirstName} ${order.customerLastName} <${order.customerEmail}>`);
  if (order.customerCompany) doc.text(`${t("orders:receipt.company")}${colon} ${order.customerCompany}`);
  doc.text(`${t("orders:receipt.paymentMethod")}${colon} ${paymentMethodText(order, (key, params) => t(key, params))}`);
  doc.moveDown(1);

  doc.table({
    columnStyles: ["*", 50, 90, 90],
    data: [
      [t("orders:receipt.item"), t("orders:receipt.quantity"), t("orders:receipt.unitPrice"), t("orders:receipt.lineTotal")].map((text) => ({ text, font: { src: BOLD } })),
      ...order.items.map((item) => [item.description ? `${item.name}\n${item.description}` : item.name, String(item.quantity), formatCents(item.unitPriceCents), formatCents(item.totalCents)]),
    ],
  });
  doc.moveDown(1);
  const totals: Array<[string, string]> = [[t("orders:receipt.subtotal"), formatCents(order.subtotalCents)]];
  if (order.discountCents > 0) totals.push([t("orders:receipt.discount", { code: order.promoCode ?? "" }), `−${formatCents(order.discountCents)}`]);
  totals.push([t("orders:receipt.tax"), formatCents(order.taxCents)]);
  totals.push([t("orders:receipt.total"), formatCents(order.totalCents)]);
  for (const [index, [label, value]] of totals.entries()) {
    doc.font(index === totals.length - 1 ? "bold" : "regular").text(`${label}${colon} ${value}`, { align: "right" });
  }
  doc.moveDown(2).font("regular").fontSize(9).fillColor("#555555").text(t("orders:receipt.thanks", { company: company.name }));
  doc.end();
  return done;
}
