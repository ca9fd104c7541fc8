import { useRef } from "react";
import { useTranslation } from "../i18n/react.tsx";
import { toast } from "../components/ui/toast.ts";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { cartLimitWarnings, lineTexts, type CartTexts } from "../../core/cart/rules.ts";
import { useCart } from "../components/cart/cart-context.tsx";
import { useCartDispatch } from "../components/cart/use-cart-dispatch.ts";
import { CartLine } from "../features/cart/cart-line.tsx";
import { ContinueShoppingLink } from "../features/cart/continue-shopping-link.tsx";
import { OrderSummary } from "../features/cart/order-summary.tsx";
import { useCartAnnouncement } from "../features/cart/use-cart-announcement.ts";
import { CartWarnings } from "../features/cart/cart-warnings.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/cart";
import { Icon } from "../components/ui/icon.tsx";

/**
 * The page's language's names for what a cart can hold: the lines are saved with ids, and read in the
 * language of the page whatever the language they were added in.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  const language = pageLanguage(params, context);
  const [services, deals] = await Promise.all([
    context.services.catalogue.list(language),
    context.services.deals.listVisible(language),
  ]);
  const texts: CartTexts = {
    services: Object.fromEntries(
      services.map((service) => [service.id, { name: service.name, description: service.description }]),
    ),
    deals: Object.fromEntries(
      deals.map((deal) => [String(deal.id), { name: deal.title, description: deal.description }]),
    ),
  };
  return { texts, meta: pageMeta(args, { title: "cart:page.title", description: "cart:page.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** /cart, "Shopping Cart" (specification 000, section 2; specification 001, section 2). */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("cart");
  const { cart, restored } = useCart();
  const dispatch = useCartDispatch();
  const heading = useRef<HTMLHeadingElement>(null);
  const announcement = useCartAnnouncement(restored, cart.itemCount, cart.totalCents);
  const warnings = cartLimitWarnings(cart);
  // When a line or the whole cart goes, its buttons go with it: focus moves to the page's heading.
  const focusHeading = () => heading.current?.focus();

  function clearCart() {
    dispatch({ type: "clear" });
    toast.success(t("toast.clearedTitle"), { description: t("toast.clearedText") });
    focusHeading();
  }

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h1
          ref={heading}
          tabIndex={-1}
          className="font-display text-4xl font-semibold tracking-tight focus:outline-none sm:text-5xl"
        >
          {t("page.title")}
          {restored && cart.itemCount > 0 ? (
            <span
              className="ml-3 align-middle font-sans text-lg font-medium text-muted-foreground"
              data-testid="cart-count"
            >
              ({t("page.itemCount", { count: cart.itemCount })})
            </span>
          ) : null}
        </h1>
        {restored && cart.items.length > 0 ? (
          <Button variant="outline" className="text-destructive hover:bg-red-50" onClick={clearCart}>
            <Icon name="trash-2" size={16} aria-hidden="true" />
            {t("page.clearCart")}
          </Button>
        ) : null}
      </header>

      <p role="status" className="sr-only" data-testid="cart-status">
        {announcement}
      </p>

      {/*
        The cart lives in the browser, so the server's HTML can only say "loading". Whatever replaces that
        (the empty cart, the lines and the summary) appears in this area, which is tall enough to keep the
        footer below the screen in both states: nothing visible moves when it does (no layout shift).
      */}
      <div className="min-h-[calc(100vh-14rem)]">
        {!restored ? (
          <div
            role="status"
            className="flex items-center justify-center gap-3 rounded-xl border border-border bg-white px-6 py-20 text-muted-foreground"
          >
            <Icon name="loader-2" size={20} aria-hidden="true" className="animate-spin" />
            {t("page.loading")}
          </div>
        ) : cart.items.length === 0 ? (
          <section
            aria-labelledby="cart-empty-title"
            className="flex flex-col items-center rounded-xl border border-dashed border-border bg-white px-6 py-20 text-center"
          >
            <Icon name="shopping-cart" size={44} aria-hidden="true" className="text-muted-foreground" />
            <h2 id="cart-empty-title" className="mt-5 font-display text-2xl font-semibold">
              {t("page.emptyTitle")}
            </h2>
            <p className="mt-2 max-w-md text-muted-foreground">{t("page.emptyText")}</p>
            <ContinueShoppingLink className={buttonClasses("primary", "lg", "mt-8 text-base")} />
          </section>
        ) : (
          <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <section aria-labelledby="cart-items-title">
              <CartWarnings warnings={warnings} />
              <h2 id="cart-items-title" className="sr-only">
                {t("page.itemsLabel")}
              </h2>
              <ul className="space-y-4">
                {cart.items.map((item) => (
                  <CartLine
                    key={item.id}
                    item={item}
                    texts={lineTexts(item, loaderData.texts)}
                    onRemoved={focusHeading}
                  />
                ))}
              </ul>
            </section>
            <OrderSummary cart={cart} />
          </div>
        )}
      </div>
    </main>
  );
}
