import { describe, expect, it } from "vitest";
import { CART_CHECKOUT_PATH, checkoutPath } from "../../app/components/cart/checkout-link.ts";
import {
  cardErrors,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  passesLuhn,
} from "../../app/features/checkout/card-rules.ts";
import { CHECKOUT_SERVICE_ID, checkoutSource } from "../../app/features/checkout/checkout-source.ts";
import { customerInput } from "../../app/features/checkout/customer-rules.ts";
import { orderCustomerSchema } from "../../core/orders/customer-schema.ts";
import en from "../../app/locales/en/checkout.json";
import enOrders from "../../app/locales/en/orders.json";
import { cartReducer, emptyCart, hotDealItem } from "../../core/cart/rules.ts";
import type { Service } from "../../core/catalogue/schema.ts";
import { CHECKOUT_SERVICE_ID as CATALOGUE_CHECKOUT_SERVICE_ID } from "../../core/catalogue/schema.ts";

const website: Service = {
  id: "website",
  name: "Website",
  description: "A website",
  category: "custom",
  fixedPriceCents: null,
  minPriceCents: 50_000,
  maxPriceCents: 250_000,
  active: true,
};

function cart() {
  let state = emptyCart(new Date("2026-01-01T00:00:00Z"));
  state = cartReducer(state, { type: "add", service: website, quantity: 2, unitPriceCents: 60_000 }).state;
  state = cartReducer(state, {
    type: "add",
    ...hotDealItem({ dealId: 7, name: "Brand Launch Pack", description: "A pack", priceCents: 49_900 }),
  }).state;
  return state;
}

const params = (query: string) => new URLSearchParams(query);

describe("the checkout's address (specification 001, section 2)", () => {
  it("reads a cart from the `cart` parameter, its lines as the order-creation payload names them", () => {
    const source = checkoutSource(new URL(checkoutPath(cart()), "https://atelier.example").searchParams);
    expect(source.kind).toBe("draft");
    if (source.kind !== "draft") return;
    expect(source.draft.origin).toBe("cart");
    expect(
      source.draft.lines.map((line) => [
        line.serviceId,
        line.quantity,
        line.unitPriceCents,
        line.lineTotalCents,
        line.customPriceCents,
      ]),
    ).toEqual([
      ["website", 2, 60_000, 120_000, 60_000],
      ["hot_deal", 1, 49_900, 49_900, undefined],
    ]);
    expect(source.draft.lines[1]!.serviceData).toEqual({ dealId: 7 });
    expect(source.draft).toMatchObject({
      subtotalCents: 169_900,
      discountCents: 0,
      totalCents: 169_900,
      promoCode: null,
    });
  });

  it("answers 'Invalid Cart Data' for a `cart` that is not JSON, or not a cart", () => {
    expect(checkoutSource(params("cart=%7Bnot-json"))).toEqual({ kind: "invalid-cart" });
    expect(
      checkoutSource(params(`cart=${encodeURIComponent(JSON.stringify({ items: [{ serviceId: "x" }] }))}`)),
    ).toEqual({ kind: "invalid-cart" });
    expect(checkoutSource(params(`cart=${encodeURIComponent(JSON.stringify({ items: [] }))}`))).toEqual({
      kind: "invalid-cart",
    });
    expect(checkoutSource(params(`cart=${encodeURIComponent("[1,2]")}`))).toEqual({ kind: "invalid-cart" });
    expect(en.toast.invalidCartTitle).toBe("Invalid Cart Data");
    expect(en.toast.invalidCartText).toBe("There was an issue with your cart. Please try again.");
  });

  it("reads the cart saved in this browser for ?from=cart, the cart page's short address", () => {
    expect(CART_CHECKOUT_PATH).toBe("/checkout?from=cart");
    expect(checkoutSource(params("from=cart"))).toEqual({ kind: "stored-cart" });
    // A `cart` parameter, when there is one, wins: links that carry their cart keep working.
    expect(checkoutSource(params("from=cart&cart=%7B")).kind).toBe("invalid-cart");
  });

  it("reads the legacy service and amount, $500 'Marketing Consultation' by default", () => {
    const fallback = checkoutSource(params(""));
    expect(fallback).toMatchObject({
      kind: "draft",
      draft: {
        origin: "service",
        totalCents: 50_000,
        lines: [
          {
            serviceId: "marketing_consultation",
            serviceName: "Marketing Consultation",
            pricingType: "custom",
            unitPriceCents: 50_000,
            quantity: 1,
            customPriceCents: 50_000,
          },
        ],
      },
    });
    const link = checkoutSource(params("service=Marketing%20Consultation&amount=750.5"));
    expect(link).toMatchObject({ kind: "draft", draft: { totalCents: 75_050, lines: [{ unitPriceCents: 75_050 }] } });
    expect(CHECKOUT_SERVICE_ID).toBe(CATALOGUE_CHECKOUT_SERVICE_ID);
  });

  it("answers 'Checkout Error' for an amount that is not one, or that no order could hold", () => {
    expect(checkoutSource(params("amount=abc"))).toEqual({ kind: "error" });
    expect(checkoutSource(params("amount=0"))).toEqual({ kind: "error" });
    expect(checkoutSource(params("amount=10000.01"))).toEqual({ kind: "error" });
    expect(en.toast.checkoutErrorTitle).toBe("Checkout Error");
    expect(en.toast.checkoutErrorText).toBe("Failed to initialize checkout. Please try again.");
  });
});

