import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import { DEFAULT_RATING, TESTIMONIAL_LIMITS } from "../../../core/testimonials/limits.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { serverFieldErrors } from "../../lib/form-errors.ts";
import { StarRatingInput } from "../../components/reviews/star-rating.tsx";
import { Icon } from "../../components/ui/icon.tsx";

type TextField = "name" | "email" | "company" | "content";
type FieldName = TextField | "rating";
type Values = Record<TextField, string>;

const EMPTY: Values = { name: "", email: "", company: "", content: "" };
const REQUIRED = ["name", "email", "content"] as const satisfies readonly TextField[];
const ORDER: FieldName[] = ["name", "email", "company", "rating", "content"];
const REQUIRED_MESSAGE: Record<(typeof REQUIRED)[number], string> = {
  name: "validation.nameRequired",
  email: "dialog.emailRequired",
  content: "dialog.contentRequired",
};

/**
 * The share-your-experience dialog (spec document 000, sections 2, 5 and 8), loaded by its trigger
 * (share-experience-dialog.tsx) on first use and kept mounted after that, so that what was typed
 * survives closing it: name, e-mail, optional
 * company, a 1-5 star rating and the testimonial. A missing name, e-mail or text stops it before
 * anything is sent ("Missing Information"); the server decides the rest and its field messages are
 * shown under the fields. On success the dialog closes and starts over (rating back to 5).
 */
export default function ShareExperiencePanel({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const { t } = useTranslation("testimonials");
  const ratingErrorId = useId();
  const titleId = useId();
  const descriptionId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [rating, setRating] = useState<number>(DEFAULT_RATING);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const refs = useRef<Partial<Record<TextField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const set = (field: TextField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const bind = (field: TextField) => ({
    ref: (node: HTMLInputElement | HTMLTextAreaElement | null) => {
      refs.current[field] = node;
    },
    name: field,
    value: values[field],
    onChange: set(field),
  });

  function showErrors(next: Partial<Record<FieldName, string>>) {
    setErrors(next);
    const first = ORDER.find((field) => next[field]);
    if (first && first !== "rating") refs.current[first]?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const missing = REQUIRED.filter((field) => values[field].trim() === "");
    if (missing.length > 0) {
      showErrors(Object.fromEntries(missing.map((field) => [field, t(REQUIRED_MESSAGE[field])])));
      toast.error(t("messages.missingTitle"), { description: t("messages.missing") });
      return;
    }
    setSubmitting(true);
    try {
      await api("/api/testimonials/submit", {
        json: { name: values.name, company: values.company, content: values.content, email: values.email, rating },
      });
      toast.success(t("messages.submittedTitle"), { description: t("messages.submitted") });
      setValues(EMPTY);
      setRating(DEFAULT_RATING);
      setErrors({});
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) {
        showErrors(serverFieldErrors(error.body.fields, ORDER));
      }
      // A rate limit says when to try again; anything else gets the specification's wording.
      const description = error instanceof ApiError && error.status === 429 ? error.message : t("messages.failed");
      toast.error(t("messages.failedTitle"), { description });
    } finally {
      setSubmitting(false);
    }
  }

  const optional = <span className="font-normal text-muted-foreground">{t("dialog.optional")}</span>;

  const close = () => {
    setOpen(false);
    // What was typed is kept for a second try; stale messages are not.
    setErrors({});
  };

  if (!open) return null;
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={descriptionId}
      onClose={close}
      className="fixed inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] max-w-none overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:p-8"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="font-display text-2xl font-semibold">
          {t("dialog.title")}
        </h2>
        <button
          type="button"
          onClick={close}
          className={buttonClasses("ghost", "icon", "-mr-2 -mt-1 h-9 w-9 shrink-0 rounded-full")}
          aria-label={t("dialog.close")}
        >
          <Icon name="x" aria-hidden="true" size={18} />
        </button>
      </div>
      <p id={descriptionId} className="mt-2 text-muted-foreground">
        {t("dialog.description")}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`${t("dialog.name")} *`} error={errors.name}>
            {(props) => (
              <Input {...props} {...bind("name")} autoComplete="name" required maxLength={TESTIMONIAL_LIMITS.name} />
            )}
          </Field>
          <Field label={`${t("dialog.email")} *`} error={errors.email}>
            {(props) => (
              <Input
                {...props}
                {...bind("email")}
                type="email"
                autoComplete="email"
                required
                maxLength={TESTIMONIAL_LIMITS.email}
              />
            )}
          </Field>
        </div>
        <Field
          label={
            <>
              {t("dialog.company")} {optional}
            </>
          }
          error={errors.company}
        >
          {(props) => (
            <Input {...props} {...bind("company")} autoComplete="organization" maxLength={TESTIMONIAL_LIMITS.company} />
          )}
        </Field>
        <div>
          <StarRatingInput
            name="rating"
            legend={t("dialog.rating")}
            value={rating}
            onChange={(next) => {
              setRating(next);
              if (errors.rating) setErrors((current) => ({ ...current, rating: undefined }));
            }}
            describedBy={errors.rating ? ratingErrorId : undefined}
          />
          {errors.rating ? (
            <p id={ratingErrorId} role="alert" className="mt-1.5 text-sm text-destructive">
              {errors.rating}
            </p>
          ) : null}
        </div>
        <Field
          label={`${t("dialog.content")} *`}
          error={errors.content}
          hint={t("dialog.contentHint", { min: TESTIMONIAL_LIMITS.textMin })}
        >
          {(props) => (
            <Textarea
              {...props}
              {...bind("content")}
              required
              rows={5}
              maxLength={TESTIMONIAL_LIMITS.textMax}
              placeholder={t("dialog.contentPlaceholder")}
            />
          )}
        </Field>
        <p className="text-sm text-muted-foreground">{t("dialog.reviewNote")}</p>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} className={buttonClasses("outline")}>
            {t("dialog.cancel")}
          </button>
          <Button type="submit" disabled={submitting} aria-busy={submitting}>
            {submitting ? t("dialog.submitting") : t("dialog.submit")}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
