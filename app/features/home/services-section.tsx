import { useTranslation } from "../../i18n/react.tsx";
import type { LocalizedService } from "../../../core/catalogue/schema.ts";
import { useLocalizedPath } from "../i18n/localized-link.tsx";
import { MainServiceCard } from "./main-service-card.tsx";
import { SectionHeading } from "./section-heading.tsx";
import { SECTIONS, sectionHref } from "./section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

/** The services section (anchor "services"): the five core offers of the catalogue. */
export function ServicesSection({ services }: { services: LocalizedService[] }) {
  const { t } = useTranslation("home");
  const localize = useLocalizedPath();
  const shareUrl = `${localize("/")}${sectionHref(SECTIONS.services)}`;

  return (
    <section id={SECTIONS.services} aria-labelledby="services-title" className="border-y border-border bg-muted/40 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="services-title" eyebrow={t("services.eyebrow")} title={t("services.title")} intro={t("services.intro")} />
        <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service, index) => (
            <MainServiceCard key={service.id} service={service} index={index} shareUrl={shareUrl} />
          ))}
          {services.length % 3 !== 0 ? <ConsultationTile /> : null}
        </div>
      </div>
    </section>
  );
}

/** Fills the grid's last row: for visitors who do not know which offer they need yet. */
export function ConsultationTile({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation("home");
  return (
    <a
      href={sectionHref(SECTIONS.consultation)}
      className="group flex flex-col justify-center gap-6 rounded-2xl border border-dashed border-primary/40 bg-primary/5 p-6 transition-colors hover:border-primary hover:bg-primary/10"
    >
      <span>
        <Icon name="calendar-clock" size={28} aria-hidden="true" className="text-primary" />
        <span className="mt-5 block font-display text-xl font-semibold text-foreground">{title ?? t("services.tileTitle")}</span>
        <span className="mt-2 block text-sm leading-relaxed text-muted-foreground">{text ?? t("services.tileText")}</span>
      </span>
      <span className="inline-flex items-center gap-2 text-sm font-semibold text-primary">
        {t("hero.bookConsultation")}
        <Icon name="arrow-right" size={16} aria-hidden="true" className="transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
      </span>
    </a>
  );
}
