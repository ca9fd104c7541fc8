import { useId, useState, type FormEvent } from "react";
import type { PublicMediaComment } from "../../../core/media/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/toast.ts";
import { api, ApiError } from "../../lib/api.ts";

/**
 * A media item's approved comments, read when the visitor opens them, and the name-and-comment form
 * (spec section 5: "Missing info" / "Please fill in both name and comment!"). A new comment waits for
 * moderation, as on the blog.
 */
export function MediaComments({ mediaId }: { mediaId: number }) {
  const { t } = useTranslation("media");
  const [comments, setComments] = useState<PublicMediaComment[] | null>(null);
  const [name, setName] = useState("");
  const [comment, setComment] = useState("");
  const [sending, setSending] = useState(false);
  const headingId = useId();

  async function load() {
    if (comments !== null) return;
    try {
      setComments(await api<PublicMediaComment[]>(`/api/media/${mediaId}/comments`));
    } catch {
      setComments([]);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !comment.trim()) {
      toast.error(t("comments.missingTitle"), { description: t("comments.missingBody") });
      return;
    }
    setSending(true);
    try {
      await api(`/api/media/${mediaId}/comments`, { json: { name, comment } });
      setName("");
      setComment("");
      toast.success(t("comments.sentTitle"), { description: t("comments.sentBody") });
    } catch (error) {
      toast.error(t("comments.failed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setSending(false);
    }
  }

  return (
    <details
      className="mt-auto border-t border-border pt-3"
      onToggle={(event) => (event.currentTarget.open ? void load() : undefined)}
    >
      <summary className="cursor-pointer text-sm font-medium text-primary">{t("comments.heading")}</summary>
      <section aria-labelledby={headingId} className="mt-3 space-y-3">
        <h4 id={headingId} className="sr-only">
          {t("comments.heading")}
        </h4>
        {comments === null ? null : comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("comments.none")}</p>
        ) : (
          <ul className="space-y-2">
            {comments.map((item) => (
              <li key={item.id} className="rounded-lg bg-muted px-3 py-2 text-sm" lang={item.language}>
                <p className="font-semibold">{item.authorName}</p>
                <p className="whitespace-pre-line">{item.content}</p>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} noValidate className="space-y-3">
          <Field label={t("comments.name")}>
            {(props) => (
              <Input
                {...props}
                value={name}
                maxLength={100}
                autoComplete="name"
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <Field label={t("comments.comment")}>
            {(props) => (
              <Textarea
                {...props}
                value={comment}
                maxLength={2000}
                className="min-h-20"
                onChange={(e) => setComment(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" size="sm" disabled={sending}>
            {t("comments.submit")}
          </Button>
        </form>
      </section>
    </details>
  );
}
