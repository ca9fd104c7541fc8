import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../core/orders/rules.ts";
import { formatDay, refundNotice, statusDetail, statusLabel, statusTone } from "../../core/orders/status-text.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import type { PaymentView } from "../../core/payments/schema.ts";
import { en, fr, ZONE } from "../helpers/mail-fixtures.ts";
import { movement, orderView, threeInstalments } from "../helpers/order-fixtures.ts";

/** A $1,500.00 order, awaiting payment by card unless told otherwise. */
const order = (overrides: Partial<OrderView>): OrderView =>
  orderView({ status: "pending", totalCents: 150_000, paidCents: 0, paidAt: null, payments: [], ...overrides });

/** That order as a plan in three instalments (see threeInstalments), `paidCents` of it paid. */
const plan = (
  status: OrderView["status"],
  paidCents: number,
  ...instalments: Parameters<typeof threeInstalments>
): OrderView => order({ status, paidCents, paymentPlan: "3times", schedule: threeInstalments(...instalments) });

/** An order's status detail in English, then in French, in the agency's time zone. */
const details = (subject: OrderView) => [statusDetail(subject, en, "en", ZONE), statusDetail(subject, fr, "fr", ZONE)];

describe("an order's status in words", () => {
  it("names every status in both languages, 'Awaiting payment' for both kinds of waiting", () => {
    expect(ORDER_STATUSES.map((status) => statusLabel(status, en))).toEqual([
      "Awaiting payment",
      "Awaiting payment",
      "Processing",
      "Partly paid",
      "Paid",
      "Payment failed",
      "Partly refunded",
      "Refunded",
      "Cancelled",
    ]);
    expect(ORDER_STATUSES.map((status) => statusLabel(status, fr))).toEqual([
      "En attente de paiement",
      "En attente de paiement",
      "En cours de traitement",
      "Partiellement payée",
      "Payée",
      "Échec du paiement",
      "Partiellement remboursée",
      "Remboursée",
      "Annulée",
    ]);
  });

  it("gives each status a badge tone", () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, statusTone(status)]))).toEqual({
      pending: "warning",
      requires_payment: "warning",
      processing: "warning",
      partially_paid: "warning",
      paid: "success",
      failed: "danger",
      partially_refunded: "neutral",
      refunded: "neutral",
      cancelled: "neutral",
    });
  });

  it("says how much of a plan is paid and when the next instalment is charged", () => {
    expect(details(plan("partially_paid", 50_000, ["paid", "due", "due"]))).toEqual([
      "1 of 3 instalments paid: $500.00 of $1,500.00; next $500.00 on November 27, 2026.",
      "1 versement sur 3 payé\u202f: $500.00 sur $1,500.00\u202f; prochain versement de $500.00 le 27 novembre 2026.",
    ]);
    expect(details(plan("partially_paid", 100_000, ["paid", "paid", "due"]))).toEqual([
      "2 of 3 instalments paid: $1,000.00 of $1,500.00; next $500.00 on December 27, 2026.",
      "2 versements sur 3 payés\u202f: $1,000.00 sur $1,500.00\u202f; prochain versement de $500.00 le 27 décembre 2026.",
    ]);
  });

  it("says which instalment failed and when it is tried again, or that it is not", () => {
    const retrying = plan(
      "partially_paid",
      50_000,
      ["paid", "failed", "due"],
      [{}, { nextAttemptAt: "2026-11-30T15:00:00.000Z", attempts: 1 }],
    );
    expect(details(retrying)).toEqual([
      "1 of 3 instalments paid: $500.00 of $1,500.00; payment 2 ($500.00) failed. We will try again on November 30, 2026.",
      "1 versement sur 3 payé\u202f: $500.00 sur $1,500.00\u202f; le versement 2 ($500.00) a échoué. Nous réessaierons le 30 novembre 2026.",
    ]);
    expect(details(plan("partially_paid", 50_000, ["paid", "failed", "due"], [{}, { attempts: 4 }]))).toEqual([
      "1 of 3 instalments paid: $500.00 of $1,500.00; payment 2 ($500.00) failed. We will not try again automatically: please contact us.",
      "1 versement sur 3 payé\u202f: $500.00 sur $1,500.00\u202f; le versement 2 ($500.00) a échoué. Nous ne réessaierons pas automatiquement\u202f: contactez-nous.",
    ]);
  });

  it("says when a paid order was paid, in the agency's time zone", () => {
    // 02:30 UTC on November 28 is still November 27 in New York.
    const paid = order({ status: "paid", paidCents: 150_000, paidAt: "2026-11-28T02:30:00.000Z" });
    expect(statusDetail(paid, en, "en", ZONE)).toBe("$1,500.00 paid on November 27, 2026.");
    expect(statusDetail(paid, fr, "fr", ZONE)).toBe("$1,500.00 payés le 27 novembre 2026.");
    expect(statusDetail(paid, en, "en", "Europe/Paris")).toBe("$1,500.00 paid on November 28, 2026.");
  });

  it("says a bank transfer waits for the bank", () => {
    expect(statusDetail(order({ status: "processing", paymentMethodType: "us_bank_account" }), en, "en", ZONE)).toBe(
      "We will e-mail you when your bank confirms, usually in 3-5 business days.",
    );
    expect(statusDetail(order({ status: "processing" }), fr, "fr", ZONE)).toBe(
      "Nous vous écrirons dès que votre banque aura confirmé, en général sous 3 à 5 jours ouvrables.",
    );
  });

  it("says why a payment failed and what to do, for a card and for a bank account", () => {
    expect(statusDetail(order({ status: "failed", failureMessage: "Your card was declined." }), en, "en", ZONE)).toBe(
      "Your card was declined. Nothing was charged. Try again with another card, or contact us.",
    );
    expect(statusDetail(order({ status: "failed" }), en, "en", ZONE)).toBe(
      "Your payment did not go through. Nothing was charged. Try again with another card, or contact us.",
    );
    expect(statusDetail(order({ status: "failed" }), fr, "fr", ZONE)).toBe(
      "Votre paiement n’a pas abouti. Rien n’a été débité. Réessayez avec une autre carte, ou contactez-nous.",
    );
    expect(
      statusDetail(
        order({ status: "failed", paymentMethodType: "us_bank_account", failureMessage: "The account is closed." }),
        en,
        "en",
        ZONE,
      ),
    ).toBe("The account is closed. No money was taken. Pay by card or with another bank account, or contact us.");
    expect(statusDetail(order({ status: "failed", paymentMethodType: "us_bank_account" }), fr, "fr", ZONE)).toBe(
      "Votre paiement n’a pas abouti. Aucun montant n’a été prélevé. Payez par carte ou avec un autre compte bancaire, ou contactez-nous.",
    );
  });

  it("says how much was refunded and when, the latest refund's day for several", () => {
    const charge = movement("charge", 150_000, "succeeded", "2026-11-01T15:00:00.000Z");
    const refunded = order({
      status: "refunded",
      paidCents: 150_000,
      refundedCents: 150_000,
      payments: [charge, movement("refund", 150_000, "succeeded", "2026-11-20T15:00:00.000Z")],
    });
    expect(details(refunded)).toEqual([
      "$1,500.00 refunded on November 20, 2026.",
      "$1,500.00 remboursés le 20 novembre 2026.",
    ]);

    const partly = order({
      status: "partially_refunded",
      paidCents: 150_000,
      refundedCents: 30_000,
      payments: [
        charge,
        movement("refund", 10_000, "succeeded", "2026-11-05T15:00:00.000Z"),
        movement("refund", 20_000, "succeeded", "2026-11-21T15:00:00.000Z"),
        movement("refund", 5_000, "pending", null),
      ],
    });
    expect(details(partly)).toEqual([
      "$300.00 of $1,500.00 refunded (latest on November 21, 2026).",
      "$300.00 sur $1,500.00 remboursés (dernier remboursement le 21 novembre 2026).",
    ]);
  });

  it("says when an order was cancelled, or what was paid of a plan whose rest was cancelled", () => {
    expect(details(order({ status: "cancelled", cancelledAt: "2026-11-27T15:00:00.000Z" }))).toEqual([
      "Cancelled on November 27, 2026. Nothing was charged.",
      "Annulée le 27 novembre 2026. Rien n’a été débité.",
    ]);
    const rest = {
      ...plan("cancelled", 50_000, ["paid", "cancelled", "cancelled"]),
      cancelledAt: "2026-11-27T15:00:00.000Z",
    };
    expect(details(rest)).toEqual([
      "The remaining payments were cancelled: $500.00 of $1,500.00 was paid.",
      "Les versements restants ont été annulés\u202f: $500.00 sur $1,500.00 ont été payés.",
    ]);
  });

  it("adds nothing to the name of a status that says it all", () => {
    for (const status of ["pending", "requires_payment"] as const)
      expect(details(order({ status }))).toEqual([null, null]);
  });

  it("writes every French sentence with a narrow no-break space before its double punctuation", () => {
    const samples = [
      order({ status: "partially_paid", paidCents: 50_000, schedule: threeInstalments(["paid", "failed", "due"]) }),
      order({ status: "cancelled", paidCents: 50_000, schedule: threeInstalments(["paid", "cancelled", "cancelled"]) }),
    ].map((subject) => statusDetail(subject, fr, "fr", ZONE) ?? "");
    for (const text of samples) expect(text).not.toMatch(/[^\u202f][:;!?]/);
  });
});

