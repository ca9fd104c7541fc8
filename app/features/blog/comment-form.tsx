import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import { LIMITS } from "../../../core/blog/limits.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";

type Values = { author: string; email: string; website: string; content: string };
type FieldName = keyof Values;
const EMPTY: Values = { author: "", email: "", website: "", content: "" };
const REQUIRED: FieldName[] = ["author", "email", "content"];
const ORDER: FieldName[] = ["author", "email", "website", "content"];

/**
 * The comment form (spec sections 5 and 8): name, e-mail, optional website and comment. A missing
 * required field stops it before anything is sent; the server's answer decides success, which the thread then shows inline (`onSubmitted`).
 */
export function CommentForm({
  postId,
  parent,
  onClose,
  onSubmitted,
}: {
  postId: number;
  parent?: { id: number; name: string };
  onClose: () => void;
  /** After the server stored the comment: the thread says, inline, that it awaits moderation. */
  onSubmitted: () => void;
}) {
  const { t } = useTranslation("blog");
  const headingId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function showErrors(next: Partial<Record<FieldName, string>>) {
    setErrors(next);
    const first = ORDER.find((field) => next[field]);
    if (first) refs.current[first]?.focus();
  }

  function cancel() {
    setValues(EMPTY);
    setErrors({});
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const missing = REQUIRED.filter((field) => values[field].trim() === "");
    const payload = { ...values, parentId: parent?.id ?? null };
    setSubmitting(true);
    try {
      // The schema (and zod) come with the first submit, not with the page.
      const { commentInputSchema } = await import("../../../core/blog/schema.ts");
      const parsed = commentInputSchema.safeParse(payload);
      if (!parsed.success) {
        showErrors(translatedFieldErrors(parsed.error, t, ORDER));
        if (missing.length > 0) toast.error(t("comments.missingTitle"), { description: t("comments.missingText") });
        return;
      }
      await api(`/api/posts/${postId}/comments`, { json: parsed.data });
      // No toast: the thread shows the confirmation where the person is reading.
      setValues(EMPTY);
      setErrors({});
      onSubmitted();
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) {
        showErrors(serverFieldErrors(error.body.fields, ORDER));
      }
      // A rate limit says when to try again; anything else gets the specification's wording.
      const description = error instanceof ApiError && error.status === 429 ? error.message : t("comments.failureText");
      toast.error(t("comments.failureTitle"), { description });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-border bg-white p-5"
    >
      <h3 id={headingId} className="font-display text-lg font-semibold">
        {parent ? t("comments.replyFormTitle", { name: parent.name }) : t("comments.formTitle")}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={`${t("comments.name")} *`} error={errors.author}>
          {(props) => (
            <Input
              {...props}
              ref={(node) => {
                refs.current.author = node;
              }}
              name="author"
              autoComplete="name"
              required
              maxLength={LIMITS.authorName}
              value={values.author}
              onChange={set("author")}
            />
          )}
        </Field>
        <Field label={`${t("comments.email")} *`} error={errors.email} hint={t("comments.emailHint")}>
          {(props) => (
            <Input
              {...props}
              ref={(node) => {
                refs.current.email = node;
              }}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={LIMITS.email}
              value={values.email}
              onChange={set("email")}
            />
          )}
        </Field>
      </div>
      <Field label={t("comments.website")} error={errors.website}>
        {(props) => (
          <Input
            {...props}
            ref={(node) => {
              refs.current.website = node;
            }}
            name="website"
            type="url"
            autoComplete="url"
            inputMode="url"
            placeholder="https://"
            maxLength={LIMITS.website}
            value={values.website}
            onChange={set("website")}
          />
        )}
      </Field>
      <Field label={`${t("comments.content")} *`} error={errors.content}>
        {(props) => (
          <Textarea
            {...props}
            ref={(node) => {
              refs.current.content = node;
            }}
            name="content"
            required
            maxLength={LIMITS.commentMax}
            value={values.content}
            onChange={set("content")}
          />
        )}
      </Field>
      <p className="text-sm text-muted-foreground">{t("comments.moderationNote")}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? t("comments.submitting") : t("comments.submit")}
        </Button>
        <Button type="button" variant="outline" onClick={cancel}>
          {t("comments.cancel")}
        </Button>
      </div>
    </form>
  );
}
