import { useState } from "react";
import { RecordList } from "./record-list.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { useRevalidator } from "react-router";
import { toast } from "../../components/ui/toast.ts";
import type { AdminDeal } from "../../../core/deals/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { formatPostDate } from "../../i18n/format-date.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { DealForm } from "./deal-form.tsx";

/** The Hot Deals tab: the create/edit form and every deal, with whether it is shown now and its claims. */
export function DealsTab({ deals, language }: { deals: AdminDeal[]; language: string }) {
  const { t } = useTranslation("admin");
  const { t: dealText } = useTranslation("deals");
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminDeal | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  // Staff read each deal's title in the dashboard's language; both are edited in the form.
  const titleOf = (deal: AdminDeal) => (language === "fr" ? deal.titleFr : deal.titleEn);

  async function remove(deal: AdminDeal) {
    setBusyId(deal.id);
    try {
      await api(`/api/admin/hot-deals/${deal.id}`, { method: "DELETE" });
      if (editing?.id === deal.id) setEditing(null);
      await revalidator.revalidate();
      toast.success(t("deals.toast.deleted"));
    } catch (error) {
      toast.error(t("deals.toast.deleteFailed"), {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
      <DealForm
        key={editing?.id ?? "new"}
        editing={editing}
        onDone={async () => {
          setEditing(null);
          await revalidator.revalidate();
        }}
      />
      <RecordList
        headingId="all-deals-heading"
        heading={t("deals.list.heading")}
        empty={t("deals.list.empty")}
        items={deals}
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
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                aria-label={t("deals.list.editLabel", { title: titleOf(deal) })}
                onClick={() => setEditing(deal)}
              >
                <Icon name="pencil" aria-hidden="true" className="h-4 w-4" />
                {t("deals.list.edit")}
              </Button>
              <ConfirmDialog
                trigger={
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busyId === deal.id}
                    aria-label={t("deals.list.deleteLabel", { title: titleOf(deal) })}
                    className="text-destructive"
                  >
                    <Icon name="trash-2" aria-hidden="true" className="h-4 w-4" />
                    {t("deals.list.delete")}
                  </Button>
                }
                title={t("deals.delete.title")}
                description={t("deals.delete.description", { title: titleOf(deal) })}
                confirmLabel={t("deals.delete.confirm")}
                cancelLabel={t("deals.delete.cancel")}
                onConfirm={() => void remove(deal)}
              />
            </div>
          </article>
        )}
      </RecordList>
    </div>
  );
}
