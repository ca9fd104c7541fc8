import { ArrowRight, ChartLine, Handshake, Lightbulb, Megaphone, Palette, PhoneCall, Sparkles, Target, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "../components/ui/button.tsx";
import { LocalizedLink } from "../features/i18n/localized-link.tsx";
import { metaTags } from "../features/layout/page-meta.ts";
import { pageMeta } from "../features/layout/page-meta.server.ts";
import type { Route } from "./+types/home";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "home.metaTitle", description: "home.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

const OFFERS = [
  { key: "conception", Icon: Lightbulb },
  { key: "creation", Icon: Palette },
  { key: "marketing", Icon: ChartLine },
  { key: "promotion", Icon: Megaphone },
  { key: "sales", Icon: Handshake },
] as const;

const APPROACH = [
  { key: "human", Icon: Users },
  { key: "data", Icon: Target },
  { key: "results", Icon: Sparkles },
] as const;

export default function Home() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <section className="relative overflow-hidden">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgba(67,56,202,0.12),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgba(194,65,12,0.08),transparent)]" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 pb-20 pt-16 sm:px-6 md:pt-24 lg:grid-cols-[1.25fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-white/70 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-primary">
              <Sparkles size={14} aria-hidden="true" />
              {t("home.eyebrow")}
            </p>
            <h1 className="mt-6 font-display text-4xl font-semibold leading-[1.08] tracking-tight text-balance sm:text-5xl lg:text-6xl">{t("home.title")}</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">{t("home.subtitle")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <LocalizedLink to="/contact" className={buttonClasses("primary", "lg", "rounded-full px-7 text-base")}>
                {t("home.contactUs")}
                <ArrowRight size={18} aria-hidden="true" />
              </LocalizedLink>
              <LocalizedLink to="/posts" className={buttonClasses("outline", "lg", "rounded-full px-7 text-base")}>
                {t("home.readBlog")}
              </LocalizedLink>
            </div>
            <p className="mt-8 text-sm leading-relaxed text-muted-foreground">{t("home.servicesLine")}</p>
            <p className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-foreground">
              <PhoneCall size={16} aria-hidden="true" className="text-accent" />
              {t("home.assistantLine")}
            </p>
          </div>
          <HeroArt />
        </div>
      </section>

      <section id="services" aria-labelledby="services-title" className="border-y border-border bg-white/60 py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="max-w-2xl">
            <h2 id="services-title" className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
              {t("home.servicesTitle")}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{t("home.servicesIntro")}</p>
          </div>
          <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
            {OFFERS.map(({ key, Icon }, index) => (
              <li key={key} className="group rounded-2xl border border-border bg-background p-6 transition-shadow hover:shadow-md">
                <div className="flex items-center justify-between">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                    <Icon size={22} aria-hidden="true" />
                  </span>
                  <span aria-hidden="true" className="font-display text-sm text-muted-foreground">
                    0{index + 1}
                  </span>
                </div>
                <h3 className="mt-5 text-lg font-semibold">{t(`home.offers.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`home.offers.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="approach-title" className="py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="approach-title" className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {t("home.approachTitle")}
          </h2>
          <ul className="mt-10 grid gap-8 md:grid-cols-3">
            {APPROACH.map(({ key, Icon }) => (
              <li key={key} className="border-t-2 border-primary pt-6">
                <Icon size={24} aria-hidden="true" className="text-primary" />
                <h3 className="mt-4 text-lg font-semibold">{t(`home.approach.${key}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{t(`home.approach.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="blog-title" className="px-4 sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-3xl bg-primary px-8 py-12 text-primary-foreground sm:px-12 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2 id="blog-title" className="font-display text-3xl font-semibold tracking-tight">
              {t("home.blogTitle")}
            </h2>
            <p className="mt-3 text-indigo-100">{t("home.blogText")}</p>
          </div>
          <LocalizedLink to="/posts" className={buttonClasses("outline", "lg", "shrink-0 rounded-full border-white bg-white px-7 text-base text-primary hover:bg-indigo-50")}>
            {t("home.blogLink")}
            <ArrowRight size={18} aria-hidden="true" />
          </LocalizedLink>
        </div>
      </section>
    </main>
  );
}

/** A calm, abstract composition: a human hand-drawn stroke meeting a precise grid, for "human + AI". */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-md lg:block">
      <div className="absolute inset-6 rotate-3 rounded-[2.5rem] bg-primary shadow-2xl shadow-indigo-900/20" />
      <div className="absolute inset-6 -rotate-2 overflow-hidden rounded-[2.5rem] border border-border bg-white">
        <svg viewBox="0 0 400 400" className="h-full w-full">
          <defs>
            <pattern id="hero-grid" width="28" height="28" patternUnits="userSpaceOnUse">
              <path d="M28 0H0v28" fill="none" stroke="#e4e0d8" strokeWidth="1" />
            </pattern>
          </defs>
          <rect width="400" height="400" fill="url(#hero-grid)" />
          <circle cx="262" cy="150" r="78" fill="#4338ca" opacity="0.1" />
          <circle cx="262" cy="150" r="46" fill="none" stroke="#4338ca" strokeWidth="2" strokeDasharray="4 7" />
          <path d="M60 300c40-90 90-130 140-110s60 90 120 40" fill="none" stroke="#1c1917" strokeWidth="6" strokeLinecap="round" />
          <path d="M60 300c40-90 90-130 140-110s60 90 120 40" fill="none" stroke="#c2410c" strokeWidth="2" strokeLinecap="round" strokeDasharray="1 14" transform="translate(0 18)" />
          <path d="M262 96l7 20 20 7-20 7-7 20-7-20-20-7 20-7z" fill="#c2410c" />
          <rect x="56" y="64" width="120" height="14" rx="7" fill="#1c1917" opacity="0.85" />
          <rect x="56" y="90" width="84" height="10" rx="5" fill="#57534e" opacity="0.35" />
          <rect x="56" y="110" width="100" height="10" rx="5" fill="#57534e" opacity="0.25" />
        </svg>
      </div>
    </div>
  );
}
