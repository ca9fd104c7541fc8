import { useTranslation } from "../../i18n/react.tsx";
import type { SubscriptionView } from "../../../core/checkout/subscriptions.server.ts";
import { formatCents } from "../../../core/money/money.ts";
import { MissingPage } from "../../components/missing-page.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The subscriber's pages' shared parts (/subscribe/success, /subscription/:token): the page a link that
 * names no subscription gets, and the plan's title with its monthly price. The pages add their own
 * details around them.
 */

/** The whole page when the link's token names no subscription (a 404 that reveals nothing). */
export function SubscriptionMissing() {
  const { t } = useTranslation("payments");
  return (
    <MissingPage
      testId="subscription-missing"
      title={t("manage.notFoundTitle")}
      text={t("manage.notFoundText")}
      homeText={t("subscription.backHome")}
    />
  );
}

/**
 * The plan's name and "$99.00/month", the heading of the subscription's card (`id` labels the card).
 * `large` where the plan is the page's subject (its management page); `stacked` puts the price under the
 * name on a phone, where a long plan name leaves no room beside it.
 */
export function PlanTitle({
  id,
  subscription,
  large = false,
  stacked = false,
}: {
  id: string;
  subscription: Pick<SubscriptionView, "plan" | "priceCents">;
  large?: boolean;
  stacked?: boolean;
}) {
  const { t } = useTranslation("payments");
  return (
    <h2 id={id} className={cn("font-display font-semibold", large ? "text-2xl" : "text-xl")}>
      {subscription.plan}{" "}
      <span className={cn("text-base font-normal text-muted-foreground", stacked && "block sm:inline")}>
        {t("subscription.perMonth", { price: formatCents(subscription.priceCents) })}
      </span>
    </h2>
  );
}
