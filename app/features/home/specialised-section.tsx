import { useTranslation } from "../../i18n/react.tsx";
import type { LocalizedService } from "../../../core/catalogue/schema.ts";
import { SectionHeading } from "./section-heading.tsx";
import { ConsultationTile } from "./services-section.tsx";
import { SpecialisedServiceCard } from "./specialised-service-card.tsx";

/** The specialised solutions: the eleven services of the catalogue, each with its budget range. */
export function SpecialisedSection({ services }: { services: LocalizedService[] }) {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="specialised-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="specialised-title" eyebrow={t("specialised.eyebrow")} title={t("specialised.title")} intro={t("specialised.intro")} />
        <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <SpecialisedServiceCard key={service.id} service={service} />
          ))}
          {services.length % 3 !== 0 ? <ConsultationTile title={t("specialised.tileTitle")} text={t("specialised.tileText")} /> : null}
        </div>
      </div>
    </section>
  );
}
