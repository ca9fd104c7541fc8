import type { PublicClass } from "../../../core/classes/schema.ts";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { ClassBadges, ClassCardFacts, ClassImage } from "./class-facts.tsx";

/**
 * One class in the list (spec 000, section 2): picture, level, format and category, title, the card's
 * facts (duration, students, instructor, start date, price), and a link to its page.
 */
export function ClassCard({
  item,
  language,
  first = false,
  section = "list",
}: {
  item: PublicClass;
  language: string;
  first?: boolean;
  /** Where the card stands: a featured class is shown twice on the first page, and ids must stay unique. */
  section?: "featured" | "list";
}) {
  const { t } = useTranslation("classes");
  const headingId = `class-${item.id}-${section}-title`;
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid="class-card">
      <article aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="aspect-[16/9] overflow-hidden bg-muted">
          <ClassImage item={item} eager={first} />
        </div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <ClassBadges item={item} />
          </div>
          <h3 id={headingId} lang={item.textLanguage} className="font-display text-xl font-semibold leading-snug">
            {item.title}
          </h3>
          <p lang={item.textLanguage} className="line-clamp-3 text-muted-foreground">
            {item.description}
          </p>
          <div className="mt-auto">
            <ClassCardFacts item={item} language={language} />
          </div>
          <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
            {item.full ? (
              <span className="text-sm font-semibold text-destructive" data-testid="class-full">
                {t("detail.full")}
              </span>
            ) : item.seatsLeft === 0 ? (
              <span className="text-sm font-semibold text-muted-foreground" data-testid="class-reserved">
                {t("detail.seatsReserved", { count: item.seatsReserved })}
              </span>
            ) : (
              <span />
            )}
            <LocalizedLink
              to={`/classes/${item.id}`}
              aria-label={t("list.viewAbout", { title: item.title })}
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              {t("list.viewDetails")}
              <Icon name="arrow-right" aria-hidden="true" className="h-4 w-4" />
            </LocalizedLink>
          </div>
        </div>
      </article>
    </Card>
  );
}
