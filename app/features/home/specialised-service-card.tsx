import { useId, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useNavigate } from "react-router";
import { toast } from "../../components/ui/toast.ts";
import {
  budgetDigits,
  checkBudget,
  defaultUnitPriceCents,
  isFixedPrice,
  toCartService,
} from "../../../core/catalogue/rules.ts";
import type { LocalizedService } from "../../../core/catalogue/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { GeneratedArt } from "../../components/ui/generated-art.tsx";
import { cn } from "../../lib/cn.ts";
import { useCart } from "../../components/cart/cart-context.tsx";
import { useLocalizedPath } from "../../i18n/localized-link.tsx";
import { ShareButton } from "../../components/share/share-button.tsx";
import { AddStatusLine, AddToCartButton } from "../../components/cart/add-to-cart-controls.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { SECTIONS, sectionHref } from "../../components/section-scroll.ts";
import { serviceIcon } from "./service-icons.ts";
import { useAddToCart } from "../../components/cart/use-add-to-cart.ts";
import { Icon } from "../../components/ui/icon.tsx";

const dollarsOf = (cents: number) => String(cents / 100);
const whole = (cents: number) => formatCents(cents, { wholeDollars: true });

/**
 * The custom payment page's address for a service (spec 000, section 2): the amount in dollars, the
 * service's title in the page language, and a one-time payment plan.
 */
export function paymentHref(amountCents: number, serviceName: string): string {
  return `/payment?amount=${encodeURIComponent(dollarsOf(amountCents))}&service=${encodeURIComponent(serviceName)}&paymentPlan=1time`;
}

/**
 * One of the eleven specialised services as a row of the list: its art, name and price range (or its
 * fixed price), and a button that opens the row. Open, it shows the description, the budget (or, for a
 * fixed-price service such as Logo Design, its price), the quantity, Add to Cart, Get started and Share.
 * Only the open row renders its controls, so the list stays short and light.
 */
export function SpecialisedRow({
  service,
  open,
  onToggle,
}: {
  service: LocalizedService;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation("home");
  const { cart, restored } = useCart();
  const id = useId();
  const buttonId = `specialised-${service.id}-button`;
  const panelId = `${id}panel`;
  const fixed = isFixedPrice(service);
  const inCart = restored && cart.items.some((item) => item.serviceId === service.id);

  return (
    <li
      className={cn(
        "rounded-2xl border bg-white transition-shadow",
        open ? "border-primary/40 shadow-md" : "border-border shadow-sm hover:shadow",
      )}
      data-testid={`specialised-card-${service.id}`}
    >
      <h3>
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center gap-3 rounded-2xl p-2.5 text-left focus-visible:outline-offset-2"
        >
          <GeneratedArt
            seed={service.id}
            icon={serviceIcon(service.id)}
            className="h-11 w-11 shrink-0 rounded-xl"
            iconSize={20}
          />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold leading-snug text-foreground">{service.name}</span>
            <span className="block text-sm text-muted-foreground">
              {fixed
                ? t("specialised.fixedPrice", { amount: whole(service.fixedPriceCents ?? 0) })
                : t("specialised.range", { min: whole(service.minPriceCents), max: whole(service.maxPriceCents) })}
            </span>
          </span>
          {inCart ? (
            <span className="hidden shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 sm:inline-flex">
              <Icon name="check" size={12} aria-hidden="true" />
              {t("cart:page.inCart")}
            </span>
          ) : null}
          <Icon
            name="chevron-down"
            size={18}
            aria-hidden="true"
            className={cn(
              "text-muted-foreground transition-transform motion-reduce:transition-none",
              open && "rotate-180",
            )}
          />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open}>
        {open ? <SpecialisedPanel service={service} /> : null}
      </div>
    </li>
  );
}

/**
 * The open row: a budget in whole dollars (digits only, anything else is dropped as it is typed) within
 * the service's range, a quantity, Add to Cart at that budget, and Get started, to the custom payment
 * page. An invalid budget is refused with the specification's messages ('Please enter a valid amount';
 * 'Invalid Amount' / 'Amount must be between ${min} and ${max}'), under the field and in a toast, and
 * changes nothing. A fixed-price service shows its price and is added at it.
 */
function SpecialisedPanel({ service }: { service: LocalizedService }) {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const fixed = isFixedPrice(service);
  const [budget, setBudget] = useState(() => dollarsOf(defaultUnitPriceCents(service)));
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const { add, adding, status, clearStatus } = useAddToCart();
  const range = { min: whole(service.minPriceCents), max: whole(service.maxPriceCents) };
  const shareUrl = `${localize("/")}${sectionHref(SECTIONS.services)}`;

  /** The amount in cents, or null after saying why the budget is refused. */
  const validAmount = (): number | null => {
    if (fixed) return service.fixedPriceCents;
    const result = checkBudget(service, budget);
    if (result.ok) return result.amountCents;
    const message = t(result.messageKey, result.params);
    setBudgetError(message);
    clearStatus();
    toast.error(t(result.titleKey), { description: message });
    return null;
  };

  const onAdd = async () => {
    const amountCents = validAmount();
    if (amountCents === null) return;
    if (await add(toCartService(service, service), quantity, amountCents)) setQuantity(1);
  };

  const onGetStarted = () => {
    const amountCents = validAmount();
    if (amountCents === null) return;
    void navigate(localize(paymentHref(amountCents, service.name)));
  };

  return (
    <div className="space-y-4 border-t border-border px-4 pb-4 pt-3">
      <p className="text-sm leading-relaxed text-muted-foreground">{service.description}</p>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end lg:grid-cols-1">
        {fixed ? (
          <p className="text-sm" data-testid="fixed-price">
            <span className="block font-medium text-muted-foreground">{t("specialised.priceLabel")}</span>
            <span className="font-display text-2xl font-semibold tabular-nums text-foreground">
              {whole(service.fixedPriceCents ?? 0)}
            </span>{" "}
            <span className="text-muted-foreground">{t("specialised.fixedNote")}</span>
          </p>
        ) : (
          <Field label={t("specialised.budget")} hint={t("specialised.budgetHint", range)} error={budgetError}>
            {(field) => (
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
                >
                  $
                </span>
                <Input
                  {...field}
                  name="budget"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autoComplete="off"
                  value={budget}
                  onChange={(event) => {
                    setBudget(budgetDigits(event.target.value));
                    setBudgetError(null);
                  }}
                  className="pl-7 tabular-nums"
                />
              </div>
            )}
          </Field>
        )}
        <QuantityStepper value={quantity} onChange={setQuantity} serviceName={service.name} disabled={adding} t={t} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <AddToCartButton adding={adding} onAdd={() => void onAdd()} serviceName={service.name} t={t} />
        <button
          type="button"
          onClick={onGetStarted}
          className={buttonClasses("outline", "md", "rounded-full px-4 text-sm whitespace-nowrap")}
        >
          {t("specialised.getStarted")}
          <span className="sr-only">: {service.name}</span>
          <Icon name="arrow-right" size={16} aria-hidden="true" />
        </button>
        <ShareButton
          title={service.name}
          description={service.description}
          url={shareUrl}
          className="h-10 rounded-full px-3"
        />
      </div>
      <AddStatusLine status={status} />
    </div>
  );
}
