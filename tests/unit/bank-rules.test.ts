import { describe, expect, it } from "vitest";
import {
  accountLast4,
  bankDebitOutcome,
  isValidAccountNumber,
  isValidRoutingNumber,
  TEST_ROUTING_NUMBER,
} from "../../core/payments/bank.ts";

describe("ABA routing number checksum", () => {
  it("accepts real and test routing numbers", () => {
    for (const routing of [TEST_ROUTING_NUMBER, "011000015", "021000021", "026009593", "121000358", "322271627"])
      expect(isValidRoutingNumber(routing)).toBe(true);
  });

  it("refuses a wrong check digit, a wrong length or anything but digits", () => {
    for (const routing of [
      "110000001",
      "021000022",
      "123456789",
      "12345678",
      "1100000000",
      "11000000a",
      "",
      "11000 000",
    ])
      expect(isValidRoutingNumber(routing)).toBe(false);
  });
});

describe("account number", () => {
  it("is 4 to 17 digits", () => {
    expect(isValidAccountNumber("1234")).toBe(true);
    expect(isValidAccountNumber("12345678901234567")).toBe(true);
    expect(isValidAccountNumber("123")).toBe(false);
    expect(isValidAccountNumber("123456789012345678")).toBe(false);
    expect(isValidAccountNumber("0001-2345")).toBe(false);
    expect(accountLast4("000123456789")).toBe("6789");
  });

  it("ends as Stripe's test accounts do", () => {
    expect(bankDebitOutcome("000123456789")).toEqual({ status: "succeeded" });
    expect(bankDebitOutcome("000222222227")).toMatchObject({ status: "failed", code: "insufficient_funds" });
    expect(bankDebitOutcome("000111111113")).toMatchObject({ status: "failed", code: "account_closed" });
    expect(bankDebitOutcome.fromCode("insufficient_funds")).toMatchObject({ code: "insufficient_funds" });
    expect(bankDebitOutcome.fromCode("succeeded")).toEqual({ status: "succeeded" });
  });
});
