import { useNavigation } from "react-router";
import { localizedPath } from "../../core/i18n/language.ts";
import { normalizeTutorialFilters } from "../../core/tutorials/rules.ts";
import { translator } from "../../server/i18n.server.ts";
import { Icon } from "../components/ui/icon.tsx";
import { usePathLanguage } from "../features/i18n/localized-link.tsx";
import { pageLanguage } from "../features/i18n/page-language.server.ts";
import { metaTags } from "../features/layout/page-meta.ts";
import { TutorialCard } from "../features/tutorials/tutorial-card.tsx";
import { TutorialFilters } from "../features/tutorials/tutorial-filters.tsx";
import { useTranslation } from "../i18n/react.tsx";
import type { Route } from "./+types/tutorials";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const url = new URL(request.url);
  const filters = normalizeTutorialFilters({ q: url.searchParams.get("q"), difficulty: url.searchParams.get("difficulty") });
  const tutorials = await context.services.tutorials.listPublished({ language, ...filters });
  const t = translator(language);
  return {
    tutorials,
    filters,
    language,
    siteUrl: context.publicConfig.siteUrl,
    meta: { title: `${t("tutorials:meta.listTitle")} | ${context.publicConfig.companyName}`, description: t("tutorials:meta.listDescription") },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Tutorials({ loaderData }: Route.ComponentProps) {
  const { tutorials, filters, language, siteUrl } = loaderData;
  const { t } = useTranslation("tutorials");
  const pathLanguage = usePathLanguage();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/tutorials");
  const filtered = filters.q !== "" || filters.difficulty !== "all";

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="mb-8 space-y-3">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{t("list.heading")}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{t("list.intro")}</p>
      </header>

      <TutorialFilters filters={filters} />

      <p role="status" className="mt-6 text-sm text-muted-foreground">
        {t("list.results", { count: tutorials.length })}
      </p>

      <section aria-label={t("list.listLabel")} aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
        {tutorials.length === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <Icon name="lightbulb" aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
            <h2 className="mt-4 font-display text-2xl font-semibold">{t("list.emptyTitle")}</h2>
            <p className="mt-2 text-muted-foreground">{filtered ? t("list.emptyFiltered") : t("list.emptyAll")}</p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {tutorials.map((tutorial, index) => (
              <li key={tutorial.id} className="flex">
                <TutorialCard tutorial={tutorial} first={index === 0} shareUrl={`${siteUrl}${localizedPath(`/tutorials/${tutorial.id}`, pathLanguage ?? language)}`} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
