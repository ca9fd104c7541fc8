import { describe, expect, it } from "vitest";
import {
  cardBrand,
  checkCard,
  isExpiryInFuture,
  parseExpiry,
  passesLuhn,
  sandboxOutcome,
} from "../../core/payments/card.ts";

const NOW = new Date("2026-11-25T12:00:00Z");

describe("sandbox card checks", () => {
  it("checks the Luhn sum", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("4000000000009995")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("42424242")).toBe(false);
    expect(passesLuhn("4242x42424242424")).toBe(false);
  });

  it("reads MM / YY, MM/YY and MM/YYYY expiries, valid through the end of the month", () => {
    expect(parseExpiry("12 / 34")).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry("1/2030")).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry("13/30")).toBeNull();
    expect(parseExpiry("1230")).toBeNull();
    expect(isExpiryInFuture({ month: 11, year: 2026 }, NOW)).toBe(true);
    expect(isExpiryInFuture({ month: 10, year: 2026 }, NOW)).toBe(false);
  });

  it("names every problem of a card by field", () => {
    expect(checkCard({ cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" }, NOW)).toEqual({});
    expect(checkCard({ cardNumber: "1234", expiry: "10/26", cvc: "12345" }, NOW)).toEqual({
      cardNumber: "orders:card.numberInvalid",
      expiry: "orders:card.expiryPast",
      cvc: "orders:card.cvcInvalid",
    });
    expect(checkCard({ cardNumber: "4242424242424242", expiry: "soon", cvc: "1234" }, NOW)).toEqual({
      expiry: "orders:card.expiryInvalid",
    });
  });

  it("decides as Stripe's test cards", () => {
    expect(sandboxOutcome("4242424242424242")).toEqual({ status: "succeeded" });
    expect(sandboxOutcome("4000000000000002")).toMatchObject({ status: "failed", message: "Your card was declined." });
    expect(sandboxOutcome("4000000000009995")).toMatchObject({
      status: "failed",
      message: "Your card has insufficient funds.",
    });
    expect(sandboxOutcome("5555555555554444")).toEqual({ status: "succeeded" });
  });

  it("knows the common brands", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
  });
});
