import { useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toCartService } from "../../../core/catalogue/rules.ts";
import type { LocalizedService } from "../../../core/catalogue/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Button } from "../../components/ui/button.tsx";
import { ShareButton } from "../share/share-button.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { serviceIcon } from "./service-icons.ts";
import { useAddToCart } from "./use-add-to-cart.ts";
import { Icon } from "../../components/ui/icon.tsx";

/**
 * One of the five core offers (spec 000, section 2 "Services section"): "Starting from" its minimum,
 * a quantity stepper, Add to Cart at the minimum price, and share buttons.
 */
export function MainServiceCard({ service, index, shareUrl }: { service: LocalizedService; index: number; shareUrl: string }) {
  const { t } = useTranslation("home");
  const [quantity, setQuantity] = useState(1);
  const { add, adding } = useAddToCart();
  const icon = serviceIcon(service.id);
  const titleId = `service-${service.id}-title`;

  const onAdd = async () => {
    if (await add(toCartService(service, service), quantity, service.minPriceCents)) setQuantity(1);
  };

  return (
    <article aria-labelledby={titleId} className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm transition-shadow hover:shadow-md" data-testid={`service-card-${service.id}`}>
      <div className="flex items-center justify-between">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Icon name={icon} size={24} aria-hidden="true" />
        </span>
        <span aria-hidden="true" className="font-display text-sm text-muted-foreground">
          {String(index + 1).padStart(2, "0")}
        </span>
      </div>
      <h3 id={titleId} className="mt-5 font-display text-xl font-semibold">
        {service.name}
      </h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{service.description}</p>
      <p className="mt-4 text-sm font-semibold text-foreground">
        {t("services.startingFrom", { amount: formatCents(service.minPriceCents, { wholeDollars: true }) })}
      </p>

      <div className="mt-5 space-y-4 border-t border-border pt-5">
        <QuantityStepper value={quantity} onChange={setQuantity} serviceName={service.name} disabled={adding} t={t} />
        <Button onClick={() => void onAdd()} disabled={adding} aria-busy={adding || undefined} className="w-full rounded-full">
          {adding ? <Icon name="loader-circle" size={18} aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Icon name="shopping-cart" size={18} aria-hidden="true" />}
          {adding ? t("services.adding") : t("services.addToCart")}
          <span className="sr-only">: {service.name}</span>
        </Button>
        <ShareButton variant="buttons" title={service.name} description={service.description} url={shareUrl} />
      </div>
    </article>
  );
}
