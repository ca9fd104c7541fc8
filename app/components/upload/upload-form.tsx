import { useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { MEDIA_CATEGORIES, MEDIA_LIMITS } from "../../../core/media/limits.ts";
import type { AdminMedia } from "../../../core/media/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../ui/button.tsx";
import { Field, Input, Textarea } from "../ui/field.tsx";
import { toast } from "../ui/toast.ts";
import { ApiError } from "../../lib/api.ts";
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
  const form = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState("");
  const [titleError, setTitleError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setFileError(t("upload.noFileBody"));
      toast.error(t("upload.noFileTitle"), { description: t("upload.noFileBody") });
      return;
    }
    setFileError(null);
    if (!title.trim()) {
      setTitleError(t("validation.titleRequired"));
      toast.error(t("validation.titleRequired"));
      return;
    }
    setTitleError(null);
    setProgress(0);
    try {
      const item = await sendUpload<AdminMedia>("/api/media", data, setProgress);
      toast.success(t("upload.success"), {
        description: item.status === "published" ? t("upload.publishedNote") : t("upload.pendingNote"),
      });
      form.current?.reset();
      setTitle("");
      if (item.status === "published") void revalidator.revalidate();
      onUploaded?.(item);
    } catch (error) {
      const fields = error instanceof ApiError ? error.body.fields : undefined;
      if (fields?.title) setTitleError(fields.title);
      if (fields?.file) setFileError(fields.file);
      toast.error(t("upload.failed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-border bg-white p-5 shadow-sm"
      data-testid="media-upload-form"
    >
      <h2 id="upload-heading" className="font-display text-2xl font-semibold">
        {staff ? t("admin.upload") : t("upload.heading")}
      </h2>
      <Field label={t("upload.title")} error={titleError}>
        {(props) => (
          <Input
            {...props}
            name="title"
            value={title}
            maxLength={MEDIA_LIMITS.title}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field label={t("upload.description")}>
        {(props) => (
          <Textarea {...props} name="description" maxLength={MEDIA_LIMITS.description} className="min-h-20" />
        )}
      </Field>
      <Field label={t("upload.category")}>
        {(props) => (
          <select
            {...props}
            name="category"
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
      <Field label={t("upload.file")} error={fileError} hint={t("upload.hint", limits)}>
        {(props) => (
          <input
            {...props}
            type="file"
            name="file"
            accept={ACCEPT}
            onChange={() => setFileError(null)}
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
      <Button type="submit" disabled={uploading} className="w-full">
        {uploading ? t("upload.uploading") : t("upload.submit")}
      </Button>
    </form>
  );
}
