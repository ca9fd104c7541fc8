import type { TutorialSummary } from "../../../core/tutorials/schema.ts";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { ShareButton } from "../share/share-button.tsx";
import { TutorialBadges, TutorialFacts, TutorialImage } from "./tutorial-badges.tsx";

/**
 * One tutorial in the list (spec 000, section 2): image (a fallback for a video without one), Video
 * Tutorial tag, difficulty, category, title, estimated time or "Quick read", views, share, Start Tutorial.
 */
export function TutorialCard({ tutorial, shareUrl, first = false }: { tutorial: TutorialSummary; shareUrl: string; first?: boolean }) {
  const { t } = useTranslation("tutorials");
  const headingId = `tutorial-${tutorial.id}-title`;
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <article aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="aspect-[16/9] overflow-hidden bg-muted">
          <TutorialImage tutorial={tutorial} eager={first} />
        </div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <TutorialBadges tutorial={tutorial} />
          </div>
          <h2 id={headingId} lang={tutorial.language} className="font-display text-xl font-semibold leading-snug">
            {tutorial.title}
          </h2>
          {tutorial.summary ? (
            <p lang={tutorial.language} className="text-muted-foreground">
              {tutorial.summary}
            </p>
          ) : null}
          <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <TutorialFacts tutorial={tutorial} viewCount={tutorial.viewCount} />
          </p>
          <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
            <ShareButton title={tutorial.title} description={tutorial.summary} url={shareUrl} variant="dropdown" />
            <LocalizedLink
              to={`/tutorials/${tutorial.id}`}
              aria-label={t("list.startAbout", { title: tutorial.title })}
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              {t("list.start")}
              <Icon name="arrow-right" aria-hidden="true" className="h-4 w-4" />
            </LocalizedLink>
          </div>
        </div>
      </article>
    </Card>
  );
}
