import { useTranslation } from "../i18n/react.tsx";
import { Link } from "react-router";
import { useRootData } from "../root-data.ts";
import { useLocalizedPath, LocalizedLink } from "../i18n/localized-link.tsx";
import { BrandMark } from "./brand-mark.tsx";
import { Icon } from "../components/ui/icon.tsx";

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

const linkClass = "rounded-sm text-stone-300 transition-colors hover:text-white";

/** Quick links, company contact details, social links, copyright and the legal pages. */
export function SiteFooter() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const config = useRootData()?.config;
  const company = config?.companyName ?? "Atelier";
  const quickLinks = [
    { to: "/", label: t("nav.home") },
    { to: `${localize("/")}#services`, label: t("nav.services"), raw: true },
    // The spec's quick links lead to the home page's sections (smooth-scrolled there, 80 px below the top).
    { to: `${localize("/")}#about`, label: t("nav.about"), raw: true },
    { to: `${localize("/")}#contact`, label: t("nav.contact"), raw: true },
    { to: "/posts", label: t("nav.blog") },
    { to: "/testimonials", label: t("nav.reviews") },
    { to: "/hot-deals", label: t("nav.hotDeals") },
  ];
  const social = config
    ? [
        { href: config.social.facebook, platform: "Facebook", icon: "facebook" as const },
        { href: config.social.instagram, platform: "Instagram", icon: "instagram" as const },
        { href: config.social.tiktok, platform: "TikTok", icon: "tiktok" as const },
      ]
    : [];

  return (
    <footer className="mt-16 bg-stone-950 text-stone-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr_1fr]">
        <div>
          <div className="flex items-center gap-2.5 text-white">
            <BrandMark />
            <span className="font-display text-xl font-semibold">{company}</span>
          </div>
          <p className="mt-4 max-w-xs text-sm leading-relaxed">{t("footer.tagline")}</p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold uppercase tracking-wider text-white">
            {t("footer.quickLinks")}
          </h2>
          {/* Two columns: the list stays as short as the footer's other columns. */}
          <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2.5 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                {link.raw ? (
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                ) : (
                  <LocalizedLink to={link.to} className={linkClass}>
                    {link.label}
                  </LocalizedLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        {config ? (
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t("footer.contactTitle")}</h2>
            <ul className="mt-4 space-y-2.5 text-sm">
              <li>
                <a
                  href={`mailto:${config.companyEmail}`}
                  className={`${linkClass} inline-flex items-center gap-2 break-all`}
                >
                  <Icon name="mail" size={16} aria-hidden="true" className="shrink-0" />
                  <span className="sr-only">{t("footer.email")}: </span>
                  {config.companyEmail}
                </a>
              </li>
              <li>
                <a
                  href={`tel:${config.companyPhone.replace(/[^\d+]/g, "")}`}
                  className={`${linkClass} inline-flex items-center gap-2`}
                >
                  <Icon name="phone" size={16} aria-hidden="true" className="shrink-0" />
                  <span className="sr-only">{t("footer.phone")}: </span>
                  {config.companyPhone}
                </a>
              </li>
              <li>
                <a href={config.companyWebsite} className={`${linkClass} inline-flex items-center gap-2`}>
                  <Icon name="globe" size={16} aria-hidden="true" className="shrink-0" />
                  <span className="sr-only">{t("footer.website")}: </span>
                  {hostOf(config.companyWebsite)}
                </a>
              </li>
            </ul>
          </div>
        ) : null}

        {social.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t("footer.followTitle")}</h2>
            <ul className="mt-4 flex gap-3">
              {social.map(({ href, platform, icon }) => (
                <li key={platform}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-700 text-stone-200 transition-colors hover:border-white hover:bg-white hover:text-stone-950"
                  >
                    <Icon name={icon} size={18} />
                    <span className="sr-only">
                      {t("footer.socialLink", { company, platform })} {t("footer.newTab")}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{t("footer.copyright", { year: new Date().getFullYear(), company })}</p>
          <nav aria-label={t("footer.legalLinks")}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <LocalizedLink to="/privacy" className={linkClass}>
                  {t("footer.privacy")}
                </LocalizedLink>
              </li>
              <li>
                <LocalizedLink to="/terms" className={linkClass}>
                  {t("footer.terms")}
                </LocalizedLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
