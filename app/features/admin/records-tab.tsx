import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import type { TFunction } from "../../../core/i18n/translator.ts";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { api } from "../../lib/api.ts";
import { DeleteButton } from "./confirm-dialog.tsx";
import { useStaffChange } from "./use-staff-change.ts";

// What the staff tabs of records (tutorials, classes, deals, posts) share: one form that creates a
// record or edits the one chosen, a list with Edit and Delete on each record, changes that reload the
// dashboard's data and say how they went, and the same texts under each tab's own prefix.

/** The texts of a records tab, read under its prefix ("posts" reads posts.form.create, posts.list.edit...). */
export interface RecordTexts {
  form: { create: string; update: string; saving: string; cancelEdit: string };
  toast: {
    created: string;
    updated: string;
    createFailed: string;
    updateFailed: string;
    deleted: string;
    deleteFailed: string;
  };
  list: { edit: string; editLabel(title: string): string; delete: string; deleteLabel(title: string): string };
  confirmDelete: { title: string; description(title: string): string; confirm: string; cancel: string };
}

/** The texts of a records tab in `t`'s namespace, under `prefix` ("" when they are at its top). */
export function recordTexts(t: TFunction, prefix: string): RecordTexts {
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  return {
    form: {
      create: t(key("form.create")),
      update: t(key("form.update")),
      saving: t(key("form.saving")),
      cancelEdit: t(key("form.cancelEdit")),
    },
    toast: {
      created: t(key("toast.created")),
      updated: t(key("toast.updated")),
      createFailed: t(key("toast.createFailed")),
      updateFailed: t(key("toast.updateFailed")),
      deleted: t(key("toast.deleted")),
      deleteFailed: t(key("toast.deleteFailed")),
    },
    list: {
      edit: t(key("list.edit")),
      editLabel: (title) => t(key("list.editLabel"), { title }),
      delete: t(key("list.delete")),
      deleteLabel: (title) => t(key("list.deleteLabel"), { title }),
    },
    confirmDelete: {
      title: t(key("delete.title")),
      description: (title) => t(key("delete.description"), { title }),
      confirm: t(key("delete.confirm")),
      cancel: t(key("delete.cancel")),
    },
  };
}

/**
 * The record a tab's form edits (none: the form creates one), and the form's `onDone`: back to creating,
 * with the dashboard's data reloaded. Render the form with `key={formKey}`, so that another record is
 * another form.
 */
export function useRecordEditing<R extends { id: number }>() {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<R | null>(null);
  return {
    editing,
    setEditing,
    formKey: editing?.id ?? "new",
    onDone: async () => {
      setEditing(null);
      await revalidator.revalidate();
    },
  };
}

/** Changes to a listed record (publish, deactivate: `change`) and its deletion (`remove`). */
export function useRecordChanges(texts: RecordTexts) {
  const { busyId, change } = useStaffChange();
  return {
    busyId,
    change,
    /** Deletes through the record's staff API; `after` runs once it is gone (close its form, say). */
    remove: async (id: number, path: string, after?: () => void) => {
      const removed = await change(id, () => api(path, { method: "DELETE" }), {
        done: texts.toast.deleted,
        failed: texts.toast.deleteFailed,
      });
      if (removed) after?.();
    },
  };
}

/** A listed record's Edit button, its own actions (`children`), and Delete, which asks first. */
export function RecordActions({
  texts,
  title,
  busy,
  onEdit,
  onDelete,
  children,
}: {
  texts: RecordTexts;
  /** The record's title, as the buttons' labels and the confirmation name it. */
  title: string;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" variant="outline" aria-label={texts.list.editLabel(title)} onClick={onEdit}>
        <Icon name="pencil" aria-hidden="true" className="h-4 w-4" />
        {texts.list.edit}
      </Button>
      {children}
      <DeleteButton
        text={texts.list.delete}
        label={texts.list.deleteLabel(title)}
        busy={busy}
        confirm={{ ...texts.confirmDelete, description: texts.confirmDelete.description(title) }}
        onDelete={onDelete}
      />
    </div>
  );
}
