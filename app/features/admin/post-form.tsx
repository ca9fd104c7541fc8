import { useId } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import type { AdminPost } from "../../../core/blog/schema.ts";
import { LIMITS, POST_CATEGORIES } from "../../../core/blog/limits.ts";
import { LANGUAGES, LANGUAGE_LABELS, type Language } from "../../../core/i18n/language.ts";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { api } from "../../lib/api.ts";
import { Form } from "../../lib/form.tsx";
import { ImageAddressField, RecordFormButtons, useRecordForm } from "./record-form.tsx";
import { recordTexts } from "./records-tab.tsx";
import { SwitchField } from "./switch-field.tsx";

type Values = {
  title: string;
  category: string;
  excerpt: string;
  content: string;
  language: Language;
  featuredImage: string;
  membersOnly: boolean;
  published: boolean;
  /** The id of the post in the other language this one translates, as the select holds it ("" for none). */
  translationOf: string;
};

function emptyValues(language: Language): Values {
  return {
    title: "",
    category: "",
    excerpt: "",
    content: "",
    language,
    featuredImage: "",
    membersOnly: false,
    published: false,
    translationOf: "",
  };
}

function valuesOf(post: AdminPost): Values {
  return {
    title: post.title,
    category: post.category,
    excerpt: post.excerpt,
    content: post.content,
    language: post.language === "fr" ? "fr" : "en",
    featuredImage: post.featuredImage ?? "",
    membersOnly: post.membersOnly,
    published: post.published,
    translationOf: post.translationOf === null ? "" : String(post.translationOf),
  };
}

/** The form's values as the schema reads them: no category when none is chosen, the linked post's id. */
function payloadOf(values: Values) {
  return {
    ...values,
    category: values.category || undefined,
    translationOf: values.translationOf ? Number(values.translationOf) : null,
  };
}

const selectClasses =
  "h-10 w-full rounded-lg border border-border bg-white px-3 text-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-destructive";

/**
 * Creates a post, or edits `editing` when given (spec section 2, /admin post form: title, category,
 * excerpt, content and "publish immediately"; plus language, featured image and members-only).
 */
export function PostForm({
  editing,
  posts,
  defaultLanguage,
  onDone,
}: {
  editing: AdminPost | null;
  /** Every post: those in the other language can be linked as this one's translation. */
  posts: AdminPost[];
  defaultLanguage: Language;
  onDone: () => void | Promise<void>;
}) {
  const { t } = useTranslation("admin");
  const texts = recordTexts(t, "posts");
  const headingId = useId();
  const { form, values, set, toggle } = useRecordForm({
    editing,
    empty: emptyValues(defaultLanguage),
    emptyAfterCreate: (created) => emptyValues(created.language),
    valuesOf,
    payloadOf,
    schema: () => import("../../../core/blog/schema.ts").then((module) => module.postInputSchema),
    save: ({ value }, record) =>
      record
        ? api(`/api/posts/${record.id}`, {
            method: "PUT",
            json: { ...value, featuredImage: value.featuredImage ?? null },
          })
        : api("/api/posts", { json: value }),
    texts,
    onDone,
    firstField: "title",
  });

  // Posts in the other language that are free to link (or already linked with this one).
  const candidates = posts.filter(
    (post) =>
      post.id !== editing?.id &&
      post.language !== values.language &&
      (post.translationOf === null || post.translationOf === editing?.id || String(post.id) === values.translationOf),
  );

  return (
    <Form form={form} aria-labelledby={headingId} className="space-y-5 rounded-xl border border-border bg-white p-6">
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {editing ? t("posts.form.editHeading") : t("posts.form.createHeading")}
      </h2>
      <FormError form={form} />
      <Field label={`${t("posts.form.title")} *`} field={form.field("title")}>
        {(props) => <Input {...props} required maxLength={LIMITS.title} value={values.title} onChange={set("title")} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={`${t("posts.form.category")} *`} field={form.field("category")}>
          {(props) => (
            <select {...props} required value={values.category} onChange={set("category")} className={selectClasses}>
              <option value="">{t("posts.form.categoryPlaceholder")}</option>
              {POST_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`blog:categories.${category}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("posts.form.language")} field={form.field("language")}>
          {(props) => (
            <select {...props} value={values.language} onChange={set("language")} className={selectClasses}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_LABELS[language].name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label={t("posts.form.translationOf")}
        field={form.field("translationOf")}
        hint={t("posts.form.translationHint")}
      >
        {(props) => (
          <select {...props} value={values.translationOf} onChange={set("translationOf")} className={selectClasses}>
            <option value="">{t("posts.form.translationNone")}</option>
            {candidates.map((post) => (
              <option key={post.id} value={String(post.id)} lang={post.language}>
                {post.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("posts.form.excerpt")} field={form.field("excerpt")}>
        {(props) => (
          <Textarea
            {...props}
            maxLength={LIMITS.excerpt}
            value={values.excerpt}
            onChange={set("excerpt")}
            className="min-h-20"
          />
        )}
      </Field>
      <Field label={t("posts.form.content")} field={form.field("content")} hint={t("posts.form.contentHint")}>
        {(props) => (
          <Textarea
            {...props}
            value={values.content}
            onChange={set("content")}
            className="min-h-56 font-mono text-sm"
          />
        )}
      </Field>
      <ImageAddressField
        label={t("posts.form.featuredImage")}
        field={form.field("featuredImage")}
        maxLength={LIMITS.featuredImage}
        value={values.featuredImage}
        onChange={set("featuredImage")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SwitchField
          label={t("posts.form.membersOnly")}
          hint={t("posts.form.membersOnlyHint")}
          {...toggle("membersOnly")}
        />
        <SwitchField
          label={editing ? t("posts.form.published") : t("posts.form.publish")}
          hint={t("posts.form.publishHint")}
          {...toggle("published")}
        />
      </div>
      <RecordFormButtons form={form} editing={editing !== null} texts={texts} onCancel={() => void onDone()} />
    </Form>
  );
}
