import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors.ts";
import {
  decide,
  FORM_BUDGETS,
  nextWindow,
  rateLimitKey,
  refusal,
  retryAfterMinutes,
  retryAfterSeconds,
  SIGN_IN_LINKS_PER_ACCOUNT,
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_ADDRESS,
} from "../../core/rate-limit/rules.ts";
import { en, fr } from "../helpers/mail-fixtures.ts";

const start = new Date("2030-01-01T00:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe("sign-in limits", () => {
  it("are 100 failed attempts per address per 15 minutes, and 5 free ones per account a day", () => {
    expect(SIGN_IN_PER_ACCOUNT).toMatchObject({ limit: 5, windowMs: 24 * 60 * 60_000 });
    expect(SIGN_IN_PER_ADDRESS).toMatchObject({ limit: 100, windowMs: 15 * 60_000 });
  });

  it("e-mail an account's owner at most 3 sign-in links per 15 minutes", () => {
    expect(SIGN_IN_LINKS_PER_ACCOUNT).toMatchObject({ limit: 3, windowMs: 15 * 60_000 });
  });
});

describe("public form budgets", () => {
  const budgets = Object.entries(FORM_BUDGETS);

  it("cover every public form, by address and by e-mail", () => {
    expect(Object.keys(FORM_BUDGETS).sort()).toEqual([
      "booking",
      "comment",
      "contact",
      "newsletter",
      "passwordReset",
      "register",
      "signIn",
      "testimonial",
    ]);
    for (const [form, budget] of budgets) expect(budget.perEmail, form).toBeDefined();
  });

  it("give an address (an office, a school) several people's budget: more than one e-mail address's", () => {
    for (const [form, budget] of budgets) {
      expect(budget.perAddress.limit, form).toBeGreaterThanOrEqual(4 * budget.perEmail.limit);
      expect(budget.perAddress.limit, form).toBeGreaterThanOrEqual(20);
    }
  });

  it("never ask anyone to wait more than 15 minutes", () => {
    for (const [form, budget] of budgets) {
      expect(budget.perAddress.windowMs, form).toBeLessThanOrEqual(15 * 60_000);
      // An account's sign-in failures are counted over a day, but refuse nothing: past them, a link is e-mailed.
      if (budget !== FORM_BUDGETS.signIn) expect(budget.perEmail.windowMs, form).toBeLessThanOrEqual(15 * 60_000);
    }
  });

  it("keep their counters apart", () => {
    const names = budgets.flatMap(([, budget]) => [budget.perAddress.name, budget.perEmail.name]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("refusal", () => {
  it("says kindly what was limited and when to try again, from the window's end", () => {
    const error = refusal("messages", "connection", { retryAfterMs: 2 * 60_000 + 5_000 });
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe("rate_limited");
    // Retry-After is the wait the message states: 3 minutes is 180 seconds.
    expect(error.details.params).toEqual({ count: 3, minutes: 3, retryAfterSeconds: 180 });
    expect(en(error.messageKey, error.details.params)).toBe(
      "Too many messages from this connection. Please try again in 3 minutes.",
    );
    expect(fr(error.messageKey, error.details.params)).toBe(
      "Trop de messages depuis cette connexion. Veuillez réessayer dans 3 minutes.",
    );
  });

  it("speaks of the e-mail address when that budget is spent, and of one minute in the singular", () => {
    const error = refusal("bookings", "email", { retryAfterMs: 1_000 });
    expect(en(error.messageKey, error.details.params)).toBe(
      "Too many bookings for this e-mail address. Please try again in 1 minute.",
    );
    expect(error.details.params?.retryAfterSeconds).toBe(60);
    expect(fr(error.messageKey, error.details.params)).toBe(
      "Trop de réservations pour cette adresse e-mail. Veuillez réessayer dans 1 minute.",
    );
  });

  it("has a text for every kind and scope in both languages", () => {
    for (const kind of ["messages", "bookings", "signIns", "accounts", "resets"] as const) {
      for (const scope of ["connection", "email"] as const) {
        const error = refusal(kind, scope, { retryAfterMs: 600_000 });
        for (const t of [en, fr]) {
          const text = t(error.messageKey, error.details.params);
          expect(text).not.toContain("rateLimit");
          expect(text).toMatch(/10 minutes\.$/);
        }
      }
    }
  });

  it("gives Retry-After in whole seconds, rounded up, at least 1", () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1_500)).toBe(2);
    expect(retryAfterSeconds(600_000)).toBe(600);
  });
});

describe("fixed window", () => {
  it("starts a window of the rule's length at the first attempt", () => {
    expect(nextWindow(null, SIGN_IN_PER_ADDRESS, start)).toEqual({ count: 1, resetAt: at(15) });
  });

  it("counts attempts inside the window without moving its end", () => {
    expect(nextWindow({ count: 3, resetAt: at(15) }, SIGN_IN_PER_ADDRESS, at(10))).toEqual({
      count: 4,
      resetAt: at(15),
    });
  });

  it("starts again once the window has ended", () => {
    expect(nextWindow({ count: 9, resetAt: at(15) }, SIGN_IN_PER_ADDRESS, at(15))).toEqual({
      count: 1,
      resetAt: at(30),
    });
  });

  it("allows the limit's number of attempts and refuses the next, saying how long to wait", () => {
    let state = null;
    const decisions = [];
    const five = { name: "five", limit: 5, windowMs: 15 * 60_000 };
    for (let i = 0; i < 6; i++) {
      state = nextWindow(state, five, at(i));
      decisions.push(decide(state, five, at(i)));
    }
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions[4].retryAfterMs).toBe(0);
    expect(decisions[5].retryAfterMs).toBe(10 * 60_000);
  });
});

describe("retry time", () => {
  // "Too many messages from this connection. Please try again in {{count}} minutes."
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
