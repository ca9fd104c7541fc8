import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { Icon } from "../ui/icon.tsx";
import { cn } from "../../lib/cn.ts";

const SEARCH_DELAY_MS = 300;

/** Applies a search and a choice (?q=&<param>=) to the address, leaving out empty values and "all". */
function withFilters(
  current: URLSearchParams,
  param: string,
  next: { q?: string; choice?: string | null },
): URLSearchParams {
  const params = new URLSearchParams(current);
  // Other filters make another list: it starts again from its first page.
  params.delete("page");
  if (next.q !== undefined) {
    const q = next.q.trim();
    if (q) params.set("q", q);
    else params.delete("q");
  }
  if (next.choice !== undefined) {
    if (next.choice && next.choice !== "all") params.set(param, next.choice);
    else params.delete(param);
  }
  return params;
}

export interface ListFiltersProps<Choice extends string> {
  /** The search in the address. */
  q: string;
  /** The address parameter of the buttons ("category", "difficulty"). */
  param: string;
  /** The pressed button: one of `choices`, or "all". */
  active: Choice | "all";
  choices: readonly Choice[];
  choiceLabel: (choice: Choice | "all") => string;
  searchMax: number;
  inputId: string;
  texts: { searchLabel: string; searchPlaceholder: string; searchSubmit: string; choicesLabel: string };
}

/**
 * A list's search box and one row of pressed buttons (the blog's categories, the tutorials' difficulty).
 * The filters live in the address, so the server renders the filtered list and a link can be shared;
 * typing updates the address after a short pause, without a full reload. Without JavaScript the form
 * still submits as a plain GET.
 */
export function ListFilters<Choice extends string>({
  q,
  param,
  active,
  choices,
  choiceLabel,
  searchMax,
  inputId,
  texts,
}: ListFiltersProps<Choice>) {
  const [, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // The search this box last put in the address: its results may arrive after more letters were typed.
  const [sentQ, setSentQ] = useState<string | null>(null);

  // The address changed under us (back button, a button click): show its search text, unless it is
  // only the trimmed form of what is being typed, or the answer to an earlier search of our own.
  if (shownQ !== q) {
    setShownQ(q);
    if (q === sentQ) setSentQ(null);
    else if (query.trim() !== q) setQuery(q);
  }

  useEffect(() => {
    if (query.trim() === q) return;
    const timer = setTimeout(() => {
      setSentQ(query.trim());
      setSearchParams((current) => withFilters(current, param, { q: query }), {
        replace: true,
        preventScrollReset: true,
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, q, param, setSearchParams]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const choice = submitter?.name === param ? submitter.value : active;
    setSearchParams((current) => withFilters(current, param, { q: query, choice }), { preventScrollReset: true });
  }

  return (
    <form method="get" role="search" aria-label={texts.searchLabel} onSubmit={onSubmit} className="space-y-4">
      <div className="relative max-w-xl">
        <label htmlFor={inputId} className="sr-only">
          {texts.searchLabel}
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          value={query}
          maxLength={searchMax}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={texts.searchPlaceholder}
          autoComplete="off"
          className="h-11 w-full rounded-lg border border-border bg-white pl-3 pr-12 text-foreground placeholder:text-muted-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
        />
        {/* First submit button, so that pressing Enter without JavaScript keeps the current choice. */}
        <button
          type="submit"
          name={param}
          value={active}
          aria-label={texts.searchSubmit}
          className="absolute right-1 top-1 inline-flex h-9 w-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Icon name="search" aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div role="group" aria-label={texts.choicesLabel} className="flex flex-wrap gap-2">
        {(["all", ...choices] as const).map((choice) => (
          <button
            key={choice}
            type="submit"
            name={param}
            value={choice}
            aria-pressed={active === choice}
            className={cn(
              "h-9 rounded-full border px-4 text-sm font-medium transition-colors",
              active === choice
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-white text-foreground hover:bg-muted",
            )}
          >
            {choiceLabel(choice)}
          </button>
        ))}
      </div>
    </form>
  );
}
