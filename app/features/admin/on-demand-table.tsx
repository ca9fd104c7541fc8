import { useState, type ReactNode } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Icon, type IconName } from "../../components/ui/icon.tsx";
import { TableHead } from "../../components/ui/table-head.tsx";
import { api } from "../../lib/api.ts";

export interface OnDemandColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface OnDemandTableProps<Row extends { id: string | number }> {
  /** The staff API that answers the rows. */
  url: string;
  icon: IconName;
  columns: OnDemandColumn<Row>[];
  texts: {
    show: string;
    hide: string;
    showLabel: string;
    loading: string;
    failed: string;
    empty: string;
    caption: string;
  };
  testId?: string;
}

type Loaded<Row> = { state: "loading" } | { state: "failed" } | { state: "ready"; rows: Row[] };

/**
 * A record's detail list for staff (a class's enrolments, its waiting list), read from the API only
 * when they open it: a toggle button, then loading, a failure, an empty note or the table.
 */
export function OnDemandTable<Row extends { id: string | number }>({
  url,
  icon,
  columns,
  texts,
  testId,
}: OnDemandTableProps<Row>) {
  const [loaded, setLoaded] = useState<Loaded<Row> | null>(null);

  async function toggle() {
    if (loaded) return setLoaded(null);
    setLoaded({ state: "loading" });
    try {
      setLoaded({ state: "ready", rows: await api<Row[]>(url) });
    } catch {
      setLoaded({ state: "failed" });
    }
  }

  return (
    <div className="mt-3" data-testid={testId}>
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={loaded !== null}
        aria-label={loaded ? undefined : texts.showLabel}
        onClick={() => void toggle()}
      >
        <Icon name={icon} aria-hidden="true" className="h-4 w-4" />
        {loaded ? texts.hide : texts.show}
      </Button>
      {loaded?.state === "loading" ? <p className="mt-2 text-sm text-muted-foreground">{texts.loading}</p> : null}
      {loaded?.state === "failed" ? (
        <p className="mt-2 text-sm text-destructive" role="alert">
          {texts.failed}
        </p>
      ) : null}
      {loaded?.state === "ready" && loaded.rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{texts.empty}</p>
      ) : null}
      {loaded?.state === "ready" && loaded.rows.length > 0 ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{texts.caption}</caption>
            <TableHead headings={columns.map((column) => column.header)} />
            <tbody>
              {loaded.rows.map((row) => (
                <tr key={row.id} className="border-t border-border">
                  {columns.map((column, index) => (
                    <td
                      key={column.header}
                      className={[index < columns.length - 1 ? "py-1 pr-3" : "py-1", column.className]
                        .filter(Boolean)
                        .join(" ")}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
