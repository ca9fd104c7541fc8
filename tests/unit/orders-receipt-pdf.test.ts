import { describe, expect, it } from "vitest";
import { renderReceiptPdf } from "../../core/orders/receipt-pdf.server.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import { company, en, fr, ZONE } from "../helpers/mail-fixtures.ts";
import { movement, orderItem, orderView, threeInstalments } from "../helpers/order-fixtures.ts";
import { pdfText } from "../helpers/pdf-text.ts";

const ID = "3f2a9c1e-0b7d-4e5f-8a9b-0c1d2e3f4a5b";

/** A French order with accents, guillemets and a discount: $1,111.10 paid by card. */
const base: OrderView = orderView({
  id: ID,
  language: "fr",
  customerFirstName: "Éloïse",
  customerLastName: "Gérard",
  customerEmail: "eloise@example.com",
  customerCompany: "Société « Ça va »",
  orderItems: [
    orderItem({
      orderId: ID,
      serviceId: "website",
      serviceName: "Création de site",
      description: "Conception détaillée",
      unitPriceCents: 123_456,
      customPriceCents: 123_456,
      lineTotalCents: 123_456,
      createdAt: "2026-11-25T10:00:00.000Z",
    }),
  ],
  subtotalCents: 123_456,
  discountCents: 12_346,
  promoCode: "WELCOME10",
  totalCents: 111_110,
  paidCents: 111_110,
  createdAt: "2026-11-25T10:00:00.000Z",
  paidAt: "2026-11-25T10:01:00.000Z",
  payments: [movement("charge", 111_110, "succeeded", "2026-11-25T10:01:00.000Z", { id: "c1" })],
  receiptUrl: "/receipt/token",
});

describe("receipt PDF", () => {
  it("renders a French receipt with an embedded DejaVu font (accents, guillemets, narrow spaces)", async () => {
    const pdf = await renderReceiptPdf(base, company, fr, ZONE);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const raw = pdf.toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    // No built-in font, which would print the narrow no-break space wrongly.
    expect(raw).not.toContain("/Helvetica");
    const text = pdfText(pdf);
    expect(text).toContain("Reçu de la commande 3F2A9C1E");
    expect(text).toContain("Client\u202f: Éloïse Gérard <eloise@example.com>");
    expect(text).toContain("Entreprise\u202f: Société « Ça va »");
    expect(text).toContain("Statut\u202f: Payée. $1,111.10 payés le 25 novembre 2026.");
    expect(text).toContain("Remise (WELCOME10)\u202f: −$123.46");
    expect(text).toContain("Payé à ce jour\u202f: $1,111.10");
    expect(text).toContain("Paiements et remboursements");
    expect(text).toContain("25 novembre 2026 · Visa •••• 4242 · $1,111.10 · Payé");
    expect(text).not.toContain("Encore prévu");
  });

  it("shows what was paid to date, each payment and refund with its date and card, and what was refunded", async () => {
    const order: OrderView = {
      ...base,
      language: "en",
      status: "partially_refunded",
      refundedCents: 30_000,
      payments: [
        movement("charge", 111_110, "failed", "2026-11-24T15:00:00.000Z", {
          id: "c0",
          brand: "mastercard",
          last4: "0002",
          failureMessage: "Your card was declined.",
        }),
        movement("charge", 111_110, "succeeded", "2026-11-25T15:00:00.000Z", { id: "c1" }),
        movement("refund", 10_000, "succeeded", "2026-11-26T15:00:00.000Z", { id: "r1", refundOf: "c1" }),
        movement("refund", 20_000, "succeeded", "2026-11-28T02:00:00.000Z", { id: "r2", refundOf: "c1" }),
        movement("refund", 5_000, "pending", null, { id: "r3", refundOf: "c1", createdAt: "2026-11-28T03:00:00.000Z" }),
      ],
    };
    const text = pdfText(await renderReceiptPdf(order, company, en, ZONE));
    expect(text).toContain("Receipt for order 3F2A9C1E");
    // The latest refund, at 02:00 UTC on the 28th, is the 27th in New York.
    expect(text).toContain("Status: Partly refunded. $300.00 of $1,111.10 refunded (latest on November 27, 2026).");
    expect(text).toContain("Total: $1,111.10");
    expect(text).toContain("Paid to date: $1,111.10");
    expect(text).toContain("Refunded: −$300.00");
    const payments = text.slice(text.indexOf("Payments and refunds") + 1);
    expect(payments.slice(0, 5)).toEqual([
      "November 24, 2026 · Mastercard •••• 0002 · $1,111.10 · Payment failed",
      "November 25, 2026 · Visa •••• 4242 · $1,111.10 · Paid",
      "November 26, 2026 · refund to Visa •••• 4242 · −$100.00 · Refunded",
      "November 27, 2026 · refund to Visa •••• 4242 · −$200.00 · Refunded",
      "November 27, 2026 · refund to Visa •••• 4242 · −$50.00 · Refund pending",
    ]);
  });

  it("shows what remains scheduled of a plan, a failed instalment at its retry date", async () => {
    const order: OrderView = {
      ...base,
      language: "en",
      status: "partially_paid",
      subtotalCents: 150_000,
      discountCents: 0,
      promoCode: null,
      totalCents: 150_000,
      paidCents: 50_000,
      paidAt: null,
      paymentPlan: "3times",
      schedule: threeInstalments(
        ["paid", "failed", "due"],
        [{}, { attempts: 1, nextAttemptAt: "2026-11-30T15:00:00.000Z", failureMessage: "Your card was declined." }],
      ),
      payments: [
        movement("charge", 50_000, "succeeded", "2026-10-27T15:00:00.000Z", { id: "c1", part: 1 }),
        movement("charge", 50_000, "failed", "2026-11-27T15:00:00.000Z", { id: "c2", part: 2 }),
      ],
    };
    const english = pdfText(await renderReceiptPdf(order, company, en, ZONE));
    expect(english).toContain("Paid to date: $500.00");
    expect(english).not.toContain("Refunded: −$0.00");
    expect(english).toContain("Still scheduled");
    expect(english.slice(english.indexOf("Still scheduled") + 1, english.indexOf("Still scheduled") + 3)).toEqual([
      "Payment 2: $500.00 on November 30, 2026",
      "Payment 3: $500.00 on December 27, 2026",
    ]);
    expect(english.join("\n")).toContain("1 of 3 instalments paid: $500.00 of $1,500.00; payment 2 ($500.00) failed.");

    const french = pdfText(await renderReceiptPdf({ ...order, language: "fr" }, company, fr, ZONE));
    expect(french).toContain("Payé à ce jour\u202f: $500.00");
    expect(french).toContain("Encore prévu");
    expect(french).toContain("Versement 3\u202f: $500.00 le 27 décembre 2026");
  });
});
