import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { WAITLIST_LIMITS } from "../../../core/classes/waitlist-schema.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { focusFirstInvalid, serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";

const FIELDS = ["name", "email"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * The waiting list of a full class: name and e-mail, sent to POST /api/classes/{id}/waitlist, which
 * answers the person's place and e-mails it. The place, and refusals, are said in the form itself.
 */
export function WaitingListForm({ classId }: { classId: number }) {
  const { t } = useTranslation("waitlist");
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<FieldName, string>>({ name: "", email: "" });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      // The schema (and zod) come with the first submit, not with the page.
      const { waitlistJoinSchema } = await import("../../../core/classes/waitlist-schema.ts");
      const parsed = waitlistJoinSchema.safeParse(values);
      if (!parsed.success) {
        setErrors(translatedFieldErrors(parsed.error, t, FIELDS));
        focusFirstInvalid(formRef.current);
        return;
      }
      const answer = await api<{ position: number }>(`/api/classes/${classId}/waitlist`, { json: parsed.data });
      setErrors({});
      setPosition(answer.position);
    } catch (error) {
      const fields =
        error instanceof ApiError && error.status < 500 ? serverFieldErrors(error.body.fields, FIELDS) : {};
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstInvalid(formRef.current);
      } else {
        // A refusal of the request as a whole (the class has seats again, a rate limit), or the network.
        setFailure(error instanceof ApiError && error.status < 500 ? error.message : t("form.failed"));
      }
    } finally {
      setBusy(false);
    }
  }

  const field = (name: FieldName, type: string, autoComplete: string, maxLength: number) => (
    <Field label={t(`form.${name}Label`)} error={errors[name]}>
      {(props) => (
        <Input
          {...props}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          maxLength={maxLength}
          value={values[name]}
          onChange={(event) => {
            setValues((current) => ({ ...current, [name]: event.target.value }));
            if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
      )}
    </Field>
  );

  return (
    <section aria-labelledby={headingId} className="border-t border-border pt-4" data-testid="waiting-list">
      <h2 id={headingId} className="font-display text-lg font-semibold">
        {t("form.title")}
      </h2>
      <div role="status" aria-live="polite">
        {position !== null ? (
          <div
            className="mt-4 flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900"
            data-testid="waiting-list-joined"
          >
            <Icon name="mail-check" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
            <p>
              <strong className="block font-semibold">{t("form.successTitle")}</strong>
              {t("form.position", { position })}
            </p>
          </div>
        ) : null}
      </div>
      {position === null ? (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-3 space-y-4">
          <p className="text-sm text-muted-foreground">{t("form.text")}</p>
          {field("name", "text", "name", WAITLIST_LIMITS.name)}
          {field("email", "email", "email", WAITLIST_LIMITS.email)}
          <FormAlert message={failure} testId="waiting-list-failed" />
          <Button type="submit" disabled={busy} aria-busy={busy} className="w-full">
            {busy ? (
              <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
            ) : (
              <Icon name="users" size={18} aria-hidden="true" />
            )}
            {busy ? t("form.submitting") : t("form.submit")}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
