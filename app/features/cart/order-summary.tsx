import { useRef } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import { checkOrderLimits } from "../../../core/cart/rules.ts";
import type { CartState } from "../../../core/cart/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { useCart } from "../../components/cart/cart-context.tsx";
import { useApplyPromo } from "./use-apply-promo.ts";
import { FieldRefusal, Form, useForm } from "../../lib/form.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { CART_CHECKOUT_PATH } from "../../components/cart/checkout-link.ts";
import { ContinueShoppingLink } from "./continue-shopping-link.tsx";
import { useCartCommand } from "./use-cart-command.ts";
import { Icon } from "../../components/ui/icon.tsx";
import { MoneySummary } from "../../components/money-summary.tsx";

/**
 * The promo code field (specification 000, sections 5 and 8). An empty field gives 'Please enter a
 * promo code'; the server checks the code and its refusal ('Invalid promo code', 'This promo code
 * requires a minimum order of $500') is shown under the field; a failure to reach it gives 'Error
 * applying promo code' / 'Please try again later'; success 'Promo code applied!' / 'You saved {amount}'.
 */
function PromoForm() {
  const { t } = useTranslation("cart");
  const { cart } = useCart();
  const applyPromo = useApplyPromo();
  const run = useCartCommand();
  const input = useRef<HTMLInputElement>(null);
  const applied = cart.promoCode;
  const form = useForm({
    submit: async ({ value }) => {
      const code = (value as { promoCode?: string }).promoCode ?? "";
      const outcome = await applyPromo(code);
      if (outcome.ok) return outcome;
      // The server's refusal, or the cart's own (an empty field, a minimum not reached), at the field.
      throw new FieldRefusal({
        promoCode:
          outcome.message ??
          (outcome.error ? t(outcome.error.messageKey, outcome.error.params) : t("promo.applyFailed")),
      });
    },
    onSuccess: (outcome, element) => {
      element.reset();
      toast.success(t("promo.appliedTitle"), {
        description: outcome.notice ? t(outcome.notice.messageKey, outcome.notice.params) : undefined,
      });
    },
    onFailure: (failure) => {
      if (failure instanceof FieldRefusal) return;
      console.error("Could not check the promo code", failure);
      toast.error(t("promo.errorTitle"), { description: t("promo.errorText") });
    },
  });

  function removePromo() {
    run({ type: "removePromo" });
    input.current?.focus();
  }

  return (
    <div className="space-y-3">
      {applied ? (
        <div
          className="flex items-center justify-between gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          data-testid="applied-promo"
        >
          <span className="inline-flex min-w-0 items-center gap-2 font-medium">
            <Icon name="tag" size={16} aria-hidden="true" className="shrink-0" />
            <span className="truncate">{t("page.appliedCode", { code: applied.code })}</span>
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="h-8 w-8 shrink-0 text-green-800 hover:bg-green-100"
            aria-label={t("page.removePromo", { code: applied.code })}
            onClick={removePromo}
          >
            <Icon name="x" size={16} aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      {/* No form error: a refusal is the field's, and a failure to reach the server is the spec's toast. */}
      <Form form={form} className="space-y-2">
        <Field label={t("page.promoCode")} field={form.field("promoCode")}>
          {(props) => (
            <div className="flex gap-2">
              <Input
                {...props}
                ref={input}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                className="uppercase placeholder:normal-case"
              />
              <SubmitButton
                form={form}
                variant="outline"
                className="shrink-0"
                label={t("page.apply")}
                busyLabel={t("page.applying")}
              />
            </div>
          )}
        </Field>
      </Form>
    </div>
  );
}

/**
 * The cart's summary: promo code, subtotal, discount, tax ("Calculated at checkout"), total, Proceed to
 * Checkout (to /checkout, which reads the cart saved in this browser) and Continue Shopping, and the secure-payment note.
 * A cart that no order could be made of (a total below $0.50 after a discount, say) says why instead of
 * sending the visitor to a checkout that would refuse it.
 */
export function OrderSummary({ cart }: { cart: CartState }) {
  const { t } = useTranslation("cart");
  const limits = checkOrderLimits(cart);
  const blocked = limits.ok ? null : t(limits.messageKey, limits.params);
  const promo = cart.promoCode;

  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-xl border border-border bg-white p-6 shadow-sm lg:sticky lg:top-24"
    >
      <h2 id="order-summary-title" className="font-display text-2xl font-semibold">
        {t("page.summaryTitle")}
      </h2>
      <div className="mt-5">
        <PromoForm />
      </div>
      <MoneySummary
        size="large"
        className="mt-6 border-t border-border pt-5"
        lines={[
          { label: t("page.subtotal"), amount: formatCents(cart.subtotalCents), testId: "subtotal" },
          {
            label: promo ? t("page.discountWithCode", { code: promo.code }) : t("page.discount"),
            amount: cart.discountCents > 0 ? `−${formatCents(cart.discountCents)}` : formatCents(0),
            tone: cart.discountCents > 0 ? "success" : undefined,
            testId: "discount",
          },
          { label: t("page.tax"), amount: t("page.taxCalculated"), tone: "muted" },
          { label: t("page.total"), amount: formatCents(cart.totalCents), total: true, testId: "total" },
        ]}
      />

      <div className="mt-6 space-y-3">
        {blocked ? (
          <>
            <Button size="lg" className="w-full text-base" disabled aria-describedby="checkout-blocked">
              {t("page.proceedToCheckout")}
            </Button>
            <p id="checkout-blocked" className="text-sm text-destructive">
              {blocked}
            </p>
          </>
        ) : (
          // A document navigation, not the router's: the checkout page reads the cart this browser saved,
          // so nothing is lost, and the click always leads somewhere, even while a router navigation or
          // revalidation (the promo code just applied) is still pending, or before the page has hydrated.
          <LocalizedLink
            to={CART_CHECKOUT_PATH}
            reloadDocument
            className={buttonClasses("primary", "lg", "w-full text-base")}
            data-testid="proceed-to-checkout"
          >
            {t("page.proceedToCheckout")}
          </LocalizedLink>
        )}
        <ContinueShoppingLink className={buttonClasses("outline", "lg", "w-full text-base")} />
      </div>

      <p className="mt-5 flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
        <Icon name="lock" size={14} aria-hidden="true" className="mt-0.5 shrink-0" />
        {t("page.secureNote")}
      </p>
    </section>
  );
}
