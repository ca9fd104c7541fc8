import { describe, expect, it } from "vitest";
import { summarise, type MoneyRow } from "../../core/payments/rules.ts";
import {
  canCancel,
  canPay,
  deriveOrderStatus,
  MONEY_RECEIVED,
  ORDER_STATUSES,
  orderNumber,
  SETTLED_STATUSES,
  type OrderStatus,
} from "../../core/orders/rules.ts";

/*
 * An order's status is derived from its payments (docs/decisions/0028): these tests build an order's
 * payment rows as the payments module records them, summarise them as OrderService.settle does, and
 * read the status, so that every status and every move a payment can make are checked end to end.
 */

/** Each status, in the order ORDER_STATUSES lists them, and whether the order may still be paid and cancelled. */
const PAYABLE: Record<OrderStatus, boolean> = {
  pending: true,
  requires_payment: true,
  processing: false,
  partially_paid: false,
  paid: false,
  failed: true,
  partially_refunded: false,
  refunded: false,
  cancelled: false,
};

let clock = Date.parse("2026-11-27T10:00:00Z");
let ids = 0;
const at = () => new Date((clock += 60_000)).toISOString();

const charge = (amountCents: number, status: string, extra: Partial<MoneyRow> = {}): MoneyRow => ({
  id: `charge-${++ids}`,
  kind: "charge",
  status,
  amountCents,
  refundOf: null,
  createdAt: at(),
  settledAt: status === "succeeded" || status === "failed" ? at() : null,
  ...extra,
});
const refund = (of: MoneyRow, amountCents: number, status = "succeeded"): MoneyRow => ({
  id: `refund-${++ids}`,
  kind: "refund",
  status,
  amountCents,
  refundOf: of.id,
  createdAt: at(),
  settledAt: status === "pending" ? null : at(),
});

const status = (rows: MoneyRow[], totalCents = 150_000, cancelled = false) =>
  deriveOrderStatus({ totalCents, cancelled }, summarise(rows));

describe("an order's status, derived from its payments", () => {
  it("is pending with no payment, and pending again when its only charge was cancelled", () => {
    expect(status([])).toBe("pending");
    expect(status([charge(150_000, "cancelled")])).toBe("pending");
  });

  it("is requires_payment (shown 'Awaiting payment') once a charge was started for the buyer", () => {
    expect(status([charge(150_000, "requires_payment")])).toBe("requires_payment");
  });

  it("is processing while a bank debit waits for the bank", () => {
    expect(status([charge(150_000, "processing", { failureMessage: null })])).toBe("processing");
  });

  it("is paid when its payments cover the total, however many there were", () => {
    expect(status([charge(150_000, "succeeded")])).toBe("paid");
    expect(status([charge(50_000, "succeeded"), charge(50_000, "succeeded"), charge(50_000, "succeeded")])).toBe(
      "paid",
    );
  });

  it("is paid for a monthly plan once its first month is paid (its total is one month)", () => {
    expect(status([charge(30_000, "succeeded", { part: 1 })], 30_000)).toBe("paid");
    // Further months paid keep it paid.
    expect(status([charge(30_000, "succeeded", { part: 1 }), charge(30_000, "succeeded", { part: 2 })], 30_000)).toBe(
      "paid",
    );
  });

  it("is partially_paid while some instalments are paid and others are still expected, a later one failing included", () => {
    expect(status([charge(50_000, "succeeded", { part: 1 })])).toBe("partially_paid");
    expect(
      status([
        charge(50_000, "succeeded", { part: 1 }),
        charge(50_000, "failed", { part: 2, failureMessage: "Your card was declined." }),
      ]),
    ).toBe("partially_paid");
    expect(status([charge(50_000, "succeeded", { part: 1 }), charge(50_000, "processing", { part: 2 })])).toBe(
      "partially_paid",
    );
  });

  it("is failed when its latest charge was refused, with its message", () => {
    const rows = [charge(150_000, "failed", { failureMessage: "Your card was declined." })];
    expect(status(rows)).toBe("failed");
    expect(summarise(rows).lastFailure).toEqual({ message: "Your card was declined.", part: null });
  });

  it("is partially_refunded when some of what was paid came back, refunded when all of it did", () => {
    const paid = charge(150_000, "succeeded");
    expect(status([paid, refund(paid, 20_000)])).toBe("partially_refunded");
    expect(status([paid, refund(paid, 20_000), refund(paid, 130_000)])).toBe("refunded");
    // An instalment order refunded in part, and in full of what it paid.
    const first = charge(50_000, "succeeded", { part: 1 });
    expect(status([first, refund(first, 10_000)])).toBe("partially_refunded");
    expect(status([first, refund(first, 50_000)])).toBe("refunded");
  });

  it("is cancelled when staff stopped it before it was paid in full, and says what was paid", () => {
    expect(status([], 150_000, true)).toBe("cancelled");
    expect(status([charge(150_000, "cancelled")], 150_000, true)).toBe("cancelled");
    expect(
      status([charge(50_000, "succeeded", { part: 1 }), charge(50_000, "cancelled", { part: 2 })], 150_000, true),
    ).toBe("cancelled");
  });

  it("shows paid when a payment succeeds after a cancellation, so that staff see it and refund it", () => {
    expect(status([charge(150_000, "succeeded")], 150_000, true)).toBe("paid");
  });

  it("is named by one of the nine statuses, whatever the money", () => {
    // The nine, in their order, are those of the table of what can be done in each.
    expect(ORDER_STATUSES).toEqual(Object.keys(PAYABLE));
    expect(ORDER_STATUSES).toHaveLength(9);
  });
});

