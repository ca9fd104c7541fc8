import { useTranslation } from "../../i18n/react.tsx";
import { BrandKit } from "./brand-kit.tsx";
import { SectionHeading } from "../../components/section-heading.tsx";
import { SECTIONS } from "../../components/section-scroll.ts";
import { Icon } from "../../components/ui/icon.tsx";

const POINTS = [
  { key: "human", icon: "users" as const },
  { key: "data", icon: "target" as const },
  { key: "results", icon: "trending-up" as const },
] as const;

/**
 * About (anchor "about"): who we are and the three points (human plus AI, data-driven strategy, results
 * approach) under it, with the brand kit beside them on a wide screen.
 */
export function AboutSection() {
  const { t } = useTranslation("home");
  return (
    <section id={SECTIONS.about} aria-labelledby="about-title" className="py-8 sm:py-10">
      <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:gap-12">
        <div>
          <SectionHeading
            id="about-title"
            eyebrow={t("about.eyebrow")}
            title={t("about.title")}
            intro={t("about.text")}
          />
          <ul className="mt-6 grid gap-4 border-t border-border pt-5 sm:grid-cols-3 sm:gap-6">
            {POINTS.map(({ key, icon }) => (
              <li key={key} className="grid grid-cols-[2.25rem_1fr] gap-x-3 sm:block">
                <span className="row-span-2 inline-flex h-9 w-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon name={icon} size={18} aria-hidden="true" />
                </span>
                <h3 className="font-semibold sm:mt-2">{t(`about.points.${key}.title`)}</h3>
                <p className="mt-0.5 text-sm leading-relaxed text-muted-foreground">{t(`about.points.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
        <BrandKit />
      </div>
    </section>
  );
}
