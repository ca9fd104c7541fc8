import type { ReactNode } from "react";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import type { OrderView } from "../../lib/orders-api.ts";
import { OutcomeHeading } from "./order-outcome-view.tsx";
import type { OrderStatusState } from "./use-order-status.ts";

/**
 * The frame of a success page (/checkout/success, /payment-success), in the page's words: the order
 * being loaded, the order that cannot be read, or its heading (what is true now) followed by the page's
 * own parts; then, whatever the state, the way home. `missingText` is what a page says when its address
 * names no order at all (else it says it cannot load it, like any unreadable order). `homeVariant` lets
 * a page step its Return Home back behind Try Again.
 */
export function OutcomePage({
  orderId,
  state,
  paidTitle,
  texts,
  missingText,
  homeVariant = "primary",
  children,
}: {
  orderId: string | null;
  state: OrderStatusState;
  paidTitle: string;
  texts: { loading: string; loadError: string; home: string };
  missingText?: string;
  homeVariant?: "primary" | "outline";
  children: (order: OrderView) => ReactNode;
}) {
  let content: ReactNode;
  if (!orderId && missingText) {
    content = (
      <div className="rounded-xl border border-border bg-white p-8 text-center" data-testid="success-error">
        <h1 className="font-display text-2xl font-semibold">{texts.loadError}</h1>
        <p className="mt-2 text-muted-foreground">{missingText}</p>
      </div>
    );
  } else if (!orderId || state.kind === "error") {
    content = (
      <div className="rounded-xl border border-border bg-white p-8 text-center" data-testid="success-error">
        <Icon name="alert-circle" size={40} aria-hidden="true" className="mx-auto text-destructive" />
        <h1 className="mt-4 font-display text-2xl font-semibold">{texts.loadError}</h1>
      </div>
    );
  } else if (state.kind === "loading") {
    content = (
      <p
        role="status"
        className="flex items-center justify-center gap-3 rounded-xl border border-border bg-white px-6 py-20 text-muted-foreground"
      >
        <Icon name="loader-2" size={20} aria-hidden="true" className="animate-spin" />
        {texts.loading}
      </p>
    );
  } else {
    content = (
      <div className="space-y-8">
        <OutcomeHeading order={state.order} waiting={state.waiting} gaveUp={state.gaveUp} paidTitle={paidTitle} />
        {children(state.order)}
      </div>
    );
  }
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {content}
      <p className="mt-8 text-center">
        <LocalizedLink to="/" className={buttonClasses(homeVariant, "lg")} data-testid="return-home">
          {texts.home}
        </LocalizedLink>
      </p>
    </main>
  );
}
