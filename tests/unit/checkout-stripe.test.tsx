// @vitest-environment jsdom
import { act, type ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { domPage, until } from "../helpers/dom-page.tsx";

// The payment step with Stripe configured: Stripe's libraries come with a dynamic import (never with the
// page), load Stripe.js with the publishable key the server gave, and confirm the payment with the
// Payment Element, staying on the page unless the bank needs a redirect. Stripe itself is a fake here
// (Stripe.js cannot load offline, and never settles in jsdom).

const stripe = vi.hoisted(() => ({ confirmPayment: vi.fn() }));
const loadStripe = vi.hoisted(() => vi.fn(async () => stripe));
const elementsProps = vi.hoisted(() => [] as Array<Record<string, unknown>>);
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: (props: { children: ReactNode; options: Record<string, unknown> }) => {
    elementsProps.push(props.options);
    return <div data-testid="elements">{props.children}</div>;
  },
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => stripe,
  useElements: () => ({ kind: "elements" }),
}));
const { PaymentStep } = await import("../../app/features/checkout/payment-step.tsx");

const page = domPage();
let container: HTMLElement;
const outcomes: unknown[] = [];

async function render() {
  container = await page.render(
    <PaymentStep
      intent={{
        clientSecret: "pi_123_secret_456",
        provider: "stripe",
        publishableKey: "pk_test_abc",
        amountCents: 50_000,
      }}
      language="fr"
      submitLabel="Payer $500.00"
      returnUrl="https://atelier.example/fr/checkout-success?order_id=o1"
      failure={null}
      retrying={false}
      onOutcome={(outcome) => outcomes.push(outcome)}
      onUnexpected={() => undefined}
      onNotReady={() => undefined}
      onRetry={() => undefined}
    />,
    "fr",
  );
  // The lazy module, then Stripe.js's promise: a busy machine may take a while to import the module.
  await until(() => container.querySelector("[data-testid=pay-button]"), 5_000);
}

async function pay() {
  await act(async () => {
    container.querySelector<HTMLButtonElement>("[data-testid=pay-button]")!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  outcomes.length = 0;
  elementsProps.length = 0;
  stripe.confirmPayment.mockReset();
});

describe("the Stripe payment step", () => {
  it("loads Stripe.js with the server's publishable key and the Payment Element for the intent, in the page's language", async () => {
    await render();
    expect(loadStripe).toHaveBeenCalledWith("pk_test_abc");
    expect(elementsProps[0]).toMatchObject({ clientSecret: "pi_123_secret_456", locale: "fr" });
    expect(container.querySelector("[data-testid=payment-element]")).not.toBeNull();
    expect(container.querySelector("[data-testid=sandbox-card-form]")).toBeNull();
    expect(container.querySelector("[data-testid=pay-button]")!.textContent).toBe("Payer $500.00");
  });

  it("confirms on the page (a redirect only when the bank needs one) and reports success", async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: "succeeded" } });
    await render();
    await pay();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { kind: "elements" },
      confirmParams: { return_url: "https://atelier.example/fr/checkout-success?order_id=o1" },
      redirect: "if_required",
    });
    expect(outcomes).toEqual([{ status: "succeeded" }]);
  });

  it("reports Stripe's own message when the card is declined", async () => {
    stripe.confirmPayment.mockResolvedValue({ error: { type: "card_error", message: "Your card was declined." } });
    await render();
    await pay();
    expect(outcomes).toEqual([{ status: "failed", message: "Your card was declined." }]);
  });
});
