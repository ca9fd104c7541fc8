import { useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toCartService } from "../../../core/catalogue/rules.ts";
import type { LocalizedService } from "../../../core/catalogue/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { GeneratedArt } from "../../components/ui/generated-art.tsx";
import { AddStatusLine, AddToCartButton } from "../../components/cart/add-to-cart-controls.tsx";
import { LazyShareButton } from "./lazy-share-button.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { serviceIcon } from "./service-icons.ts";
import { useAddToCart } from "../../components/cart/use-add-to-cart.ts";

/** Icon only, on the card's art: its name ("Share: Conception") is still read. */
const ICON_ONLY_SHARE =
  "absolute right-2 top-2 h-9 w-9 rounded-full border-white/80 bg-white/90 px-0 text-foreground shadow-sm hover:bg-white [&>span[aria-hidden=true]]:hidden [&>svg:last-child]:hidden";

/**
 * One of the five core offers (spec 000, section 2 "Services section"): its art, "Starting from" its
 * minimum, a quantity stepper, Add to Cart at the minimum price, and a share menu.
 */
export function MainServiceCard({
  service,
  index,
  shareUrl,
}: {
  service: LocalizedService;
  index: number;
  shareUrl: string;
}) {
  const { t } = useTranslation("home");
  const [quantity, setQuantity] = useState(1);
  const { add, adding, status } = useAddToCart();
  const titleId = `service-${service.id}-title`;

  const onAdd = async () => {
    if (await add(toCartService(service, service), quantity, service.minPriceCents)) setQuantity(1);
  };

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm"
      data-testid={`service-card-${service.id}`}
    >
      <div className="relative">
        <GeneratedArt seed={service.id} icon={serviceIcon(service.id)} className="h-14 w-full" />
        <span aria-hidden="true" className="absolute left-3 top-2 font-display text-sm font-semibold text-white/90">
          {String(index + 1).padStart(2, "0")}
        </span>
        <LazyShareButton
          title={service.name}
          description={service.description}
          url={shareUrl}
          className={ICON_ONLY_SHARE}
        />
      </div>
      <div className="flex flex-1 flex-col p-3.5">
        <h3 id={titleId} className="font-display text-lg font-semibold leading-snug">
          {service.name}
        </h3>
        <p className="mt-1 flex-1 text-sm leading-relaxed text-muted-foreground">{service.description}</p>
        <p className="mt-3 text-sm font-semibold text-foreground">
          {t("services.startingFrom", { amount: formatCents(service.minPriceCents, { wholeDollars: true }) })}
        </p>
        <div className="mt-3 space-y-3">
          <QuantityStepper
            value={quantity}
            onChange={setQuantity}
            serviceName={service.name}
            disabled={adding}
            t={t}
            compact
          />
          <AddToCartButton
            adding={adding}
            onAdd={() => void onAdd()}
            serviceName={service.name}
            t={t}
            className="w-full px-3"
          />
          <AddStatusLine status={status} />
        </div>
      </div>
    </article>
  );
}
