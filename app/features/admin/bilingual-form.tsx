import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { toast } from "../../components/ui/toast.ts";
import type { TFunction } from "../../../core/i18n/translator.ts";
import { ApiError, api } from "../../lib/api.ts";
import { serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

// What the admin forms of bilingual records (tutorials, classes) share: their texts written side by
// side in English and French, a flag on a record whose text exists in one language only, and the
// create/edit/delete cycle with its toasts.

export type ContentLanguage = "en" | "fr";

type Text = string | readonly string[];
const written = (value: Text) => (typeof value === "string" ? value.trim() !== "" : value.length > 0);

/** The languages a reader would miss: for each pair (English, French), one written and the other left empty. */
export function missingLanguages(pairs: ReadonlyArray<readonly [Text, Text]>): ContentLanguage[] {
  const missing = new Set<ContentLanguage>();
  for (const [en, fr] of pairs) {
    if (written(en) && !written(fr)) missing.add("fr");
    if (written(fr) && !written(en)) missing.add("en");
  }
  return [...missing].sort();
}

/** "English missing", "French missing": one badge per language a record lacks. */
export function MissingTranslationBadges({
  missing,
  label,
}: {
  missing: readonly ContentLanguage[];
  label: (language: ContentLanguage) => string;
}) {
  return (
    <>
      {missing.map((language) => (
        <Badge key={language} tone="danger">
          {label(language)}
        </Badge>
      ))}
    </>
  );
}

/** The language a field's text is written in, from its name: "titleFr" is French; a field without a suffix has none. */
export function fieldLanguage(field: string): ContentLanguage | undefined {
  return field.endsWith("Fr") ? "fr" : field.endsWith("En") ? "en" : undefined;
}

/** "Title (French) *": the field's label under `prefix`, the language of a bilingual field, and a star when required. */
export function fieldLabel(t: TFunction, prefix: string, field: string, required: boolean): string {
  const language = fieldLanguage(field);
  const base = field.replace(/(En|Fr)$/, "");
  return `${t(`${prefix}.${base}`)}${language ? ` (${t(`${prefix}.${language}`)})` : ""}${required ? " *" : ""}`;
}

/** A labelled text input or text area whose `lang` follows its field's language. */
export function TextField({
  name,
  label,
  error,
  hint,
  value,
  onChange,
  required = false,
  multiline = false,
  max,
  inputMode,
  placeholder,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  required?: boolean;
  multiline?: boolean;
  max?: number;
  inputMode?: "numeric" | "decimal" | "url";
  placeholder?: string;
}) {
  const lang = fieldLanguage(name);
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) =>
        multiline ? (
          <Textarea
            {...props}
            name={name}
            lang={lang}
            maxLength={max}
            value={value}
            onChange={onChange}
            className="min-h-28"
          />
        ) : (
          <Input
            {...props}
            name={name}
            lang={lang}
            required={required}
            maxLength={max}
            inputMode={inputMode}
            placeholder={placeholder}
            value={value}
            onChange={onChange}
          />
        )
      }
    </Field>
  );
}

/**
 * The state of a create/edit form of a bilingual record: values reset when another record is edited,
 * the schema's field errors shown before sending (and the server's after), focus on the first error,
 * a toast for the outcome. `save` sends the payload (PUT for `editing`, POST otherwise).
 */
export function useRecordForm<F extends string, V extends Record<F, string>, R extends { id: number }>({
  editing,
  fields,
  empty,
  valuesOf,
  payloadOf,
  schema,
  t,
  save,
  messages,
  onDone,
}: {
  editing: R | null;
  fields: readonly F[];
  empty: V;
  valuesOf: (record: R) => V;
  payloadOf: (values: V) => unknown;
  schema: z.ZodType;
  t: TFunction;
  save: (payload: unknown, editing: R | null) => Promise<unknown>;
  messages: { created: string; updated: string; createFailed: string; updateFailed: string };
  onDone: () => void | Promise<void>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(() => (editing ? valuesOf(editing) : empty));
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [saving, setSaving] = useState(false);
  const [loadedId, setLoadedId] = useState<number | null>(editing?.id ?? null);

  if ((editing?.id ?? null) !== loadedId) {
    setLoadedId(editing?.id ?? null);
    setValues(editing ? valuesOf(editing) : empty);
    setErrors({});
  }

  useEffect(() => {
    if (editing) formRef.current?.querySelector<HTMLElement>(`[name="${fields[0]}"]`)?.focus();
  }, [editing, fields]);

  const set = (field: F) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function showErrors(next: Partial<Record<F, string>>) {
    setErrors(next);
    const first = fields.find((field) => next[field]);
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const payload = payloadOf(values);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      showErrors(translatedFieldErrors(parsed.error, t, fields));
      return;
    }
    setSaving(true);
    try {
      await save(payload, editing);
      if (!editing) setValues(empty);
      setErrors({});
      await onDone();
      toast.success(editing ? messages.updated : messages.created);
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) showErrors(serverFieldErrors(error.body.fields, fields));
      toast.error(editing ? messages.updateFailed : messages.createFailed, {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setSaving(false);
    }
  }

  return { formRef, values, setValues, errors, saving, set, onSubmit };
}

/** A record's Edit button and its Delete button, which asks before deleting. */
export function RecordActions({
  busy,
  edit,
  remove,
  children,
}: {
  busy: boolean;
  edit: { text: string; label: string; onClick: () => void };
  remove: {
    text: string;
    label: string;
    title: string;
    description: string;
    confirm: string;
    cancel: string;
    onConfirm: () => void;
  };
  children?: ReactNode;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" variant="outline" aria-label={edit.label} onClick={edit.onClick}>
        <Icon name="pencil" aria-hidden="true" className="h-4 w-4" />
        {edit.text}
      </Button>
      {children}
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline" disabled={busy} aria-label={remove.label} className="text-destructive">
            <Icon name="trash-2" aria-hidden="true" className="h-4 w-4" />
            {remove.text}
          </Button>
        }
        title={remove.title}
        description={remove.description}
        confirmLabel={remove.confirm}
        cancelLabel={remove.cancel}
        onConfirm={remove.onConfirm}
      />
    </div>
  );
}

/** Deletes a record through its staff API, reloads the dashboard's data, then says how it went. */
export function useRecordRemoval(messages: { deleted: string; deleteFailed: string }) {
  const revalidator = useRevalidator();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function remove(id: number, path: string, after?: () => void) {
    setBusyId(id);
    try {
      await api(path, { method: "DELETE" });
      after?.();
      await revalidator.revalidate();
      toast.success(messages.deleted);
    } catch (error) {
      toast.error(messages.deleteFailed, { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusyId(null);
    }
  }

  return { busyId, remove };
}
