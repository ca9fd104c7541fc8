import { Link } from "react-router";
import type { LeadDetail } from "../../../core/leads/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { ConversationTranscript } from "./conversation-transcript.tsx";
import { StatusSelect, SyncBadge, leadName, useDateFormat, useLeadActions } from "./lead-ui.tsx";

const OUTCOME_TONES = { queued: "neutral", retrying: "warning", synced: "success", failed: "danger" } as const;

/** One lead: its contact fields, the timeline across channels, its sync history and its status. */
export function LeadDetailView({ lead, language, backHref }: { lead: LeadDetail; language: string; backHref: string }) {
  const { t } = useTranslation("leads");
  const formatDate = useDateFormat(language);
  const { setStatus, sync, busy } = useLeadActions([lead]);
  const none = t("detail.none");
  const name = leadName(lead);
  return (
    <div className="space-y-6">
      <Link to={backHref} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← {t("detail.back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-3xl font-semibold">{name}</h2>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm font-medium" htmlFor="lead-status">
            {t("detail.status")}
          </label>
          <StatusSelect
            id="lead-status"
            lead={lead}
            disabled={busy === lead.id}
            onChange={(status) => setStatus(lead, status)}
          />
          <SyncBadge lead={lead} />
          {lead.syncStatus === "synced" ? null : (
            <Button size="sm" variant="outline" disabled={busy === lead.id} onClick={() => void sync(lead)}>
              {t("table.sync")}
            </Button>
          )}
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_1fr]">
        <Card className="p-6">
          <h3 className="font-display text-xl font-semibold">{t("detail.contact")}</h3>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t("detail.email")}</dt>
            <dd>
              {lead.email ? (
                <a href={`mailto:${lead.email}`} className="text-primary underline-offset-4 hover:underline">
                  {lead.email}
                </a>
              ) : (
                none
              )}
            </dd>
            <dt className="text-muted-foreground">{t("detail.phone")}</dt>
            <dd>
              {lead.phone ? (
                <a
                  href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {lead.phone}
                </a>
              ) : (
                none
              )}
            </dd>
            <dt className="text-muted-foreground">{t("detail.company")}</dt>
            <dd>{lead.company ?? none}</dd>
            <dt className="text-muted-foreground">{t("detail.firstSource")}</dt>
            <dd>{t(`source.${lead.leadSource}`)}</dd>
            <dt className="text-muted-foreground">{t("detail.channels")}</dt>
            <dd>{lead.channels.map((channel) => t(`source.${channel}`)).join(", ")}</dd>
            <dt className="text-muted-foreground">{t("table.created")}</dt>
            <dd>{formatDate(lead.createdAt)}</dd>
          </dl>
          {lead.message ? (
            <>
              <h4 className="mt-5 text-sm font-semibold">{t("detail.message")}</h4>
              <p className="mt-1 whitespace-pre-line text-sm">{lead.message}</p>
            </>
          ) : null}
        </Card>

        <Card className="p-6">
          <h3 className="font-display text-xl font-semibold">{t("detail.timeline")}</h3>
          {lead.timeline.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{t("detail.noTimeline")}</p>
          ) : (
            <ol className="mt-4 space-y-4 border-l-2 border-border pl-5">
              {lead.timeline.map((point) => (
                <li key={point.id} data-channel={point.channel}>
                  <p className="text-sm font-semibold">{t(`source.${point.channel}`)}</p>
                  <p className="text-xs text-muted-foreground">{formatDate(point.occurredAt)}</p>
                  {point.summary ? <p className="mt-1 text-sm">{point.summary}</p> : null}
                  {point.conversationId ? <ConversationTranscript id={point.conversationId} /> : null}
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>

      <Card className="p-6">
        <h3 className="font-display text-xl font-semibold">{t("detail.syncHistory")}</h3>
        {lead.syncHistory.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">{t("detail.noSyncHistory")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-border">
            {lead.syncHistory.map((attempt) => (
              <li key={attempt.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                <Badge tone={OUTCOME_TONES[attempt.outcome]}>{t(`detail.outcome.${attempt.outcome}`)}</Badge>
                <span className="font-medium">{t(`crm.${attempt.crmSystem}`)}</span>
                {attempt.attempt > 0 ? <span>{t("detail.attempt", { attempt: attempt.attempt })}</span> : null}
                <span className="text-muted-foreground">{formatDate(attempt.createdAt)}</span>
                {attempt.crmLeadId ? (
                  <span className="text-muted-foreground">{t("detail.crmRecord", { id: attempt.crmLeadId })}</span>
                ) : null}
                {attempt.error ? <span className="basis-full text-red-800">{attempt.error}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
