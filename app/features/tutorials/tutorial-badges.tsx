import type { TutorialSummary } from "../../../core/tutorials/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { GeneratedArt } from "../../components/ui/generated-art.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";

const DIFFICULTY_TONES = { beginner: "success", intermediate: "warning", advanced: "danger" } as const;

/** A tutorial's difficulty, category, and the video and members-only marks (cards and the tutorial page). */
export function TutorialBadges({
  tutorial,
}: {
  tutorial: Pick<TutorialSummary, "difficulty" | "category" | "hasVideo" | "membersOnly" | "language">;
}) {
  const { t } = useTranslation("tutorials");
  return (
    <>
      <Badge tone={DIFFICULTY_TONES[tutorial.difficulty]}>{t(`difficulty.${tutorial.difficulty}`)}</Badge>
      <Badge tone="primary" lang={tutorial.language}>
        {tutorial.category}
      </Badge>
      {tutorial.hasVideo ? (
        <Badge tone="neutral">
          <Icon name="clapperboard" aria-hidden="true" className="mr-1 h-3 w-3" />
          {t("card.video")}
        </Badge>
      ) : null}
      {tutorial.membersOnly ? (
        <Badge tone="warning">
          <Icon name="lock" aria-hidden="true" className="mr-1 h-3 w-3" />
          {t("card.membersOnly")}
        </Badge>
      ) : null}
    </>
  );
}

/** "15 min" or "Quick read", and the view count. */
export function TutorialFacts({
  tutorial,
  viewCount,
}: {
  tutorial: Pick<TutorialSummary, "estimatedMinutes">;
  viewCount: number;
}) {
  const { t } = useTranslation("tutorials");
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <Icon name="clock" aria-hidden="true" className="h-4 w-4" />
        {tutorial.estimatedMinutes ? t("card.minutes", { count: tutorial.estimatedMinutes }) : t("card.quickRead")}
      </span>
      <span className="inline-flex items-center gap-1" data-testid="view-count">
        <Icon name="eye" aria-hidden="true" className="h-4 w-4" />
        {t("card.views", { count: viewCount })}
      </span>
    </>
  );
}

/** The picture of a card or page: the featured image, or, for a video tutorial without one, a drawn fallback. */
export function TutorialImage({
  tutorial,
  eager = false,
}: {
  tutorial: Pick<TutorialSummary, "id" | "featuredImage" | "hasVideo">;
  eager?: boolean;
}) {
  if (tutorial.featuredImage) {
    return (
      <img
        src={tutorial.featuredImage}
        alt=""
        width={800}
        height={450}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        className="h-full w-full object-cover"
      />
    );
  }
  // Art of its own for each tutorial, as for services and deals: never one placeholder repeated down the list.
  return (
    <div data-testid={tutorial.hasVideo ? "video-fallback-image" : undefined} className="h-full w-full">
      <GeneratedArt
        seed={`tutorial-${tutorial.id}`}
        icon={tutorial.hasVideo ? "clapperboard" : "lightbulb"}
        iconSize={48}
        className="h-full w-full"
      />
    </div>
  );
}
