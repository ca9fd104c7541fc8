import type { PageInfo } from "../../../core/paging/rules.ts";
import { MEDIA_CATEGORIES, MEDIA_LIMITS, MEDIA_STATUSES } from "../../../core/media/limits.ts";
import type { AdminMedia } from "../../../core/media/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "../../components/ui/toast.ts";
import { ApiError, api } from "../../lib/api.ts";
import { UploadForm } from "../../components/upload/upload-form.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { Form, useForm } from "../../lib/form.tsx";
import { DeleteButton } from "./confirm-dialog.tsx";
import { RecordList } from "./record-list.tsx";
import { SwitchField } from "./switch-field.tsx";
import { useStaffChange } from "./use-staff-change.ts";

type Limits = { image: string; video: string; audio: string };

/** Approve, edit and delete calls shared by the Media tab and the Moderation tab. */
export function useMediaActions() {
  const { t } = useTranslation("media");
  const { busyId, change } = useStaffChange();
  const failed = t("admin.failed");
  return {
    busyId,
    approve: (item: AdminMedia) =>
      change(item.id, () => api(`/api/admin/media/${item.id}/approve`, { method: "POST" }), {
        done: t("admin.approved"),
        failed,
      }),
    remove: (item: AdminMedia) =>
      change(item.id, () => api(`/api/media/${item.id}`, { method: "DELETE" }), { done: t("admin.deleted"), failed }),
  };
}

/** A media item's preview in staff lists: its thumbnail, or the kind of file it is. */
export function MediaThumb({ item }: { item: AdminMedia }) {
  const { t } = useTranslation("media");
  return item.thumbnailUrl ? (
    <img
      src={item.thumbnailUrl}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      className="h-16 w-16 shrink-0 rounded-lg bg-muted object-cover"
    />
  ) : (
    <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-muted text-xs font-medium">
      {t(`types.${item.mediaType}`)}
    </span>
  );
}

