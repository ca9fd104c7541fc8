import { describe, expect, it } from "vitest";
import type { Translate } from "../../core/mail/rules.ts";
import { receiptEmail } from "../../core/orders/emails.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import { translator } from "../../server/i18n.server.ts";

const translate: Translate = (language, key, params) => translator(language)(key, params ?? {}) as string;
const company = { name: "Atelier", email: "hello@atelier.example", phone: "+1 555", website: "https://atelier.example", staffEmail: "team@atelier.example" };

const order = (overrides: Partial<OrderView> = {}): OrderView => ({
  id: "3f2a9c1e-0b7d-4e5f-8a9b-0c1d2e3f4a5b",
  number: "3F2A9C1E",
  status: "paid",
  currency: "usd",
  language: "en",
  customerFirstName: "Ada",
  customerLastName: "Lovelace",
  customerEmail: "ada@example.com",
  customerPhone: null,
  customerCompany: null,
  items: [{ serviceId: "website", name: "Website <Pro>", description: "", pricingType: "custom", unitPriceCents: 60_000, quantity: 2, totalCents: 120_000, dealId: null }],
  subtotalCents: 120_000,
  discountCents: 12_000,
  taxCents: 0,
  promoCode: "WELCOME10",
  totalCents: 108_000,
  createdAt: "2026-11-25T10:00:00.000Z",
  paidAt: "2026-11-25T10:01:00.000Z",
  refundedAt: null,
  payment: { provider: "sandbox", brand: "visa", last4: "4242" },
  paymentMethodType: "card",
  paymentPlan: null,
  schedule: [],
  failureMessage: null,
  receiptUrl: "/receipt/token",
  ...overrides,
});

describe("receipt e-mail", () => {
  it("lists the lines, the discount with its code, the total, the card and the receipt link", () => {
    const mail = receiptEmail(order(), "https://atelier.example/receipt/token", translate, company);
    expect(mail).toMatchObject({ to: "ada@example.com", kind: "order.receipt", subject: "Your Atelier receipt for order 3F2A9C1E" });
    expect(mail.text).toContain("2 × Website <Pro> at $600.00: $1,200.00");
    expect(mail.text).toContain("Discount (WELCOME10): −$120.00");
    expect(mail.text).toContain("Total paid: $1,080.00");
    expect(mail.text).toContain("Payment method: Visa •••• 4242");
    expect(mail.text).toContain("https://atelier.example/receipt/token");
    // What the visitor typed is escaped in the HTML.
    expect(mail.html).toContain("Website &lt;Pro&gt;");
  });

  it("is written in the order's language, with French typography", () => {
    const mail = receiptEmail(order({ language: "fr", discountCents: 0, promoCode: null }), "https://atelier.example/fr/receipt/token", translate, company);
    expect(mail.subject).toBe("Votre reçu Atelier pour la commande 3F2A9C1E");
    expect(mail.text).toContain("Bonjour Ada,");
    expect(mail.text).toContain("Total payé\u202f: $1,080.00");
    expect(mail.text).not.toContain("Remise");
  });
});
