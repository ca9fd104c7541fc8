import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateRefund,
  CHARGE_STATUSES,
  DEFAULT_REFUND_RETRY,
  nextChargeStatus,
  nextRefundStatus,
  REFUND_STATUSES,
  refundableByCharge,
  refundRetryDelayMs,
  summarise,
  type ChargeStatus,
  type MoneyRow,
  type RefundStatus,
} from "../../core/payments/rules.ts";

const MINUTE = 60_000;

const row = (values: Partial<MoneyRow> & Pick<MoneyRow, "id" | "kind" | "status" | "amountCents">): MoneyRow => ({
  refundOf: null,
  settledAt: null,
  createdAt: "2026-11-01T10:00:00Z",
  ...values,
});

describe("a charge's state machine", () => {
  // from → reported → the charge's next status, or "ignore".
  const TABLE: Record<ChargeStatus, Record<ChargeStatus, ChargeStatus | "ignore">> = {
    requires_payment: {
      requires_payment: "ignore",
      processing: "processing",
      succeeded: "succeeded",
      failed: "failed",
      cancelled: "cancelled",
    },
    processing: {
      requires_payment: "ignore",
      processing: "ignore",
      succeeded: "succeeded",
      failed: "failed",
      cancelled: "cancelled",
    },
    succeeded: {
      requires_payment: "ignore",
      processing: "ignore",
      succeeded: "ignore",
      failed: "ignore",
      cancelled: "ignore",
    },
    failed: {
      requires_payment: "requires_payment",
      processing: "ignore",
      succeeded: "succeeded",
      failed: "ignore",
      cancelled: "cancelled",
    },
    cancelled: {
      requires_payment: "ignore",
      processing: "ignore",
      succeeded: "succeeded",
      failed: "ignore",
      cancelled: "ignore",
    },
  };

  for (const from of CHARGE_STATUSES) {
    for (const to of CHARGE_STATUSES) {
      it(`${from} + ${to} reported → ${TABLE[from][to]}`, () => {
        const move = nextChargeStatus(from, to);
        expect(move.kind === "move" ? move.to : move.kind).toBe(TABLE[from][to]);
      });
    }
  }

  it("never leaves succeeded: money given back is a refund of its own", () => {
    for (const to of CHARGE_STATUSES) expect(nextChargeStatus("succeeded", to)).toEqual({ kind: "ignore" });
  });

  it("counts a success after a cancellation or a failure, since the provider took the money", () => {
    expect(nextChargeStatus("cancelled", "succeeded")).toEqual({ kind: "move", to: "succeeded" });
    expect(nextChargeStatus("failed", "succeeded")).toEqual({ kind: "move", to: "succeeded" });
  });
});

describe("a refund's state machine", () => {
  const TABLE: Record<RefundStatus, Record<RefundStatus, RefundStatus | "ignore">> = {
    pending: { pending: "ignore", succeeded: "succeeded", failed: "failed" },
    succeeded: { pending: "ignore", succeeded: "ignore", failed: "ignore" },
    // Pending again only when staff retry it (retryRefund sets it directly); succeeded when the provider had made it.
    failed: { pending: "ignore", succeeded: "succeeded", failed: "ignore" },
  };

  for (const from of REFUND_STATUSES) {
    for (const to of REFUND_STATUSES) {
      it(`${from} + ${to} reported → ${TABLE[from][to]}`, () => {
        const move = nextRefundStatus(from, to);
        expect(move.kind === "move" ? move.to : move.kind).toBe(TABLE[from][to]);
      });
    }
  }
});

