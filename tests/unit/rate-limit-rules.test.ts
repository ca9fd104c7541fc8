import { describe, expect, it } from "vitest";
import {
  decide,
  nextWindow,
  rateLimitKey,
  REGISTER_PER_ADDRESS,
  retryAfterMinutes,
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_ADDRESS,
} from "../../core/rate-limit/rules.ts";

const start = new Date("2030-01-01T00:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe("sign-in limits", () => {
  it("are 5 attempts per account and 20 per address, per 15 minutes", () => {
    expect(SIGN_IN_PER_ACCOUNT).toMatchObject({ limit: 5, windowMs: 15 * 60_000 });
    expect(SIGN_IN_PER_ADDRESS).toMatchObject({ limit: 20, windowMs: 15 * 60_000 });
    expect(REGISTER_PER_ADDRESS).toMatchObject({ limit: 20, windowMs: 60 * 60_000 });
  });
});

describe("fixed window", () => {
  it("starts a window of the rule's length at the first attempt", () => {
    expect(nextWindow(null, SIGN_IN_PER_ACCOUNT, start)).toEqual({ count: 1, resetAt: at(15) });
  });

  it("counts attempts inside the window without moving its end", () => {
    expect(nextWindow({ count: 3, resetAt: at(15) }, SIGN_IN_PER_ACCOUNT, at(10))).toEqual({ count: 4, resetAt: at(15) });
  });

  it("starts again once the window has ended", () => {
    expect(nextWindow({ count: 9, resetAt: at(15) }, SIGN_IN_PER_ACCOUNT, at(15))).toEqual({ count: 1, resetAt: at(30) });
  });

  it("allows the limit's number of attempts and refuses the next, saying how long to wait", () => {
    let state = null;
    const decisions = [];
    for (let i = 0; i < 6; i++) {
      state = nextWindow(state, SIGN_IN_PER_ACCOUNT, at(i));
      decisions.push(decide(state, SIGN_IN_PER_ACCOUNT, at(i)));
    }
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions[4].retryAfterMs).toBe(0);
    expect(decisions[5].retryAfterMs).toBe(10 * 60_000);
  });
});

describe("retry time", () => {
  // "Too many sign-in attempts. Please try again in {{minutes}} minutes."
  it("is in whole minutes, rounded up, at least 1", () => {
    expect(retryAfterMinutes(15 * 60_000)).toBe(15);
    expect(retryAfterMinutes(14 * 60_000 + 1)).toBe(15);
    expect(retryAfterMinutes(1)).toBe(1);
    expect(retryAfterMinutes(0)).toBe(1);
  });
});

describe("keys", () => {
  it("are the rule's name and the subject, case-insensitive", () => {
    expect(rateLimitKey(SIGN_IN_PER_ACCOUNT, "name:Ada")).toBe("signin:account:name:ada");
    expect(rateLimitKey(SIGN_IN_PER_ADDRESS, "203.0.113.1")).toBe("signin:address:203.0.113.1");
  });
});
