import { DIFFICULTIES, SEARCH_MAX, type TutorialFilters as Filters } from "../../../core/tutorials/rules.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ListFilters } from "../../components/content/list-filters.tsx";

/** The tutorials' search (title or category) and difficulty buttons, kept in the address like the blog's. */
export function TutorialFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation("tutorials");
  return (
    <ListFilters
      q={filters.q}
      param="difficulty"
      active={filters.difficulty}
      choices={DIFFICULTIES}
      choiceLabel={(difficulty) => t(`difficulty.${difficulty}`)}
      searchMax={SEARCH_MAX}
      inputId="tutorial-search"
      texts={{
        searchLabel: t("list.searchLabel"),
        searchPlaceholder: t("list.searchPlaceholder"),
        searchSubmit: t("list.searchSubmit"),
        choicesLabel: t("list.difficultyLabel"),
      }}
    />
  );
}
