import { localizedPath } from "../../core/i18n/language.ts";
import { normalizeTutorialFilters } from "../../core/tutorials/rules.ts";
import { translator } from "../../server/i18n.server.ts";
import { FilteredList } from "../components/content/filtered-list.tsx";
import { usePathLanguage } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { TutorialCard } from "../features/tutorials/tutorial-card.tsx";
import { TutorialFilters } from "../features/tutorials/tutorial-filters.tsx";
import { useTranslation } from "../i18n/react.tsx";
import type { Route } from "./+types/tutorials";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const url = new URL(request.url);
  const filters = normalizeTutorialFilters({
    q: url.searchParams.get("q"),
    difficulty: url.searchParams.get("difficulty"),
  });
  const tutorials = await context.services.tutorials.listPublished({ language, ...filters });
  const t = translator(language);
  return {
    tutorials,
    filters,
    language,
    siteUrl: context.publicConfig.siteUrl,
    meta: {
      title: `${t("tutorials:meta.listTitle")} | ${context.publicConfig.companyName}`,
      description: t("tutorials:meta.listDescription"),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Tutorials({ loaderData }: Route.ComponentProps) {
  const { tutorials, filters, language, siteUrl } = loaderData;
  const { t } = useTranslation("tutorials");
  const pathLanguage = usePathLanguage();
  const filtered = filters.q !== "" || filters.difficulty !== "all";
  return (
    <FilteredList
      heading={t("list.heading")}
      intro={t("list.intro")}
      filters={<TutorialFilters filters={filters} />}
      results={t("list.results", { count: tutorials.length })}
      listLabel={t("list.listLabel")}
      path="/tutorials"
      items={tutorials}
      renderItem={(tutorial, index) => (
        <TutorialCard
          tutorial={tutorial}
          first={index === 0}
          shareUrl={`${siteUrl}${localizedPath(`/tutorials/${tutorial.id}`, pathLanguage ?? language)}`}
        />
      )}
      empty={{
        icon: "lightbulb",
        title: t("list.emptyTitle"),
        text: filtered ? t("list.emptyFiltered") : t("list.emptyAll"),
      }}
    />
  );
}