describe("dates and refund notices", () => {
  it("writes a day in the reader's language, in the agency's time zone", () => {
    expect(formatDay("2026-12-27T15:00:00.000Z", "en", ZONE)).toBe("December 27, 2026");
    expect(formatDay("2026-12-27T15:00:00.000Z", "fr", ZONE)).toBe("27 décembre 2026");
    expect(formatDay("2027-01-01T03:00:00.000Z", "en", ZONE)).toBe("December 31, 2026");
  });

  it("tells the buyer about a refund Atelier made on its own, and about one on its way", () => {
    const auto = (status: PaymentView["status"]) => ({
      payments: [
        movement("charge", 89_000, "succeeded", "2026-11-27T15:00:00.000Z"),
        movement("refund", 89_000, status, null, { automatic: "class_full" }),
      ],
    });
    expect(refundNotice(auto("succeeded"), en)).toBe(
      "The class filled up while you were paying, so we could not enrol you. Your payment of $890.00 has been refunded in full.",
    );
    expect(refundNotice(auto("pending"), fr)).toBe(
      "Le cours s’est rempli pendant votre paiement\u202f: nous n’avons pas pu vous inscrire. Nous vous remboursons votre paiement de $890.00 en totalité.",
    );
    const staff = {
      payments: [
        movement("charge", 150_000, "succeeded", "2026-11-27T15:00:00.000Z"),
        movement("refund", 20_000, "pending", null),
      ],
    };
    expect(refundNotice(staff, en)).toBe("A refund of $200.00 is on its way to you.");
    expect(refundNotice(staff, fr)).toBe("Un remboursement de $200.00 est en cours.");
    expect(
      refundNotice({ payments: [movement("charge", 150_000, "succeeded", "2026-11-27T15:00:00.000Z")] }, en),
    ).toBeNull();
  });
});
