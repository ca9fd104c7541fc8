import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import { LIMITS, POST_CATEGORIES, postInputSchema, type AdminPost } from "../../../core/blog/schema.ts";
import { LANGUAGES, LANGUAGE_LABELS, type Language } from "../../../core/i18n/language.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
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
type FieldName = "title" | "category" | "excerpt" | "content" | "language" | "translationOf" | "featuredImage";
const ORDER: FieldName[] = ["title", "category", "excerpt", "content", "language", "translationOf", "featuredImage"];

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
  const headingId = useId();
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing) : emptyValues(defaultLanguage)));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);
  const [loadedId, setLoadedId] = useState<number | null>(editing?.id ?? null);
  const titleRef = useRef<HTMLInputElement>(null);
  const refs = useRef<Partial<Record<FieldName, HTMLElement | null>>>({});

  // Switching to another post (or back to a new one) reloads the form.
  if ((editing?.id ?? null) !== loadedId) {
    setLoadedId(editing?.id ?? null);
    setValues(editing ? valuesOf(editing) : emptyValues(defaultLanguage));
    setErrors({});
  }

  useEffect(() => {
    if (editing) titleRef.current?.focus();
  }, [editing]);

  // Posts in the other language that are free to link (or already linked with this one).
  const candidates = posts.filter(
    (post) =>
      post.id !== editing?.id &&
      post.language !== values.language &&
      (post.translationOf === null || post.translationOf === editing?.id || String(post.id) === values.translationOf),
  );

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field as FieldName]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function showErrors(next: Partial<Record<FieldName, string>>) {
    setErrors(next);
    const first = ORDER.find((field) => next[field]);
    if (first) (first === "title" ? titleRef.current : refs.current[first])?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = postInputSchema.safeParse({
      ...values,
      category: values.category || undefined,
      translationOf: values.translationOf ? Number(values.translationOf) : null,
    });
    if (!parsed.success) {
      showErrors(translatedFieldErrors(parsed.error, t, ORDER));
      return;
    }
    setSaving(true);
    try {
      if (editing) {
        await api(`/api/posts/${editing.id}`, {
          method: "PUT",
          json: { ...parsed.data, featuredImage: parsed.data.featuredImage ?? null },
        });
      } else {
        await api("/api/posts", { json: parsed.data });
        setValues(emptyValues(values.language));
      }
      setErrors({});
      await onDone();
      toast.success(editing ? t("posts.toast.updated") : t("posts.toast.created"));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      if (error instanceof ApiError && error.body.fields) {
        showErrors(serverFieldErrors(error.body.fields, ORDER));
      }
      toast.error(editing ? t("posts.toast.updateFailed") : t("posts.toast.createFailed"), { description: message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="space-y-5 rounded-xl border border-border bg-white p-6"
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {editing ? t("posts.form.editHeading") : t("posts.form.createHeading")}
      </h2>
      <Field label={`${t("posts.form.title")} *`} error={errors.title}>
        {(props) => (
          <Input
            {...props}
            ref={titleRef}
            name="title"
            required
            maxLength={LIMITS.title}
            value={values.title}
            onChange={set("title")}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={`${t("posts.form.category")} *`} error={errors.category}>
          {(props) => (
            <select
              {...props}
              ref={(node) => {
                refs.current.category = node;
              }}
              name="category"
              required
              value={values.category}
              onChange={set("category")}
              className={selectClasses}
            >
              <option value="">{t("posts.form.categoryPlaceholder")}</option>
              {POST_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`blog:categories.${category}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("posts.form.language")} error={errors.language}>
          {(props) => (
            <select
              {...props}
              name="language"
              value={values.language}
              onChange={set("language")}
              className={selectClasses}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_LABELS[language].name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t("posts.form.translationOf")} error={errors.translationOf} hint={t("posts.form.translationHint")}>
        {(props) => (
          <select
            {...props}
            ref={(node) => {
              refs.current.translationOf = node;
            }}
            name="translationOf"
            value={values.translationOf}
            onChange={set("translationOf")}
            className={selectClasses}
          >
            <option value="">{t("posts.form.translationNone")}</option>
            {candidates.map((post) => (
              <option key={post.id} value={String(post.id)} lang={post.language}>
                {post.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("posts.form.excerpt")} error={errors.excerpt}>
        {(props) => (
          <Textarea
            {...props}
            name="excerpt"
            maxLength={LIMITS.excerpt}
            value={values.excerpt}
            onChange={set("excerpt")}
            className="min-h-20"
          />
        )}
      </Field>
      <Field label={t("posts.form.content")} error={errors.content} hint={t("posts.form.contentHint")}>
        {(props) => (
          <Textarea
            {...props}
            name="content"
            value={values.content}
            onChange={set("content")}
            className="min-h-56 font-mono text-sm"
          />
        )}
      </Field>
      <Field
        label={t("posts.form.featuredImage")}
        error={errors.featuredImage}
        hint={t("posts.form.featuredImageHint")}
      >
        {(props) => (
          <Input
            {...props}
            ref={(node) => {
              refs.current.featuredImage = node;
            }}
            name="featuredImage"
            inputMode="url"
            maxLength={LIMITS.featuredImage}
            placeholder="https://… or /images/…"
            value={values.featuredImage}
            onChange={set("featuredImage")}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <SwitchField
          label={t("posts.form.membersOnly")}
          hint={t("posts.form.membersOnlyHint")}
          checked={values.membersOnly}
          onCheckedChange={(checked) => setValues((current) => ({ ...current, membersOnly: checked }))}
        />
        <SwitchField
          label={editing ? t("posts.form.published") : t("posts.form.publish")}
          hint={t("posts.form.publishHint")}
          checked={values.published}
          onCheckedChange={(checked) => setValues((current) => ({ ...current, published: checked }))}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? t("posts.form.saving") : editing ? t("posts.form.update") : t("posts.form.create")}
        </Button>
        {editing ? (
          <Button type="button" variant="outline" onClick={() => void onDone()}>
            {t("posts.form.cancelEdit")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