describe("every move a payment can make, from each status", () => {
  // Each case: the rows before, the move (a new row, or a row's new status), the status before and after.
  type Case = {
    name: string;
    before: () => { rows: MoneyRow[]; total?: number; cancelled?: boolean };
    move: (rows: MoneyRow[]) => MoneyRow[];
    from: OrderStatus;
    to: OrderStatus;
  };
  const set = (rows: MoneyRow[], index: number, changes: Partial<MoneyRow>) =>
    rows.map((row, i) => (i === index ? { ...row, ...changes, settledAt: at() } : row));
  const cases: Case[] = [
    {
      name: "a charge is started",
      before: () => ({ rows: [] }),
      move: () => [charge(150_000, "requires_payment")],
      from: "pending",
      to: "requires_payment",
    },
    {
      name: "a bank debit is started",
      before: () => ({ rows: [] }),
      move: () => [charge(150_000, "processing")],
      from: "pending",
      to: "processing",
    },
    {
      name: "the card is confirmed",
      before: () => ({ rows: [charge(150_000, "requires_payment")] }),
      move: (rows) => set(rows, 0, { status: "succeeded" }),
      from: "requires_payment",
      to: "paid",
    },
    {
      name: "the card is declined",
      before: () => ({ rows: [charge(150_000, "requires_payment")] }),
      move: (rows) => set(rows, 0, { status: "failed", failureMessage: "Your card was declined." }),
      from: "requires_payment",
      to: "failed",
    },
    {
      name: "the buyer tries again after a decline",
      before: () => ({ rows: [charge(150_000, "failed")] }),
      move: (rows) => set(rows, 0, { status: "requires_payment" }),
      from: "failed",
      to: "requires_payment",
    },
    {
      name: "another card succeeds after a decline",
      before: () => ({ rows: [charge(150_000, "failed")] }),
      move: (rows) => set(rows, 0, { status: "succeeded" }),
      from: "failed",
      to: "paid",
    },
    {
      name: "the open charge is cancelled",
      before: () => ({ rows: [charge(150_000, "requires_payment")] }),
      move: (rows) => set(rows, 0, { status: "cancelled" }),
      from: "requires_payment",
      to: "pending",
    },
    {
      name: "the bank confirms",
      before: () => ({ rows: [charge(150_000, "processing")] }),
      move: (rows) => set(rows, 0, { status: "succeeded" }),
      from: "processing",
      to: "paid",
    },
    {
      name: "the bank returns the debit",
      before: () => ({ rows: [charge(150_000, "processing")] }),
      move: (rows) => set(rows, 0, { status: "failed", failureMessage: "The account is closed." }),
      from: "processing",
      to: "failed",
    },
    {
      name: "the first instalment is paid",
      before: () => ({ rows: [charge(50_000, "requires_payment", { part: 1 })] }),
      move: (rows) => set(rows, 0, { status: "succeeded" }),
      from: "requires_payment",
      to: "partially_paid",
    },
    {
      name: "a later instalment is paid",
      before: () => ({ rows: [charge(50_000, "succeeded", { part: 1 })] }),
      move: (rows) => [...rows, charge(50_000, "succeeded", { part: 2 })],
      from: "partially_paid",
      to: "partially_paid",
    },
    {
      name: "a later instalment fails",
      before: () => ({ rows: [charge(50_000, "succeeded", { part: 1 })] }),
      move: (rows) => [...rows, charge(50_000, "failed", { part: 2 })],
      from: "partially_paid",
      to: "partially_paid",
    },
    {
      name: "the last instalment is paid",
      before: () => ({ rows: [charge(50_000, "succeeded", { part: 1 }), charge(50_000, "succeeded", { part: 2 })] }),
      move: (rows) => [...rows, charge(50_000, "succeeded", { part: 3 })],
      from: "partially_paid",
      to: "paid",
    },
    {
      name: "a refund is asked for (pending)",
      before: () => ({ rows: [charge(150_000, "succeeded")] }),
      move: (rows) => [...rows, refund(rows[0], 150_000, "pending")],
      from: "paid",
      to: "paid",
    },
    {
      name: "a refund fails",
      before: () => ({ rows: [charge(150_000, "succeeded")] }),
      move: (rows) => [...rows, refund(rows[0], 150_000, "failed")],
      from: "paid",
      to: "paid",
    },
    {
      name: "a partial refund succeeds",
      before: () => ({ rows: [charge(150_000, "succeeded")] }),
      move: (rows) => [...rows, refund(rows[0], 40_000)],
      from: "paid",
      to: "partially_refunded",
    },
    {
      name: "a full refund succeeds",
      before: () => ({ rows: [charge(150_000, "succeeded")] }),
      move: (rows) => [...rows, refund(rows[0], 150_000)],
      from: "paid",
      to: "refunded",
    },
    {
      name: "the rest is refunded",
      before: () => {
        const paid = charge(150_000, "succeeded");
        return { rows: [paid, refund(paid, 40_000)] };
      },
      move: (rows) => [...rows, refund(rows[0], 110_000)],
      from: "partially_refunded",
      to: "refunded",
    },
    {
      name: "a partly paid order is refunded in part",
      before: () => ({ rows: [charge(50_000, "succeeded", { part: 1 })] }),
      move: (rows) => [...rows, refund(rows[0], 5_000)],
      from: "partially_paid",
      to: "partially_refunded",
    },
    {
      name: "a late success after a cancellation",
      before: () => ({ rows: [charge(150_000, "requires_payment")], cancelled: true }),
      move: (rows) => set(rows, 0, { status: "succeeded" }),
      from: "cancelled",
      to: "paid",
    },
    {
      name: "a late failure after a cancellation",
      before: () => ({ rows: [charge(150_000, "cancelled")], cancelled: true }),
      move: (rows) => [...rows, charge(150_000, "failed")],
      from: "cancelled",
      to: "cancelled",
    },
    {
      name: "a refund of an order cancelled after a first instalment",
      before: () => ({ rows: [charge(50_000, "succeeded", { part: 1 })], cancelled: true }),
      move: (rows) => [...rows, refund(rows[0], 50_000)],
      from: "cancelled",
      to: "refunded",
    },
  ];

  for (const { name, before, move, from, to } of cases) {
    it(`${from} → ${to} when ${name}`, () => {
      const { rows, total = 150_000, cancelled = false } = before();
      expect(status(rows, total, cancelled)).toBe(from);
      expect(status(move(rows), total, cancelled)).toBe(to);
    });
  }

  it("covers every status as a starting point or an outcome", () => {
    const seen = new Set(cases.flatMap((entry) => [entry.from, entry.to]));
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe("what can be done to an order in each status", () => {
  for (const value of ORDER_STATUSES) {
    it(`${value}: ${PAYABLE[value] ? "may be paid and cancelled" : "may be neither paid nor cancelled"}`, () => {
      expect(canPay(value)).toBe(PAYABLE[value]);
      // Staff cancel only while no money was taken and none is on its way.
      expect(canCancel(value)).toBe(PAYABLE[value]);
    });
  }

  it("lists the statuses in which money was received, and those after which nothing happens without staff", () => {
    expect([...MONEY_RECEIVED].sort()).toEqual(["paid", "partially_paid", "partially_refunded", "refunded"]);
    expect([...SETTLED_STATUSES].sort()).toEqual(["cancelled", "failed", "paid", "partially_refunded", "refunded"]);
    // Of those, only a failed payment may be tried again by the buyer.
    expect(SETTLED_STATUSES.filter(canPay)).toEqual(["failed"]);
  });
});

describe("order number", () => {
  it("is the first 8 characters of the id, uppercased", () => {
    expect(orderNumber("3f2a9c1e-0b7d-4e5f-8a9b-0c1d2e3f4a5b")).toBe("3F2A9C1E");
  });
});
