import { useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useNavigate } from "react-router";
import { toast } from "../../components/ui/toast.ts";
import { checkBudget, defaultUnitPriceCents, toCartService } from "../../../core/catalogue/rules.ts";
import type { LocalizedService } from "../../../core/catalogue/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { useLocalizedPath } from "../i18n/localized-link.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { serviceIcon } from "./service-icons.ts";
import { useAddToCart } from "./use-add-to-cart.ts";
import { Icon } from "../../components/ui/icon.tsx";

const dollarsOf = (cents: number) => String(cents / 100);

/**
 * The custom payment page's address for a service (spec 000, section 2): the amount in dollars, the
 * service's title in the page language, and a one-time payment plan.
 */
export function paymentHref(amountCents: number, serviceName: string): string {
  return `/payment?amount=${encodeURIComponent(dollarsOf(amountCents))}&service=${encodeURIComponent(serviceName)}&paymentPlan=1time`;
}

/**
 * One of the eleven specialised services: a budget in whole dollars within the service's range, a
 * quantity, Add to Cart at that budget (a fixed-price service is sold at its price whatever is typed)
 * and Get started, to the custom payment page. An invalid budget gets the 'Invalid Amount' toast and
 * changes nothing.
 */
export function SpecialisedServiceCard({ service }: { service: LocalizedService }) {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [budget, setBudget] = useState(() => dollarsOf(defaultUnitPriceCents(service)));
  const [quantity, setQuantity] = useState(1);
  const { add, adding } = useAddToCart();
  const icon = serviceIcon(service.id);
  const titleId = `specialised-${service.id}-title`;
  const fixed = service.pricingType === "fixed" && service.fixedPriceCents !== null;
  const range = { min: formatCents(service.minPriceCents, { wholeDollars: true }), max: formatCents(service.maxPriceCents, { wholeDollars: true }) };

  /** The budget in cents, or null after telling the visitor why it is refused. */
  const validBudget = (): number | null => {
    const result = checkBudget(service, budget);
    if (result.ok) return result.amountCents;
    toast.error(t(result.titleKey), { description: t(result.messageKey, result.params) });
    return null;
  };

  const onAdd = async () => {
    const amountCents = validBudget();
    if (amountCents === null) return;
    if (await add(toCartService(service, service), quantity, amountCents)) setQuantity(1);
  };

  const onGetStarted = () => {
    const amountCents = validBudget();
    if (amountCents === null) return;
    void navigate(localize(paymentHref(fixed ? (service.fixedPriceCents ?? amountCents) : amountCents, service.name)));
  };

  return (
    <article aria-labelledby={titleId} className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm" data-testid={`specialised-card-${service.id}`}>
      <div className="flex items-start gap-4">
        <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <Icon name={icon} size={22} aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 id={titleId} className="font-display text-lg font-semibold leading-snug">
            {service.name}
          </h3>
          <p className="mt-1 text-sm font-semibold text-foreground">
            {fixed
              ? t("specialised.fixedPrice", { amount: formatCents(service.fixedPriceCents ?? 0, { wholeDollars: true }) })
              : t("services.startingFrom", { amount: range.min })}
          </p>
        </div>
      </div>
      <p className="mt-3 flex-1 text-sm leading-relaxed text-muted-foreground">{service.description}</p>

      <div className="mt-5 space-y-4 border-t border-border pt-5">
        <Field label={t("specialised.budget")} hint={t("specialised.budgetHint", range)}>
          {(field) => (
            <div className="relative">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
                $
              </span>
              <Input {...field} inputMode="numeric" autoComplete="off" value={budget} onChange={(event) => setBudget(event.target.value)} className="pl-7 tabular-nums" />
            </div>
          )}
        </Field>
        <QuantityStepper value={quantity} onChange={setQuantity} serviceName={service.name} disabled={adding} t={t} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void onAdd()} disabled={adding} aria-busy={adding || undefined} className="min-w-fit flex-1 whitespace-nowrap rounded-full px-3 text-sm">
            {adding ? <Icon name="loader-circle" size={16} aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Icon name="shopping-cart" size={16} aria-hidden="true" />}
            {adding ? t("services.adding") : t("services.addToCart")}
            <span className="sr-only">: {service.name}</span>
          </Button>
          <Button variant="outline" onClick={onGetStarted} className="min-w-fit flex-1 whitespace-nowrap rounded-full px-3 text-sm">
            {t("specialised.getStarted")}
            <span className="sr-only">: {service.name}</span>
            <Icon name="arrow-right" size={16} aria-hidden="true" />
          </Button>
        </div>
      </div>
    </article>
  );
}
