import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Icon, type IconName } from "../ui/icon.tsx";

export interface FilteredListProps<Item extends { id: number | string }> {
  heading: string;
  intro: string;
  /** The search and buttons above the list (ListFilters). */
  filters: ReactNode;
  /** "3 posts", announced as the list changes. */
  results: string;
  listLabel: string;
  /** The list's own address ending ("/posts"): while it is being reached again, the list shows it is loading. */
  path: string;
  items: readonly Item[];
  renderItem: (item: Item, index: number) => ReactNode;
  empty: { icon: IconName; title: string; text: string };
  /** Below the cards: the way to the other pages of the list (ListPager). */
  footer?: ReactNode;
}

/**
 * A page of content cards narrowed by filters in the address (the blog, the tutorials): heading, filters,
 * the announced count, then the cards, or an empty state that says whether the filters found nothing.
 */
export function FilteredList<Item extends { id: number | string }>({
  heading,
  intro,
  filters,
  results,
  listLabel,
  path,
  items,
  renderItem,
  empty,
  footer,
}: FilteredListProps<Item>) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith(path);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="mb-8 space-y-3">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{heading}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{intro}</p>
      </header>

      {filters}

      <p role="status" className="mt-6 text-sm text-muted-foreground">
        {results}
      </p>

      <section
        aria-label={listLabel}
        aria-busy={loading}
        className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}
      >
        {items.length === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <Icon name={empty.icon} aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
            <h2 className="mt-4 font-display text-2xl font-semibold">{empty.title}</h2>
            <p className="mt-2 text-muted-foreground">{empty.text}</p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item, index) => (
              <li key={item.id} className="flex">
                {renderItem(item, index)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {items.length > 0 ? footer : null}
    </main>
  );
}
