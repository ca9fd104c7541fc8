import { useTranslation } from "../i18n/react.tsx";
import { useRootData } from "../root-data.ts";
import { Icon } from "../components/ui/icon.tsx";
import { formatPostDate } from "../i18n/format-date.ts";

/** One section of a legal page; its texts live under legal:<page>.<id>. */
export interface LegalSection {
  id: string;
  /** <id>.intro, a paragraph before the list. */
  intro?: boolean;
  /** <id>.text, the section's paragraph. */
  text?: boolean;
  /** <id>.items.<key>: a list; with `terms`, each item is { term, text }. */
  items?: readonly string[];
  terms?: boolean;
  /** <id>.outro, a paragraph after the list. */
  outro?: boolean;
  /** Ends the section with the company's e-mail and phone. */
  contact?: boolean;
}

/**
 * A legal page (privacy policy, terms of use): title, the date it was last changed, introduction, a table
 * of contents and numbered sections. `lastUpdated` is the document's own date (YYYY-MM-DD), shown in the
 * page's language.
 */
export function LegalPage({
  page,
  sections,
  lastUpdated,
}: {
  page: "privacy" | "terms";
  sections: readonly LegalSection[];
  lastUpdated: string;
}) {
  const { t, i18n } = useTranslation("legal");
  const config = useRootData()?.config;
  const values = {
    company: config?.companyName ?? "Atelier",
    email: config?.companyEmail ?? "",
    phone: config?.companyPhone ?? "",
  };
  const k = (key: string) => t(`${page}.${key}`, values);

  return (
    <main id="main">
      <header className="border-b border-border bg-white/60">
        <div className="mx-auto grid max-w-5xl gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[14rem_1fr]">
          <div className="max-w-3xl lg:col-start-2">
            <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">{k("title")}</h1>
            <p className="mt-3 text-sm text-muted-foreground" data-testid="last-updated">
              {t("lastUpdated")} <time dateTime={lastUpdated}>{formatPostDate(lastUpdated, i18n.language)}</time>
            </p>
            <p className="mt-6 text-lg leading-relaxed text-muted-foreground">{k("intro")}</p>
          </div>
        </div>
      </header>

      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-labelledby={`${page}-toc`} className="lg:sticky lg:top-24 lg:self-start">
          <h2 id={`${page}-toc`} className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            {t("onThisPage")}
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-muted-foreground hover:text-primary hover:underline">
                  {index + 1}. {k(`${section.id}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl space-y-12">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className="font-display text-2xl font-semibold tracking-tight">
                <span className="mr-2 text-primary">{index + 1}.</span>
                {k(`${section.id}.title`)}
              </h2>
              {section.intro ? <p className="mt-4 leading-relaxed">{k(`${section.id}.intro`)}</p> : null}
              {section.text ? <p className="mt-4 leading-relaxed">{k(`${section.id}.text`)}</p> : null}
              {section.items ? (
                <ul className="mt-4 list-disc space-y-3 pl-6 leading-relaxed marker:text-primary">
                  {section.items.map((item) =>
                    section.terms ? (
                      <li key={item}>
                        <strong className="font-semibold">{k(`${section.id}.items.${item}.term`)}</strong>
                        {t("termSeparator")}
                        {k(`${section.id}.items.${item}.text`)}
                      </li>
                    ) : (
                      <li key={item}>{k(`${section.id}.items.${item}`)}</li>
                    ),
                  )}
                </ul>
              ) : null}
              {section.outro ? <p className="mt-4 leading-relaxed">{k(`${section.id}.outro`)}</p> : null}
              {section.contact && config ? (
                <ul className="mt-4 space-y-2">
                  <li>
                    <a
                      href={`mailto:${config.companyEmail}`}
                      className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <Icon name="mail" size={16} aria-hidden="true" />
                      {config.companyEmail}
                    </a>
                  </li>
                  <li>
                    <a
                      href={`tel:${config.companyPhone.replace(/[^\d+]/g, "")}`}
                      className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <Icon name="phone" size={16} aria-hidden="true" />
                      {config.companyPhone}
                    </a>
                  </li>
                </ul>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
