import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import type { WaitlistOffer } from "../../../core/classes/waitlist-schema.ts";

/** What the class page shows for `?offer=`: the held seat and its token, or why the link no longer holds one. */
export type SeatOfferView = { held: WaitlistOffer & { token: string } } | { refused: string };

/** The class page's word on a waiting-list offer link: the seat held, until when and for whom, or why not. */
export function SeatOffer({ offer }: { offer: SeatOfferView }) {
  const { t } = useTranslation("waitlist");
  if ("refused" in offer) return <FormAlert message={offer.refused} testId="seat-offer-refused" />;
  return (
    <div
      className="flex items-start gap-2.5 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900"
      data-testid="seat-offer"
    >
      <Icon name="clock" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
      <p>
        <strong className="block font-semibold">{t("offer.heldUntil", { until: offer.held.until })}</strong>
        {t("offer.heldFor", { name: offer.held.name, email: offer.held.email })}
      </p>
    </div>
  );
}
