import { useTranslation } from "../../i18n/react.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/** A post's category, and the members-only mark when it is one (on cards and on the post page). */
export function PostBadges({ category, membersOnly }: { category: string; membersOnly: boolean }) {
  const { t } = useTranslation("blog");
  return (
    <>
      <Badge tone="primary">{t(`categories.${category}`, { defaultValue: category })}</Badge>
      {membersOnly ? (
        <Badge tone="warning">
          <Icon name="lock" aria-hidden="true" className="mr-1 h-3 w-3" />
          {t("list.premium")}
        </Badge>
      ) : null}
    </>
  );
}
