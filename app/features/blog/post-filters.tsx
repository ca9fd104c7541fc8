import { useTranslation } from "../../i18n/react.tsx";
import { FILTER_CATEGORIES, LIMITS } from "../../../core/blog/limits.ts";
import type { ListFilters as Filters } from "../../../core/blog/rules.ts";
import { ListFilters } from "../../components/content/list-filters.tsx";

/** The blog's search (title or excerpt) and category buttons, kept in the address. */
export function PostFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation("blog");
  return (
    <ListFilters
      q={filters.q}
      param="category"
      active={filters.category ?? "all"}
      choices={FILTER_CATEGORIES}
      choiceLabel={(category) => t(`categories.${category}`)}
      searchMax={LIMITS.search}
      inputId="post-search"
      texts={{
        searchLabel: t("list.searchLabel"),
        searchPlaceholder: t("list.searchPlaceholder"),
        searchSubmit: t("list.searchSubmit"),
        choicesLabel: t("list.categoriesLabel"),
      }}
    />
  );
}
