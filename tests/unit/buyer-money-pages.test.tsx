// @vitest-environment jsdom
import type { ComponentType } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextStepKeys, orderOutcome } from "../../app/features/checkout/order-outcome.ts";
import CheckoutSuccess from "../../app/routes/checkout-success.tsx";
import PaymentSuccess from "../../app/routes/payment-success.tsx";
import Receipt from "../../app/routes/receipt.tsx";
import type { OrderView } from "../../core/orders/schema.ts";
import { bankProcessingOrder, orderView, partlyPaidOrder, payment } from "../helpers/order-fixtures.ts";
import { domPage, settle } from "../helpers/dom-page.tsx";
import { pageUnderRoot, publicConfig } from "../helpers/site-fixtures.tsx";

// The buyer's pages after paying (issue 23, "Statuses people understand"): each says only what is true
// at that moment, in the one vocabulary of order statuses (orders:statuses and its sentences), promises
// only what will happen for that status, and links the receipt whenever money was received.

vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const config = publicConfig({ companyName: "Atelier", companyEmail: "hello@atelier.example" });

const page = domPage();
let container: HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** Renders a page at `path` under a root route that carries the public configuration (the agency's time zone). */
async function renderPage(
  Page: ComponentType,
  routePath: string,
  path: string,
  { language = "en" as "en" | "fr", pageData = {} as unknown } = {},
) {
  const [routes, , options] = pageUnderRoot(Page, routePath, path, { language, pageData, config });
  container = await page.renderRoutes(routes, language, { ...options, cart: true });
}

/** GET /api/orders/guest/{id} and POST .../refresh answer `order`. */
function serveOrder(order: OrderView) {
  page.fetchMock.mockImplementation(async () => new Response(JSON.stringify({ data: order }), { status: 200 }));
}

const text = (testId: string) => container.querySelector(`[data-testid=${testId}]`)?.textContent ?? null;
const main = () => container.querySelector("main")?.textContent ?? "";

async function checkoutSuccess(order: OrderView, query = "", language: "en" | "fr" = "en") {
  serveOrder(order);
  await renderPage(CheckoutSuccess, "/checkout/success", `/checkout/success?order_id=${order.id}${query}`, {
    language,
  });
  await settle();
}

describe("what a success page tells the buyer", () => {
  it("reads the outcome from the server's status: waiting is never 'Awaiting payment', a card being processed is still being confirmed", () => {
    expect(orderOutcome(orderView({ status: "requires_payment" }))).toBe("confirming");
    expect(orderOutcome(orderView({ status: "processing" }))).toBe("confirming");
    expect(orderOutcome(bankProcessingOrder())).toBe("processing");
    expect(orderOutcome(partlyPaidOrder())).toBe("partlyPaid");
    const soldOut = orderView({
      payments: [
        payment(),
        payment({
          id: "ref",
          kind: "refund",
          status: "pending",
          automatic: "deal_sold_out",
          refundOf: "pay_1",
          settledAt: null,
        }),
      ],
    });
    expect(orderOutcome(soldOut)).toBe("refunded");
    expect(nextStepKeys(soldOut)).toEqual(["nextRefundPending"]);
  });

  it("promises for each status only what will happen: the receipt is e-mailed once paid in full", () => {
    expect(nextStepKeys(orderView())).toEqual(["nextReceipt", "nextConfirmation", "nextContact", "nextSchedule"]);
    expect(nextStepKeys(bankProcessingOrder())).not.toContain("nextReceipt");
    expect(nextStepKeys(partlyPaidOrder())).not.toContain("nextReceipt");
    expect(nextStepKeys(orderView({ status: "failed" }))).toEqual([]);
  });
});

describe("/checkout/success", () => {
  it("says 'Payment Successful!' for a paid order, with its status in the one vocabulary, the steps and the receipt", async () => {
    await checkoutSuccess(orderView());
    expect(text("success-title")).toBe("Payment Successful!");
    expect(text("success-detail")).toBe("$500.00 paid on November 25, 2026.");
    expect(text("success-status")).toBe("Paid");
    expect(main()).toContain("A receipt has been sent to your e-mail address.");
    expect(container.querySelector("[data-testid=view-receipt]")?.getAttribute("href")).toBe("/receipt/signed-token");
    expect(container.querySelector("[data-testid=try-again]")).toBeNull();
  });

  it("shows a bank transfer processing: when the bank answers, no receipt promised yet, never 'Awaiting payment'", async () => {
    await checkoutSuccess(bankProcessingOrder());
    expect(text("success-title")).toBe("Bank transfer processing");
    expect(text("success-detail")).toBe("We will e-mail you when your bank confirms, usually in 3-5 business days.");
    expect(text("success-status")).toBe("Processing");
    expect(main()).not.toContain("A receipt has been sent");
    expect(main()).not.toContain("Awaiting payment");
    expect(main()).toContain("Your receipt follows by e-mail as soon as your bank confirms the payment.");
    expect(container.querySelector("[data-testid=view-receipt]")).toBeNull();
  });

  it("says 'Being confirmed' while the provider has not answered", async () => {
    await checkoutSuccess(
      orderView({
        status: "requires_payment",
        paidCents: 0,
        paidAt: null,
        payments: [payment({ status: "requires_payment", settledAt: null })],
      }),
    );
    expect(text("success-title")).toBe("Confirming your payment...");
    expect(text("success-status")).toBe("Being confirmed");
    expect(main()).not.toContain("Awaiting payment");
    expect(main()).not.toContain("What happens next?");
  });

  it("says a refused payment failed, why, what to do, and offers Try Again for the same purchase", async () => {
    await checkoutSuccess(
      orderView({
        status: "failed",
        paidCents: 0,
        paidAt: null,
        failureMessage: "Your card was declined.",
        payments: [payment({ status: "failed", failureMessage: "Your card was declined." })],
      }),
    );
    expect(text("success-title")).toBe("Payment failed");
    expect(text("success-detail")).toBe(
      "Your card was declined. Nothing was charged. Try again with another card, or contact us.",
    );
    expect(container.querySelector("[data-testid=try-again]")?.getAttribute("href")).toBe(
      "/checkout?service=Marketing%20Consultation&amount=500",
    );
    expect(container.querySelector("[data-testid=view-receipt]")).toBeNull();
    expect(main()).not.toContain("What happens next?");
  });

  it("sends a cart checkout's Try Again back to the cart", async () => {
    await checkoutSuccess(
      orderView({ status: "failed", paidCents: 0, paidAt: null, payments: [payment({ status: "failed" })] }),
      "&from=cart",
    );
    expect(container.querySelector("[data-testid=try-again]")?.getAttribute("href")).toBe("/cart");
  });

  it("tells why Atelier refunded by itself when a deal sold out while paying, with the receipt", async () => {
    const refund = payment({
      id: "ref_1",
      kind: "refund",
      status: "succeeded",
      automatic: "deal_sold_out",
      refundOf: "pay_1",
      settledAt: "2026-11-25T15:02:00.000Z",
    });
    await checkoutSuccess(orderView({ status: "refunded", refundedCents: 50_000, payments: [payment(), refund] }));
    expect(text("success-title")).toBe("We could not complete your order");
    expect(text("success-detail")).toBe(
      "A deal in your order sold out while you were paying, so we could not reserve it for you. Your payment of $500.00 has been refunded in full.",
    );
    expect(text("success-status")).toBe("Refunded");
    expect(text("success-refunded")).toContain("−$500.00");
    expect(main()).toContain("We have e-mailed you the details of this refund.");
    expect(container.querySelector("[data-testid=view-receipt]")).not.toBeNull();
  });

  it("speaks French with French typography", async () => {
    await checkoutSuccess(bankProcessingOrder(), "", "fr");
    expect(text("success-title")).toBe("Virement bancaire en cours");
    expect(text("success-status")).toBe("En cours de traitement");
    expect(text("success-detail")).toBe(
      "Nous vous écrirons dès que votre banque aura confirmé, en général sous 3 à 5 jours ouvrables.",
    );
  });
});

describe("/payment-success", () => {
  it("shows the first of 3 instalments paid: Partly paid, its sentence in the agency's time zone, the schedule, no receipt promised yet", async () => {
    const order = partlyPaidOrder();
    serveOrder(order);
    await renderPage(PaymentSuccess, "/payment-success", `/payment-success?order_id=${order.id}`);
    await settle();
    expect(text("success-title")).toBe("Payment Successful!");
    expect(text("success-status")).toBe("Partly paid");
    expect(text("success-detail")).toBe(
      "1 of 3 instalments paid: $500.00 of $1,500.00; next $500.00 on December 25, 2026.",
    );
    expect(container.querySelectorAll("[data-testid=schedule-row]")).toHaveLength(3);
    expect(text("success-paid")).toContain("$500.00");
    expect(main()).toContain("We have e-mailed you a confirmation of this payment.");
    expect(main()).not.toContain("A receipt has been sent");
    expect(container.querySelector("[data-testid=view-receipt]")).not.toBeNull();
  });

  it("tells a class enrolment refunded because the class filled up while paying", async () => {
    const refund = payment({
      id: "ref_1",
      kind: "refund",
      status: "succeeded",
      automatic: "class_full",
      refundOf: "pay_1",
      settledAt: "2026-11-25T15:02:00.000Z",
    });
    const order = orderView({ status: "refunded", refundedCents: 50_000, payments: [payment(), refund] });
    serveOrder(order);
    await renderPage(PaymentSuccess, "/payment-success", `/payment-success?order_id=${order.id}`, { language: "fr" });
    await settle();
    expect(text("success-title")).toBe("Nous n’avons pas pu finaliser votre commande");
    expect(text("success-detail")).toBe(
      "Le cours s’est rempli pendant votre paiement\u202f: nous n’avons pas pu vous inscrire. Votre paiement de $500.00 a été remboursé en totalité.",
    );
  });
});

describe("/receipt/:token", () => {
  it("shows the status and its sentence, paid to date, refunded, each payment and refund, and what remains scheduled", async () => {
    const order = partlyPaidOrder();
    order.status = "partially_refunded";
    order.refundedCents = 10_000;
    order.payments = [
      payment({ part: 1 }),
      payment({
        id: "ref_1",
        kind: "refund",
        amountCents: 10_000,
        refundOf: "pay_1",
        settledAt: "2026-11-27T15:00:00.000Z",
      }),
    ];
    const receipt = {
      ...order,
      company: { name: "Atelier", email: "hello@atelier.example", phone: "", website: "", address: "" },
    };
    const Page = () => (
      <Receipt
        {...({
          params: { token: "signed-token" },
          loaderData: { receipt, meta: { title: "Receipt" } },
        } as unknown as Parameters<typeof Receipt>[0])}
      />
    );
    await renderPage(Page, "/receipt/:token", "/receipt/signed-token");
    expect(text("receipt-status")).toBe("Partly refunded");
    expect(text("receipt-status-detail")).toBe("$100.00 of $500.00 refunded (latest on November 27, 2026).");
    expect(text("receipt-paid")).toBe("$500.00");
    expect(text("receipt-refunded")).toBe("−$100.00");
    const lines = [...container.querySelectorAll("[data-testid=receipt-payment]")].map((line) => line.textContent);
    expect(lines).toEqual([
      "November 25, 2026Visa •••• 4242 · Paid$500.00",
      "November 27, 2026Refund to Visa •••• 4242 · Refunded−$100.00",
    ]);
    expect(container.querySelectorAll("[data-testid=schedule-row]")).toHaveLength(3);
    expect(text("receipt-card")).toBe("Visa •••• 4242");
    // On a phone, the quantity and unit price fold under the line's name.
    expect(container.querySelector("tbody td")?.textContent).toBe("Video Marketing1 × $1,500.00");
  });

  it("names a bank account and a transfer still processing", async () => {
    const receipt = {
      ...bankProcessingOrder(),
      company: { name: "Atelier", email: "", phone: "", website: "", address: "" },
    };
    const Page = () => (
      <Receipt
        {...({ params: { token: "t" }, loaderData: { receipt, meta: { title: "Receipt" } } } as unknown as Parameters<
          typeof Receipt
        >[0])}
      />
    );
    await renderPage(Page, "/receipt/:token", "/receipt/t", { language: "fr" });
    expect(text("receipt-status")).toBe("En cours de traitement");
    expect(text("receipt-card")).toBe("Compte bancaire •••• 6789");
    expect([...container.querySelectorAll("[data-testid=receipt-payment]")].map((line) => line.textContent)).toEqual([
      "25 novembre 2026Compte bancaire •••• 6789 · En cours de traitement$500.00",
    ]);
  });
});
