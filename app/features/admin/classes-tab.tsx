import type { PageInfo } from "../../../core/paging/rules.ts";
import type { AdminClass, AdminEnrollment } from "../../../core/classes/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { api } from "../../lib/api.ts";
import { formatPostDate } from "../../i18n/format-date.ts";
import { MissingTranslationBadges, missingLanguages, type ContentLanguage } from "./bilingual-form.tsx";
import { ClassForm } from "./class-form.tsx";
import { ClassWaitlistPanel } from "./class-waitlist-panel.tsx";
import { OnDemandTable } from "./on-demand-table.tsx";
import { RecordList } from "./record-list.tsx";
import { RecordActions, recordTexts, useRecordChanges, useRecordEditing } from "./records-tab.tsx";

/** The texts of a class a reader of each language would miss (the required ones exist in both by rule). */
export function missingClassTranslations(record: AdminClass): ContentLanguage[] {
  return missingLanguages([
    [record.instructorBioEn, record.instructorBioFr],
    [record.syllabusEn, record.syllabusFr],
    [record.prerequisitesEn, record.prerequisitesFr],
    [record.requirementsEn, record.requirementsFr],
    [record.locationEn, record.locationFr],
  ]);
}

/** A class's enrolments, read from the staff API when staff open them. */
function Enrollments({ record, title, language }: { record: AdminClass; title: string; language: string }) {
  const { t } = useTranslation("adminclasses");
  return (
    <OnDemandTable<AdminEnrollment>
      url={`/api/admin/classes/${record.id}/enrollments`}
      icon="users"
      texts={{
        show: t("list.showEnrollments"),
        hide: t("list.hideEnrollments"),
        showLabel: t("list.showEnrollmentsLabel", { title }),
        loading: t("enrollments.loading"),
        failed: t("enrollments.failed"),
        empty: t("enrollments.empty"),
        caption: t("enrollments.caption", { title }),
      }}
      columns={[
        { header: t("enrollments.name"), cell: (enrollment) => enrollment.customerName },
        { header: t("enrollments.email"), cell: (enrollment) => enrollment.customerEmail, className: "break-all" },
        { header: t("enrollments.status"), cell: (enrollment) => t(`enrollments.states.${enrollment.state}`) },
        {
          header: t("enrollments.payment"),
          cell: (enrollment) =>
            t(`enrollments.payments.${enrollment.paymentStatus}`, { defaultValue: enrollment.paymentStatus }),
        },
        {
          header: t("enrollments.amount"),
          cell: (enrollment) => formatCents(enrollment.amountCents),
          className: "tabular-nums",
        },
        {
          header: t("enrollments.date"),
          cell: (enrollment) => (
            <time dateTime={enrollment.enrolledAt ?? enrollment.createdAt}>
              {formatPostDate(enrollment.enrolledAt ?? enrollment.createdAt, language)}
            </time>
          ),
        },
      ]}
    />
  );
}

/** The Classes tab: the create/edit form, both languages side by side, and every class with its seats and enrolments. */
export function ClassesTab({
  classes,
  paging,
  language,
}: {
  classes: AdminClass[];
  paging: PageInfo;
  language: string;
}) {
  const { t } = useTranslation("adminclasses");
  const texts = recordTexts(t, "");
  const { editing, setEditing, formKey, onDone } = useRecordEditing<AdminClass>();
  const { busyId, change, remove } = useRecordChanges(texts);
  const titleOf = (record: AdminClass) => (language === "fr" ? record.titleFr : record.titleEn);

  /** Deactivating takes a class off the site and keeps its enrolments: what staff do instead of deleting a class that has students. */
  function setActive(record: AdminClass, active: boolean) {
    return change(record.id, () => api(`/api/admin/classes/${record.id}`, { method: "PUT", json: { active } }), {
      done: active ? t("toast.activated") : t("toast.deactivated"),
      failed: t("toast.updateFailed"),
    });
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
      <ClassForm key={formKey} editing={editing} onDone={onDone} />
      <RecordList
        headingId="all-classes-heading"
        heading={t("list.heading")}
        empty={t("list.empty")}
        items={classes}
        paging={paging}
      >
        {(record) => (
          <article aria-labelledby={`admin-class-${record.id}`}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={record.active ? "success" : "neutral"}>
                {record.active ? t("list.active") : t("list.inactive")}
              </Badge>
              {record.featured ? <Badge tone="primary">{t("list.featured")}</Badge> : null}
              <Badge tone="neutral">{t(`levels.${record.level}`)}</Badge>
              <MissingTranslationBadges
                missing={missingClassTranslations(record)}
                label={(lang) => t(`list.missing.${lang}`)}
              />
            </div>
            <h3 id={`admin-class-${record.id}`} className="mt-2 font-semibold">
              {titleOf(record)}
            </h3>
            <p className="text-sm text-muted-foreground" lang={language === "fr" ? "en" : "fr"}>
              {language === "fr" ? record.titleEn : record.titleFr}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t("list.price")}</dt>
              <dd className="tabular-nums">{formatCents(record.price)}</dd>
              <dt className="text-muted-foreground">{t("list.seats")}</dt>
              <dd className="tabular-nums">
                {t("list.seatsOf", {
                  current: record.currentEnrollment,
                  max: record.maxStudents ?? t("list.unlimited"),
                })}
              </dd>
            </dl>
            <RecordActions
              texts={texts}
              title={titleOf(record)}
              busy={busyId === record.id}
              onEdit={() => setEditing(record)}
              onDelete={() =>
                void remove(record.id, `/api/admin/classes/${record.id}`, () => {
                  if (editing?.id === record.id) setEditing(null);
                })
              }
            >
              <Button
                size="sm"
                variant="outline"
                disabled={busyId === record.id}
                aria-label={
                  record.active
                    ? t("list.deactivateLabel", { title: titleOf(record) })
                    : t("list.activateLabel", { title: titleOf(record) })
                }
                onClick={() => void setActive(record, !record.active)}
              >
                <Icon name={record.active ? "eye-off" : "eye"} aria-hidden="true" className="h-4 w-4" />
                {record.active ? t("list.deactivate") : t("list.activate")}
              </Button>
            </RecordActions>
            <Enrollments record={record} title={titleOf(record)} language={language} />
            {record.maxStudents !== null ? <ClassWaitlistPanel classId={record.id} title={titleOf(record)} /> : null}
          </article>
        )}
      </RecordList>
    </div>
  );
}
