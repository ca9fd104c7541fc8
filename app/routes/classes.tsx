import { translator } from "../../server/i18n.server.ts";
import { Icon } from "../components/ui/icon.tsx";
import { ClassCard } from "../features/classes/class-card.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { useTranslation } from "../i18n/react.tsx";
import type { Route } from "./+types/classes";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const classes = await context.services.classes.listActive(language);
  const t = translator(language);
  return {
    classes,
    language,
    meta: {
      title: `${t("classes:meta.listTitle")} | ${context.publicConfig.companyName}`,
      description: t("classes:meta.listDescription"),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

/** /classes (spec 000, section 2): the featured classes, then every class; "No Classes Available" when none. */
export default function Classes({ loaderData }: Route.ComponentProps) {
  const { classes, language } = loaderData;
  const { t } = useTranslation("classes");
  const featured = classes.filter((item) => item.featured);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="mb-8 space-y-3">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{t("list.heading")}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{t("list.intro")}</p>
      </header>

      {classes.length === 0 ? (
        <div
          className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-16 text-center"
          data-testid="classes-empty"
        >
          <Icon name="users" aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
          <h2 className="mt-4 font-display text-2xl font-semibold">{t("list.emptyTitle")}</h2>
          <p className="mt-2 text-muted-foreground">{t("list.emptyText")}</p>
        </div>
      ) : (
        <>
          {featured.length > 0 ? (
            <section aria-labelledby="featured-classes" className="mb-12" data-testid="featured-classes">
              <h2 id="featured-classes" className="font-display text-2xl font-semibold">
                {t("list.featured")}
              </h2>
              <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {featured.map((item, index) => (
                  <li key={item.id} className="flex">
                    <ClassCard item={item} language={language} first={index === 0} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="all-classes" data-testid="all-classes">
            <h2 id="all-classes" className="font-display text-2xl font-semibold">
              {t("list.all")}
            </h2>
            <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {classes.map((item, index) => (
                <li key={item.id} className="flex">
                  <ClassCard item={item} language={language} first={featured.length === 0 && index === 0} />
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </main>
  );
}
