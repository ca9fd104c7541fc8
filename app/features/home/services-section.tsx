import { useTranslation } from "../../i18n/react.tsx";
import type { LocalizedService } from "../../../core/catalogue/schema.ts";
import { useLocalizedPath } from "../../i18n/localized-link.tsx";
import { MainServiceCard } from "./main-service-card.tsx";
import { SectionHeading } from "../../components/section-heading.tsx";
import { SECTIONS, sectionHref } from "../../components/section-scroll.ts";

/**
 * The services section (anchor "services"): the five core offers of the catalogue in one row on a wide
 * screen, and a row that scrolls sideways on a phone (each card snaps into place), so that the five do
 * not make the page five cards longer.
 */
export function ServicesSection({ services }: { services: LocalizedService[] }) {
  const { t } = useTranslation("home");
  const localize = useLocalizedPath();
  const shareUrl = `${localize("/")}${sectionHref(SECTIONS.services)}`;

  return (
    <section
      id={SECTIONS.services}
      aria-labelledby="services-title"
      className="border-y border-border bg-muted/40 py-8 sm:py-10"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="services-title"
          eyebrow={t("services.eyebrow")}
          title={t("services.title")}
          intro={t("services.intro")}
          split
        />
        <ul className="relative -mx-4 mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 scroll-px-4 md:mx-0 md:grid md:grid-cols-3 md:gap-3 md:overflow-visible md:px-0 md:pb-0 xl:grid-cols-5">
          {/* Relative: the screen-reader texts in the cards are positioned, and must stay inside this scrolling row. */}
          {services.map((service, index) => (
            <li key={service.id} className="w-[78%] max-w-xs shrink-0 snap-start md:w-auto md:max-w-none">
              <MainServiceCard service={service} index={index} shareUrl={shareUrl} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
