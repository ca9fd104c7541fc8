import { useTranslation } from "../../i18n/react.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { useRootData } from "../../root-data.ts";
import { SECTIONS, sectionHref } from "../../components/section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

/** The tel: address of a displayed phone number ("+1 (555) 010-2030" → "tel:+15550102030"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * The hero (anchor "home"): headline, subtitle, services line, the AI phone assistant, Request Quote
 * (the contact form, with "Request quote" chosen) and Book Consultation (the booking calendar).
 */
export function HeroSection() {
  const { t } = useTranslation("home");
  const phone = useRootData()?.config.companyPhone;
  const consultation = sectionHref(SECTIONS.consultation);
  const requestQuote = sectionHref(SECTIONS.requestQuote);

  return (
    <section id={SECTIONS.home} aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgba(67,56,202,0.14),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgba(194,65,12,0.09),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 pb-10 pt-8 sm:px-6 md:pb-10 md:pt-10 lg:grid-cols-[1.75fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-white/70 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-primary">
            <Icon name="sparkles" size={14} aria-hidden="true" />
            {t("hero.eyebrow")}
          </p>
          <h1
            id="hero-title"
            className="mt-4 font-display text-4xl font-semibold leading-[1.08] tracking-tight text-balance sm:text-5xl lg:text-[3.5rem]"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted-foreground">{t("hero.subtitle")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href={requestQuote} className={buttonClasses("primary", "lg", "rounded-full px-7 text-base")}>
              {t("hero.requestQuote")}
              <Icon name="arrow-right" size={18} aria-hidden="true" />
            </a>
            <a href={consultation} className={buttonClasses("outline", "lg", "rounded-full px-7 text-base")}>
              <Icon name="calendar-check" size={18} aria-hidden="true" />
              {t("hero.bookConsultation")}
            </a>
          </div>
          <p className="mt-5 max-w-2xl text-sm leading-relaxed text-muted-foreground">{t("hero.servicesLine")}</p>
          <p className="mt-3 flex gap-2 text-sm font-medium text-foreground">
            <Icon name="phone-call" size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-accent" />
            <span>
              {t("hero.assistantLine")}{" "}
              {phone ? (
                <a
                  href={telHref(phone)}
                  className="whitespace-nowrap rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {phone}
                </a>
              ) : null}
            </span>
          </p>
        </div>
        <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-[17rem] lg:block">
          <img src="/images/home/hero.svg" alt="" width={440} height={440} className="h-auto w-full" />
        </div>
      </div>
    </section>
  );
}
