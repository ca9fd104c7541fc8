import { Suspense, lazy, type ComponentProps } from "react";
import { Icon } from "../../components/ui/icon.tsx";

/**
 * The payment step's code (the card form, and Stripe's loader when Stripe is configured) is not part
 * of a page's first load: it comes when the buyer sends what precedes it. Pages call `loadPaymentStep`
 * as that is sent, so that the step is usually there when the server answers.
 */
export const loadPaymentStep = () => import("./payment-step.tsx");

const PaymentStep = lazy(() => loadPaymentStep().then((module) => ({ default: module.PaymentStep })));

/** The payment step, with a spinner while its code arrives. */
export function DeferredPaymentStep(props: ComponentProps<typeof PaymentStep>) {
  return (
    <Suspense
      fallback={
        <Icon name="loader-2" size={24} aria-hidden="true" className="mx-auto animate-spin text-muted-foreground" />
      }
    >
      <PaymentStep {...props} />
    </Suspense>
  );
}
