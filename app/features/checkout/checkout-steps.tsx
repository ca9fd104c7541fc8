import { useTranslation } from "../../i18n/react.tsx";
import { cn } from "../../lib/cn.ts";

/** Where the visitor is: 1 their details, 2 the payment. */
export function CheckoutSteps({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation("checkout");
  const steps = [t("page.stepDetails"), t("page.stepPayment")];
  return (
    <ol aria-label={t("page.stepsLabel")} className="flex items-center gap-3 text-sm" data-testid="checkout-steps">
      {steps.map((label, index) => {
        const current = index + 1 === step;
        const done = index + 1 < step;
        return (
          <li key={label} aria-current={current ? "step" : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                "inline-flex h-7 w-7 items-center justify-center rounded-full text-xs font-semibold",
                current
                  ? "bg-primary text-primary-foreground"
                  : done
                    ? "bg-green-100 text-green-800"
                    : "bg-muted text-muted-foreground",
              )}
            >
              {index + 1}
            </span>
            <span className={current ? "font-semibold" : "text-muted-foreground"}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
