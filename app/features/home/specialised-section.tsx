import { useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { SPECIALISED_GROUP_IDS, filterSpecialised, type SpecialisedGroup } from "../../../core/catalogue/rules.ts";
import type { LocalizedService } from "../../../core/catalogue/schema.ts";
import { cn } from "../../lib/cn.ts";
import { SectionHeading } from "../../components/section-heading.tsx";
import { SECTIONS, sectionHref } from "../../components/section-scroll.ts";
import { SpecialisedRow } from "./specialised-service-card.tsx";
import { Icon } from "../../components/ui/icon.tsx";

type Filter = SpecialisedGroup | "all";

/**
 * The specialised solutions: the eleven services of the catalogue as a list that can be filtered by
 * family (web and AI, design, marketing, video and audio) and scanned at a glance (art, name, price);
 * one row opens at a time to show its budget, quantity, Add to Cart, Get started and Share.
 */
export function SpecialisedSection({ services }: { services: LocalizedService[] }) {
  const { t } = useTranslation("home");
  const [filter, setFilter] = useState<Filter>("all");
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = filterSpecialised(services, filter);
  const filters: Filter[] = [
    "all",
    ...SPECIALISED_GROUP_IDS.filter((group) => filterSpecialised(services, group).length > 0),
  ];

  return (
    <section aria-labelledby="specialised-title" className="py-8 sm:py-10">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="specialised-title"
          eyebrow={t("specialised.eyebrow")}
          title={t("specialised.title")}
          intro={t("specialised.intro")}
          split
        />
        <div
          role="group"
          aria-label={t("specialised.filterLabel")}
          className="-mx-4 mt-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
        >
          {filters.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={filter === option}
              onClick={() => setFilter(option)}
              className={cn(
                "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors",
                filter === option
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-white text-foreground hover:bg-muted",
              )}
            >
              {t(`specialised.filters.${option}`)}
              <span
                className={cn("text-xs tabular-nums", filter === option ? "text-indigo-100" : "text-muted-foreground")}
              >
                {filterSpecialised(services, option).length}
              </span>
            </button>
          ))}
        </div>
        <ul
          className="mt-5 grid items-start gap-2 sm:gap-3 lg:grid-cols-3 xl:grid-cols-4"
          aria-label={t("specialised.listLabel")}
        >
          {shown.map((service) => (
            <SpecialisedRow
              key={service.id}
              service={service}
              open={openId === service.id}
              onToggle={() => setOpenId((current) => (current === service.id ? null : service.id))}
            />
          ))}
        </ul>
        <p className="mt-5 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <Icon name="calendar-clock" size={16} aria-hidden="true" className="text-primary" />
          {t("specialised.tileText")}
          <a
            href={sectionHref(SECTIONS.consultation)}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t("hero.bookConsultation")}
          </a>
        </p>
      </div>
    </section>
  );
}
