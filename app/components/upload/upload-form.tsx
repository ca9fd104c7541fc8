import { useState } from "react";
import { useRevalidator } from "react-router";
import { MEDIA_CATEGORIES, MEDIA_LIMITS } from "../../../core/media/limits.ts";
import type { AdminMedia } from "../../../core/media/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { Field, Input, Textarea } from "../ui/field.tsx";
import { FormError } from "../ui/form-alert.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { toast } from "../ui/toast.ts";
import { ApiError } from "../../lib/api.ts";
import { FieldRefusal, Form, useForm } from "../../lib/form.tsx";
import { sendUpload } from "./upload.ts";

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif,video/mp4,video/webm,video/quicktime,audio/*";

/**
 * The upload form of spec section 2 (/media): title, description, category and the file, really sent
 * (decision 10) with a progress bar. Its messages are the documents' ("No file selected" / "Please select
 * a file first!", "Title is required", "Failed to upload media", "Media uploaded successfully!").
 */
export function UploadForm({
  limits,
  staff,
  onUploaded,
}: {
  limits: { image: string; video: string; audio: string };
  staff: boolean;
  onUploaded?: (item: AdminMedia) => void;
}) {
  const { t } = useTranslation("media");
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm({
    // The file and the title are checked here, in the documents' words, before anything is sent.
    submit: async ({ form: element }) => {
      const data = new FormData(element);
      const file = data.get("file");
      if (!(file instanceof File) || file.size === 0) {
        toast.error(t("upload.noFileTitle"), { description: t("upload.noFileBody") });
        throw new FieldRefusal({ file: t("upload.noFileBody") });
      }
      if (!String(data.get("title") ?? "").trim()) {
        toast.error(t("validation.titleRequired"));
        throw new FieldRefusal({ title: t("validation.titleRequired") });
      }
      setProgress(0);
      try {
        return await sendUpload<AdminMedia>("/api/media", data, setProgress);
      } finally {
        setProgress(null);
      }
    },
    onSuccess: (item, element) => {
      toast.success(t("upload.success"), {
        description: item.status === "published" ? t("upload.publishedNote") : t("upload.pendingNote"),
      });
      element.reset();
      if (item.status === "published") void revalidator.revalidate();
      onUploaded?.(item);
    },
    onFailure: (error) => {
      if (error instanceof FieldRefusal) return;
      toast.error(t("upload.failed"), { description: error instanceof ApiError ? error.message : undefined });
    },
  });

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Form
      form={form}
      className="space-y-4 rounded-xl border border-border bg-white p-5 shadow-sm"
      data-testid="media-upload-form"
    >
      <h2 id="upload-heading" className="font-display text-2xl font-semibold">
        {staff ? t("admin.upload") : t("upload.heading")}
      </h2>
      <FormError form={form} />
      <Field label={t("upload.title")} field={form.field("title")}>
        {(props) => <Input {...props} maxLength={MEDIA_LIMITS.title} />}
      </Field>
      <Field label={t("upload.description")} field={form.field("description")}>
        {(props) => <Textarea {...props} maxLength={MEDIA_LIMITS.description} className="min-h-20" />}
      </Field>
      <Field label={t("upload.category")} field={form.field("category")}>
        {(props) => (
          <select
            {...props}
            defaultValue="portfolio"
            className="h-10 w-full rounded-lg border border-border bg-white px-3 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
          >
            {MEDIA_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`categories.${category}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("upload.file")} field={form.field("file")} hint={t("upload.hint", limits)}>
        {(props) => (
          <input
            {...props}
            type="file"
            accept={ACCEPT}
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-2 file:font-medium"
          />
        )}
      </Field>
      {uploading ? (
        <div className="space-y-1">
          <progress
            max={100}
            value={percent}
            aria-label={t("upload.progress")}
            className="h-2 w-full overflow-hidden rounded-full accent-primary"
            data-testid="upload-progress"
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("upload.uploading")} {percent}%
          </p>
        </div>
      ) : null}
      <SubmitButton form={form} className="w-full" label={t("upload.submit")} busyLabel={t("upload.uploading")} />
    </Form>
  );
}
