import { useId } from "react";
import { DIFFICULTIES } from "../../../core/tutorials/rules.ts";
import type { AdminTutorial } from "../../../core/tutorials/schema.ts";
import { TUTORIAL_LIMITS } from "../../../core/tutorials/rules.ts";
import { Field, Input } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { api } from "../../lib/api.ts";
import { Form } from "../../lib/form.tsx";
import { TextField, fieldLabel } from "./bilingual-form.tsx";
import { ImageAddressField, RecordFormButtons, useRecordForm } from "./record-form.tsx";
import { recordTexts } from "./records-tab.tsx";
import { SwitchField } from "./switch-field.tsx";

const ORDER = [
  "titleEn",
  "titleFr",
  "categoryEn",
  "categoryFr",
  "summaryEn",
  "summaryFr",
  "contentEn",
  "contentFr",
  "tagsEn",
  "tagsFr",
  "difficulty",
  "estimatedMinutes",
  "videoUrl",
  "featuredImage",
] as const;
type FieldName = (typeof ORDER)[number];
type Values = Record<FieldName, string> & { published: boolean; membersOnly: boolean };

const EMPTY: Values = {
  titleEn: "",
  titleFr: "",
  categoryEn: "",
  categoryFr: "",
  summaryEn: "",
  summaryFr: "",
  contentEn: "",
  contentFr: "",
  tagsEn: "",
  tagsFr: "",
  difficulty: "beginner",
  estimatedMinutes: "",
  videoUrl: "",
  featuredImage: "",
  published: true,
  membersOnly: false,
};

function valuesOf(tutorial: AdminTutorial): Values {
  return {
    titleEn: tutorial.titleEn,
    titleFr: tutorial.titleFr,
    categoryEn: tutorial.categoryEn,
    categoryFr: tutorial.categoryFr,
    summaryEn: tutorial.summaryEn,
    summaryFr: tutorial.summaryFr,
    contentEn: tutorial.contentEn,
    contentFr: tutorial.contentFr,
    tagsEn: tutorial.tagsEn.join(", "),
    tagsFr: tutorial.tagsFr.join(", "),
    difficulty: tutorial.difficulty,
    estimatedMinutes: tutorial.estimatedMinutes === null ? "" : String(tutorial.estimatedMinutes),
    videoUrl: tutorial.videoUrl ?? "",
    featuredImage: tutorial.featuredImage ?? "",
    published: tutorial.published,
    membersOnly: tutorial.membersOnly,
  };
}

const tagsOf = (value: string) =>
  value
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The form's values as the API reads them: tags as lists, minutes as a number, null for none. */
function payloadOf(values: Values) {
  const minutes = values.estimatedMinutes.trim();
  return {
    titleEn: values.titleEn,
    titleFr: values.titleFr,
    categoryEn: values.categoryEn,
    categoryFr: values.categoryFr,
    summaryEn: values.summaryEn,
    summaryFr: values.summaryFr,
    contentEn: values.contentEn,
    contentFr: values.contentFr,
    tagsEn: tagsOf(values.tagsEn),
    tagsFr: tagsOf(values.tagsFr),
    difficulty: values.difficulty,
    estimatedMinutes: minutes === "" ? null : /^\d{1,5}$/.test(minutes) ? Number(minutes) : minutes,
    videoUrl: values.videoUrl.trim() === "" ? null : values.videoUrl,
    featuredImage: values.featuredImage.trim() === "" ? null : values.featuredImage,
    published: values.published,
    membersOnly: values.membersOnly,
  };
}

/**
 * Creates a tutorial, or edits `editing` (spec 000, section 5: 'Title is required'). A tutorial is one
 * record: its texts are written side by side in English and French, the rest once.
 */
export function TutorialForm({
  editing,
  onDone,
}: {
  editing: AdminTutorial | null;
  onDone: () => void | Promise<void>;
}) {
  const { t } = useTranslation("tutorials");
  const texts = recordTexts(t, "admin");
  const headingId = useId();
  const { form, values, set, toggle } = useRecordForm({
    editing,
    empty: EMPTY,
    valuesOf,
    payloadOf,
    schema: () => import("../../../core/tutorials/schema.ts").then((module) => module.tutorialInputSchema),
    save: ({ payload }, record) =>
      record
        ? api(`/api/admin/tutorials/${record.id}`, { method: "PUT", json: payload })
        : api("/api/admin/tutorials", { json: payload }),
    texts,
    onDone,
    firstField: ORDER[0],
  });

  const label = (field: FieldName, required: boolean) => fieldLabel(t, "admin.form", field, required);
  const text = (field: FieldName, options: { required?: boolean; multiline?: boolean; max: number }) => (
    <TextField
      field={form.field(field)}
      label={label(field, options.required ?? false)}
      value={values[field]}
      onChange={set(field)}
      required={options.required}
      multiline={options.multiline}
      max={options.max}
    />
  );

  return (
    <Form form={form} aria-labelledby={headingId} className="space-y-5 rounded-xl border border-border bg-white p-6">
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {editing ? t("admin.form.editHeading") : t("admin.form.createHeading")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("admin.form.intro")}</p>
      <FormError form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        {text("titleEn", { required: true, max: TUTORIAL_LIMITS.title })}
        {text("titleFr", { required: true, max: TUTORIAL_LIMITS.title })}
        {text("categoryEn", { required: true, max: TUTORIAL_LIMITS.category })}
        {text("categoryFr", { required: true, max: TUTORIAL_LIMITS.category })}
        {text("summaryEn", { multiline: true, max: TUTORIAL_LIMITS.summary })}
        {text("summaryFr", { multiline: true, max: TUTORIAL_LIMITS.summary })}
        {text("contentEn", { multiline: true, max: TUTORIAL_LIMITS.content })}
        {text("contentFr", { multiline: true, max: TUTORIAL_LIMITS.content })}
        {text("tagsEn", { max: 600 })}
        {text("tagsFr", { max: 600 })}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={label("difficulty", true)} field={form.field("difficulty")}>
          {(props) => (
            <select
              {...props}
              value={values.difficulty}
              onChange={set("difficulty")}
              className="h-10 w-full rounded-lg border border-border bg-white px-3 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
            >
              {DIFFICULTIES.map((difficulty) => (
                <option key={difficulty} value={difficulty}>
                  {t(`difficulty.${difficulty}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={label("estimatedMinutes", false)}
          field={form.field("estimatedMinutes")}
          hint={t("admin.form.estimatedMinutesHint")}
        >
          {(props) => (
            <Input {...props} inputMode="numeric" value={values.estimatedMinutes} onChange={set("estimatedMinutes")} />
          )}
        </Field>
        <Field label={label("videoUrl", false)} field={form.field("videoUrl")} hint={t("admin.form.videoUrlHint")}>
          {(props) => (
            <Input
              {...props}
              inputMode="url"
              maxLength={TUTORIAL_LIMITS.url}
              value={values.videoUrl}
              onChange={set("videoUrl")}
            />
          )}
        </Field>
        <ImageAddressField
          label={label("featuredImage", false)}
          field={form.field("featuredImage")}
          maxLength={TUTORIAL_LIMITS.url}
          value={values.featuredImage}
          onChange={set("featuredImage")}
        />
      </div>
      <SwitchField label={t("admin.form.published")} {...toggle("published")} />
      <SwitchField label={t("admin.form.membersOnly")} {...toggle("membersOnly")} />
      <RecordFormButtons form={form} editing={editing !== null} texts={texts} onCancel={() => void onDone()} />
    </Form>
  );
}
