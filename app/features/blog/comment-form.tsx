import { useId } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import { LIMITS } from "../../../core/blog/limits.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";

const REQUIRED = ["author", "email", "content"] as const;

/**
 * The comment form (spec sections 5 and 8): name, e-mail, optional website and comment. A missing
 * required field stops it before anything is sent ('Missing Information', with the fields' messages and
 * the focus on the first); the server's answer decides success, which the thread then shows inline
 * (`onSubmitted`); a failure is toasted ('Submission Failed'), its field messages shown at the fields.
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
  const form = useForm({
    schema: () => import("../../../core/blog/schema.ts").then((module) => module.commentInputSchema),
    toInput: (values) => ({ ...values, parentId: parent?.id ?? null }),
    submit: ({ value }) => api(`/api/posts/${postId}/comments`, { json: value }),
    // No toast: the thread shows the confirmation where the person is reading.
    onSuccess: () => onSubmitted(),
    // The specification's toast for a required field left empty, besides the fields' own messages.
    required: {
      fields: REQUIRED,
      onMissing: () => toast.error(t("comments.missingTitle"), { description: t("comments.missingText") }),
    },
    onFailure: (error) => {
      // A rate limit says when to try again; anything else gets the specification's wording.
      const description = error instanceof ApiError && error.status === 429 ? error.message : t("comments.failureText");
      toast.error(t("comments.failureTitle"), { description });
    },
  });

  return (
    <Form form={form} aria-labelledby={headingId} className="space-y-4 rounded-xl border border-border bg-white p-5">
      <h3 id={headingId} className="font-display text-lg font-semibold">
        {parent ? t("comments.replyFormTitle", { name: parent.name }) : t("comments.formTitle")}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={`${t("comments.name")} *`} field={form.field("author")}>
          {(props) => <Input {...props} autoComplete="name" required maxLength={LIMITS.authorName} />}
        </Field>
        <Field label={`${t("comments.email")} *`} field={form.field("email")} hint={t("comments.emailHint")}>
          {(props) => <Input {...props} type="email" autoComplete="email" required maxLength={LIMITS.email} />}
        </Field>
      </div>
      <Field label={t("comments.website")} field={form.field("website")}>
        {(props) => (
          <Input
            {...props}
            type="url"
            autoComplete="url"
            inputMode="url"
            placeholder="https://"
            maxLength={LIMITS.website}
          />
        )}
      </Field>
      <Field label={`${t("comments.content")} *`} field={form.field("content")}>
        {(props) => <Textarea {...props} required maxLength={LIMITS.commentMax} />}
      </Field>
      <p className="text-sm text-muted-foreground">{t("comments.moderationNote")}</p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton form={form} label={t("comments.submit")} busyLabel={t("comments.submitting")} />
        <Button type="button" variant="outline" onClick={onClose}>
          {t("comments.cancel")}
        </Button>
      </div>
    </Form>
  );
}
