import { Badge } from "../ui/badge.tsx";
import { Icon } from "../ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";

/** "Verified client": the review's author has a paid order or a consultation that took place (decided by the server). */
export function VerifiedBadge() {
  const { t } = useTranslation("testimonials");
  return (
    <Badge tone="success" className="gap-1" data-testid="verified-client">
      <Icon name="badge-check" aria-hidden="true" size={14} />
      {t("card.verified")}
    </Badge>
  );
}
