import type { PublicMedia } from "../../../core/media/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { MediaComments } from "./media-comments.tsx";

/** One item of the gallery: the image (responsive WebP copies), the video or the sound player, its texts and comments. */
export function MediaCard({ item }: { item: PublicMedia }) {
  const { t } = useTranslation("media");
  const srcSet = item.sizes.map((size) => `${size.url} ${size.width}w`).join(", ");
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm"
      lang={item.language}
    >
      {item.mediaType === "image" ? (
        <img
          src={item.sizes[0]?.url ?? item.url}
          srcSet={srcSet ? `${srcSet}, ${item.url} ${item.width ?? 2000}w` : undefined}
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw"
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          alt={item.title}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full bg-muted object-cover"
        />
      ) : item.mediaType === "video" ? (
        <video controls preload="metadata" className="aspect-video w-full bg-black" aria-label={item.title}>
          <source src={item.url} type={item.mimeType} />
        </video>
      ) : (
        <div className="bg-muted px-4 py-6">
          <audio controls preload="none" className="w-full" aria-label={item.title}>
            <source src={item.url} type={item.mimeType} />
          </audio>
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Badge tone="primary">{t(`categories.${item.category}`, { defaultValue: item.category })}</Badge>
          <Badge>{t(`types.${item.mediaType}`)}</Badge>
          {item.featured ? <Badge tone="warning">{t("page.featured")}</Badge> : null}
        </div>
        <h3 className="font-display text-xl font-semibold">{item.title}</h3>
        {item.description ? (
          <p className="whitespace-pre-line text-sm text-muted-foreground">{item.description}</p>
        ) : null}
        {item.clientName ? <p className="text-sm">{t("page.client", { name: item.clientName })}</p> : null}
        <MediaComments mediaId={item.id} />
      </div>
    </article>
  );
}
