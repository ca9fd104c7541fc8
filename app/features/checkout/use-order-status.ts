import { useEffect, useRef, useState } from "react";
import { outcomeKnown } from "./order-outcome.ts";
import { fetchOrder, refreshOrder, type OrderView } from "../../lib/orders-api.ts";

/** How often and how long the success page asks for an order still waiting for its payment's confirmation. */
export const STATUS_POLL = { intervalMs: 2_000, attempts: 15 } as const;

export type OrderStatusState =
  | { kind: "loading" }
  | { kind: "error" }
  | { kind: "ready"; order: OrderView; waiting: boolean; gaveUp: boolean };

/**
 * The order of the success page, read from the server. While its payment is not confirmed yet (the
 * provider's webhook has not arrived), it asks the server to check with the provider, every 2 seconds
 * and at most 15 times, and stops once the outcome is known: paid, partly paid, a bank transfer
 * processing (the bank takes days), failed, refunded or cancelled (specification README, decision 7:
 * the server, never this page, decides that an order is paid).
 */
export function useOrderStatus(
  orderId: string | null,
  poll: { intervalMs: number; attempts: number } = STATUS_POLL,
  done: (order: OrderView) => boolean = outcomeKnown,
): OrderStatusState {
  const [state, setState] = useState<OrderStatusState>({ kind: "loading" });
  const isDone = useRef(done);
  isDone.current = done;

  useEffect(() => {
    if (!orderId) {
      setState({ kind: "error" });
      return;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;

    const show = (order: OrderView) => {
      const done = isDone.current(order);
      const gaveUp = !done && attempts >= poll.attempts;
      setState({ kind: "ready", order, waiting: !done && !gaveUp, gaveUp });
      if (!done && !gaveUp) timer = setTimeout(() => void next(), poll.intervalMs);
    };

    async function next() {
      attempts += 1;
      try {
        show(await refreshOrder(orderId!, controller.signal));
      } catch (error) {
        if (controller.signal.aborted) return;
        // A failed check is not a failed order: ask again until the attempts run out.
        console.error("Could not refresh the order", error);
        if (attempts < poll.attempts) timer = setTimeout(() => void next(), poll.intervalMs);
        else
          setState((current) =>
            current.kind === "ready" ? { ...current, waiting: false, gaveUp: true } : { kind: "error" },
          );
      }
    }

    fetchOrder(orderId, controller.signal).then(show, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error("Could not load the order", error);
      setState({ kind: "error" });
    });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, poll.intervalMs, poll.attempts]);

  return state;
}
