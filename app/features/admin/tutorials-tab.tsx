import type { PageInfo } from "../../../core/paging/rules.ts";
import type { AdminTutorial } from "../../../core/tutorials/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { MissingTranslationBadges, missingLanguages, type ContentLanguage } from "./bilingual-form.tsx";
import { RecordList } from "./record-list.tsx";
import { RecordActions, recordTexts, useRecordChanges, useRecordEditing } from "./records-tab.tsx";
import { TutorialForm } from "./tutorial-form.tsx";

/** The texts a reader of each language would miss: one language written, the other left empty. */
export function missingTranslations(tutorial: AdminTutorial): ContentLanguage[] {
  return missingLanguages([
    [tutorial.summaryEn, tutorial.summaryFr],
    [tutorial.contentEn, tutorial.contentFr],
    [tutorial.tagsEn, tutorial.tagsFr],
  ]);
}

/** The Tutorials tab: the create/edit form, both languages side by side, and every tutorial, drafts included. */
export function TutorialsTab({
  tutorials,
  paging,
  language,
}: {
  tutorials: AdminTutorial[];
  paging: PageInfo;
  language: string;
}) {
  const { t } = useTranslation("tutorials");
  const texts = recordTexts(t, "admin");
  const { editing, setEditing, formKey, onDone } = useRecordEditing<AdminTutorial>();
  const { busyId, remove } = useRecordChanges(texts);
  const titleOf = (tutorial: AdminTutorial) => (language === "fr" ? tutorial.titleFr : tutorial.titleEn);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
      <TutorialForm key={formKey} editing={editing} onDone={onDone} />
      <RecordList
        headingId="all-tutorials-heading"
        heading={t("admin.list.heading")}
        empty={t("admin.list.empty")}
        items={tutorials}
        paging={paging}
      >
        {(tutorial) => (
          <article aria-labelledby={`admin-tutorial-${tutorial.id}`}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={tutorial.published ? "success" : "neutral"}>
                {tutorial.published ? t("admin.list.published") : t("admin.list.draft")}
              </Badge>
              <Badge tone="primary">{t(`difficulty.${tutorial.difficulty}`)}</Badge>
              {tutorial.membersOnly ? <Badge tone="warning">{t("card.membersOnly")}</Badge> : null}
              <MissingTranslationBadges
                missing={missingTranslations(tutorial)}
                label={(lang) => t(`admin.list.missing.${lang}`)}
              />
            </div>
            <h3 id={`admin-tutorial-${tutorial.id}`} className="mt-2 font-semibold">
              {titleOf(tutorial)}
            </h3>
            <p className="text-sm text-muted-foreground" lang={language === "fr" ? "en" : "fr"}>
              {language === "fr" ? tutorial.titleEn : tutorial.titleFr}
            </p>
            <p className="mt-1 text-sm">{t("card.views", { count: tutorial.viewCount })}</p>
            <RecordActions
              texts={texts}
              title={titleOf(tutorial)}
              busy={busyId === tutorial.id}
              onEdit={() => setEditing(tutorial)}
              onDelete={() =>
                void remove(tutorial.id, `/api/admin/tutorials/${tutorial.id}`, () => {
                  if (editing?.id === tutorial.id) setEditing(null);
                })
              }
            />
          </article>
        )}
      </RecordList>
    </div>
  );
}
