import type { PublicClass } from "../../../core/classes/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { GeneratedArt } from "../../components/ui/generated-art.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import type { IconName } from "../../components/ui/icon-names.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { formatPostDate } from "../../i18n/format-date.ts";

const LEVEL_TONES = { beginner: "success", intermediate: "warning", advanced: "danger" } as const;

/** "12 / 20", or "12 / ∞" for a class without a seat limit (spec 000, section 9). */
export function studentsText(
  item: Pick<PublicClass, "currentEnrollment" | "maxStudents">,
  template: (values: { current: number; max: string }) => string,
): string {
  return template({ current: item.currentEnrollment, max: item.maxStudents === null ? "∞" : String(item.maxStudents) });
}

/** A class's level, format and category marks (cards and the class page). */
export function ClassBadges({
  item,
}: {
  item: Pick<PublicClass, "level" | "format" | "category" | "featured" | "textLanguage">;
}) {
  const { t } = useTranslation("classes");
  return (
    <>
      <Badge tone={LEVEL_TONES[item.level]}>{t(`levels.${item.level}`)}</Badge>
      <Badge tone="neutral">{t(`formats.${item.format}`)}</Badge>
      <Badge tone="primary" lang={item.textLanguage}>
        {item.category}
      </Badge>
    </>
  );
}

/** One labelled fact with its icon, as a description-list entry. */
export function Fact({
  icon,
  label,
  children,
  testId,
}: {
  icon: IconName;
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <Icon name={icon} aria-hidden="true" className="h-4 w-4 shrink-0 text-primary" />
        {label}
      </dt>
      <dd className="mt-0.5 pl-[1.375rem] font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The card's facts (spec 000, section 2): duration, students, instructor, start date, price. */
export function ClassCardFacts({ item, language }: { item: PublicClass; language: string }) {
  const { t } = useTranslation("classes");
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <Fact icon="clock" label={t("facts.duration")}>
        {item.duration}
      </Fact>
      <Fact icon="users" label={t("facts.students")} testId="class-students">
        {studentsText(item, (values) => t("facts.studentsValue", values))}
      </Fact>
      <Fact icon="badge-check" label={t("facts.instructor")}>
        {item.instructorName}
      </Fact>
      <Fact icon="calendar-days" label={t("facts.startDate")}>
        {item.startDate ? (
          <time dateTime={item.startDate}>{formatPostDate(item.startDate, language)}</time>
        ) : (
          t("facts.notScheduled")
        )}
      </Fact>
      <Fact icon="tag" label={t("facts.price")}>
        <span className="font-display text-lg font-semibold tabular-nums">{formatCents(item.price)}</span>
      </Fact>
    </dl>
  );
}

/** The class's picture, or drawn art when it has none. */
export function ClassImage({
  item,
  eager = false,
}: {
  item: Pick<PublicClass, "id" | "featuredImage">;
  eager?: boolean;
}) {
  if (item.featuredImage) {
    return (
      <img
        src={item.featuredImage}
        alt=""
        width={800}
        height={450}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        className="h-full w-full object-cover"
      />
    );
  }
  // Art of its own for each class, as for services and deals: never one placeholder repeated down the list.
  return <GeneratedArt seed={`class-${item.id}`} icon="users" iconSize={48} className="h-full w-full" />;
}