describe("what a record's payments add up to", () => {
  it("counts succeeded charges, succeeded and pending refunds, processing charges, and what can still be refunded", () => {
    const rows = [
      row({ id: "a", kind: "charge", status: "succeeded", amountCents: 50_000, settledAt: "2026-11-01T10:00:00Z" }),
      row({
        id: "b",
        kind: "charge",
        status: "succeeded",
        amountCents: 50_000,
        settledAt: "2026-11-02T10:00:00Z",
        createdAt: "2026-11-02T10:00:00Z",
      }),
      row({ id: "c", kind: "charge", status: "processing", amountCents: 50_000, createdAt: "2026-11-03T10:00:00Z" }),
      row({ id: "d", kind: "charge", status: "cancelled", amountCents: 50_000, createdAt: "2026-10-30T10:00:00Z" }),
      row({ id: "r1", kind: "refund", status: "succeeded", amountCents: 10_000, refundOf: "a" }),
      row({ id: "r2", kind: "refund", status: "pending", amountCents: 5_000, refundOf: "b" }),
      row({ id: "r3", kind: "refund", status: "failed", amountCents: 7_000, refundOf: "b" }),
    ];
    expect(summarise(rows)).toEqual({
      chargedCents: 100_000,
      refundedCents: 10_000,
      pendingRefundCents: 5_000,
      processingCents: 50_000,
      refundableCents: 85_000,
      started: true,
      lastFailure: null,
    });
  });

  it("is all zero and not started for no payment or only cancelled ones", () => {
    const empty = {
      chargedCents: 0,
      refundedCents: 0,
      pendingRefundCents: 0,
      processingCents: 0,
      refundableCents: 0,
      started: false,
      lastFailure: null,
    };
    expect(summarise([])).toEqual(empty);
    expect(summarise([row({ id: "a", kind: "charge", status: "cancelled", amountCents: 100 })])).toEqual(empty);
  });

  it("reports the latest charge's failure only while it is the latest", () => {
    const failed = row({
      id: "a",
      kind: "charge",
      status: "failed",
      amountCents: 100,
      failureMessage: "Your card was declined.",
      part: 7,
      createdAt: "2026-11-01T10:00:00Z",
    });
    expect(summarise([failed]).lastFailure).toEqual({ message: "Your card was declined.", part: 7 });
    const retried = row({
      id: "b",
      kind: "charge",
      status: "requires_payment",
      amountCents: 100,
      createdAt: "2026-11-01T10:05:00Z",
    });
    expect(summarise([failed, retried]).lastFailure).toBeNull();
    expect(summarise([row({ id: "c", kind: "charge", status: "failed", amountCents: 100 })]).lastFailure).toEqual({
      message: null,
      part: null,
    });
  });

  it("never answers a negative refundable amount, even when the provider refunded more than was recorded", () => {
    const rows = [
      row({ id: "a", kind: "charge", status: "succeeded", amountCents: 100 }),
      row({ id: "r", kind: "refund", status: "succeeded", amountCents: 150, refundOf: "a" }),
    ];
    expect(summarise(rows).refundableCents).toBe(0);
  });
});

describe("spreading a refund over the charges", () => {
  const charges = [
    row({ id: "first", kind: "charge", status: "succeeded", amountCents: 50_000, settledAt: "2026-09-01T10:00:00Z" }),
    row({ id: "second", kind: "charge", status: "succeeded", amountCents: 50_000, settledAt: "2026-10-01T10:00:00Z" }),
    row({ id: "third", kind: "charge", status: "succeeded", amountCents: 50_000, settledAt: "2026-11-01T10:00:00Z" }),
    row({ id: "open", kind: "charge", status: "requires_payment", amountCents: 50_000 }),
  ];

  it("takes from the most recent charge first", () => {
    expect(allocateRefund(charges, 20_000)).toEqual([{ chargeId: "third", amountCents: 20_000 }]);
    expect(allocateRefund(charges, 70_000)).toEqual([
      { chargeId: "third", amountCents: 50_000 },
      { chargeId: "second", amountCents: 20_000 },
    ]);
    expect(allocateRefund(charges, 150_000)).toEqual([
      { chargeId: "third", amountCents: 50_000 },
      { chargeId: "second", amountCents: 50_000 },
      { chargeId: "first", amountCents: 50_000 },
    ]);
  });

  it("leaves out what succeeded or pending refunds took already, but not failed ones", () => {
    const rows = [
      ...charges,
      row({ id: "r1", kind: "refund", status: "succeeded", amountCents: 50_000, refundOf: "third" }),
      row({ id: "r2", kind: "refund", status: "pending", amountCents: 10_000, refundOf: "second" }),
      row({ id: "r3", kind: "refund", status: "failed", amountCents: 40_000, refundOf: "second" }),
    ];
    expect(refundableByCharge(rows).map((entry) => [entry.chargeId, entry.refundableCents])).toEqual([
      ["first", 50_000],
      ["second", 40_000],
    ]);
    expect(allocateRefund(rows, 45_000)).toEqual([
      { chargeId: "second", amountCents: 40_000 },
      { chargeId: "first", amountCents: 5_000 },
    ]);
    expect(allocateRefund(rows, 90_001)).toBeNull();
    expect(allocateRefund(rows, 90_000)).toHaveLength(2);
  });

  it("refuses an amount that is not whole cents above zero, or more than can be refunded", () => {
    for (const amount of [0, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 150_001])
      expect(allocateRefund(charges, amount)).toBeNull();
    expect(allocateRefund([], 1)).toBeNull();
  });
});

