import type { ReactNode } from "react";
import { Card } from "../ui/card.tsx";
import { Icon } from "../ui/icon.tsx";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { ShareButton } from "../share/share-button.tsx";

export interface ContentCardProps {
  /** Unique on the page: names the card's heading. */
  headingId: string;
  title: string;
  summary: string;
  /** The language the title and summary are written in. */
  language: string;
  image: ReactNode;
  badges: ReactNode;
  /** The line of facts above the actions (date, reading time, views...). */
  facts: ReactNode;
  shareUrl: string;
  /** The card's call to action: "Read More", "Start Tutorial". */
  link: { to: string; text: string; label: string };
}

/**
 * One piece of content in a list (a post, a tutorial): image, badges, title, summary, facts, then share and
 * the link to it. The link's accessible name names the content; its text also carries the title for
 * crawlers that read "Read More" as a generic link.
 */
export function ContentCard({
  headingId,
  title,
  summary,
  language,
  image,
  badges,
  facts,
  shareUrl,
  link,
}: ContentCardProps) {
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <article aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="aspect-[16/9] overflow-hidden bg-muted">{image}</div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div className="flex flex-wrap items-center gap-2 text-sm">{badges}</div>
          <h2 id={headingId} lang={language} className="font-display text-xl font-semibold leading-snug">
            {title}
          </h2>
          {summary ? (
            <p lang={language} className="text-muted-foreground">
              {summary}
            </p>
          ) : null}
          <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">{facts}</p>
          <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
            <ShareButton title={title} description={summary} url={shareUrl} variant="dropdown" />
            <LocalizedLink
              to={link.to}
              aria-label={link.label}
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              {link.text}
              <span className="sr-only" lang={language}>
                : {title}
              </span>
              <Icon name="arrow-right" aria-hidden="true" className="h-4 w-4" />
            </LocalizedLink>
          </div>
        </div>
      </article>
    </Card>
  );
}
