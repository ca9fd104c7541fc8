import { useId, useState } from "react";
import { MEDIA_LIMITS } from "../../../core/media/limits.ts";
import type { PublicMediaComment } from "../../../core/media/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { toast } from "../../components/ui/toast.ts";
import { api, ApiError } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";

/**
 * A media item's approved comments, read a page at a time when the visitor opens them ("Show more
 * comments" reads the next: they are never rendered on the server, so no address names their pages), and the name-and-comment form
 * (spec section 5: "Missing info" / "Please fill in both name and comment!"). A new comment waits for
 * moderation, as on the blog.
 */
export function MediaComments({ mediaId }: { mediaId: number }) {
  const { t } = useTranslation("media");
  const [comments, setComments] = useState<PublicMediaComment[] | null>(null);
  // Where the comments shown stand: the last page read and how many there are in all (X-Total-Count).
  const [paging, setPaging] = useState({ page: 0, total: 0 });
  const [loadingMore, setLoadingMore] = useState(false);
  const headingId = useId();

  /** Reads one page of the approved comments (docs/decisions/0036-lists-a-page-at-a-time.md) after those shown. */
  async function readPage(page: number) {
    const response = await fetch(`/api/media/${mediaId}/comments?page=${page}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok) throw new Error(`GET comments: ${response.status}`);
    const more = (await response.json()) as PublicMediaComment[];
    setComments((shown) => [...(shown ?? []), ...more]);
    setPaging({ page, total: Number(response.headers.get("x-total-count") ?? 0) });
  }

  async function load() {
    if (comments !== null) return;
    try {
      await readPage(1);
    } catch {
      setComments([]);
    }
  }

  async function loadMore() {
    setLoadingMore(true);
    try {
      await readPage(paging.page + 1);
    } catch (error) {
      toast.error(t("comments.failedToLoad"), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setLoadingMore(false);
    }
  }

  const form = useForm({
    schema: () => import("../../../core/media/schema.ts").then((module) => module.mediaCommentInputSchema),
    submit: ({ value }) => api(`/api/media/${mediaId}/comments`, { json: value }),
    // The specification's "Missing info" toast, besides the fields' own messages.
    required: {
      fields: ["name", "comment"],
      onMissing: () => toast.error(t("comments.missingTitle"), { description: t("comments.missingBody") }),
    },
    onSuccess: (_, element) => {
      element.reset();
      toast.success(t("comments.sentTitle"), { description: t("comments.sentBody") });
    },
    onFailure: (error) =>
      toast.error(t("comments.failed"), { description: error instanceof ApiError ? error.message : undefined }),
  });

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
        {comments !== null && comments.length < paging.total ? (
          <Button variant="outline" size="sm" onClick={() => void loadMore()} disabled={loadingMore}>
            {loadingMore ? t("comments.loadingMore") : t("comments.loadMore")}
          </Button>
        ) : null}
        <Form form={form} className="space-y-3">
          <FormError form={form} />
          <Field label={t("comments.name")} field={form.field("name")}>
            {(props) => <Input {...props} maxLength={MEDIA_LIMITS.commentName} autoComplete="name" />}
          </Field>
          <Field label={t("comments.comment")} field={form.field("comment")}>
            {(props) => <Textarea {...props} maxLength={MEDIA_LIMITS.commentMax} className="min-h-20" />}
          </Field>
          <SubmitButton form={form} size="sm" label={t("comments.submit")} busyLabel={t("comments.submit")} />
        </Form>
      </section>
    </details>
  );
}
