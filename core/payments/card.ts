import { z } from "zod";

/**
 * The sandbox provider's card checks and outcomes: what Stripe's test mode does with its documented
 * test cards, so that a newcomer and the tests see the same results offline. Pure.
 */

export const CARD_MESSAGES = {
  numberInvalid: "orders:card.numberInvalid",
  expiryInvalid: "orders:card.expiryInvalid",
  expiryPast: "orders:card.expiryPast",
  cvcInvalid: "orders:card.cvcInvalid",
} as const;

/** The sandbox's card step: the intent's client secret and the card as typed (checked by checkCard). */
export const sandboxConfirmSchema = z.strictObject({
  clientSecret: z
    .string({ message: "orders:errors.paymentUnknown" })
    .min(1, "orders:errors.paymentUnknown")
    .max(200, "orders:errors.paymentUnknown"),
  cardNumber: z.string({ message: CARD_MESSAGES.numberInvalid }).max(40, CARD_MESSAGES.numberInvalid),
  expiry: z.string({ message: CARD_MESSAGES.expiryInvalid }).max(20, CARD_MESSAGES.expiryInvalid),
  cvc: z.string({ message: CARD_MESSAGES.cvcInvalid }).max(8, CARD_MESSAGES.cvcInvalid),
});

/** Stripe's messages for its declining test cards (shown as "Payment Failed"). */
export const DECLINE_MESSAGES = {
  generic: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
} as const;

/** Digits only: spaces and dashes as typed are dropped. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** The Luhn checksum every card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "12 / 34", "12/34" or "12/2034" → month and full year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function isExpiryInFuture(expiry: { month: number; year: number }, now: Date): boolean {
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1);
  return now.getTime() < endOfMonth;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "card";
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Field → message key of every problem with a card as typed; empty when it may be charged. */
export function checkCard(card: CardInput, now: Date): Record<string, string> {
  const problems: Record<string, string> = {};
  const digits = cardDigits(card.cardNumber);
  if (!passesLuhn(digits)) problems.cardNumber = CARD_MESSAGES.numberInvalid;
  const expiry = parseExpiry(card.expiry);
  if (!expiry) problems.expiry = CARD_MESSAGES.expiryInvalid;
  else if (!isExpiryInFuture(expiry, now)) problems.expiry = CARD_MESSAGES.expiryPast;
  const cvcLength = cardBrand(digits) === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()) && !/^\d{3,4}$/.test(card.cvc.trim()))
    problems.cvc = CARD_MESSAGES.cvcInvalid;
  return problems;
}

/** What the sandbox does with a valid card: Stripe's declining test numbers fail, every other succeeds. */
export function sandboxOutcome(
  digits: string,
): { status: "succeeded" } | { status: "failed"; message: string; code: string } {
  if (digits === "4000000000000002")
    return { status: "failed", message: DECLINE_MESSAGES.generic, code: "card_declined" };
  if (digits === "4000000000009995")
    return { status: "failed", message: DECLINE_MESSAGES.insufficientFunds, code: "insufficient_funds" };
  return { status: "succeeded" };
}
