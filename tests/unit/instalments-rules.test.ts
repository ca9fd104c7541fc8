import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMonths,
  DEFAULT_INSTALMENT_RETRY,
  INSTALMENT_STATUSES,
  nextInstalmentStatus,
  planSchedule,
  retryDelayMs,
  splitCents,
} from "../../core/instalments/rules.ts";
import { customPaymentSchema, isWholeCents, splitName } from "../../core/instalments/schema.ts";

describe("instalment split", () => {
  it("puts the cents left over on the first instalments and always adds up to the amount", () => {
    expect(splitCents(10_000, 1)).toEqual([10_000]);
    expect(splitCents(10_001, 2)).toEqual([5_001, 5_000]);
    expect(splitCents(10_000, 3)).toEqual([3_334, 3_333, 3_333]);
    expect(splitCents(10_001, 3)).toEqual([3_334, 3_334, 3_333]);
    expect(() => splitCents(2, 3)).toThrow(RangeError);
  });

  it("gives positive whole cents that add up to the amount and differ by at most a cent (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 5_000_000 }), fc.integer({ min: 1, max: 12 }), (total, parts) => {
        const split = splitCents(total, parts);
        expect(split).toHaveLength(parts);
        expect(split.every((part) => Number.isInteger(part) && part > 0)).toBe(true);
        expect(split.reduce((sum, part) => sum + part, 0)).toBe(total);
        expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
        // Never smaller first: the remainder is on the first instalments.
        for (let i = 1; i < split.length; i++) expect(split[i - 1]).toBeGreaterThanOrEqual(split[i]);
      }),
    );
  });
});

describe("schedule", () => {
  const start = new Date("2026-01-31T10:00:00.000Z");

  it("plans each plan as section 9 says", () => {
    expect(planSchedule("1time", 10_000, start)).toEqual([{ position: 1, amountCents: 10_000, dueAt: start }]);
    expect(
      planSchedule("2times", 10_001, start).map((entry) => [entry.amountCents, entry.dueAt.toISOString()]),
    ).toEqual([
      [5_001, "2026-01-31T10:00:00.000Z"],
      [5_000, "2026-02-28T10:00:00.000Z"],
    ]);
    expect(planSchedule("3times", 10_000, start).map((entry) => entry.dueAt.toISOString().slice(0, 10))).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
    ]);
    expect(planSchedule("monthly", 10_000, start)).toEqual([{ position: 1, amountCents: 10_000, dueAt: start }]);
  });

  it("adds months on the same day, clamped to the month's end", () => {
    expect(addMonths(new Date("2028-01-31T00:00:00Z"), 1).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths(new Date("2026-12-15T08:30:00Z"), 1).toISOString()).toBe("2027-01-15T08:30:00.000Z");
  });
});

describe("instalment state machine", () => {
  it("moves as a charge does and never leaves paid", () => {
    expect(nextInstalmentStatus("due", "charge_started")).toEqual({ kind: "move", to: "processing" });
    expect(nextInstalmentStatus("failed", "charge_started")).toEqual({ kind: "move", to: "processing" });
    expect(nextInstalmentStatus("processing", "charge_started")).toEqual({ kind: "refuse" });
    expect(nextInstalmentStatus("processing", "succeeded")).toEqual({ kind: "move", to: "paid" });
    expect(nextInstalmentStatus("processing", "failed")).toEqual({ kind: "move", to: "failed" });
    expect(nextInstalmentStatus("paid", "failed")).toEqual({ kind: "ignore" });
    expect(nextInstalmentStatus("paid", "succeeded")).toEqual({ kind: "ignore" });
    // The provider took the money: a success after a cancellation still counts.
    expect(nextInstalmentStatus("cancelled", "succeeded")).toEqual({ kind: "move", to: "paid" });
    expect(nextInstalmentStatus("due", "cancel")).toEqual({ kind: "move", to: "cancelled" });
    expect(nextInstalmentStatus("processing", "cancel")).toEqual({ kind: "refuse" });
    expect(nextInstalmentStatus("paid", "cancel")).toEqual({ kind: "refuse" });
    expect(nextInstalmentStatus("failed", "retry")).toEqual({ kind: "move", to: "due" });
    expect(nextInstalmentStatus("due", "retry")).toEqual({ kind: "refuse" });
  });

  it("ends paid whatever order success and failure events arrive in (property)", () => {
    const events = fc.array(fc.constantFrom("failed" as const, "charge_started" as const, "cancel" as const), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.constantFrom(...INSTALMENT_STATUSES), events, events, (start, before, after) => {
        let status = start;
        for (const event of [...before, "succeeded" as const, ...after]) {
          const move = nextInstalmentStatus(status, event);
          if (move.kind === "move") status = move.to;
        }
        expect(status).toBe("paid");
      }),
    );
  });

  it("backs off doubling, capped, and stops after the last attempt", () => {
    const policy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 3_000 };
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, policy))).toEqual([1_000, 2_000, 3_000, null]);
    expect(retryDelayMs(1, DEFAULT_INSTALMENT_RETRY)).toBe(24 * 3600_000);
  });
});

describe("custom payment rules (section 5)", () => {
  const base = {
    amount: 100,
    paymentPlan: "1time",
    serviceName: "Marketing Services",
    customerName: "Ada Lovelace",
    customerEmail: "ada@example.com",
  };
  const message = (input: Record<string, unknown>) => {
    const result = customPaymentSchema.safeParse({ ...base, ...input });
    return result.success ? null : result.error.issues[0].message;
  };

  it("answers each rule's message", () => {
    expect(message({})).toBeNull();
    expect(message({ amount: "250.50" })).toBeNull();
    expect(message({ amount: 9.99 })).toBe("payments:custom.amountMin");
    expect(message({ amount: 50_000.01 })).toBe("payments:custom.amountMax");
    expect(message({ amount: 10.001 })).toBe("payments:custom.amountStep");
    expect(message({ amount: "ten" })).toBe("payments:custom.amountNumber");
    expect(message({ paymentPlan: "weekly" })).toBe("payments:custom.planInvalid");
    expect(message({ serviceName: "  " })).toBe("payments:custom.serviceRequired");
    expect(message({ customerEmail: "nope" })).toBe("payments:custom.emailInvalid");
  });

  it("knows whole cents and splits names", () => {
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(0.305)).toBe(false);
    expect(isWholeCents(19.99)).toBe(true);
    expect(splitName("  Ada  King Lovelace ")).toEqual({ first: "Ada", last: "King Lovelace" });
  });
});
