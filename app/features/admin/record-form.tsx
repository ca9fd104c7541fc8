import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, type FieldWiring } from "../../components/ui/field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { toast } from "../../components/ui/toast.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError } from "../../lib/api.ts";
import { useForm, type FormApi } from "../../lib/form.tsx";
import type { RecordTexts } from "./records-tab.tsx";

/**
 * A staff form that creates a record or edits `editing` (a tutorial, a class, a deal, a post), on the
 * form layer (app/lib/form.tsx): the schema's messages before sending and the server's after, at their
 * fields, the focus on the first, the button busy while it sends, a toast for the outcome.
 *
 * Its controls are controlled (they follow the record being edited, the days and switches are state,
 * and a created record empties them), so what it checks and sends is built from those values
 * (`payloadOf`), not from the strings of the form's data. Render it with `key={editing?.id ?? "new"}`:
 * another record is another form, with its own values and no errors of the one before.
 */
export function useRecordForm<V, R extends { id: number }, S extends z.ZodType>({
  editing,
  empty,
  valuesOf,
  payloadOf,
  schema,
  save,
  texts,
  onDone,
  firstField,
  emptyAfterCreate = () => empty,
}: {
  editing: R | null;
  empty: V;
  /** The values after a record was created (by default `empty`; a post keeps its language, say). */
  emptyAfterCreate?: (created: V) => V;
  valuesOf: (record: R) => V;
  payloadOf: (values: V) => unknown;
  /** The record's schema, imported when the form is first sent (zod stays out of the page's first load). */
  schema: () => Promise<S>;
  /** Sends the record: `value` is the schema's output, `payload` what `payloadOf` built. */
  save: (sent: { value: z.output<S>; payload: unknown }, editing: R | null) => Promise<unknown>;
  /** The tab's texts (recordTexts): the toasts of a save. */
  texts: RecordTexts;
  onDone: () => void | Promise<void>;
  /** The field that takes the focus when a record is opened for editing. */
  firstField: string;
}) {
  const [values, setValues] = useState<V>(() => (editing ? valuesOf(editing) : empty));
  const current = useRef(values);
  current.current = values;

  const form = useForm({
    schema,
    toInput: () => payloadOf(current.current),
    submit: ({ value, input }) => save({ value, payload: input }, editing),
    onSuccess: async () => {
      if (!editing) setValues(emptyAfterCreate(current.current));
      await onDone();
      toast.success(editing ? texts.toast.updated : texts.toast.created);
    },
    onFailure: (error) =>
      toast.error(editing ? texts.toast.updateFailed : texts.toast.createFailed, {
        description: error instanceof ApiError ? error.message : undefined,
      }),
  });

  const formRef = form.ref;
  useEffect(() => {
    if (editing) formRef.current?.querySelector<HTMLElement>(`[name="${firstField}"]`)?.focus();
  }, [editing, firstField, formRef]);

  /** An input's change handler: the field's value becomes what was typed or chosen. */
  const set = (field: keyof V) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  /** A switch's wiring: on or off as the field's value, and the value following it. */
  const toggle = (field: keyof V) => ({
    checked: Boolean(values[field]),
    onCheckedChange: (checked: boolean) => setValues((previous) => ({ ...previous, [field]: checked })),
  });

  return { form, values, setValues, set, toggle };
}

/** A record form's buttons: create or update (busy while saving), and cancel while editing. */
export function RecordFormButtons({
  form,
  editing,
  texts,
  onCancel,
}: {
  form: FormApi;
  editing: boolean;
  texts: RecordTexts;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton form={form} label={editing ? texts.form.update : texts.form.create} busyLabel={texts.form.saving} />
      {editing ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          {texts.form.cancelEdit}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The address of a record's picture (a post's, a tutorial's, a deal's): a full https:// address or a
 * path on this site, with the hint that says so.
 */
export function ImageAddressField({
  label,
  field,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  field: FieldWiring;
  maxLength: number;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation("admin");
  return (
    <Field label={label} field={field} hint={t("posts.form.featuredImageHint")}>
      {(props) => (
        <Input
          {...props}
          inputMode="url"
          maxLength={maxLength}
          placeholder={t("posts.form.featuredImagePlaceholder")}
          value={value}
          onChange={onChange}
        />
      )}
    </Field>
  );
}
