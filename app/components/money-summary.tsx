import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";

/** One line of a money summary: a label and its amount (already written in the reader's money format). */
export interface MoneyLine {
  label: ReactNode;
  amount: ReactNode;
  /** A figure that reads as good news (a discount) or as a note (tax worked out later). */
  tone?: "success" | "muted";
  /** The line's total: set apart by a rule and in bold. */
  total?: boolean;
  /** A rule above the line (what follows the total: paid, refunded). */
  ruled?: boolean;
  testId?: string;
}

/**
 * The figures under a list of order lines, one per row (subtotal, discount, tax, total, paid...): the cart,
 * the checkout, the receipt and the staff order view write them with this one piece. `size` sets the
 * total's weight: "large" beside a buy button, "plain" on a receipt, "compact" in a staff panel. A line
 * given as null or false is left out, so that callers can write conditional lines inline.
 */
export function MoneySummary({
  lines,
  size = "plain",
  className,
  testId,
}: {
  lines: ReadonlyArray<MoneyLine | null | false>;
  size?: "large" | "plain" | "compact";
  className?: string;
  testId?: string;
}) {
  const gap = size === "compact" ? "gap-3" : "gap-4";
  return (
    <dl
      className={cn(
        "text-sm",
        size === "compact" ? "space-y-1" : size === "large" ? "space-y-3" : "space-y-2",
        className,
      )}
      data-testid={testId}
    >
      {lines.map((line, index) => {
        if (!line) return null;
        if (line.total)
          return (
            <div
              key={index}
              className={cn(
                "flex justify-between",
                gap,
                size === "large" && "items-baseline border-t border-border pt-3 text-base",
                size === "plain" && "border-t border-border pt-2 text-base font-semibold",
                size === "compact" && "font-semibold",
              )}
            >
              <dt className={size === "large" ? "font-semibold" : undefined}>{line.label}</dt>
              <dd
                className={cn(
                  "whitespace-nowrap tabular-nums",
                  size === "large" && "font-display text-2xl font-semibold",
                )}
                data-testid={line.testId}
              >
                {line.amount}
              </dd>
            </div>
          );
        return (
          <div key={index} className={cn("flex justify-between", gap, line.ruled && "border-t border-border pt-1")}>
            <dt className="text-muted-foreground">{line.label}</dt>
            <dd
              className={cn(
                "whitespace-nowrap tabular-nums",
                line.tone === "success" && "font-medium text-success",
                line.tone === "muted" && "text-muted-foreground",
              )}
              data-testid={line.testId}
            >
              {line.amount}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
