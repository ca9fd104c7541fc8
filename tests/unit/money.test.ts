import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatCents, isCents, percentOf, sumCents } from "../../core/money/money.ts";
import { centsSchema } from "../../core/money/schema.ts";

describe("formatCents", () => {
  it("formats cents as en-US US dollars with 2 decimals", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(50000)).toBe("$500.00");
    expect(formatCents(10_000_000)).toBe("$100,000.00");
    expect(formatCents(-123)).toBe("-$1.23");
  });

  it("drops .00 from whole dollars only when asked", () => {
    expect(formatCents(50000, { wholeDollars: true })).toBe("$500");
    expect(formatCents(1_000_000, { wholeDollars: true })).toBe("$10,000");
    expect(formatCents(50, { wholeDollars: true })).toBe("$0.50");
    expect(formatCents(1, { wholeDollars: true })).toBe("$0.01");
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
    expect(() => formatCents(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe("dollarsToCents", () => {
  it("reads decimal strings exactly", () => {
    expect(dollarsToCents("1234.5")).toBe(123450);
    expect(dollarsToCents("  12.34 ")).toBe(1234);
    expect(dollarsToCents("10")).toBe(1000);
    expect(dollarsToCents("10.")).toBe(1000);
    expect(dollarsToCents(".5")).toBe(50);
    expect(dollarsToCents("+3.07")).toBe(307);
    expect(dollarsToCents("0")).toBe(0);
    expect(Object.is(dollarsToCents("-0.001"), 0)).toBe(true);
  });

  it("rounds half up to the cent, with no float drift", () => {
    // Math.round(1.005 * 100) is 100: the float product is 100.49999999999999.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents("1.005")).toBe(101);
    expect(dollarsToCents("1.0049999")).toBe(100);
    expect(dollarsToCents(0.295)).toBe(30);
    expect(dollarsToCents("0.294")).toBe(29);
    expect(dollarsToCents("19.999")).toBe(2000);
    expect(dollarsToCents("-1.005")).toBe(-101);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });

  it("reads numbers written in exponent form", () => {
    expect(dollarsToCents(1e3)).toBe(100000);
    expect(dollarsToCents(1.5e-7)).toBe(0);
    expect(dollarsToCents(5e-3)).toBe(1);
    expect(dollarsToCents(1e13)).toBe(1e15);
    expect(dollarsToCents(-2.5e-2)).toBe(-3);
  });

  it("refuses what is not a finite decimal amount or is too large", () => {
    for (const bad of ["", " ", "abc", "1.2.3", "$5", "1,000", "1e3", "+", ".", "--1"]) {
      expect(() => dollarsToCents(bad), bad).toThrow(RangeError);
    }
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => dollarsToCents(1e21)).toThrow(RangeError);
    expect(() => dollarsToCents("90071992547409.92")).toThrow(RangeError);
  });

  it("round-trips every amount of cents through dollars", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
        expect(dollarsToCents((cents / 100).toFixed(2))).toBe(cents);
      }),
    );
  });
});

describe("centsToDollars", () => {
  it("gives dollars for inputs and refuses non-integers", () => {
    expect(centsToDollars(123450)).toBe(1234.5);
    expect(centsToDollars(7500)).toBe(75);
    expect(() => centsToDollars(0.5)).toThrow(RangeError);
  });
});

describe("percentOf", () => {
  it("rounds down to the cent", () => {
    expect(percentOf(1999, 10)).toBe(199);
    expect(percentOf(5, 10)).toBe(0);
    expect(percentOf(123456, 10)).toBe(12345);
    expect(percentOf(1000, 12.5)).toBe(125);
    expect(percentOf(999, 33.33)).toBe(332);
    expect(percentOf(-1999, 10)).toBe(-200);
    expect(percentOf(Number.MAX_SAFE_INTEGER, 100)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses percentages it cannot apply exactly", () => {
    expect(() => percentOf(100, 0.001)).toThrow(RangeError);
    expect(() => percentOf(100, -1)).toThrow(RangeError);
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
  });

  it("is the largest whole cent not above the exact share", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 100 }), (cents, percent) => {
        const share = percentOf(cents, percent);
        expect(Number.isInteger(share)).toBe(true);
        expect(share * 100).toBeLessThanOrEqual(cents * percent);
        expect((share + 1) * 100).toBeGreaterThan(cents * percent);
      }),
    );
  });
});

describe("sumCents", () => {
  it("adds whole cents exactly", () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents(new Set([1, 2]))).toBe(3);
  });

  it("refuses non-integers and sums past the safe range", () => {
    expect(() => sumCents([10, 0.1])).toThrow(RangeError);
    expect(() => sumCents([10, Number.NaN])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe("cents type", () => {
  it("accepts safe integers only", () => {
    expect(isCents(100)).toBe(true);
    expect(isCents(1.5)).toBe(false);
    expect(isCents("100")).toBe(false);
    expect(centsSchema.safeParse(100).success).toBe(true);
    expect(centsSchema.safeParse(-1).success).toBe(false);
    expect(centsSchema.safeParse(0.5).success).toBe(false);
  });
});
