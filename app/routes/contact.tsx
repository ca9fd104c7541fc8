import { useTranslation } from "../i18n/react.tsx";
import { ContactSection } from "../features/contact/contact-section.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { useRootData } from "../root-data.ts";
import type { Route } from "./+types/contact";
import { Icon } from "../components/ui/icon.tsx";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "contact.metaTitle", description: "contact.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

export default function Contact() {
  const { t } = useTranslation();
  const config = useRootData()?.config;
  const cards = config
    ? [
        {
          key: "email",
          icon: "mail" as const,
          title: t("contact.emailTitle"),
          text: t("contact.emailText"),
          href: `mailto:${config.companyEmail}`,
          value: config.companyEmail,
        },
        {
          key: "phone",
          icon: "phone-call" as const,
          title: t("contact.phoneTitle"),
          text: t("contact.phoneText"),
          href: `tel:${config.companyPhone.replace(/[^\d+]/g, "")}`,
          value: config.companyPhone,
        },
        {
          key: "website",
          icon: "globe" as const,
          title: t("contact.websiteTitle"),
          text: null,
          href: config.companyWebsite,
          value: config.companyWebsite.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, ""),
        },
      ]
    : [];
  return (
    <main id="main">
      <header className="border-b border-border bg-white/60">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("contact.eyebrow")}</p>
          <h1 className="mt-4 font-display text-4xl font-semibold leading-tight tracking-tight text-balance sm:text-5xl">
            {t("contact.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-xl leading-relaxed text-muted-foreground">{t("contact.lead")}</p>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <ul className="grid gap-5 md:grid-cols-3">
          {cards.map(({ key, icon, title, text, href, value }) => (
            <li key={key} className="flex flex-col rounded-2xl border border-border bg-white p-7">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon name={icon} size={22} aria-hidden="true" />
              </span>
              <h2 className="mt-5 text-lg font-semibold">{title}</h2>
              {text ? <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p> : null}
              <a
                href={href}
                className="mt-auto inline-flex items-center gap-1.5 break-all pt-5 font-medium text-primary underline-offset-4 hover:underline"
              >
                {value}
                <Icon name="arrow-right" size={16} aria-hidden="true" className="shrink-0" />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <ContactSection variant="page" />
    </main>
  );
}
