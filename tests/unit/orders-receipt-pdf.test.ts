import { describe, expect, it } from "vitest";
import { renderReceiptPdf } from "../../core/orders/receipt-pdf.server.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import { translator } from "../../server/i18n.server.ts";

const company = { name: "Atelier", email: "hello@atelier.example", phone: "+1 555", website: "https://atelier.example", address: "120 Market Street" };
const order: OrderView = {
  id: "3f2a9c1e-0b7d-4e5f-8a9b-0c1d2e3f4a5b",
  number: "3F2A9C1E",
  status: "paid",
  currency: "usd",
  language: "fr",
  customerFirstName: "Éloïse",
  customerLastName: "Gérard",
  customerEmail: "eloise@example.com",
  customerPhone: null,
  customerCompany: "Société « Ça va »",
  items: [{ serviceId: "website", name: "Création de site", description: "Conception détaillée", pricingType: "custom", unitPriceCents: 123_456, quantity: 1, totalCents: 123_456, dealId: null }],
  subtotalCents: 123_456,
  discountCents: 12_346,
  taxCents: 0,
  promoCode: "WELCOME10",
  totalCents: 111_110,
  createdAt: "2026-11-25T10:00:00.000Z",
  paidAt: "2026-11-25T10:01:00.000Z",
  refundedAt: null,
  payment: { provider: "sandbox", brand: "visa", last4: "4242" },
  paymentMethodType: "card",
  paymentPlan: null,
  schedule: [],
  failureMessage: null,
  receiptUrl: "/receipt/token",
};

describe("receipt PDF", () => {
  it("renders a French receipt with an embedded DejaVu font (accents, guillemets, narrow spaces)", async () => {
    const t = translator("fr");
    const pdf = await renderReceiptPdf(order, company, (key, params) => t(key, params ?? {}) as string);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdf.toString("latin1");
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    // No built-in font, which would print the narrow no-break space wrongly.
    expect(text).not.toContain("/Helvetica");
  });
});
