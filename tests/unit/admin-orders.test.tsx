// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminOrderView, OrderView } from "../../core/orders/schema.ts";
import type { StaffPaymentView } from "../../core/payments/schema.ts";
import { canRefund } from "../../app/features/admin/order-detail.tsx";
import { OrdersTab, exportRange } from "../../app/features/admin/orders-tab.tsx";
import { parseDollars } from "../../app/features/admin/refund-dialog.tsx";
import { domPage, json, settle, click } from "../helpers/dom-page.tsx";
import { instalment, orderItem, orderView, staffPayment, ZONE } from "../helpers/order-fixtures.ts";
import { toast } from "../helpers/toast-mock.ts";

/**
 * The Orders tab as staff use it (issue 23, "Refunds that staff can rely on"): every status in the
 * filter, days in the agency's time zone, the payments export of a range, an order's money (paid,
 * refunded, each payment and refund with its reason and who asked), a refund of any part with a
 * reason, and a failed refund tried again.
 */
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const { fetchMock, render: mount } = domPage();

afterEach(() => {
  vi.useRealTimers();
});

const ID = "1f2e3d4c-0000-4000-8000-000000000001";

/** A card payment of $500.00 at 22:30 on March 7 in New York. */
const payment = (overrides: Partial<StaffPaymentView>): StaffPaymentView =>
  staffPayment({
    id: "pay-1",
    createdAt: "2026-03-08T03:30:00.000Z",
    settledAt: "2026-03-08T03:30:05.000Z",
    ...overrides,
  });

const order = (overrides: Partial<AdminOrderView> = {}): AdminOrderView => ({
  ...orderView({
    id: ID,
    customerFirstName: "Grace",
    customerLastName: "Hopper",
    customerEmail: "grace@example.com",
    orderItems: [orderItem({ orderId: ID, createdAt: "2026-03-08T03:29:00.000Z" })],
    // 22:29 on March 7 in New York: 03:29 on March 8 in UTC.
    createdAt: "2026-03-08T03:29:00.000Z",
    paidAt: "2026-03-08T03:30:05.000Z",
    receiptUrl: "/receipt/x",
  }),
  payments: [payment({})],
  history: [
    {
      from: null,
      to: "pending",
      cause: "created",
      eventId: null,
      actor: null,
      detail: null,
      at: "2026-03-08T03:29:00.000Z",
    },
    {
      from: "requires_payment",
      to: "paid",
      cause: "payment_succeeded",
      eventId: "evt_1",
      actor: null,
      detail: null,
      at: "2026-03-08T03:30:05.000Z",
    },
  ],
  ...overrides,
});

/** A paid order partly refunded: $120.50 refunded, $50.00 refused by the provider. */
const partlyRefunded = () =>
  order({
    status: "partially_refunded",
    refundedCents: 12_050,
    payments: [
      payment({}),
      payment({
        id: "ref-1",
        kind: "refund",
        status: "succeeded",
        amountCents: 12_050,
        refundOf: "pay-1",
        reason: "Session cut short",
        actor: "admin@example.com",
        attempts: 1,
        createdAt: "2026-03-09T15:00:00.000Z",
        settledAt: "2026-03-09T15:00:02.000Z",
      }),
      payment({
        id: "ref-2",
        kind: "refund",
        status: "failed",
        amountCents: 5_000,
        refundOf: "pay-1",
        reason: "Goodwill",
        actor: "admin@example.com",
        attempts: 4,
        failureMessage: "The card was closed.",
        createdAt: "2026-03-09T16:00:00.000Z",
        settledAt: "2026-03-09T16:00:02.000Z",
      }),
    ],
    history: [
      ...order().history,
      {
        from: "paid",
        to: "paid",
        cause: "refund_requested",
        eventId: null,
        actor: "admin@example.com",
        detail: "Session cut short",
        at: "2026-03-09T15:00:00.000Z",
      },
      {
        from: "paid",
        to: "partially_refunded",
        cause: "refund_succeeded",
        eventId: "evt_2",
        actor: "admin@example.com",
        detail: null,
        at: "2026-03-09T15:00:02.000Z",
      },
    ],
  });

