import { useId, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { WAITLIST_LIMITS } from "../../../core/classes/waitlist-limits.ts";
import { Field, Input } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { api } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { orFailure } from "../../lib/server-failure.ts";

/**
 * The waiting list of a full class: name and e-mail, sent to POST /api/classes/{id}/waitlist, which
 * answers the person's place and e-mails it. The place, and refusals, are said in the form itself.
 */
export function WaitingListForm({ classId }: { classId: number }) {
  const { t } = useTranslation("waitlist");
  const headingId = useId();
  const [position, setPosition] = useState<number | null>(null);
  const form = useForm({
    schema: () => import("../../../core/classes/waitlist-schema.ts").then((module) => module.waitlistJoinSchema),
    submit: ({ value }) =>
      orFailure(api<{ position: number }>(`/api/classes/${classId}/waitlist`, { json: value }), t("form.failed")),
    onSuccess: (answer) => setPosition(answer.position),
  });

  const field = (name: "name" | "email", type: string, autoComplete: string, maxLength: number) => (
    <Field label={t(`form.${name}Label`)} field={form.field(name)}>
      {(props) => <Input {...props} type={type} autoComplete={autoComplete} required maxLength={maxLength} />}
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
        <Form form={form} className="mt-3 space-y-4">
          <p className="text-sm text-muted-foreground">{t("form.text")}</p>
          {field("name", "text", "name", WAITLIST_LIMITS.name)}
          {field("email", "email", "email", WAITLIST_LIMITS.email)}
          <FormError form={form} testId="waiting-list-failed" />
          <SubmitButton
            form={form}
            className="w-full"
            icon={<Icon name="users" size={18} aria-hidden="true" />}
            label={t("form.submit")}
            busyLabel={t("form.submitting")}
          />
        </Form>
      ) : null}
    </section>
  );
}
