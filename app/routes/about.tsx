import { useTranslation } from "../i18n/react.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { ShareButton } from "../components/share/share-button.tsx";
import { useRootData } from "../root-data.ts";
import type { Route } from "./+types/about";
import { Icon } from "../components/ui/icon.tsx";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "about.metaTitle", description: "about.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

const VALUES = [
  { key: "craft", icon: "pen-tool" as const },
  { key: "clarity", icon: "badge-check" as const },
  { key: "results", icon: "chart-line" as const },
] as const;

export default function About() {
  const { t } = useTranslation();
  const company = useRootData()?.config.companyName ?? "Atelier";
  return (
    <main id="main">
      <header className="border-b border-border bg-white/60">
        <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 md:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("about.eyebrow")}</p>
          <h1 className="mt-4 font-display text-4xl font-semibold leading-tight tracking-tight text-balance sm:text-5xl">
            {t("about.title")}
          </h1>
          <p className="mt-6 text-xl leading-relaxed text-muted-foreground">{t("about.lead", { company })}</p>
        </div>
      </header>

      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <p className="text-lg leading-relaxed">{t("about.body")}</p>

        <section aria-labelledby="values-title" className="mt-16">
          <h2 id="values-title" className="font-display text-3xl font-semibold tracking-tight">
            {t("about.valuesTitle")}
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {VALUES.map(({ key, icon }) => (
              <li key={key} className="rounded-2xl border border-border bg-white p-6">
                <Icon name={icon} size={22} aria-hidden="true" className="text-primary" />
                <h3 className="mt-4 font-semibold">{t(`about.values.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`about.values.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="cta-title"
          className="mt-16 flex flex-col gap-6 rounded-3xl bg-primary p-8 text-primary-foreground sm:p-10 md:flex-row md:items-center md:justify-between"
        >
          <div>
            <h2 id="cta-title" className="font-display text-2xl font-semibold">
              {t("about.ctaTitle")}
            </h2>
            <p className="mt-2 text-indigo-100">{t("about.ctaText")}</p>
          </div>
          <LocalizedLink
            to="/contact"
            className={buttonClasses(
              "outline",
              "lg",
              "shrink-0 rounded-full border-white bg-white px-7 text-base text-primary hover:bg-indigo-50",
            )}
          >
            {t("about.ctaButton")}
            <Icon name="arrow-right" size={18} aria-hidden="true" />
          </LocalizedLink>
        </section>

        <section aria-labelledby="share-title" className="mt-12 flex flex-wrap items-center gap-4">
          <h2 id="share-title" className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
            {t("about.shareTitle")}
          </h2>
          <ShareButton
            variant="buttons"
            title={`${t("about.title")} | ${company}`}
            description={t("about.metaDescription")}
          />
        </section>
      </div>
    </main>
  );
}
