import { useTranslation } from "../../i18n/react.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { SECTIONS, sectionHref } from "../../components/section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

/** The call to action: Get Free Quote opens the contact form with "Request quote" chosen. */
export function CtaSection() {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="cta-title" className="px-4 py-6 sm:px-6 sm:py-8">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-primary px-6 py-7 text-primary-foreground sm:px-10 sm:py-7">
        <svg
          aria-hidden="true"
          viewBox="0 0 400 400"
          className="pointer-events-none absolute -right-24 -top-24 h-96 w-96 text-white/10"
        >
          <circle cx="200" cy="200" r="150" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="200" cy="200" r="100" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="6 10" />
          <path d="M200 120l14 52 52 14-52 14-14 52-14-52-52-14 52-14z" fill="currentColor" />
        </svg>
        <div className="relative flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="cta-title" className="font-display text-2xl font-semibold tracking-tight text-balance">
              {t("cta.title")}
            </h2>
            <p className="mt-1.5 text-base text-indigo-100 sm:text-lg">{t("cta.text")}</p>
          </div>
          <a
            href={sectionHref(SECTIONS.requestQuote)}
            className={buttonClasses(
              "outline",
              "lg",
              "shrink-0 rounded-full border-white bg-white px-7 text-base text-primary hover:bg-indigo-50",
            )}
          >
            {t("cta.button")}
            <Icon name="arrow-right" size={18} aria-hidden="true" />
          </a>
        </div>
      </div>
    </section>
  );
}
