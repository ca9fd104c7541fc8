import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { formatCents } from "../../../core/money/money.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { SectionHeading } from "../../components/section-heading.tsx";
import { SECTIONS, sectionHref } from "../../components/section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

/** The consultation's service and price as the checkout pages read them (spec 000, section 2 "Pricing cards"). */
export const CONSULTATION_QUERY = `service=${encodeURIComponent("Marketing Consultation")}&amount=500`;
export const CONSULTATION_CARD_HREF = `/checkout?${CONSULTATION_QUERY}`;
export const CONSULTATION_BANK_HREF = `/bank-checkout?${CONSULTATION_QUERY}`;
/** The plan is named, never priced, in the address: the subscribe page reads its price from the server (spec README, decision 4). */
export const PROFESSIONAL_HREF = "/subscribe?plan=Professional";

const CONSULTATION_PRICE_CENTS = 50_000;
const PROFESSIONAL_PRICE_CENTS = 99_900;

/**
 * Pricing plans: Consultation ($500), Professional ($999 per month, most popular) and Enterprise
 * (custom). Side by side on a wide screen; on a phone a row that scrolls sideways, so that three tall
 * cards do not follow one another.
 */
export function PricingSection() {
  const { t } = useTranslation("home");
  const consultation = sectionHref(SECTIONS.consultation);
  const sized = "h-auto min-h-10 w-full rounded-full py-2 text-sm [text-align:center]";
  const primary = buttonClasses("primary", "md", sized);
  const outline = buttonClasses("outline", "md", sized);

  return (
    <section aria-labelledby="pricing-title" className="border-y border-border bg-muted/40 py-8 sm:py-10">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow={t("pricing.eyebrow")}
          title={t("pricing.title")}
          intro={t("pricing.intro")}
          split
        />
        <ul className="-mx-4 mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 pt-5 lg:mx-0 lg:mt-8 lg:grid lg:grid-cols-3 lg:items-stretch lg:gap-6 lg:overflow-visible lg:px-0 lg:pb-0">
          <PlanCard
            id="consultation"
            name={t("pricing.consultation.name")}
            price={formatCents(CONSULTATION_PRICE_CENTS, { wholeDollars: true })}
            period={t("pricing.oneTime")}
            description={t("pricing.consultation.description")}
            features={[
              t("pricing.consultation.features.session"),
              t("pricing.consultation.features.plan"),
              t("pricing.consultation.features.followUp"),
            ]}
          >
            <LocalizedLink to={CONSULTATION_CARD_HREF} className={primary}>
              <Icon name="credit-card" size={18} aria-hidden="true" />
              {t("pricing.consultation.payByCard")}
            </LocalizedLink>
            <LocalizedLink to={CONSULTATION_BANK_HREF} className={outline}>
              <Icon name="landmark" size={18} aria-hidden="true" />
              {t("pricing.consultation.payByBank")}
            </LocalizedLink>
            <p className="text-center text-xs text-muted-foreground">{t("pricing.bankNote")}</p>
          </PlanCard>

          <PlanCard
            id="professional"
            featured
            badge={t("pricing.mostPopular")}
            name={t("pricing.professional.name")}
            price={formatCents(PROFESSIONAL_PRICE_CENTS, { wholeDollars: true })}
            period={t("pricing.perMonth")}
            description={t("pricing.professional.description")}
            features={[
              t("pricing.professional.features.sessions"),
              t("pricing.professional.features.phone"),
              t("pricing.professional.features.campaigns"),
              t("pricing.professional.features.reporting"),
            ]}
          >
            <LocalizedLink
              to={PROFESSIONAL_HREF}
              className={buttonClasses("primary", "md", `${sized} bg-white text-primary hover:bg-indigo-50`)}
            >
              <Icon name="sparkles" size={18} aria-hidden="true" />
              {t("pricing.professional.subscribe")}
            </LocalizedLink>
            <a
              href={consultation}
              className={buttonClasses(
                "outline",
                "md",
                `${sized} border-white/60 bg-transparent text-white hover:bg-white/10`,
              )}
            >
              <Icon name="landmark" size={18} aria-hidden="true" />
              {t("pricing.professional.bankTransfer")}
            </a>
          </PlanCard>

          <PlanCard
            id="enterprise"
            name={t("pricing.enterprise.name")}
            price={t("pricing.enterprise.price")}
            description={t("pricing.enterprise.description")}
            features={[
              t("pricing.enterprise.features.manager"),
              t("pricing.enterprise.features.sla"),
              t("pricing.enterprise.features.integrations"),
            ]}
          >
            <a href={consultation} className={outline}>
              {t("pricing.enterprise.contact")}
            </a>
          </PlanCard>
        </ul>
      </div>
    </section>
  );
}

function PlanCard({
  id,
  name,
  price,
  period,
  description,
  features,
  featured = false,
  badge,
  children,
}: {
  id: string;
  name: string;
  price: string;
  period?: string;
  description: string;
  features: string[];
  featured?: boolean;
  badge?: string;
  children: ReactNode;
}) {
  return (
    <li
      data-testid={`plan-${id}`}
      className={cn(
        "relative flex w-[85%] max-w-sm shrink-0 snap-center flex-col rounded-3xl border p-6 lg:w-auto lg:max-w-none",
        featured
          ? "border-primary bg-primary text-white shadow-xl shadow-indigo-900/20 lg:-my-3 lg:py-9"
          : "border-border bg-white shadow-sm",
      )}
    >
      {badge ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-accent px-4 py-1 text-xs font-semibold uppercase tracking-wider text-white shadow">
          {badge}
        </p>
      ) : null}
      <h3 className="font-display text-2xl font-semibold">{name}</h3>
      <p className={cn("mt-2 text-sm", featured ? "text-indigo-100" : "text-muted-foreground")}>{description}</p>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="font-display text-4xl font-semibold tracking-tight">{price}</span>
        {period ? (
          <span className={cn("text-sm", featured ? "text-indigo-100" : "text-muted-foreground")}>{period}</span>
        ) : null}
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Icon
              name="check"
              size={18}
              aria-hidden="true"
              className={cn("mt-0.5 shrink-0", featured ? "text-orange-200" : "text-success")}
            />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-5 space-y-2.5">{children}</div>
    </li>
  );
}
