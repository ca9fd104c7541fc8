import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** A column heading: its text, or its text with classes of its own (alignment, hidden on phones). */
export type ColumnHeading = ReactNode | { label: ReactNode; className?: string };

function isStyled(heading: ColumnHeading): heading is { label: ReactNode; className?: string } {
  return typeof heading === "object" && heading !== null && "label" in heading;
}

/**
 * A table's row of column headings (`<th scope="col">`, so that screen readers name each cell by its
 * column). The default look is the compact one of the schedules and invoices lists: muted text, a gap
 * after each column but the last.
 */
export function TableHead({
  headings,
  className = "text-muted-foreground",
  rowClassName,
  cellClassName = "py-1 pr-3 font-medium last:pr-0",
}: {
  headings: ReadonlyArray<ColumnHeading>;
  className?: string;
  rowClassName?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {headings.map((heading, index) => (
          // Headings are a fixed list in a fixed order: their position is their identity.
          <th key={index} scope="col" className={cn(cellClassName, isStyled(heading) ? heading.className : undefined)}>
            {isStyled(heading) ? heading.label : heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
