import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useSearchParams } from "react-router";
import { FILTER_CATEGORIES, LIMITS } from "../../../core/blog/limits.ts";
import type { ListFilters } from "../../../core/blog/rules.ts";
import { cn } from "../../lib/cn.ts";
import { Icon } from "../../components/ui/icon.tsx";

const SEARCH_DELAY_MS = 300;

/** Applies a search and category to the address (?q=&category=), leaving out empty values. */
function withFilters(current: URLSearchParams, next: { q?: string; category?: string | null }): URLSearchParams {
  const params = new URLSearchParams(current);
  if (next.q !== undefined) {
    const q = next.q.trim();
    if (q) params.set("q", q);
    else params.delete("q");
  }
  if (next.category !== undefined) {
    if (next.category && next.category !== "all") params.set("category", next.category);
    else params.delete("category");
  }
  return params;
}

/**
 * Search box and category buttons. The filters live in the address, so the server renders the
 * filtered list and a link can be shared; typing updates the address after a short pause, without
 * a full reload. Without JavaScript the form still submits as a plain GET.
 */
export function PostFilters({ filters }: { filters: ListFilters }) {
  const { t } = useTranslation("blog");
  const [, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  // The search this box last put in the address: its results may arrive after more letters were typed.
  const [sentQ, setSentQ] = useState<string | null>(null);

  // The address changed under us (back button, a category click): show its search text, unless it is
  // only the trimmed form of what is being typed, or the answer to an earlier search of our own.
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
    const category = submitter?.name === "category" ? submitter.value : (filters.category ?? "all");
    setSearchParams((current) => withFilters(current, { q: query, category }), { preventScrollReset: true });
  }

  const active = filters.category ?? "all";
  return (
    <form method="get" role="search" aria-label={t("list.searchLabel")} onSubmit={onSubmit} className="space-y-4">
      <div className="relative max-w-xl">
        <label htmlFor="post-search" className="sr-only">
          {t("list.searchLabel")}
        </label>
        <input
          id="post-search"
          type="search"
          name="q"
          value={query}
          maxLength={LIMITS.search}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("list.searchPlaceholder")}
          autoComplete="off"
          className="h-11 w-full rounded-lg border border-border bg-white pl-3 pr-12 text-foreground placeholder:text-muted-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
        />
        {/* First submit button, so that pressing Enter without JavaScript keeps the current category. */}
        <button
          type="submit"
          name="category"
          value={active}
          aria-label={t("list.searchSubmit")}
          className="absolute right-1 top-1 inline-flex h-9 w-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Icon name="search" aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div role="group" aria-label={t("list.categoriesLabel")} className="flex flex-wrap gap-2">
        {(["all", ...FILTER_CATEGORIES] as const).map((category) => (
          <button
            key={category}
            type="submit"
            name="category"
            value={category}
            aria-pressed={active === category}
            className={cn(
              "h-9 rounded-full border px-4 text-sm font-medium transition-colors",
              active === category ? "border-primary bg-primary text-primary-foreground" : "border-border bg-white text-foreground hover:bg-muted",
            )}
          >
            {t(`categories.${category}`)}
          </button>
        ))}
      </div>
    </form>
  );
}
