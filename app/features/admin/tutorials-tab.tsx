import { useState } from "react";
import { useRevalidator } from "react-router";
import type { AdminTutorial } from "../../../core/tutorials/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { toast } from "../../components/ui/toast.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { RecordList } from "./record-list.tsx";
import { TutorialForm } from "./tutorial-form.tsx";

/** The texts a reader of each language would miss: one language written, the other left empty. */
export function missingTranslations(tutorial: AdminTutorial): Array<"en" | "fr"> {
  const pairs: Array<[string, string]> = [
    [tutorial.summaryEn, tutorial.summaryFr],
    [tutorial.contentEn, tutorial.contentFr],
  ];
  const missing = new Set<"en" | "fr">();
  for (const [en, fr] of pairs) {
    if (en.trim() && !fr.trim()) missing.add("fr");
    if (fr.trim() && !en.trim()) missing.add("en");
  }
  if (tutorial.tagsEn.length > 0 && tutorial.tagsFr.length === 0) missing.add("fr");
  if (tutorial.tagsFr.length > 0 && tutorial.tagsEn.length === 0) missing.add("en");
  return [...missing].sort();
}

/** The Tutorials tab: the create/edit form, both languages side by side, and every tutorial, drafts included. */
export function TutorialsTab({ tutorials, language }: { tutorials: AdminTutorial[]; language: string }) {
  const { t } = useTranslation("tutorials");
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminTutorial | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const titleOf = (tutorial: AdminTutorial) => (language === "fr" ? tutorial.titleFr : tutorial.titleEn);

  async function remove(tutorial: AdminTutorial) {
    setBusyId(tutorial.id);
    try {
      await api(`/api/admin/tutorials/${tutorial.id}`, { method: "DELETE" });
      if (editing?.id === tutorial.id) setEditing(null);
      await revalidator.revalidate();
      toast.success(t("admin.toast.deleted"));
    } catch (error) {
      toast.error(t("admin.toast.deleteFailed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
      <TutorialForm
        editing={editing}
        onDone={async () => {
          setEditing(null);
          await revalidator.revalidate();
        }}
      />
      <RecordList headingId="all-tutorials-heading" heading={t("admin.list.heading")} empty={t("admin.list.empty")} items={tutorials}>
        {(tutorial) => (
          <article aria-labelledby={`admin-tutorial-${tutorial.id}`}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={tutorial.published ? "success" : "neutral"}>{tutorial.published ? t("admin.list.published") : t("admin.list.draft")}</Badge>
              <Badge tone="primary">{t(`difficulty.${tutorial.difficulty}`)}</Badge>
              {tutorial.membersOnly ? <Badge tone="warning">{t("card.membersOnly")}</Badge> : null}
              {missingTranslations(tutorial).map((lang) => (
                <Badge key={lang} tone="danger">
                  {t(`admin.list.missing.${lang}`)}
                </Badge>
              ))}
            </div>
            <h3 id={`admin-tutorial-${tutorial.id}`} className="mt-2 font-semibold">
              {titleOf(tutorial)}
            </h3>
            <p className="text-sm text-muted-foreground" lang={language === "fr" ? "en" : "fr"}>
              {language === "fr" ? tutorial.titleEn : tutorial.titleFr}
            </p>
            <p className="mt-1 text-sm">{t("card.views", { count: tutorial.viewCount })}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" variant="outline" aria-label={t("admin.list.editLabel", { title: titleOf(tutorial) })} onClick={() => setEditing(tutorial)}>
                <Icon name="pencil" aria-hidden="true" className="h-4 w-4" />
                {t("admin.list.edit")}
              </Button>
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="outline" disabled={busyId === tutorial.id} aria-label={t("admin.list.deleteLabel", { title: titleOf(tutorial) })} className="text-destructive">
                    <Icon name="trash-2" aria-hidden="true" className="h-4 w-4" />
                    {t("admin.list.delete")}
                  </Button>
                }
                title={t("admin.delete.title")}
                description={t("admin.delete.description", { title: titleOf(tutorial) })}
                confirmLabel={t("admin.delete.confirm")}
                cancelLabel={t("admin.delete.cancel")}
                onConfirm={() => void remove(tutorial)}
              />
            </div>
          </article>
        )}
      </RecordList>
    </div>
  );
}
