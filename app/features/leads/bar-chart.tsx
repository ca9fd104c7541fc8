import { useId } from "react";
import { useTranslation } from "../../i18n/react.tsx";

export interface Bar {
  key: string;
  label: string;
  count: number;
}

/**
 * Horizontal bars a person reads at a glance. The bars are drawn for the eye only; the list under them
 * says each value, its count and its share in words, so that a screen reader gets the same figures.
 */
export function BarChart({ title, bars, colorOf }: { title: string; bars: Bar[]; colorOf: (key: string) => string }) {
  const { t } = useTranslation("leads");
  const headingId = useId();
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  return (
    <figure aria-labelledby={headingId} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
      <h3 id={headingId} className="font-display text-xl font-semibold">
        {title}
      </h3>
      <ul className="mt-5 space-y-4">
        {bars.map((bar) => {
          const percent = total === 0 ? 0 : Math.round((bar.count / total) * 100);
          return (
            <li key={bar.key} data-bar={bar.key}>
              <div className="flex items-baseline justify-between gap-4 text-sm">
                <span className="font-medium">{bar.label}</span>
                <span className="tabular-nums text-muted-foreground" aria-hidden="true">
                  {t("analytics.share", { count: bar.count, percent })}
                </span>
                <span className="sr-only">{t("analytics.bar", { label: bar.label, count: bar.count, percent })}</span>
              </div>
              <div aria-hidden="true" className="mt-1.5 h-3 overflow-hidden rounded-full bg-muted">
                <div
                  className="h-full rounded-full"
                  style={{ width: `${(bar.count / max) * 100}%`, backgroundColor: colorOf(bar.key) }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
