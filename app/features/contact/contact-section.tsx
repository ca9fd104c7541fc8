import { useId } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useRootData } from "../../root-data.ts";
import { DeferredScheduler } from "./deferred-scheduler.tsx";
import { ContactForm } from "./contact-form.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { SectionHeading } from "../../components/section-heading.tsx";

/** The company's e-mail, phone and website, from configuration. */
function CompanyDetails() {
  const { t } = useTranslation("contact");
  const config = useRootData()?.config;
  if (!config) return null;
  const details = [
    {
      key: "email",
      icon: "mail" as const,
      label: t("section.emailLabel"),
      href: `mailto:${config.companyEmail}`,
      value: config.companyEmail,
    },
    {
      key: "phone",
      icon: "phone-call" as const,
      label: t("section.phoneLabel"),
      href: `tel:${config.companyPhone.replace(/[^\d+]/g, "")}`,
      value: config.companyPhone,
    },
    {
      key: "website",
      icon: "globe" as const,
      label: t("section.websiteLabel"),
      href: config.companyWebsite,
      value: config.companyWebsite.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, ""),
    },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4" data-testid="company-details">
      {details.map(({ key, icon, label, href, value }) => (
        <li key={key} className="flex items-start gap-4">
          <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Icon name={icon} size={20} aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">{label}</p>
            <a
              href={href}
              className="break-all font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
            >
              {value}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The contact section of the home page and of /contact (spec document 000, sections 1 and 2): the
 * contact form (anchor "contact") and consultation scheduling (anchor "consultation"). On the home
 * page, on a wide screen, the form and the calendar sit side by side, so that neither waits below the
 * other, with the company's details under the calendar; the /contact page ("page") shows the details in
 * its own cards, and the calendar under the form.
 */
export function ContactSection({ variant = "home" }: { variant?: "home" | "page" }) {
  const home = variant === "home";
  const { t } = useTranslation("contact");
  const headingId = useId();
  const heading = home ? (
    <SectionHeading
      id={headingId}
      eyebrow={t("section.eyebrow")}
      title={t("section.title")}
      intro={t("section.lead")}
      split
    />
  ) : (
    <div>
      <h2 id={headingId} className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {t("section.title")}
      </h2>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t("section.lead")}</p>
    </div>
  );
  // "Request Quote" buttons link here: the form opens with "Request quote" chosen.
  const form = (
    <div id="request-quote" className="scroll-mt-24 rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
      <ContactForm />
    </div>
  );
  if (!home) {
    return (
      <section aria-labelledby={headingId} className="border-t border-border bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
          <div id="contact">
            {heading}
            <div className="mt-10">{form}</div>
          </div>
          <div id="consultation" className="mt-16">
            <DeferredScheduler />
          </div>
        </div>
      </section>
    );
  }
  // On a wide screen: the heading across the top, then the form beside the calendar, with the company's
  // details under the calendar, where the form leaves room; narrower, they follow the calendar.
  return (
    <section aria-labelledby={headingId} className="border-t border-border bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <div id="contact">
          {heading}
          {/* Beside the calendar on a wide screen, a link to it is of no use there. */}
          <div className="mt-6 rounded-2xl border border-primary/20 bg-white p-5 xl:hidden">
            <p className="flex items-center gap-2 font-semibold">
              <Icon name="calendar-check" size={18} aria-hidden="true" className="text-primary" />
              {t("section.consultationTitle")}
            </p>
            <p className="mt-2 text-sm text-muted-foreground">{t("section.consultationText")}</p>
            <a
              href="#consultation"
              className="mt-3 inline-block text-sm font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t("section.consultationLink")}
            </a>
          </div>
          <div className="mt-6 grid items-start gap-8 xl:grid-cols-2 xl:gap-6">
            {form}
            <div className="grid gap-8 xl:gap-6">
              <div id="consultation" className="scroll-mt-24">
                <DeferredScheduler />
              </div>
              <CompanyDetails />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
