import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { DIFFICULTIES, SEARCH_MAX, type TutorialFilters as Filters } from "../../../core/tutorials/rules.ts";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { cn } from "../../lib/cn.ts";

const SEARCH_DELAY_MS = 300;

/** Applies a search and difficulty to the address (?q=&difficulty=), leaving out empty values. */
function withFilters(current: URLSearchParams, next: { q?: string; difficulty?: string | null }): URLSearchParams {
  const params = new URLSearchParams(current);
  if (next.q !== undefined) {
    const q = next.q.trim();
    if (q) params.set("q", q);
    else params.delete("q");
  }
  if (next.difficulty !== undefined) {
    if (next.difficulty && next.difficulty !== "all") params.set("difficulty", next.difficulty);
    else params.delete("difficulty");
  }
  return params;
}

/**
 * Search box (title or category) and difficulty buttons, kept in the address like the blog's filters:
 * the server renders the filtered list, a link can be shared, and without JavaScript the form submits.
 */
export function TutorialFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation("tutorials");
  const [, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  const [sentQ, setSentQ] = useState<string | null>(null);

  // The address changed under us (back button, a difficulty click): show its search, unless it is the
  // answer to an earlier search typed here.
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    if (filters.q === sentQ) setSentQ(null);
    else if (query.trim() !== filters.q) setQuery(filters.q);
  }

  useEffect(() => {
    if (query.trim() === filters.q) return;
    const timer = setTimeout(() => {
      setSentQ(query.trim());
      setSearchParams((current) => withFilters(current, { q: query }), { replace: true, preventScrollReset: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, filters.q, setSearchParams]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const difficulty = submitter?.name === "difficulty" ? submitter.value : filters.difficulty;
    setSearchParams((current) => withFilters(current, { q: query, difficulty }), { preventScrollReset: true });
  }

  const active = filters.difficulty;
  return (
    <form method="get" role="search" aria-label={t("list.searchLabel")} onSubmit={onSubmit} className="space-y-4">
      <div className="relative max-w-xl">
        <label htmlFor="tutorial-search" className="sr-only">
          {t("list.searchLabel")}
        </label>
        <input
          id="tutorial-search"
          type="search"
          name="q"
          value={query}
          maxLength={SEARCH_MAX}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("list.searchPlaceholder")}
          autoComplete="off"
          className="h-11 w-full rounded-lg border border-border bg-white pl-3 pr-12 text-foreground placeholder:text-muted-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
        />
        <button
          type="submit"
          name="difficulty"
          value={active}
          aria-label={t("list.searchSubmit")}
          className="absolute right-1 top-1 inline-flex h-9 w-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Icon name="search" aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div role="group" aria-label={t("list.difficultyLabel")} className="flex flex-wrap gap-2">
        {(["all", ...DIFFICULTIES] as const).map((difficulty) => (
          <button
            key={difficulty}
            type="submit"
            name="difficulty"
            value={difficulty}
            aria-pressed={active === difficulty}
            className={cn(
              "h-9 rounded-full border px-4 text-sm font-medium transition-colors",
              active === difficulty ? "border-primary bg-primary text-primary-foreground" : "border-border bg-white text-foreground hover:bg-muted",
            )}
          >
            {t(`difficulty.${difficulty}`)}
          </button>
        ))}
      </div>
    </form>
  );
}
