import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { hotDealIdOf } from "../../../core/cart/line-texts.ts";
import type { PublicDeal } from "../../../core/deals/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Button } from "../../components/ui/button.tsx";
import { GeneratedArt } from "../../components/ui/generated-art.tsx";
import { cn } from "../../lib/cn.ts";
import { useCart } from "../../components/cart/cart-context.tsx";
import { AddStatusLine } from "../../components/cart/add-to-cart-controls.tsx";
import type { AddStatus } from "../../components/cart/use-add-to-cart.ts";
import { InCartLink } from "../../components/cart/in-cart-link.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { onDemand } from "../../lib/on-demand.ts";

/**
 * The cart's rules load with the first Claim, not with the page, as the home page's Add to Cart does
 * (use-add-to-cart.ts): most visits claim nothing, and the page's first load has more to carry.
 */
const cartRules = onDemand(() =>
  import("../../../core/cart/rules.ts").then(({ cartReducer, hotDealItem }) => ({ cartReducer, hotDealItem })),
);

/**
 * One hot deal (spec document 000, sections 2, 4 and 9): discount badge, days left, HURRY! ribbon and
 * red border at 3 days or fewer, original and discounted prices, claimed progress, and Claim, which
 * puts the deal in the cart at its discounted price (Sold Out, disabled, once the limit is reached;
 * All reserved, disabled, while people paying hold every claim left, with the claims they hold shown).
 * Every figure comes from the server (`PublicDeal`), computed at the time of the request.
 */
