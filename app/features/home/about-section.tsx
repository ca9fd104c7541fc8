import { useTranslation } from "../../i18n/react.tsx";
import { BrandKit } from "./brand-kit.tsx";
import { SectionHeading } from "./section-heading.tsx";
import { SECTIONS } from "./section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

const POINTS = [
  { key: "human", icon: "users" as const },
  { key: "data", icon: "target" as const },
  { key: "results", icon: "trending-up" as const },
] as const;

/**
 * About (anchor "about"): who we are and the brand kit side by side, then the three points (human plus
 * AI, data-driven strategy, results approach) in one band under both.
 */
export function AboutSection() {
  const { t } = useTranslation("home");
  return (
    <section id={SECTIONS.about} aria-labelledby="about-title" className="py-10 sm:py-14">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="grid items-start gap-8 lg:grid-cols-[1.15fr_1fr] lg:gap-14">
          <SectionHeading id="about-title" eyebrow={t("about.eyebrow")} title={t("about.title")} intro={t("about.text")} />
          <BrandKit />
        </div>
        <ul className="mt-8 grid gap-4 border-t border-border pt-6 sm:grid-cols-3 sm:gap-8">
          {POINTS.map(({ key, icon }) => (
            <li key={key} className="grid grid-cols-[2.25rem_1fr] gap-x-3">
              <span className="row-span-2 inline-flex h-9 w-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon name={icon} size={18} aria-hidden="true" />
              </span>
              <h3 className="font-semibold">{t(`about.points.${key}.title`)}</h3>
              <p className="mt-0.5 text-sm leading-relaxed text-muted-foreground">{t(`about.points.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
