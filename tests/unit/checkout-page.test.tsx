// @vitest-environment jsdom
import { act } from "react";
import { click as clickAndWait, domPage, until } from "../helpers/dom-page.tsx";
import { Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CheckoutPage from "../../app/routes/checkout.tsx";
import type { OrderView } from "../../core/orders/schema.ts";
import { orderItem, orderView } from "../helpers/order-fixtures.ts";
import { toast } from "../helpers/toast-mock.ts";

// /checkout's refusals and toasts (specification 001, section 8), against a fake of our own API: the
// server's message in "Order Creation Failed", the fallback when it cannot be reached, a sold-out deal at
// the payment intent (409), and the success path's toasts and redirect.

vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

/** The order POST /api/orders/guest answers: created, nothing paid yet. */
const ORDER: OrderView = orderView({
  status: "pending",
  orderItems: [orderItem({ customPriceCents: 50_000, createdAt: "2026-11-25T10:00:00.000Z" })],
  paidCents: 0,
  createdAt: "2026-11-25T10:00:00.000Z",
  paidAt: null,
  payment: null,
  payments: [],
  receiptUrl: "/receipt/token",
});

type Answer = { status: number; body: unknown } | "network";
let answers: Record<string, Answer[]>;
const requests: Array<{ path: string; method: string; headers: Record<string, string>; body: unknown }> = [];

function answer(key: string): Response {
  const queue = answers[key] ?? [];
  const next = queue.length > 1 ? queue.shift()! : queue[0];
  if (!next) throw new Error(`no answer for ${key}`);
  if (next === "network") throw new TypeError("Failed to fetch");
  return new Response(JSON.stringify(next.body), { status: next.status });
}

const dom = domPage();
let container: HTMLDivElement;
let location = "";

function LocationProbe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

const checkoutPage = () => (
  <CheckoutPage
    {...({ loaderData: { texts: { services: {}, deals: {} }, language: "en" } } as unknown as Parameters<
      typeof CheckoutPage
    >[0])}
  />
);

async function render(path: string) {
  container = (await dom.render(
    <>
      <LocationProbe />
      <Routes>
        <Route path="/checkout" element={checkoutPage()} />
        <Route path="*" element={<main>elsewhere</main>} />
      </Routes>
    </>,
    "en",
    { path, cart: true },
  )) as HTMLDivElement;
}

async function type(label: string, value: string) {
  const labelNode = [...container.querySelectorAll("label")].find((node) => node.textContent === label);
  if (!labelNode) throw new Error(`no field "${label}"`);
  const input = document.getElementById(labelNode.htmlFor) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Clicks a button, and waits while it is busy (Create Order's first press loads the form's code and schema). */
async function click(name: string) {
  const button = [...container.querySelectorAll<HTMLButtonElement>("button")].find(
    (node) => node.textContent?.trim() === name,
  );
  if (!button) throw new Error(`no button "${name}"`);
  await clickAndWait(button);
}

async function fillCustomer() {
  await type("First name", "Ada");
  await type("Last name", "Lovelace");
  await type("Email", "ada@example.com");
}

beforeEach(() => {
  answers = {};
  requests.length = 0;
  for (const spy of Object.values(toast)) spy.mockClear();
  dom.fetchMock.mockImplementation(async (input, init = {}) => {
    const path = String(input);
    const method = init.method ?? "GET";
    requests.push({
      path,
      method,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    const route = path.replace(ORDER.id, ":id");
    return answer(`${method} ${route}`);
  });
});

afterEach(() => {
  localStorage.clear();
});

describe("/checkout", () => {
  it("tells each missing field its message and sends nothing", async () => {
    await render("/checkout");
    await click("Create Order");
    expect(container.textContent).toContain("First name is required");
    expect(container.textContent).toContain("Last name is required");
    expect(container.textContent).toContain("Valid email is required");
    expect(requests).toEqual([]);
  });

  it("sends section 3's payload with an Idempotency-Key, then shows the server's order and the payment step", async () => {
    answers["POST /api/orders/guest"] = [{ status: 201, body: { data: ORDER } }];
    answers["GET /api/orders/guest/:id/payment-intent"] = [
      { status: 200, body: { data: { clientSecret: "pi_1_secret_2", provider: "sandbox", amountCents: 50_000 } } },
    ];
    await render("/checkout?service=Marketing%20Consultation&amount=500");
    await fillCustomer();
    await click("Create Order");
    const created = requests[0]!;
    expect(created.path).toBe("/api/orders/guest");
    expect(created.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(created.body).toMatchObject({
      customerFirstName: "Ada",
      customerLastName: "Lovelace",
      customerEmail: "ada@example.com",
      currency: "usd",
      taxCents: 0,
      promoCode: null,
      language: "en",
      items: [
        {
          serviceId: "marketing_consultation",
          serviceName: "Marketing Consultation",
          pricingType: "custom",
          unitPriceCents: 50_000,
          quantity: 1,
          customPriceCents: 50_000,
        },
      ],
    });
    expect(toast.success).toHaveBeenCalledWith("Order Created Successfully!", {
      description: "Please complete your payment below.",
    });
    expect(container.querySelector("[data-testid=checkout-order-number]")?.textContent).toBe("Order 0BB16863");
    // The payment step's code loads as the details are sent: a busy machine may take a while to import it.
    await until(() => container.querySelector("[data-testid=pay-button]"), 5_000);
    expect(container.querySelector("[data-testid=pay-button]")?.textContent).toBe("Pay $500.00");
    expect(container.querySelector("[data-testid=sandbox-card-form]")).not.toBeNull();
    // The Create Order button is gone: the focus is on the payment step's heading.
    expect(document.activeElement?.id).toBe("payment-title");
  });

  it("shows 'Order Creation Failed' with the server's message, or the fallback texts when the server fails or cannot be reached", async () => {
    answers["POST /api/orders/guest"] = [
      { status: 400, body: { message: "Total must be at least $0.50", code: "invalid" } },
      "network",
      { status: 502, body: "Bad Gateway" },
    ];
    await render("/checkout?amount=500");
    await fillCustomer();
    await click("Create Order");
    expect(toast.error).toHaveBeenLastCalledWith("Order Creation Failed", {
      description: "Total must be at least $0.50",
    });
    expect(container.querySelector("[data-testid=checkout-alert]")?.textContent).toBe("Total must be at least $0.50");
    await click("Create Order");
    expect(toast.error).toHaveBeenLastCalledWith("Order Creation Failed", {
      description: "An error occurred while creating your order. Please try again.",
    });
    await click("Create Order");
    expect(toast.error).toHaveBeenLastCalledWith("Order Creation Failed", { description: "Failed to create order" });
    // A refusal created nothing: the next attempt carries a new key; a failure to answer keeps it (a retry).
    expect(requests[0]!.headers["idempotency-key"]).not.toBe(requests[1]!.headers["idempotency-key"]);
    expect(requests[1]!.headers["idempotency-key"]).toBe(requests[2]!.headers["idempotency-key"]);
  });

  it("says why when the payment intent is refused (a sold-out deal), and asks for it again on the next click", async () => {
    answers["POST /api/orders/guest"] = [{ status: 201, body: { data: ORDER } }];
    answers["GET /api/orders/guest/:id/payment-intent"] = [
      { status: 409, body: { message: "Brand Launch Pack is sold out", code: "conflict" } },
    ];
    await render("/checkout");
    await fillCustomer();
    await click("Create Order");
    expect(toast.error).toHaveBeenLastCalledWith("Order Creation Failed", {
      description: "Brand Launch Pack is sold out",
    });
    expect(container.querySelector("[data-testid=payment-step]")).toBeNull();
    await click("Create Order");
    // The order exists: only its payment intent is asked for again.
    expect(requests.map((request) => `${request.method} ${request.path.replace(ORDER.id, ":id")}`)).toEqual([
      "POST /api/orders/guest",
      "GET /api/orders/guest/:id/payment-intent",
      "GET /api/orders/guest/:id/payment-intent",
    ]);
  });

  it("says 'Invalid Cart Data' for a cart address that is not JSON, and 'Checkout Error' for an amount that is not one", async () => {
    await render("/checkout?cart=%7Bnope");
    expect(toast.error).toHaveBeenCalledWith("Invalid Cart Data", {
      description: "There was an issue with your cart. Please try again.",
    });
    expect(container.querySelector("[data-testid=checkout-back]")?.textContent).toBe("Back to Cart");
    await render("/checkout?amount=ten");
    expect(toast.error).toHaveBeenCalledWith("Checkout Error", {
      description: "Failed to initialize checkout. Please try again.",
    });
    expect(container.querySelector("[data-testid=checkout-back]")?.textContent).toBe("Back to Home");
  });

  it("pays with the sandbox card: 'Payment Processing!' and on to /checkout/success", async () => {
    answers["POST /api/orders/guest"] = [{ status: 201, body: { data: ORDER } }];
    answers["GET /api/orders/guest/:id/payment-intent"] = [
      { status: 200, body: { data: { clientSecret: "pi_1_secret_2", provider: "sandbox", amountCents: 50_000 } } },
    ];
    answers["POST /api/payments/sandbox/confirm"] = [{ status: 200, body: { data: { status: "succeeded" } } }];
    await render("/checkout");
    await fillCustomer();
    await click("Create Order");
    await type("Card number", "4242424242424242");
    await type("Expiry", "1234");
    await type("CVC", "123");
    await click("Pay $500.00");
    expect(requests.at(-1)).toMatchObject({
      path: "/api/payments/sandbox/confirm",
      body: { clientSecret: "pi_1_secret_2", cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" },
    });
    expect(toast.success).toHaveBeenLastCalledWith("Payment Processing!", {
      description: "Redirecting to confirmation page...",
    });
    expect(location).toBe(`/checkout/success?order_id=${ORDER.id}`);
  });

  it("sends a cart checkout to the success page with from=cart (that page clears the cart once paid)", async () => {
    answers["POST /api/orders/guest"] = [{ status: 201, body: { data: ORDER } }];
    answers["GET /api/orders/guest/:id/payment-intent"] = [
      { status: 200, body: { data: { clientSecret: "pi_1_secret_2", provider: "sandbox", amountCents: 50_000 } } },
    ];
    answers["POST /api/payments/sandbox/confirm"] = [{ status: 200, body: { data: { status: "succeeded" } } }];
    const line = {
      id: "l1",
      serviceId: "website",
      serviceName: "Website",
      description: "",
      pricingType: "custom",
      unitPriceCents: 60_000,
      quantity: 1,
      lineTotalCents: 60_000,
      serviceData: {},
      addedAt: "2026-01-01T10:00:00.000Z",
      minPriceCents: 50_000,
      maxPriceCents: 250_000,
      fixedPriceCents: null,
    };
    localStorage.setItem("atelier.cart", JSON.stringify({ items: [line], promoCode: null }));
    await render("/checkout?from=cart");
    // The saved cart is read back once the code that reads it has arrived.
    await until(() => container.querySelector("[data-testid=checkout-line]"));
    expect(container.querySelectorAll("[data-testid=checkout-line]")).toHaveLength(1);
    await fillCustomer();
    await click("Create Order");
    await type("Card number", "4242424242424242");
    await type("Expiry", "1234");
    await type("CVC", "123");
    await click("Complete Order - $500.00");
    expect(location).toBe(`/checkout/success?order_id=${ORDER.id}&from=cart`);
    // Not before the server says it is paid.
    expect(JSON.parse(localStorage.getItem("atelier.cart")!).items).toHaveLength(1);
  });
});
