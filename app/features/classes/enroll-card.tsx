import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { PublicClass } from "../../../core/classes/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import type { IconName } from "../../components/ui/icon-names.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { useLocalizedPath } from "../../i18n/localized-link.tsx";
import { storeClassEnrollment, type SeatOfferHold } from "../../lib/payments-api.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

const NOTES: Array<[IconName, string]> = [
  ["check", "detail.lifetime"],
  ["trophy", "detail.certificate"],
  ["rotate-ccw", "detail.guarantee"],
];

/**
 * The price card of a class page (spec 000, section 2): the price, Enroll Now, seats left, and the three
 * notes. "Class is Full" replaces Enroll Now once every seat is taken (or held by people paying, while
 * its waiting list takes joins: `waitlistOpen`), with `whenFull` below it (the waiting list). A seat held
 * from the waiting list (`offer`) keeps Enroll Now for its person, and carries the offer to /payment.
 * Enroll Now leaves the class in the browser session and goes to /payment, where the server's price is
 * charged.
 */
export function EnrollCard({
  item,
  whenFull,
  waitlistOpen = false,
  offer,
}: {
  item: PublicClass;
  whenFull?: ReactNode;
  waitlistOpen?: boolean;
  offer?: SeatOfferHold;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation("classes");
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const closed = !offer && (item.full || waitlistOpen);

  function enroll() {
    storeClassEnrollment({
      classId: String(item.id),
      serviceName: item.title,
      amount: item.price / 100,
      returnUrl: `/classes/${item.id}`,
      ...(offer ? { offer } : {}),
    });
    void navigate(localize("/payment"));
  }

  return (
    <Card className="space-y-5 p-6" data-testid="enroll-card">
      <p className="font-display text-4xl font-semibold tabular-nums" data-testid="class-price">
        {formatCents(item.price)}
      </p>
      {closed ? (
        <div className="space-y-3" data-testid="class-full-state">
          <p
            role="status"
            className="flex items-center justify-center gap-2 rounded-lg bg-red-50 px-4 py-3 font-semibold text-destructive"
          >
            <Icon name="circle-alert" aria-hidden="true" className="h-5 w-5" />
            {t("detail.full")}
          </p>
          <p className="text-center text-sm text-muted-foreground" data-testid="class-full-text">
            {item.full ? t("detail.fullText") : t("detail.reservedText")}
          </p>
          {whenFull}
        </div>
      ) : (
        <>
          <Button
            type="button"
            size="lg"
            className="w-full text-base"
            onClick={enroll}
            disabled={!hydrated}
            data-testid="enroll-now"
            aria-label={t("detail.enrollAbout", { title: item.title })}
          >
            {t("detail.enroll")}
          </Button>
          {offer ? null : (
            <p className="text-center text-sm text-muted-foreground" data-testid="seats-left">
              {item.seatsLeft === null ? t("detail.unlimited") : t("detail.seatsLeft", { count: item.seatsLeft })}
              {item.seatsReserved > 0 && item.seatsLeft !== null ? (
                <span className="block text-xs" data-testid="seats-reserved">
                  {t("detail.seatsReserved", { count: item.seatsReserved })}
                </span>
              ) : null}
            </p>
          )}
        </>
      )}
      <ul className="space-y-2 border-t border-border pt-4 text-sm">
        {NOTES.map(([icon, key]) => (
          <li key={key} className="flex items-center gap-2">
            <Icon name={icon} aria-hidden="true" className="h-4 w-4 text-green-700" />
            {t(key)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
