/**
 * Bank accounts for ACH debits: the routing number's ABA checksum, the account number's form, and what
 * Stripe's test mode does with its test account numbers (the sandbox behaves the same). Pure.
 */

export const BANK_MESSAGES = {
  missing: "payments:bank.missing",
  routingInvalid: "payments:bank.routingInvalid",
  accountInvalid: "payments:bank.accountInvalid",
  holderRequired: "payments:bank.holderRequired",
  emailInvalid: "payments:bank.emailInvalid",
  verified: "payments:bank.verified",
  notVerified: "payments:bank.notVerified",
  notThisBrowser: "payments:bank.notThisBrowser",
} as const;

/** The id a verified account is known by: "ba_" and 24 random base64url characters (16 to 64 accepted). */
export const BANK_ACCOUNT_ID = /^ba_[A-Za-z0-9_-]{16,64}$/;

/** Stripe's test routing number (STRIPE TEST BANK). */
export const TEST_ROUTING_NUMBER = "110000000";

/**
 * The ABA routing number checksum: nine digits d1..d9 with
 * 3(d1 + d4 + d7) + 7(d2 + d5 + d8) + (d3 + d6 + d9) a multiple of 10.
 */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

/** A US account number: digits only, 4 to 17 of them. */
export function isValidAccountNumber(account: string): boolean {
  return /^\d{4,17}$/.test(account);
}

/** The last 4 digits, the only part of an account number ever kept or shown. */
export function accountLast4(account: string): string {
  return account.slice(-4);
}

export type BankDebitOutcome =
  | { status: "succeeded" }
  | {
      status: "failed";
      code: "account_closed" | "no_account" | "insufficient_funds" | "debit_not_authorized";
      message: string;
    };

const FAILURES: Record<string, Extract<BankDebitOutcome, { status: "failed" }>> = {
  account_closed: { status: "failed", code: "account_closed", message: "The customer's bank account has been closed." },
  no_account: { status: "failed", code: "no_account", message: "The customer's bank account could not be located." },
  insufficient_funds: {
    status: "failed",
    code: "insufficient_funds",
    message: "The customer's account has insufficient funds to cover this payment.",
  },
  debit_not_authorized: {
    status: "failed",
    code: "debit_not_authorized",
    message: "The customer has notified their bank that this payment was unauthorized.",
  },
};

/** Stripe's ACH test account numbers: 000111111113 closed, 000111111116 no account, 000222222227 insufficient funds, 000333333335 not authorised; any other succeeds. */
export function bankDebitOutcome(account: string): BankDebitOutcome {
  if (account === "000111111113") return FAILURES.account_closed;
  if (account === "000111111116") return FAILURES.no_account;
  if (account === "000222222227") return FAILURES.insufficient_funds;
  if (account === "000333333335") return FAILURES.debit_not_authorized;
  return { status: "succeeded" };
}

/** The outcome a stored failure code stands for ("succeeded" or one of the failure codes). */
bankDebitOutcome.fromCode = (code: string): BankDebitOutcome => FAILURES[code] ?? { status: "succeeded" };
