import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/**
 * One queue of the Moderation tab (blog comments, client reviews, uploads, media comments): its heading,
 * what it says when nothing waits, and one card per item awaiting a decision: the oldest ones, with how
 * many wait in all when that is more (the next come up as these are decided).
 */
export function ModerationQueue<Item extends { id: number | string }>({
  id,
  heading,
  empty,
  items,
  total,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  empty: string;
  items: Item[];
  /** How many items wait in all, shown when more than `items`. */
  total: number;
  /** The card of one item (inside its list entry). */
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-2xl font-semibold">
        {heading}
      </h2>
      {total > items.length ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {t("moderation.oldestShown", { shown: items.length, total })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export type Decision = "approve" | "reject";

/** Approve and Reject for one item awaiting review; each button's label names the item for screen readers. */
export function DecisionButtons({
  texts,
  busy,
  onDecide,
}: {
  texts: Record<Decision, { text: string; label: string }>;
  busy: boolean;
  onDecide: (decision: Decision) => void;
}) {
  return (
    <>
      <Button size="sm" disabled={busy} aria-label={texts.approve.label} onClick={() => onDecide("approve")}>
        <Icon name="check" aria-hidden="true" className="h-4 w-4" />
        {texts.approve.text}
      </Button>
      <Button
        size="sm"
        variant="destructive"
        disabled={busy}
        aria-label={texts.reject.label}
        onClick={() => onDecide("reject")}
      >
        <Icon name="x" aria-hidden="true" className="h-4 w-4" />
        {texts.reject.text}
      </Button>
    </>
  );
}