export function DealCard({ deal }: { deal: PublicDeal }) {
  const hydrated = useHydrated();
  const { t } = useTranslation("deals");
  const { cart, restored, update } = useCart();
  const titleId = useId();
  const inCart = restored && cart.items.some((item) => String(hotDealIdOf(item)) === String(deal.id));

  // What Claim did is said next to it, in a live region, and the focus moves to the "In your cart"
  // link that replaces the button (a removed button would drop the keyboard focus to the page).
  const [status, setStatus] = useState<AddStatus | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const [claimed, setClaimed] = useState(false);
  useEffect(() => {
    if (claimed && inCart) actionsRef.current?.querySelector<HTMLElement>("a")?.focus();
  }, [claimed, inCart]);

  const claiming = useRef(false);
  async function claim() {
    if (claiming.current) return;
    claiming.current = true;
    try {
      const { cartReducer, hotDealItem } = await cartRules.load();
      const item = hotDealItem({
        dealId: deal.id,
        name: deal.title,
        description: deal.description,
        priceCents: deal.discountedPrice,
        perPersonLimit: deal.perPersonLimit,
      });
      const result = update((state) => cartReducer(state, { type: "add", ...item }));
      if (result.error) {
        setStatus({
          tone: "error",
          title: t("cart:toast.addErrorTitle"),
          text: t(result.error.messageKey, result.error.params),
        });
        return;
      }
      setStatus({
        tone: "added",
        title: t("cart:toast.addedTitle"),
        text: t("cart:toast.addedText", { service: deal.title }),
      });
      setClaimed(true);
    } catch (error) {
      // The rules could not be downloaded (offline, a new release): nothing was added.
      console.error("Could not add the deal to the cart", error);
      setStatus({ tone: "error", title: t("cart:toast.addErrorTitle"), text: t("cart:toast.addErrorText") });
    } finally {
      claiming.current = false;
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      data-testid="deal-card"
      data-hurry={deal.hurry}
      className={cn(
        "relative flex h-full w-full flex-col overflow-hidden rounded-2xl border-2 bg-white shadow-sm",
        deal.hurry ? "border-red-600" : "border-border",
      )}
    >
      {deal.hurry ? (
        <p
          className="absolute right-0 top-4 z-10 inline-flex items-center gap-1 rounded-l-full bg-red-700 py-1 pl-3 pr-4 text-sm font-bold tracking-wide text-white shadow"
          data-testid="hurry"
        >
          <Icon name="flame" size={14} aria-hidden="true" />
          {t("card.hurry")}
        </p>
      ) : null}

      {deal.featuredImage ? (
        <img src={deal.featuredImage} alt="" loading="lazy" className="aspect-[16/9] w-full object-cover" />
      ) : (
        // Each deal its own art, drawn from the deal: no two deals share a picture.
        <GeneratedArt seed={`deal-${deal.id}-${deal.discountPercentage}`} className="aspect-[16/9] w-full">
          <span className="relative flex flex-col items-center font-display font-semibold leading-none drop-shadow">
            <span className="text-5xl">{t("card.percentOff", { percent: deal.discountPercentage })}</span>
            <span className="mt-2 max-w-[80%] text-center text-sm font-medium uppercase tracking-wider text-white/90">
              {deal.serviceName}
            </span>
          </span>
        </GeneratedArt>
      )}

      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="inline-flex items-center rounded-full bg-red-700 px-3 py-1 text-sm font-bold text-white"
            data-testid="discount"
          >
            <span className="sr-only">{t("card.discountLabel", { percent: deal.discountPercentage })}</span>
            <span aria-hidden="true">{t("card.percentOff", { percent: deal.discountPercentage })}</span>
          </span>
          <span
            className={cn(
              "inline-flex items-center gap-1 text-sm font-medium",
              deal.hurry ? "text-red-700" : "text-muted-foreground",
            )}
            data-testid="days-left"
          >
            <Icon name="clock" size={14} aria-hidden="true" />
            {t("card.daysLeft", { count: deal.daysLeft })}
          </span>
        </div>

        <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-primary">{deal.serviceName}</p>
        <h2 id={titleId} className="mt-1 font-display text-xl font-semibold">
          {deal.title}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{deal.description}</p>

        <p className="mt-5 flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="prices">
          <span className="text-3xl font-bold text-foreground">
            <span className="sr-only">{t("card.dealPrice")} </span>
            {formatCents(deal.discountedPrice)}
          </span>
          <del className="text-base text-muted-foreground">
            <span className="sr-only">{t("card.originalPrice")} </span>
            {formatCents(deal.originalPrice)}
          </del>
        </p>

        <div className="mt-auto pt-6">
          {deal.claimLimit !== null ? (
            <div className="mb-4">
              <div className="flex justify-between text-sm">
                <span className="text-muted-foreground" data-testid="claimed">
                  {t("card.claimedOf", { count: deal.claimCount, limit: deal.claimLimit })}
                </span>
                <span className="font-medium">{t("card.percent", { percent: deal.progress })}</span>
              </div>
              <div
                role="progressbar"
                aria-label={t("card.progressLabel")}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={deal.progress}
                aria-valuetext={t("card.claimedOf", { count: deal.claimCount, limit: deal.claimLimit })}
                className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={cn(
                    "h-full rounded-full",
                    deal.soldOut ? "bg-muted-foreground" : deal.hurry ? "bg-red-600" : "bg-primary",
                  )}
                  style={{ width: `${deal.progress}%` }}
                />
              </div>
            </div>
          ) : (
            <p className="mb-4 text-sm text-muted-foreground" data-testid="claimed">
              {t("card.claimed", { count: deal.claimCount })}
            </p>
          )}
          <p className="-mt-2 mb-4 flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
            <span data-testid="per-person">{t("card.perPerson", { count: deal.perPersonLimit })}</span>
            {deal.claimsReserved > 0 && !deal.soldOut ? (
              <span data-testid="reserved">{t("card.reserved", { count: deal.claimsReserved })}</span>
            ) : null}
          </p>

          <div ref={actionsRef}>
            {deal.soldOut ? (
              <Button className="w-full rounded-full" size="lg" variant="secondary" disabled>
                {t("card.soldOut")}
              </Button>
            ) : deal.allReserved && !inCart ? (
              <>
                <Button
                  className="w-full rounded-full"
                  size="lg"
                  variant="secondary"
                  disabled
                  aria-describedby={`${titleId}-reserved`}
                >
                  {t("card.allReserved")}
                </Button>
                <p
                  id={`${titleId}-reserved`}
                  className="mt-2 text-xs text-muted-foreground"
                  data-testid="all-reserved-text"
                >
                  {t("card.allReservedText")}
                </p>
              </>
            ) : inCart ? (
              <InCartLink size="lg" className="w-full" label={t("card.inCart")} />
            ) : (
              <Button
                className="w-full rounded-full"
                size="lg"
                onClick={() => void claim()}
                disabled={!hydrated}
                aria-describedby={titleId}
              >
                {t("card.claim")}
              </Button>
            )}
          </div>
          <AddStatusLine status={status} className="mt-3" />
        </div>
      </div>
    </article>
  );
}