/** One item's card with its actions: approve (pending ones), edit, delete. */
export function MediaRecord({
  item,
  busy,
  onEdit,
  onApprove,
  onDelete,
}: {
  item: AdminMedia;
  busy: boolean;
  onEdit?: () => void;
  onApprove: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("media");
  return (
    <article aria-labelledby={`admin-media-${item.id}`} className="flex gap-4">
      <MediaThumb item={item} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={item.status === "published" ? "success" : "warning"}>{t(`admin.status.${item.status}`)}</Badge>
          <Badge>{t(`categories.${item.category}`, { defaultValue: item.category })}</Badge>
          {item.featured ? <Badge tone="primary">{t("admin.featured")}</Badge> : null}
        </div>
        <h3 id={`admin-media-${item.id}`} className="mt-1 break-words font-semibold" lang={item.language}>
          {item.title}
        </h3>
        <p className="text-sm text-muted-foreground">
          {t(`types.${item.mediaType}`)} · {t("admin.size", { size: (item.fileSize / (1024 * 1024)).toFixed(1) })} ·{" "}
          <a href={item.url} target="_blank" rel="noreferrer" className="text-primary underline underline-offset-2">
            {t("admin.view")}
          </a>
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {item.status === "pending" ? (
            <Button size="sm" disabled={busy} onClick={onApprove} aria-label={`${t("admin.approve")}: ${item.title}`}>
              <Icon name="check" aria-hidden="true" className="h-4 w-4" />
              {t("admin.approve")}
            </Button>
          ) : null}
          {onEdit ? (
            <Button size="sm" variant="outline" onClick={onEdit} aria-label={`${t("admin.edit")}: ${item.title}`}>
              <Icon name="pencil" aria-hidden="true" className="h-4 w-4" />
              {t("admin.edit")}
            </Button>
          ) : null}
          <DeleteButton
            text={t("admin.delete")}
            label={`${t("admin.delete")}: ${item.title}`}
            busy={busy}
            confirm={{
              title: t("admin.confirmDeleteTitle"),
              description: t("admin.confirmDeleteBody", { title: item.title }),
              confirm: t("admin.delete"),
              cancel: t("admin.cancel"),
            }}
            onDelete={onDelete}
          />
        </div>
      </div>
    </article>
  );
}

/** Staff's edit form for one item: texts, category, client, featured, order and status. */
function MediaEditForm({ item, onDone }: { item: AdminMedia; onDone: () => void }) {
  const { t } = useTranslation("media");
  const revalidator = useRevalidator();
  const form = useForm({
    schema: () => import("../../../core/media/schema.ts").then((module) => module.mediaUpdateSchema),
    // Sent as typed (empty client and project are "none"); the server reads them with the same schema.
    toInput: (values) => {
      const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
      const on = (name: string) => values[name] !== undefined;
      return {
        title: text("title"),
        description: text("description"),
        category: text("category"),
        status: text("status"),
        clientName: text("clientName"),
        projectType: text("projectType"),
        featured: on("featured"),
        sortOrder: Number(text("sortOrder")) || 0,
      };
    },
    submit: ({ input }) => api(`/api/media/${item.id}`, { method: "PUT", json: input }),
    onSuccess: async () => {
      await revalidator.revalidate();
      toast.success(t("admin.saved"));
      onDone();
    },
    onFailure: (error) =>
      toast.error(t("admin.failed"), { description: error instanceof ApiError ? error.message : undefined }),
  });

  const select =
    "h-10 w-full rounded-lg border border-border bg-white px-3 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30";
  return (
    <Form
      form={form}
      className="space-y-4 rounded-xl border border-border bg-white p-5 shadow-sm"
      aria-labelledby="media-edit-heading"
    >
      <h2 id="media-edit-heading" className="font-display text-2xl font-semibold">
        {t("admin.edit")}: <span lang={item.language}>{item.title}</span>
      </h2>
      <FormError form={form} />
      <Field label={t("upload.title")} field={form.field("title")}>
        {(props) => <Input {...props} defaultValue={item.title} maxLength={MEDIA_LIMITS.title} />}
      </Field>
      <Field label={t("upload.description")} field={form.field("description")}>
        {(props) => <Textarea {...props} defaultValue={item.description} maxLength={MEDIA_LIMITS.description} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("upload.category")} field={form.field("category")}>
          {(props) => (
            <select {...props} className={select} defaultValue={item.category}>
              {MEDIA_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("admin.statusLabel")} field={form.field("status")}>
          {(props) => (
            <select {...props} className={select} defaultValue={item.status}>
              {MEDIA_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`admin.status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("admin.clientName")} field={form.field("clientName")}>
          {(props) => <Input {...props} defaultValue={item.clientName ?? ""} maxLength={MEDIA_LIMITS.clientName} />}
        </Field>
        <Field label={t("admin.projectType")} field={form.field("projectType")}>
          {(props) => <Input {...props} defaultValue={item.projectType ?? ""} maxLength={MEDIA_LIMITS.projectType} />}
        </Field>
        <Field label={t("admin.sortOrder")} field={form.field("sortOrder")}>
          {(props) => <Input {...props} type="number" step={1} defaultValue={item.sortOrder} />}
        </Field>
      </div>
      <SwitchField label={t("admin.featured")} name="featured" defaultChecked={item.featured} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton form={form} label={t("admin.save")} busyLabel={t("admin.save")} />
        <Button type="button" variant="outline" onClick={onDone}>
          {t("admin.cancel")}
        </Button>
      </div>
    </Form>
  );
}

/** The Media tab: staff upload (published at once), edit, approve and delete every item. */
export function MediaTab({ media, paging, limits }: { media: AdminMedia[]; paging: PageInfo; limits: Limits }) {
  const { t } = useTranslation("media");
  const [editing, setEditing] = useState<AdminMedia | null>(null);
  const { busyId, approve, remove } = useMediaActions();
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <div className="space-y-6">
        <p className="text-muted-foreground">{t("admin.intro")}</p>
        {editing ? (
          <MediaEditForm key={editing.id} item={editing} onDone={() => setEditing(null)} />
        ) : (
          <UploadForm limits={limits} staff />
        )}
      </div>
      <RecordList
        headingId="all-media-heading"
        heading={t("admin.heading")}
        empty={t("admin.empty")}
        items={media}
        paging={paging}
      >
        {(item) => (
          <MediaRecord
            item={item}
            busy={busyId === item.id}
            onEdit={() => setEditing(item)}
            onApprove={() => void approve(item)}
            onDelete={() => {
              if (editing?.id === item.id) setEditing(null);
              void remove(item);
            }}
          />
        )}
      </RecordList>
    </div>
  );
}