describe("retrying a refund the provider could not be reached for", () => {
  it("waits a minute, then 4, then 16, then gives up (the default policy)", () => {
    expect(DEFAULT_REFUND_RETRY.maxAttempts).toBe(4);
    expect([1, 2, 3, 4, 5].map((attempts) => refundRetryDelayMs(attempts, DEFAULT_REFUND_RETRY))).toEqual([
      MINUTE,
      4 * MINUTE,
      16 * MINUTE,
      null,
      null,
    ]);
  });

  it("never waits longer than the policy's ceiling", () => {
    const policy = { maxAttempts: 10, baseDelayMs: MINUTE, maxDelayMs: 30 * MINUTE };
    expect(refundRetryDelayMs(4, policy)).toBe(30 * MINUTE);
    expect(refundRetryDelayMs(9, policy)).toBe(30 * MINUTE);
    expect(refundRetryDelayMs(10, policy)).toBeNull();
    // Before any attempt failed (a claim not yet counted), the first wait.
    expect(refundRetryDelayMs(0, policy)).toBe(MINUTE);
  });
});

describe("never refunding more than was paid (property)", () => {
  /*
   * A record's life as the payments module sees it, in any order: charges that succeed, fail or wait for
   * the bank; staff's refund requests spread by allocateRefund; the provider, which accepts a refund
   * only while the charge has room at its end, answering late, twice, or never (the refund is then given
   * up as failed, although the provider may have made it and say so later).
   */
  type Step =
    | { kind: "charge"; amountCents: number; outcome: "succeeded" | "failed" | "processing" | "requires_payment" }
    | { kind: "bank"; pick: number; outcome: ChargeStatus }
    | { kind: "request"; amountCents: number }
    | { kind: "send"; pick: number }
    | { kind: "answer"; pick: number }
    | { kind: "giveUp"; pick: number };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant("charge" as const),
      amountCents: fc.integer({ min: 1, max: 100_000 }),
      outcome: fc.constantFrom(
        "succeeded" as const,
        "failed" as const,
        "processing" as const,
        "requires_payment" as const,
      ),
    }),
    fc.record({ kind: fc.constant("bank" as const), pick: fc.nat(), outcome: fc.constantFrom(...CHARGE_STATUSES) }),
    fc.record({
      kind: fc.constant("request" as const),
      amountCents: fc.oneof(fc.integer({ min: -10, max: 150_000 }), fc.constantFrom(0.5, Number.NaN)),
    }),
    fc.record({ kind: fc.constant("send" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("answer" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("giveUp" as const), pick: fc.nat() }),
  );

  it("whatever the order of charge and refund events and of refund requests", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 50 }), (steps) => {
        let rows: MoneyRow[] = [];
        let n = 0;
        const stamp = () => new Date(Date.parse("2026-01-01T00:00:00Z") + ++n * MINUTE).toISOString();
        // The provider's own books: the refunds it accepted or refused, and what it refunded of each charge.
        const provider = new Map<string, "accepted" | "refused">();
        const refundedAtProvider = new Map<string, number>();
        let revived = false;
        const pick = <T>(list: T[], index: number) => (list.length === 0 ? null : list[index % list.length]);
        const moveRefund = (id: string, to: RefundStatus) => {
          const target = rows.find((entry) => entry.id === id)!;
          const move = nextRefundStatus(target.status as RefundStatus, to);
          if (move.kind !== "move") return;
          if (target.status === "failed" && move.to === "succeeded") revived = true;
          rows = rows.map((entry) => (entry.id === id ? { ...entry, status: move.to, settledAt: stamp() } : entry));
        };

        for (const s of steps) {
          if (s.kind === "charge") {
            rows.push(
              row({
                id: `c${++n}`,
                kind: "charge",
                status: s.outcome,
                amountCents: s.amountCents,
                createdAt: stamp(),
                settledAt: s.outcome === "succeeded" || s.outcome === "failed" ? stamp() : null,
              }),
            );
          } else if (s.kind === "bank") {
            // Any later report about a charge, in any order: only what its state machine allows moves it.
            const target = pick(
              rows.filter((entry) => entry.kind === "charge"),
              s.pick,
            );
            if (!target) continue;
            const move = nextChargeStatus(target.status as ChargeStatus, s.outcome);
            if (move.kind === "move")
              rows = rows.map((entry) =>
                entry.id === target.id ? { ...entry, status: move.to, settledAt: stamp() } : entry,
              );
          } else if (s.kind === "request") {
            const before = summarise(rows);
            const room = new Map(refundableByCharge(rows).map((entry) => [entry.chargeId, entry.refundableCents]));
            const parts = allocateRefund(rows, s.amountCents);
            if (parts === null) {
              expect(
                !Number.isSafeInteger(s.amountCents) ||
                  s.amountCents < 1 ||
                  s.amountCents > [...room.values()].reduce((a, b) => a + b, 0),
              ).toBe(true);
              continue;
            }
            expect(s.amountCents).toBeLessThanOrEqual(before.refundableCents);
            // allocateRefund never asks a charge for more than it can still give back.
            for (const part of parts) {
              expect(part.amountCents).toBeGreaterThan(0);
              expect(part.amountCents).toBeLessThanOrEqual(room.get(part.chargeId) ?? 0);
            }
            expect(new Set(parts.map((part) => part.chargeId)).size).toBe(parts.length);
            expect(parts.reduce((total, part) => total + part.amountCents, 0)).toBe(s.amountCents);
            for (const part of parts)
              rows.push(
                row({
                  id: `r${++n}`,
                  kind: "refund",
                  status: "pending",
                  amountCents: part.amountCents,
                  refundOf: part.chargeId,
                  createdAt: stamp(),
                }),
              );
          } else if (s.kind === "send") {
            const target = pick(
              rows.filter((entry) => entry.kind === "refund" && entry.status === "pending" && !provider.has(entry.id)),
              s.pick,
            );
            if (!target) continue;
            const charge = rows.find((entry) => entry.id === target.refundOf)!;
            const done = refundedAtProvider.get(charge.id) ?? 0;
            const accepted = done + target.amountCents <= charge.amountCents;
            provider.set(target.id, accepted ? "accepted" : "refused");
            if (accepted) refundedAtProvider.set(charge.id, done + target.amountCents);
          } else if (s.kind === "answer") {
            const target = pick(
              rows.filter((entry) => provider.has(entry.id)),
              s.pick,
            );
            if (target) moveRefund(target.id, provider.get(target.id) === "accepted" ? "succeeded" : "failed");
          } else {
            const target = pick(
              rows.filter((entry) => entry.kind === "refund" && entry.status === "pending"),
              s.pick,
            );
            if (target) moveRefund(target.id, "failed");
          }

          const summary = summarise(rows);
          expect(summary.refundedCents).toBeLessThanOrEqual(summary.chargedCents);
          expect(summary.refundableCents).toBeGreaterThanOrEqual(0);
          // Until the provider revives a refund given up, what is refunded or being refunded stays within what was paid.
          if (!revived)
            expect(summary.refundedCents + summary.pendingRefundCents).toBeLessThanOrEqual(summary.chargedCents);
          for (const charge of rows.filter((entry) => entry.kind === "charge")) {
            const refunded = rows
              .filter((entry) => entry.refundOf === charge.id && entry.status === "succeeded")
              .reduce((total, entry) => total + entry.amountCents, 0);
            expect(refunded).toBeLessThanOrEqual(charge.status === "succeeded" ? charge.amountCents : 0);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
