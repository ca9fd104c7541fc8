import type { PageInfo } from "../../../core/paging/rules.ts";
import { RecordList } from "./record-list.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import type { AdminDeal } from "../../../core/deals/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { formatPostDate } from "../../i18n/format-date.ts";
import { DealForm } from "./deal-form.tsx";
import { RecordActions, recordTexts, useRecordChanges, useRecordEditing } from "./records-tab.tsx";

/** The Hot Deals tab: the create/edit form and every deal, with whether it is shown now and its claims. */
export function DealsTab({ deals, paging, language }: { deals: AdminDeal[]; paging: PageInfo; language: string }) {
  const { t } = useTranslation("admin");
  const { t: dealText } = useTranslation("deals");
  const texts = recordTexts(t, "deals");
  const { editing, setEditing, formKey, onDone } = useRecordEditing<AdminDeal>();
  const { busyId, remove } = useRecordChanges(texts);
  // Staff read each deal's title in the dashboard's language; both are edited in the form.
  const titleOf = (deal: AdminDeal) => (language === "fr" ? deal.titleFr : deal.titleEn);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
      <DealForm key={formKey} editing={editing} onDone={onDone} />
      <RecordList
        headingId="all-deals-heading"
        heading={t("deals.list.heading")}
        empty={t("deals.list.empty")}
        items={deals}
        paging={paging}
      >
        {(deal) => (
          <article aria-labelledby={`admin-deal-${deal.id}`}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={deal.visible ? "success" : "neutral"}>
                {deal.visible
                  ? t("deals.list.shown")
                  : deal.active
                    ? t("deals.list.outOfWindow")
                    : t("deals.list.inactive")}
              </Badge>
              {deal.soldOut ? <Badge tone="danger">{t("deals.list.soldOut")}</Badge> : null}
              <span className="text-sm font-semibold">
                {dealText("card.percentOff", { percent: deal.discountPercentage })}
              </span>
            </div>
            <h3 id={`admin-deal-${deal.id}`} className="mt-2 font-semibold">
              {titleOf(deal)}
            </h3>
            <p className="text-sm text-muted-foreground" lang={language === "fr" ? "en" : "fr"}>
              {language === "fr" ? deal.titleEn : deal.titleFr}
            </p>
            <p className="mt-1 text-sm">
              {formatCents(deal.discountedPrice)}{" "}
              <del className="text-muted-foreground">{formatCents(deal.originalPrice)}</del>
              {" · "}
              {deal.claimLimit === null
                ? t("deals.list.claimed", { count: deal.claimCount })
                : t("deals.list.claimedOf", { count: deal.claimCount, limit: deal.claimLimit })}
            </p>
            <p className="text-sm text-muted-foreground">
              <time dateTime={deal.validFrom}>{formatPostDate(deal.validFrom, language)}</time> –{" "}
              <time dateTime={deal.validUntil}>{formatPostDate(deal.validUntil, language)}</time>
            </p>
            <RecordActions
              texts={texts}
              title={titleOf(deal)}
              busy={busyId === deal.id}
              onEdit={() => setEditing(deal)}
              onDelete={() =>
                void remove(deal.id, `/api/admin/hot-deals/${deal.id}`, () => {
                  if (editing?.id === deal.id) setEditing(null);
                })
              }
            />
          </article>
        )}
      </RecordList>
    </div>
  );
}
