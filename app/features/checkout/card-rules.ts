/**
 * The checks of the sandbox card form, made in the browser so that a typo is told before anything is
 * sent; the server makes the same checks (Luhn, expiry in the future, 3-4 digit CVC) and decides.
 */

export const CARD_LIMITS = { minDigits: 12, maxDigits: 19 } as const;

export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, "");
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The number as typed, in groups of four ("4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, CARD_LIMITS.maxDigits);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "MM / YY" as typed: the slash comes by itself after the month. */
export function formatExpiry(text: string, previous = ""): string {
  const digits = text.replace(/\D/g, "").slice(0, 4);
  // Deleting the slash deletes the month's last digit too, or the slash would come straight back.
  if (previous.endsWith(" / ") && text.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  if (digits.length === 2) return `${digits} / `;
  return digits;
}

/** The month and year of "MM / YY" or "MM/YY", or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export type CardField = "cardNumber" | "expiry" | "cvc";
export const CARD_FIELDS: readonly CardField[] = ["cardNumber", "expiry", "cvc"];

/** Each field's problem as a translation key of the checkout namespace; a card is good until the end of its month. */
export function cardErrors(
  input: { cardNumber: string; expiry: string; cvc: string },
  now: Date = new Date(),
): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(input.cardNumber);
  if (
    !/^\d+$/.test(digits) ||
    digits.length < CARD_LIMITS.minDigits ||
    digits.length > CARD_LIMITS.maxDigits ||
    !passesLuhn(digits)
  )
    errors.cardNumber = "payment.cardNumberInvalid";
  const expiry = parseExpiry(input.expiry);
  if (!expiry || expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1)
    errors.expiry = "payment.expiryInvalid";
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = "payment.cvcInvalid";
  return errors;
}
