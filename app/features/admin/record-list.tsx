import type { ReactNode } from "react";
import type { PageInfo } from "../../../core/paging/rules.ts";
import { StaffPager } from "./staff-pager.tsx";

/**
 * The list half of an admin section (posts, hot deals): a heading with the number of records, the empty
 * message, or one card per record drawn by `children`, and the way to the other pages when the section
 * shows one page at a time (`paging`).
 */
export function RecordList<T extends { id: number | string }>({
  headingId,
  heading,
  empty,
  items,
  paging,
  children,
}: {
  headingId: string;
  heading: string;
  empty: string;
  items: readonly T[];
  paging?: PageInfo;
  children: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {heading} <span className="text-base font-normal text-muted-foreground">({paging?.total ?? items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((item) => (
            <li key={item.id} className="rounded-xl border border-border bg-white p-4">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
      {paging ? <StaffPager paging={paging} /> : null}
    </section>
  );
}