const summary = (view: AdminOrderView): OrderView => ({ ...view, payments: view.payments }) as OrderView;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const byTestId = (id: string, scope: ParentNode = document) =>
  scope.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const labelled = (label: string) => {
  const found = [...document.querySelectorAll("label")].find((candidate) => text(candidate) === label);
  const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!control) throw new Error(`no control labelled ${label}`);
  return control as HTMLInputElement;
};
const buttonNamed = (name: string, scope: ParentNode = document) => {
  const found = [...scope.querySelectorAll<HTMLButtonElement>("button")].find(
    (candidate) => (candidate.getAttribute("aria-label") ?? text(candidate)) === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

/** Types into a controlled input as a person would: React hears the input event. */
function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value")!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function render(language: "en" | "fr" = "en") {
  return mount(<OrdersTab language={language} timeZone={ZONE} sandbox />, language);
}

/** Answers the list, then the order when it is opened. */
function serve(detail: AdminOrderView) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith("/api/admin/orders?"))
      return json({ data: { items: [summary(detail)], total: 1, page: 1, pageSize: 20 } });
    if (url === `/api/admin/orders/${detail.id}`) return json({ data: detail });
    throw new Error(`unexpected ${url}`);
  });
}

async function openDetail(detail: AdminOrderView, language: "en" | "fr" = "en") {
  serve(detail);
  await render(language);
  await act(async () =>
    buttonNamed(
      language === "fr" ? `Détails de la commande ${detail.number}` : `Details of order ${detail.number}`,
    ).click(),
  );
  await settle();
  // The detail takes the focus on the next frame, as it does in a browser long before anyone clicks in it.
  await vi.waitFor(() => expect(document.activeElement?.id).toBe("order-detail-heading"));
  return byTestId("admin-order-detail")!;
}

describe("amounts typed in the refund dialog", () => {
  it("reads dollars as staff type them, exactly", () => {
    expect(parseDollars("120")).toBe(12_000);
    expect(parseDollars("120.5")).toBe(12_050);
    expect(parseDollars(" $1,250.00 ")).toBe(125_000);
    expect(parseDollars("120,50")).toBe(12_050);
    expect(parseDollars("1,500")).toBe(150_000);
    expect(parseDollars("0.295")).toBe(30);
    expect(parseDollars("1\u202f250,5")).toBe(125_050);
  });

  it("refuses what is not an amount", () => {
    for (const typed of ["", "abc", "-5", "1.2.3", "1,5,0", "$"]) expect(parseDollars(typed), typed).toBeNull();
  });
});

describe("who may be refunded", () => {
  it("is offered while money was received and not all of it is refunded or being refunded", () => {
    expect(canRefund(order())).toBe(true);
    expect(canRefund(partlyRefunded())).toBe(true);
    expect(
      canRefund(order({ status: "partially_paid", paidCents: 20_000, payments: [payment({ amountCents: 20_000 })] })),
    ).toBe(true);
    expect(
      canRefund(order({ status: "cancelled", paidCents: 20_000, payments: [payment({ amountCents: 20_000 })] })),
    ).toBe(true);
    expect(canRefund(order({ status: "cancelled", paidCents: 0, payments: [] }))).toBe(false);
    expect(canRefund(order({ status: "pending", paidCents: 0, payments: [] }))).toBe(false);
    expect(
      canRefund(
        order({
          status: "refunded",
          refundedCents: 50_000,
          payments: [payment({}), payment({ id: "r", kind: "refund", refundOf: "pay-1" })],
        }),
      ),
    ).toBe(false);
    // Everything left is being refunded: nothing more to offer.
    expect(
      canRefund(
        order({ payments: [payment({}), payment({ id: "r", kind: "refund", status: "pending", refundOf: "pay-1" })] }),
      ),
    ).toBe(false);
  });
});

