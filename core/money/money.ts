/**
 * Money is held as an integer number of US cents everywhere: in the cart, in orders, in the database and
 * on the wire. Binary floating point cannot represent most decimal fractions (0.1 + 0.2 !== 0.3), so
 * adding, multiplying and comparing dollar amounts as floats drifts by fractions of a cent and makes
 * totals computed in the browser and on the server disagree. Integers below 2^53 are exact, so every
 * sum, comparison and equality check on cents is exact too. Dollars only appear when a person types an
 * amount (parsed once, exactly, by `dollarsToCents`) or reads one (formatted once, by `formatCents`).
 */
export type Cents = number;

export const CURRENCY = "usd" as const;

export function isCents(value: unknown): value is Cents {
  return typeof value === "number" && Number.isSafeInteger(value);
}

function assertCents(value: unknown, what = "amount"): asserts value is Cents {
  if (!isCents(value)) throw new RangeError(`${what} must be a safe integer number of cents, got ${String(value)}`);
}

const formatter = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeDollarFormatter = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * The one place money is turned into text: en-US, USD, 2 decimals ("$1,234.50"), whatever the page's
 * language (the agency bills in US dollars and the specification fixes en-US formatting).
 * `wholeDollars` drops ".00" from amounts that are whole dollars ("$500", but still "$0.50"), for the
 * few texts of the specification written that way ("requires a minimum order of $500").
 */
export function formatCents(cents: Cents, options: { wholeDollars?: boolean } = {}): string {
  assertCents(cents);
  const dollars = cents / 100;
  if (options.wholeDollars && cents % 100 === 0) return wholeDollarFormatter.format(dollars);
  return formatter.format(dollars);
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const EXPONENT = /^([+-]?)(\d+)(?:\.(\d*))?e([+-]?\d+)$/i;

/** Rewrites "1.5e-7" as the plain decimal "0.00000015" so that it can be read digit by digit. */
function expandExponent(text: string): string {
  const match = EXPONENT.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = "", exponentText] = match;
  const exponent = Number.parseInt(exponentText, 10);
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Dollars (a decimal string such as "1234.5" or a number) to cents, exactly: the decimal digits are
 * read as written, never through a float multiplication, and rounded half up to the cent (half away
 * from zero for negative amounts): "1.005" → 101, 0.295 → 30. Throws a RangeError for anything that is
 * not a finite decimal number or whose cents are not a safe integer.
 */
export function dollarsToCents(value: string | number): Cents {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
    // The shortest decimal that reads back as this number: what the person (or the code) wrote.
    text = expandExponent(String(value));
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    throw new RangeError("amount must be a string or a number");
  }
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === "" && !match[3])) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ""] = match;
  const centsDigits = (fraction + "00").slice(0, 2);
  const roundUp = (fraction[2] ?? "0") >= "5";
  const magnitude = BigInt(whole || "0") * 100n + BigInt(centsDigits) + (roundUp ? 1n : 0n);
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount too large: ${JSON.stringify(value)}`);
  const cents = Number(magnitude);
  return sign === "-" && cents !== 0 ? -cents : cents;
}

/** Cents to a number of dollars, for inputs that edit dollars (never for arithmetic). */
export function centsToDollars(cents: Cents): number {
  assertCents(cents);
  return cents / 100;
}

/**
 * `percent` % of an amount, rounded down to the cent (toward minus infinity). The percentage may have
 * up to two decimals (12.5, 0.25); the product is computed on integers, so nothing drifts.
 */
export function percentOf(cents: Cents, percent: number): Cents {
  assertCents(cents);
  if (!Number.isFinite(percent) || percent < 0)
    throw new RangeError(`percent must be a finite number of 0 or more, got ${percent}`);
  const basisPoints = Math.round(percent * 100);
  if (Math.abs(basisPoints - percent * 100) > 1e-6)
    throw new RangeError(`percent may have at most 2 decimals, got ${percent}`);
  const product = BigInt(cents) * BigInt(basisPoints);
  let quotient = product / 10_000n; // BigInt division truncates toward zero
  if (product < 0n && quotient * 10_000n !== product) quotient -= 1n;
  return Number(quotient);
}

/** The exact sum of amounts in cents. Refuses non-integers and sums beyond the safe integer range. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) {
    assertCents(value);
    total += value;
    if (!Number.isSafeInteger(total)) throw new RangeError("sum of cents exceeds the safe integer range");
  }
  return total;
}
