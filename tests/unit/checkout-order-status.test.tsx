// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useOrderStatus, type OrderStatusState } from "../../app/features/checkout/use-order-status.ts";
import type { OrderStatus } from "../../core/orders/rules.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import { bankProcessingOrder, orderView, partlyPaidOrder, payment } from "../helpers/order-fixtures.ts";
import { domPage } from "../helpers/dom-page.tsx";

// The success page's order: read once, then, while the payment is not confirmed, a bounded refresh that
// asks the server (POST /refresh, which checks with the provider) and stops once the outcome is known:
// paid, partly paid, a bank transfer processing, failed, refunded.

const page = domPage();

const ORDER_ID = "0bb16863-7f4e-4f7c-9a51-2d8e8d3b7c11";
type Answer = OrderStatus | OrderView;
const order = (answer: Answer): OrderView =>
  typeof answer === "string"
    ? orderView({ id: ORDER_ID, status: answer, ...(answer === "paid" ? {} : { paidCents: 0, paidAt: null }) })
    : answer;

let seen: OrderStatusState[];
const calls: Array<{ url: string; method: string }> = [];

function Probe({ id }: { id: string | null }) {
  seen.push(useOrderStatus(id, { intervalMs: 1_000, attempts: 3 }));
  return null;
}

/** Answers GET with `first`, then each POST /refresh with the next status of `then` (the last repeats). */
function serve(first: Answer | "missing", then: Answer[]) {
  let refreshes = 0;
  page.fetchMock.mockImplementation(async (url, init) => {
    calls.push({ url: String(url), method: init?.method ?? "GET" });
    if (init?.method === "POST") {
      const next = then[Math.min(refreshes, then.length - 1)]!;
      refreshes += 1;
      return new Response(JSON.stringify({ data: order(next) }), { status: 200 });
    }
    if (first === "missing")
      return new Response(JSON.stringify({ message: "Order not found", code: "not_found" }), { status: 404 });
    return new Response(JSON.stringify({ data: order(first) }), { status: 200 });
  });
}

/** Mounts the success page's use of the hook, in place of what was mounted. */
async function render(id: string | null) {
  await page.render(<Probe id={id} />);
}

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const last = () => seen[seen.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  seen = [];
  calls.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the success page's order status", () => {
  it("shows a paid order at once and asks nothing more", async () => {
    serve("paid", []);
    await render(ORDER_ID);
    await tick(0);
    expect(last()).toMatchObject({ kind: "ready", waiting: false, gaveUp: false, order: { status: "paid" } });
    await tick(10_000);
    expect(calls).toEqual([{ url: `/api/orders/guest/${ORDER_ID}`, method: "GET" }]);
  });

  it("refreshes an order waiting for its webhook until it is paid, then stops", async () => {
    serve("requires_payment", ["requires_payment", "paid"]);
    await render(ORDER_ID);
    await tick(0);
    expect(last()).toMatchObject({ kind: "ready", waiting: true, order: { status: "requires_payment" } });
    await tick(1_000);
    expect(last()).toMatchObject({ waiting: true });
    await tick(1_000);
    expect(last()).toMatchObject({ kind: "ready", waiting: false, gaveUp: false, order: { status: "paid" } });
    await tick(10_000);
    expect(calls.map((call) => call.method)).toEqual(["GET", "POST", "POST"]);
    expect(calls[1]!.url).toBe(`/api/orders/guest/${ORDER_ID}/refresh`);
  });

  it("stops at a failed payment", async () => {
    serve("requires_payment", ["failed"]);
    await render(ORDER_ID);
    await tick(1_000);
    expect(last()).toMatchObject({ kind: "ready", waiting: false, order: { status: "failed" } });
  });

  it("gives up after its last attempt and says so (the page then asks the visitor to reload later)", async () => {
    serve("requires_payment", ["requires_payment"]);
    await render(ORDER_ID);
    await tick(20_000);
    expect(last()).toMatchObject({ kind: "ready", waiting: false, gaveUp: true });
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(3);
  });

  it("stops at a bank transfer processing (the bank takes days), and keeps asking for a card payment being processed", async () => {
    serve(bankProcessingOrder(), []);
    await render(ORDER_ID);
    await tick(10_000);
    expect(last()).toMatchObject({ kind: "ready", waiting: false, gaveUp: false, order: { status: "processing" } });
    expect(calls).toHaveLength(1);
    calls.length = 0;
    serve("processing", ["processing", "paid"]);
    await render(ORDER_ID);
    await tick(0);
    expect(last()).toMatchObject({ waiting: true });
    await tick(2_000);
    expect(last()).toMatchObject({ waiting: false, order: { status: "paid" } });
  });

  it("stops once the first instalment is paid (partly paid), and at a payment refunded because a deal sold out meanwhile", async () => {
    serve("requires_payment", [partlyPaidOrder()]);
    await render(ORDER_ID);
    await tick(1_000);
    expect(last()).toMatchObject({ kind: "ready", waiting: false, order: { status: "partially_paid" } });
    // The refund is on its way: the order still reads paid, and the page has its answer.
    serve("requires_payment", [
      orderView({
        id: ORDER_ID,
        payments: [
          payment(),
          payment({
            id: "ref_1",
            kind: "refund",
            status: "pending",
            refundOf: "pay_1",
            automatic: "deal_sold_out",
            settledAt: null,
          }),
        ],
      }),
    ]);
    await render(ORDER_ID);
    await tick(1_000);
    expect(last()).toMatchObject({ waiting: false, order: { status: "paid" } });
    await tick(10_000);
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(2);
  });

  it("answers an error for an order it cannot read, or no order at all ('Unable to load order details.')", async () => {
    serve("missing", []);
    await render(ORDER_ID);
    await tick(0);
    expect(last()).toEqual({ kind: "error" });
    await render(null);
    expect(last()).toEqual({ kind: "error" });
  });
});