describe("the payments export's range", () => {
  it("is this month so far when no day is chosen, and fills in the end left open", () => {
    expect(exportRange("", "", "2026-03-08")).toEqual({ from: "2026-03-01", to: "2026-03-08", error: null });
    expect(exportRange("2026-02-10", "", "2026-03-08")).toEqual({ from: "2026-02-10", to: "2026-03-08", error: null });
    expect(exportRange("", "2026-01-20", "2026-03-08")).toEqual({ from: "2026-01-01", to: "2026-01-20", error: null });
  });

  it("cannot end before it starts, nor be longer than a year", () => {
    expect(exportRange("2026-03-09", "2026-03-01", "2026-03-08").error).toBe("rangeInvalid");
    expect(exportRange("2024-01-01", "2026-03-08", "2026-03-08").error).toBe("rangeTooLong");
  });
});

describe("the Orders tab", () => {
  it("filters by every status, and by days placed in the agency's time zone, named", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-08T03:00:00.000Z"), toFake: ["Date"] });
    serve(order());
    const view = await render();
    const options = [...labelled("Status").querySelectorAll("option")].map(
      (option) => `${option.value}=${text(option)}`,
    );
    expect(options).toEqual([
      "=All statuses",
      "pending=Awaiting payment (no payment started)",
      "requires_payment=Awaiting payment (payment started)",
      "processing=Processing",
      "partially_paid=Partly paid",
      "paid=Paid",
      "failed=Payment failed",
      "partially_refunded=Partly refunded",
      "refunded=Refunded",
      "cancelled=Cancelled",
    ]);
    expect(text(view.querySelector("legend"))).toBe("Placed between (New York time)");
    expect(view.textContent).toContain("Dates and times are in New York time.");
    // The list's date is New York's: the evening of March 7, not March 8 as in UTC.
    expect(text(view.querySelector("[data-testid=admin-order] time"))).toBe("Mar 7, 2026, 10:29 PM");
    // 03:00 UTC on March 8 is still March 7 in New York: the export covers March 1 to 7.
    const link = byTestId("admin-payments-export") as HTMLAnchorElement;
    expect(text(link)).toBe("Export payments (CSV)");
    expect(link.getAttribute("href")).toBe("/api/admin/payments/export.csv?from=2026-03-01&to=2026-03-07&lang=en");
    expect(text(byTestId("admin-payments-export-range"))).toBe(
      "Payments received from Mar 1, 2026 to Mar 7, 2026 (New York time), with what was refunded of each",
    );

    type(labelled("From"), "2026-02-01");
    type(labelled("To"), "2026-02-15");
    await settle();
    const lastList = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith("/api/admin/orders?"))
      .at(-1);
    expect(lastList).toBe("/api/admin/orders?from=2026-02-01&to=2026-02-15&page=1");
    expect(link.getAttribute("href")).toBe("/api/admin/payments/export.csv?from=2026-02-01&to=2026-02-15&lang=en");

    // A range that ends before it starts is said at the end date, and neither listed nor exported.
    const calls = fetchMock.mock.calls.length;
    type(labelled("From"), "2026-02-20");
    await settle();
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(labelled("To").getAttribute("aria-invalid")).toBe("true");
    expect(view.textContent).toContain("The end date must not be before the start date.");
    expect(byTestId("admin-payments-export")).toBeNull();
  });

  it("shows an order's status and what it means, its money, each payment and refund, and its history with reasons", async () => {
    const detail = await openDetail(partlyRefunded());
    expect(text(byTestId("admin-order-status", detail))).toBe("Partly refunded");
    expect(text(byTestId("admin-order-status-detail", detail))).toBe(
      "$120.50 of $500.00 refunded (latest on March 9, 2026).",
    );
    expect(text(byTestId("admin-order-paid", detail))).toBe("$500.00");
    expect(text(byTestId("admin-order-refunded", detail))).toBe("−$120.50");
    expect(text(byTestId("admin-order-money", detail))).toContain("Can still be refunded$379.50");

    const rows = [...detail.querySelectorAll("[data-testid=admin-charge], [data-testid=admin-refund]")];
    expect(rows.map((row) => text(byTestId("admin-payment-status", row)))).toEqual([
      "Paid",
      "Refunded",
      "Refund failed",
    ]);
    expect(text(rows[0])).toBe("Payment$500.00PaidMar 7, 2026, 10:30 PM · Visa ending in 4242");
    expect(text(rows[1])).toBe(
      "Refund−$120.50RefundedMar 9, 2026, 11:00 AM · Visa ending in 4242Reason: Session cut shortAsked by admin@example.com",
    );
    expect(text(rows[2])).toContain("Reason: Goodwill");
    expect(text(rows[2])).toContain("The card was closed.");
    expect(text(rows[2])).toContain("4 attempts");
    expect(buttonNamed("Retry refund of $50.00", rows[2])).toBeTruthy();
    expect(rows[1].querySelector("button")).toBeNull();

    const history = [...byTestId("admin-order-history", detail)!.querySelectorAll("li")].map((entry) => text(entry));
    // New York's summer time began on March 8: 15:00 UTC is 11:00 there.
    expect(history[2]).toBe("Refund asked forReason: Session cut shortMar 9, 2026, 11:00 AM · by admin@example.com");
    expect(history[3]).toBe(
      "Refund confirmed by the providerPaid → Partly refundedMar 9, 2026, 11:00 AM · by admin@example.com · event evt_2",
    );
  });

  it("tries a failed refund again and shows the order as the server answers it", async () => {
    const before = partlyRefunded();
    const after = {
      ...before,
      payments: before.payments.map((row) => (row.id === "ref-2" ? { ...row, status: "succeeded" as const } : row)),
    };
    const detail = await openDetail(before);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === `/api/admin/orders/${before.id}/refunds/ref-2/retry` && init?.method === "POST")
        return json({ data: after });
      if (url.startsWith("/api/admin/orders?")) return json({ data: { items: [summary(after)], total: 1 } });
      throw new Error(`unexpected ${url}`);
    });
    const retry = buttonNamed("Retry refund of $50.00", detail);
    retry.focus();
    await act(async () => retry.click());
    await settle();
    expect(toast.success).toHaveBeenCalledWith("Refund of $50.00 tried again");
    expect(byTestId("admin-refund-retry")).toBeNull();
    // The button went with the failure: the focus goes to the order, not to the page's start.
    expect(document.activeElement?.id).toBe("order-detail-heading");
  });

  it("refunds part of an order with a reason, after saying the amount, and shows it pending", async () => {
    const before = order();
    const refunding = payment({
      id: "ref-9",
      kind: "refund",
      status: "pending",
      amountCents: 12_050,
      refundOf: "pay-1",
      reason: "Session cut short",
      actor: "admin@example.com",
      settledAt: null,
    });
    const after = order({ payments: [...before.payments, refunding] });
    const detail = await openDetail(before);
    expect(text(byTestId("admin-order-refund", detail))).toBe("Refund");
    await act(async () => byTestId("admin-order-refund", detail)!.click());

    const dialog = document.querySelector("dialog[role=dialog]")!;
    expect(text(dialog.querySelector("h2"))).toBe("Refund order 1F2E3D4C");
    const amount = labelled("Amount to refund (USD)");
    expect(amount.value).toBe("500.00");
    expect(document.activeElement).toBe(amount);
    expect(text(byTestId("admin-refund-confirm-text"))).toBe(
      "$500.00 will go back to Visa ending in 4242 for order 1F2E3D4C. This cannot be undone.",
    );
    // No schedule: no instalments to cancel.
    expect(byTestId("admin-refund-cancel-remaining")).toBeNull();

    // Checked in the browser first: more than can be refunded, and no reason.
    type(amount, "600");
    await click(byTestId("admin-refund-submit")!);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/refund"))).toBe(false);
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(dialog.textContent).toContain("You can refund at most $500.00.");
    expect(dialog.textContent).toContain("A reason is required.");
    expect(text(byTestId("admin-refund-confirm-text"))).toBe("");

    type(amount, "120,50");
    expect(text(byTestId("admin-refund-confirm-text"))).toBe(
      "$120.50 will go back to Visa ending in 4242 for order 1F2E3D4C. This cannot be undone.",
    );
    expect(text(byTestId("admin-refund-submit"))).toBe("Refund $120.50");
    type(labelled("Reason"), "Session cut short");

    // The server refuses at a field: its message shows there.
    fetchMock.mockImplementationOnce(async () =>
      json(
        {
          message: "You can refund at most $100.00.",
          code: "validation",
          fields: { amountCents: "You can refund at most $100.00." },
        },
        400,
      ),
    );
    await click(byTestId("admin-refund-submit")!);
    await settle();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(text(document.getElementById(amount.getAttribute("aria-describedby")!))).toBe(
      "You can refund at most $100.00.",
    );

    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === `/api/admin/orders/${before.id}/refund` && init?.method === "POST") return json({ data: after });
      if (url.startsWith("/api/admin/orders?")) return json({ data: { items: [summary(after)], total: 1 } });
      if (url === `/api/admin/orders/${before.id}`) return json({ data: after });
      throw new Error(`unexpected ${url}`);
    });
    type(amount, "120.50");
    await click(byTestId("admin-refund-submit")!);
    await settle();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/refund"))!;
    expect(JSON.parse(String(init?.body))).toEqual({ amountCents: 12_050, reason: "Session cut short" });
    expect(document.querySelector("dialog")).toBeNull();
    await act(async () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(document.activeElement?.id).toBe("order-payments-heading");
    expect(toast.success).toHaveBeenCalledWith("Refund of $120.50 recorded", {
      description: "It shows as pending until the payment provider confirms it.",
    });
    const refund = byTestId("admin-refund")!;
    expect(text(byTestId("admin-payment-status", refund))).toBe("Refund pending");
    expect(text(byTestId("admin-order-money"))).toContain("Refund pending−$120.50");
  });

  it("offers to cancel the remaining instalments with a refund of a plan still running", async () => {
    const schedule = [
      instalment(1, {
        id: 11,
        amountCents: 25_000,
        dueAt: "2026-03-08T17:00:00.000Z",
        status: "paid",
        attempts: 1,
        paidAt: "2026-03-08T17:00:00.000Z",
      }),
      instalment(2, { id: 12, amountCents: 25_000, dueAt: "2026-04-08T16:00:00.000Z" }),
    ];
    const plan = order({
      status: "partially_paid",
      paymentPlan: "2times",
      schedule,
      paidCents: 25_000,
      payments: [payment({ amountCents: 25_000, part: 11 })],
    });
    const detail = await openDetail(plan);
    expect(text(detail.querySelector("[data-testid=admin-charge]"))).toContain("Payment · instalment 1");
    await act(async () => byTestId("admin-order-refund", detail)!.click());
    expect(labelled("Amount to refund (USD)").value).toBe("250.00");
    const box = byTestId("admin-refund-cancel-remaining") as HTMLInputElement;
    expect(text(box.closest("label"))).toContain("Cancel the remaining instalments");
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith("/api/admin/orders?")
        ? json({ data: { items: [summary(plan)], total: 1 } })
        : json({ data: plan }),
    );
    type(labelled("Reason"), "Project stopped");
    act(() => box.click());
    await click(byTestId("admin-refund-submit")!);
    await settle();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/refund"))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      amountCents: 25_000,
      reason: "Project stopped",
      cancelRemaining: true,
    });
  });

  it("speaks French, with the same vocabulary as the buyer's pages", async () => {
    const detail = await openDetail(partlyRefunded(), "fr");
    expect(text(byTestId("admin-order-status", detail))).toBe("Partiellement remboursée");
    expect(text(document.querySelector("legend"))).toBe("Passées entre (heure de New York)");
    const refund = detail.querySelectorAll("[data-testid=admin-refund]")[1];
    expect(text(byTestId("admin-payment-status", refund))).toBe("Échec du remboursement");
    expect(refund.textContent).toContain("Motif\u202f: Goodwill");
    expect(buttonNamed("Relancer le remboursement de $50.00", refund)).toBeTruthy();
  });
});