describe("the customer form (specification 001, section 5)", () => {
  const empty = {
    customerFirstName: "",
    customerLastName: "",
    customerEmail: "",
    customerPhone: "",
    customerCompany: "",
  };
  const messages = (values: Record<string, string>) => {
    const parsed = orderCustomerSchema.safeParse(values);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
  };

  it("requires a first name, a last name and a valid e-mail, with the specification's messages (the order's schema)", () => {
    expect(messages(empty)).toEqual({
      customerFirstName: "orders:validation.firstNameRequired",
      customerLastName: "orders:validation.lastNameRequired",
      customerEmail: "orders:validation.emailInvalid",
    });
    expect(
      messages({ ...empty, customerFirstName: " Ada ", customerLastName: "Lovelace", customerEmail: "ada@example" }),
    ).toEqual({ customerEmail: "orders:validation.emailInvalid" });
    expect(
      messages({ ...empty, customerFirstName: "Ada", customerLastName: "Lovelace", customerEmail: "ada@example.com" }),
    ).toEqual({});
    expect([
      enOrders.validation.firstNameRequired,
      enOrders.validation.lastNameRequired,
      enOrders.validation.emailInvalid,
    ]).toEqual(["First name is required", "Last name is required", "Valid email is required"]);
  });

  it("sends the section 3 names, trimmed, without empty optional fields", () => {
    const parsed = orderCustomerSchema.parse({
      customerFirstName: " Ada ",
      customerLastName: "Lovelace",
      customerEmail: " ada@example.com ",
      customerPhone: " ",
      customerCompany: "Engines Ltd",
    });
    expect(customerInput(parsed)).toEqual({
      customerFirstName: "Ada",
      customerLastName: "Lovelace",
      customerEmail: "ada@example.com",
      customerCompany: "Engines Ltd",
    });
  });
});

describe("the sandbox card form's checks", () => {
  it("checks the Luhn sum of Stripe's test cards and refuses a typo", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("4000000000009995")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(
      cardErrors({ cardNumber: "4242 4242 4242 4241", expiry: "12 / 40", cvc: "123" }, new Date("2026-11-25")),
    ).toEqual({ cardNumber: "payment.cardNumberInvalid" });
  });

  it("accepts an expiry until the end of its month, MM / YY or MM/YY, and a CVC of 3 or 4 digits", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const card = "4242 4242 4242 4242";
    expect(cardErrors({ cardNumber: card, expiry: "11 / 26", cvc: "123" }, now)).toEqual({});
    expect(cardErrors({ cardNumber: card, expiry: "10/26", cvc: "1234" }, now)).toEqual({
      expiry: "payment.expiryInvalid",
    });
    expect(cardErrors({ cardNumber: card, expiry: "13 / 30", cvc: "12" }, now)).toEqual({
      expiry: "payment.expiryInvalid",
      cvc: "payment.cvcInvalid",
    });
    expect(parseExpiry("04/31")).toEqual({ month: 4, year: 2031 });
  });

  it("formats what is typed: groups of four digits, and the slash of the expiry", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-42a42")).toBe("4242 4242");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("1230")).toBe("12 / 30");
    expect(formatExpiry("12 /", "12 / ")).toBe("1");
  });
});
