import { useId, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import { DEFAULT_RATING, TESTIMONIAL_LIMITS } from "../../../core/testimonials/limits.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { StarRatingInput } from "../../components/reviews/star-rating.tsx";
import { Icon } from "../../components/ui/icon.tsx";

type TextField = "name" | "email" | "company" | "content";
type Values = Record<TextField, string>;

const EMPTY: Values = { name: "", email: "", company: "", content: "" };
const REQUIRED = ["name", "email", "content"] as const satisfies readonly TextField[];

/**
 * The share-your-experience dialog (spec document 000, sections 2, 5 and 8), loaded by its trigger
 * (share-experience-dialog.tsx) on first use and kept mounted after that, so that what was typed
 * survives closing it: name, e-mail, optional
 * company, a 1-5 star rating and the testimonial. A missing name, e-mail or text stops it before
 * anything is sent ("Missing Information", with the fields' messages); the server decides the rest and
 * its field messages are shown under the fields. On success the dialog closes and starts over (rating back to 5).
 */
export default function ShareExperiencePanel({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const { t } = useTranslation("testimonials");
  const titleId = useId();
  const descriptionId = useId();
  // What was typed, kept while the dialog is closed; its messages are not (the form starts afresh).
  const [values, setValues] = useState<Values>(EMPTY);
  const [rating, setRating] = useState<number>(DEFAULT_RATING);

  const close = () => setOpen(false);

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
      <TestimonialForm
        values={values}
        setValues={setValues}
        rating={rating}
        setRating={setRating}
        onCancel={close}
        onSent={() => {
          setValues(EMPTY);
          setRating(DEFAULT_RATING);
          setOpen(false);
        }}
      />
    </ModalDialog>
  );
}

function TestimonialForm({
  values,
  setValues,
  rating,
  setRating,
  onCancel,
  onSent,
}: {
  values: Values;
  setValues: (update: (current: Values) => Values) => void;
  rating: number;
  setRating: (rating: number) => void;
  onCancel: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation("testimonials");
  const ratingErrorId = useId();
  const form = useForm({
    schema: () => import("../../../core/testimonials/schema.ts").then((module) => module.testimonialFormSchema),
    // The stars are radio buttons: their value is text, the API's rating a number.
    toInput: (input) => ({ ...input, rating: Number(input.rating) }),
    submit: ({ value }) => api("/api/testimonials/submit", { json: value }),
    // The specification's toast for a required field left empty, besides the fields' own messages.
    required: {
      fields: REQUIRED,
      onMissing: () => toast.error(t("messages.missingTitle"), { description: t("messages.missing") }),
    },
    onSuccess: () => {
      toast.success(t("messages.submittedTitle"), { description: t("messages.submitted") });
      onSent();
    },
    onFailure: (error) => {
      // A rate limit says when to try again; anything else gets the specification's wording.
      const description = error instanceof ApiError && error.status === 429 ? error.message : t("messages.failed");
      toast.error(t("messages.failedTitle"), { description });
    },
  });
  const ratingError = form.field("rating").error;

  const bind = (field: TextField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  const optional = <span className="font-normal text-muted-foreground">{t("dialog.optional")}</span>;

  return (
    <Form form={form} className="mt-6 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={`${t("dialog.name")} *`} field={form.field("name")}>
          {(props) => (
            <Input {...props} {...bind("name")} autoComplete="name" required maxLength={TESTIMONIAL_LIMITS.name} />
          )}
        </Field>
        <Field label={`${t("dialog.email")} *`} field={form.field("email")}>
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
        field={form.field("company")}
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
          onChange={setRating}
          describedBy={ratingError ? ratingErrorId : undefined}
        />
        {ratingError ? (
          <p id={ratingErrorId} role="alert" className="mt-1.5 text-sm text-destructive">
            {ratingError}
          </p>
        ) : null}
      </div>
      <Field
        label={`${t("dialog.content")} *`}
        field={form.field("content")}
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
        <button type="button" onClick={onCancel} className={buttonClasses("outline")}>
          {t("dialog.cancel")}
        </button>
        <SubmitButton form={form} label={t("dialog.submit")} busyLabel={t("dialog.submitting")} />
      </div>
    </Form>
  );
}
