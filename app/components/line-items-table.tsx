import type { Key, ReactNode } from "react";
import { formatCents } from "../../core/money/money.ts";
import { cn } from "../lib/cn.ts";
import { TableHead } from "./ui/table-head.tsx";

/** One line of an order or invoice: what was bought, how many, at what unit price, for what amount. */
export interface LineItem {
  key: Key;
  name: ReactNode;
  /** A second line under the name, smaller (what the service includes). */
  detail?: ReactNode;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/*
 * "banded": the printed invoice's look, a shaded heading row in small capitals. "plain": the receipt's,
 * a rule under the headings and lighter rules between lines. Each column's padding is its own: the plain
 * look keeps the first and last columns flush with the page's edge.
 */
const LOOKS = {
  banded: {
    table: "border-collapse text-left",
    headRow: "bg-muted text-xs uppercase tracking-wider text-muted-foreground",
    head: "py-2 font-semibold",
    row: "border-b border-border",
    cell: "py-2",
    first: "px-2",
    middle: "px-2",
    last: "px-2",
    name: "font-semibold",
  },
  plain: {
    table: "text-sm",
    headRow: "border-b border-border text-left text-muted-foreground",
    head: "py-2 font-medium",
    row: "border-b border-border/60 align-top",
    cell: "py-3",
    first: "pr-3",
    middle: "px-3",
    last: "pl-3",
    name: "break-words",
  },
} as const;

const FIGURE = "text-right whitespace-nowrap tabular-nums";

/**
 * The lines of a receipt or an invoice as a table: Description, Quantity, Unit price and Amount, in the
 * caller's words (`headings`, in that order: each page has its namespace). With `folded`, the quantity
 * and unit price columns are hidden below `sm` and that text ("2 × $50.00") goes under the line's name
 * instead, so that a 390 px phone keeps the amounts on one line.
 */
export function LineItemsTable({
  lines,
  headings,
  look = "plain",
  folded,
  className,
}: {
  lines: ReadonlyArray<LineItem>;
  headings: readonly [description: ReactNode, quantity: ReactNode, unitPrice: ReactNode, amount: ReactNode];
  look?: keyof typeof LOOKS;
  folded?: (line: LineItem) => ReactNode;
  className?: string;
}) {
  const style = LOOKS[look];
  const [description, quantity, unitPrice, amount] = headings;
  const foldable = folded ? "hidden sm:table-cell" : undefined;
  return (
    <table className={cn("w-full", style.table, className)}>
      <TableHead
        className=""
        rowClassName={style.headRow}
        cellClassName={style.head}
        headings={[
          { label: description, className: style.first },
          { label: quantity, className: cn(style.middle, "text-right", foldable) },
          { label: unitPrice, className: cn(style.middle, "text-right whitespace-nowrap", foldable) },
          { label: amount, className: cn(style.last, "text-right") },
        ]}
      />
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} className={style.row}>
            <td className={cn(style.cell, style.first)}>
              <span className={style.name}>{line.name}</span>
              {line.detail ? <span className="block text-xs text-muted-foreground">{line.detail}</span> : null}
              {folded ? <span className="block text-muted-foreground sm:hidden">{folded(line)}</span> : null}
            </td>
            <td className={cn(style.cell, style.middle, FIGURE, foldable)}>{line.quantity}</td>
            <td className={cn(style.cell, style.middle, FIGURE, foldable)}>{formatCents(line.unitCents)}</td>
            <td className={cn(style.cell, style.last, FIGURE)}>{formatCents(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
