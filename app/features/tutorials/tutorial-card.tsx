import type { TutorialSummary } from "../../../core/tutorials/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ContentCard } from "../../components/content/content-card.tsx";
import { TutorialBadges, TutorialFacts, TutorialImage } from "./tutorial-badges.tsx";

/**
 * One tutorial in the list (spec 000, section 2): image (a fallback for a video without one), Video
 * Tutorial tag, difficulty, category, title, estimated time or "Quick read", views, share, Start Tutorial.
 */
export function TutorialCard({
  tutorial,
  shareUrl,
  first = false,
}: {
  tutorial: TutorialSummary;
  shareUrl: string;
  first?: boolean;
}) {
  const { t } = useTranslation("tutorials");
  return (
    <ContentCard
      headingId={`tutorial-${tutorial.id}-title`}
      title={tutorial.title}
      summary={tutorial.summary}
      language={tutorial.language}
      image={<TutorialImage tutorial={tutorial} eager={first} />}
      badges={<TutorialBadges tutorial={tutorial} />}
      facts={<TutorialFacts tutorial={tutorial} viewCount={tutorial.viewCount} />}
      shareUrl={shareUrl}
      link={{
        to: `/tutorials/${tutorial.id}`,
        text: t("list.start"),
        label: t("list.startAbout", { title: tutorial.title }),
      }}
    />
  );
}
