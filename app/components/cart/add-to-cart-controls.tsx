import type { TFunction } from "../../../core/i18n/translator.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { buttonClasses } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { Icon } from "../ui/icon.tsx";
import type { AddStatus } from "./use-add-to-cart.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * Add to Cart on a card. While adding it says "Adding..." and ignores clicks, but it is not disabled then:
 * a disabled button drops the keyboard focus, and the visitor's place on the page with it. It is disabled
 * only before the page has hydrated, when nothing could act on a click and no focus is there to keep.
 */
export function AddToCartButton({
  adding,
  onAdd,
  serviceName,
  t,
  className,
}: {
  adding: boolean;
  onAdd: () => void;
  serviceName: string;
  t: TFunction;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => {
        if (!adding) onAdd();
      }}
      aria-disabled={adding || undefined}
      aria-busy={adding || undefined}
      className={buttonClasses(
        "primary",
        "md",
        cn("rounded-full px-4 text-sm whitespace-nowrap aria-disabled:opacity-80", className),
      )}
    >
      <Icon
        name={adding ? "loader-circle" : "shopping-cart"}
        size={16}
        aria-hidden="true"
        className={adding ? "animate-spin motion-reduce:animate-none" : undefined}
      />
      {adding ? t("services.adding") : t("services.addToCart")}
      <span className="sr-only">: {serviceName}</span>
    </button>
  );
}

/**
 * Where a card says what its Add to Cart did: a polite live region, present from the start so that
 * screen readers announce what appears in it, next to the button the visitor used.
 */
export function AddStatusLine({ status, className }: { status: AddStatus | null; className?: string }) {
  const { t } = useTranslation("cart");
  return (
    <p role="status" aria-live="polite" className={cn("text-sm", className)} data-testid="add-status">
      {status ? (
        <span
          className={cn(
            "inline-flex flex-wrap items-center gap-x-1.5",
            status.tone === "added" ? "text-emerald-800" : "text-destructive",
          )}
        >
          <Icon
            name={status.tone === "added" ? "check-circle-2" : "alert-circle"}
            size={15}
            aria-hidden="true"
            className="self-center"
          />
          {/* Spaces between the parts, so that the text read aloud is "Added to cart! Website has been..." */}
          <strong className="font-semibold">{status.title}</strong> <span>{status.text}</span>{" "}
          {status.tone === "added" ? (
            <LocalizedLink to="/cart" className="font-semibold text-primary underline underline-offset-2">
              {t("page.viewCart")}
            </LocalizedLink>
          ) : null}
        </span>
      ) : null}
    </p>
  );
}
