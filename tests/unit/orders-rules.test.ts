import { describe, expect, it } from "vitest";
import { capitaliseStatus, nextStatus, orderNumber, ORDER_STATUSES, type OrderEvent, type OrderStatus } from "../../core/orders/rules.ts";

const EVENTS: OrderEvent[] = ["payment_started", "payment_succeeded", "payment_failed", "cancel", "refund"];

/** The whole table: every status × every event → its outcome. */
const TABLE: Record<OrderStatus, Record<OrderEvent, string>> = {
  pending: { payment_started: "requires_payment", payment_succeeded: "paid", payment_failed: "failed", cancel: "cancelled", refund: "refuse" },
  requires_payment: { payment_started: "ignore", payment_succeeded: "paid", payment_failed: "failed", cancel: "cancelled", refund: "refuse" },
  paid: { payment_started: "refuse", payment_succeeded: "ignore", payment_failed: "ignore", cancel: "refuse", refund: "refunded" },
  failed: { payment_started: "requires_payment", payment_succeeded: "paid", payment_failed: "ignore", cancel: "cancelled", refund: "refuse" },
  cancelled: { payment_started: "refuse", payment_succeeded: "paid", payment_failed: "ignore", cancel: "refuse", refund: "refuse" },
  refunded: { payment_started: "refuse", payment_succeeded: "ignore", payment_failed: "ignore", cancel: "refuse", refund: "refuse" },
};

describe("order state machine", () => {
  for (const from of ORDER_STATUSES) {
    for (const event of EVENTS) {
      it(`${from} + ${event} → ${TABLE[from][event]}`, () => {
        const result = nextStatus(from, event);
        const outcome = result.kind === "move" ? result.to : result.kind;
        expect(outcome).toBe(TABLE[from][event]);
      });
    }
  }

  it("never takes a paid order back to pending, requires_payment or failed", () => {
    for (const event of EVENTS) {
      const result = nextStatus("paid", event);
      if (result.kind === "move") expect(["pending", "requires_payment", "failed"]).not.toContain(result.to);
    }
  });

  it("ignores a late payment_failed after a success", () => {
    expect(nextStatus("paid", "payment_failed")).toEqual({ kind: "ignore" });
  });

  it("refuses staff actions with their messages", () => {
    expect(nextStatus("paid", "cancel")).toEqual({ kind: "refuse", messageKey: "orders:errors.cannotCancel" });
    expect(nextStatus("pending", "refund")).toEqual({ kind: "refuse", messageKey: "orders:errors.cannotRefund" });
  });
});

describe("order number and status display", () => {
  it("is the first 8 characters of the id, uppercased", () => {
    expect(orderNumber("3f2a9c1e-0b7d-4e5f-8a9b-0c1d2e3f4a5b")).toBe("3F2A9C1E");
  });

  it("capitalises the status as the success page shows it", () => {
    expect(capitaliseStatus("paid")).toBe("Paid");
    expect(capitaliseStatus("requires_payment")).toBe("Requires payment");
  });
});
