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

/** About (anchor "about"): who we are, three points (human plus AI, data-driven strategy, results approach), an illustration, the brand kit. */
export function AboutSection() {
  const { t } = useTranslation("home");
  return (
    <section id={SECTIONS.about} aria-labelledby="about-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading id="about-title" eyebrow={t("about.eyebrow")} title={t("about.title")} intro={t("about.text")} />
            <ul className="mt-10 space-y-6">
              {POINTS.map(({ key, icon }) => (
                <li key={key} className="flex gap-4">
                  <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
                    <Icon name={icon} size={22} aria-hidden="true" />
                  </span>
                  <div>
                    <h3 className="font-semibold">{t(`about.points.${key}.title`)}</h3>
                    <p className="mt-1 leading-relaxed text-muted-foreground">{t(`about.points.${key}.text`)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <figure className="relative">
            <div aria-hidden="true" className="absolute -inset-4 -z-10 rounded-[2.5rem] bg-gradient-to-br from-primary/10 via-transparent to-accent/10" />
            <img src="/images/home/about.svg" alt={t("about.illustrationAlt")} width={560} height={440} loading="lazy" decoding="async" className="h-auto w-full rounded-3xl" />
            <Icon name="sparkles" size={28} aria-hidden="true" className="absolute -right-2 -top-3 text-accent" />
          </figure>
        </div>
        <BrandKit />
      </div>
    </section>
  );
}
