import { LEVELS, SEARCH_MAX, type ClassFilters as Filters } from "../../../core/classes/rules.ts";
import { ListFilters } from "../../components/content/list-filters.tsx";
import { useTranslation } from "../../i18n/react.tsx";

/** The classes' search (title, category or instructor) and level buttons, kept in the address like the blog's. */
export function ClassFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation("classes");
  return (
    <ListFilters
      q={filters.q}
      param="level"
      active={filters.level}
      choices={LEVELS}
      choiceLabel={(level) => t(`levels.${level}`)}
      searchMax={SEARCH_MAX}
      inputId="class-search"
      texts={{
        searchLabel: t("list.searchLabel"),
        searchPlaceholder: t("list.searchPlaceholder"),
        searchSubmit: t("list.searchSubmit"),
        choicesLabel: t("list.levelLabel"),
      }}
    />
  );
}
