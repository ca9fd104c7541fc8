import { describe, expect, it } from "vitest";
import { bankProcessingEmail, methodText, paymentLines, receiptEmail, refundEmail } from "../../core/orders/emails.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import type { PaymentView } from "../../core/payments/schema.ts";
import { company, en, translate, ZONE } from "../helpers/mail-fixtures.ts";
import { instalment, movement, orderItem, orderView } from "../helpers/order-fixtures.ts";

const ID = "3f2a9c1e-0b7d-4e5f-8a9b-0c1d2e3f4a5b";

/** Two "Website <Pro>" at $600.00, 10% off with WELCOME10: $1,080.00 paid by card. */
const order = (overrides: Partial<OrderView> = {}): OrderView =>
  orderView({
    id: ID,
    orderItems: [
      orderItem({
        orderId: ID,
        serviceId: "website",
        serviceName: "Website <Pro>",
        unitPriceCents: 60_000,
        customPriceCents: 60_000,
        quantity: 2,
        lineTotalCents: 120_000,
      }),
    ],
    subtotalCents: 120_000,
    discountCents: 12_000,
    promoCode: "WELCOME10",
    totalCents: 108_000,
    paidCents: 108_000,
    payments: [movement("charge", 108_000, "succeeded", "2026-11-25T15:01:00.000Z")],
    receiptUrl: "/receipt/token",
    ...overrides,
  });

describe("receipt e-mail", () => {
  it("lists the lines, the discount with its code, the total, the status, each payment, the card and the receipt link", () => {
    const mail = receiptEmail(order(), "https://atelier.example/receipt/token", translate, company, ZONE);
    expect(mail).toMatchObject({
      to: "ada@example.com",
      kind: "order.receipt",
      subject: "Your Atelier receipt for order 3F2A9C1E",
    });
    expect(mail.text).toContain("We have received your payment of $1,080.00.");
    expect(mail.text).toContain("2 × Website <Pro> at $600.00: $1,200.00");
    expect(mail.text).toContain("Discount (WELCOME10): −$120.00");
    expect(mail.text).toContain("Total paid: $1,080.00");
    expect(mail.text).toContain("Status: Paid: $1,080.00 paid on November 25, 2026.");
    expect(mail.text).toContain("Payments and refunds: November 25, 2026 · Visa •••• 4242 · $1,080.00 · Paid");
    expect(mail.text).toContain("Payment method: Visa •••• 4242");
    expect(mail.text).toContain("https://atelier.example/receipt/token");
    // What the visitor typed is escaped in the HTML.
    expect(mail.html).toContain("Website &lt;Pro&gt;");
    expect(mail.text).not.toContain("Payment schedule");
  });

  it("is written in the order's language, with French typography", () => {
    const mail = receiptEmail(
      order({ language: "fr", discountCents: 0, promoCode: null }),
      "https://atelier.example/fr/receipt/token",
      translate,
      company,
      ZONE,
    );
    expect(mail.subject).toBe("Votre reçu Atelier pour la commande 3F2A9C1E");
    expect(mail.text).toContain("Bonjour Ada,");
    expect(mail.text).toContain("Total payé\u202f: $1,080.00");
    expect(mail.text).toContain("Statut\u202f: Payée\u202f: $1,080.00 payés le 25 novembre 2026.");
    expect(mail.text).toContain("25 novembre 2026 · Visa •••• 4242 · $1,080.00 · Payé");
    expect(mail.text).not.toContain("Remise");
    // No colon, semicolon, question or exclamation mark without its narrow no-break space before it (URLs aside).
    expect(mail.text.replace(/https?:\/\/\S+/g, "")).not.toMatch(/[^\u202f][:;!?]/);
  });

  it("shows a plan's schedule and what is paid of it (a monthly plan's first month)", () => {
    const monthly = order({
      orderItems: [
        {
          ...order().orderItems[0],
          serviceName: "Retainer",
          quantity: 1,
          unitPriceCents: 50_000,
          lineTotalCents: 50_000,
        },
      ],
      subtotalCents: 50_000,
      discountCents: 0,
      promoCode: null,
      totalCents: 50_000,
      paidCents: 50_000,
      paymentPlan: "monthly",
      schedule: [instalment(1, { status: "paid", paidAt: "2026-11-25T15:00:00.000Z" }), instalment(2)],
      payments: [movement("charge", 50_000, "succeeded", "2026-11-25T15:01:00.000Z", { part: 1 })],
    });
    const mail = receiptEmail(monthly, "https://atelier.example/receipt/token", translate, company, ZONE);
    expect(mail.text).toContain(
      "Payment schedule:\n1. $500.00, November 25, 2026: Paid\n2. $500.00, December 25, 2026:",
    );
  });

  it("leaves out charges that were never made (cancelled or waiting) from the payment lines", () => {
    const lines = paymentLines(
      order({
        payments: [
          movement("charge", 108_000, "cancelled", null),
          movement("charge", 108_000, "requires_payment", null),
          movement("charge", 108_000, "failed", "2026-11-24T15:00:00.000Z"),
          movement("charge", 108_000, "succeeded", "2026-11-25T15:00:00.000Z"),
        ],
      }),
      en,
      "en",
      ZONE,
    );
    expect(lines).toEqual([
      "November 24, 2026 · Visa •••• 4242 · $1,080.00 · Payment failed",
      "November 25, 2026 · Visa •••• 4242 · $1,080.00 · Paid",
    ]);
  });

  it("names the payment method: a card, a bank account, the provider when the card is not known", () => {
    expect(methodText({ brand: "mastercard", last4: "4444", method: "card" }, "stripe", en)).toBe(
      "Mastercard •••• 4444",
    );
    expect(methodText({ brand: "bank", last4: "6789", method: "us_bank_account" }, "stripe", en)).toBe(
      "Bank account •••• 6789",
    );
    expect(methodText({ brand: null, last4: null, method: "card" }, "sandbox", en)).toBe("Test card");
    expect(methodText(null, null, en)).toBe("Not paid yet");
  });
});

describe("refund e-mail", () => {
  const refunded = (amountCents: number, extra: Partial<PaymentView> = {}) =>
    movement("refund", amountCents, "succeeded", "2026-11-27T15:00:00.000Z", {
      refundOf: "charge-108000-succeeded",
      ...extra,
    });

  /** The e-mail about `refund`, of the order with `overrides` whose payments are its charge and that refund. */
  const refundMail = (refund: PaymentView, overrides: Partial<OrderView>, receiptLink: string) =>
    refundEmail(
      order({ ...overrides, payments: [...order().payments, refund] }),
      refund,
      receiptLink,
      translate,
      company,
      ZONE,
    );

  it("says how much went back to which card, when, what was refunded in all, and how long it takes", () => {
    const refund = refunded(30_000);
    const mail = refundMail(
      refund,
      { status: "partially_refunded", refundedCents: 30_000 },
      "https://atelier.example/receipt/token",
    );
    expect(mail).toMatchObject({
      to: "ada@example.com",
      kind: "order.refund",
      subject: "Atelier: refund of $300.00 for order 3F2A9C1E",
    });
    expect(mail.text).toContain("We have refunded $300.00 to your Visa •••• 4242.");
    expect(mail.text).toContain("Refunded: $300.00");
    expect(mail.text).toContain("Date: November 27, 2026");
    expect(mail.text).toContain("Refunded in all: $300.00 of $1,080.00 paid");
    expect(mail.text).toContain("Status: Partly refunded");
    expect(mail.text).toContain("A refund usually reaches your account within 5 to 10 business days");
    expect(mail.text).toContain("Questions? Write to us at hello@atelier.example.");
  });

  it("says why when Atelier refunded on its own, in French with its typography", () => {
    const refund = refunded(108_000, { automatic: "deal_sold_out" });
    const mail = refundMail(
      refund,
      { language: "fr", status: "refunded", refundedCents: 108_000 },
      "https://atelier.example/fr/receipt/token",
    );
    expect(mail.subject).toBe("Atelier\u202f: remboursement de $1,080.00 pour la commande 3F2A9C1E");
    expect(mail.text).toContain(
      "Une offre de votre commande s’est épuisée pendant votre paiement\u202f: nous n’avons pas pu vous la réserver",
    );
    expect(mail.text).toContain("Nous avons remboursé $1,080.00 sur votre Visa •••• 4242.");
    expect(mail.text).toContain("Remboursé au total\u202f: $1,080.00 sur $1,080.00 payés");
    expect(mail.text).toContain("Statut\u202f: Remboursée");
    expect(mail.text.replace(/https?:\/\/\S+/g, "")).not.toMatch(/[^\u202f][:;!?]/);
  });
});

describe("bank transfer started e-mail", () => {
  it("says nothing is taken until the bank confirms, from which account", () => {
    const bank = order({
      status: "processing",
      paidCents: 0,
      paidAt: null,
      payment: { provider: "sandbox", brand: "bank", last4: "6789" },
      paymentMethodType: "us_bank_account",
      payments: [
        movement("charge", 108_000, "processing", null, { method: "us_bank_account", brand: "bank", last4: "6789" }),
      ],
    });
    const mail = bankProcessingEmail(bank, "https://atelier.example/receipt/token", translate, company);
    expect(mail).toMatchObject({
      kind: "order.bank_processing",
      subject: "Atelier: your bank transfer for order 3F2A9C1E has started",
    });
    expect(mail.text).toContain(
      "Your bank transfer of $1,080.00 from your Bank account •••• 6789 has started. Nothing is taken until your bank confirms it.",
    );
    expect(mail.text).toContain("We will e-mail you when your bank confirms, usually in 3-5 business days.");
    const french = bankProcessingEmail(
      { ...bank, language: "fr" },
      "https://atelier.example/fr/receipt/token",
      translate,
      company,
    );
    expect(french.subject).toBe("Atelier\u202f: votre virement pour la commande 3F2A9C1E est lancé");
    expect(french.text).toContain("Rien n’est prélevé avant que votre banque ne le confirme.");
  });
});
