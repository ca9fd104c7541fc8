import { useEffect, useState } from "react";
import { refusal } from "../lib/refusal.ts";
import { localizedPath } from "../../core/i18n/language.ts";
import { Icon } from "../components/ui/icon.tsx";
import { formatPostDate } from "../i18n/format-date.ts";
import { LocalizedLink, usePathLanguage } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { ShareButton } from "../components/share/share-button.tsx";
import { TutorialBadges, TutorialFacts } from "../features/tutorials/tutorial-badges.tsx";
import { TutorialContent } from "../features/tutorials/tutorial-content.tsx";
import { useTranslation } from "../i18n/react.tsx";
import { api } from "../lib/api.ts";
import { PremiumNotice } from "../components/content/premium-notice.tsx";
import { articleMetaTags } from "../layout/page-meta.ts";
import { ContentNotFound } from "../components/content/content-not-found.tsx";
import type { Route } from "./+types/tutorial";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const tutorial = await context.services.tutorials.findPublished(params.id, language, {
    signedIn: Boolean(context.user),
  });
  // Unknown ids, ids that are not numbers and drafts all read "Tutorial Not Found", with a real 404.
  if (!tutorial) throw refusal(404);
  return { tutorial, language, siteUrl: context.publicConfig.siteUrl, companyName: context.publicConfig.companyName };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return articleMetaTags(
    { title: loaderData.tutorial.title, summary: loaderData.tutorial.summary },
    loaderData.companyName,
  );
}

/**
 * Counts this page load as a view (spec 000, section 4) once the page is in the browser: a crawler or
 * a prefetch that never runs the page adds nothing, and the server counts a visitor once a day.
 */
function useRecordedView(id: number, initial: number): number {
  const [viewCount, setViewCount] = useState(initial);
  useEffect(() => {
    setViewCount(initial);
    const controller = new AbortController();
    api<{ viewCount: number }>(`/api/tutorials/${id}/view`, { method: "POST", signal: controller.signal })
      .then((answer) => setViewCount(answer.viewCount))
      // A view that could not be counted changes nothing for the reader.
      .catch(() => undefined);
    return () => controller.abort();
  }, [id, initial]);
  return viewCount;
}

export default function TutorialPage({ loaderData }: Route.ComponentProps) {
  const { tutorial, language, siteUrl } = loaderData;
  const { t } = useTranslation("tutorials");
  const pathLanguage = usePathLanguage();
  const shareUrl = `${siteUrl}${localizedPath(`/tutorials/${tutorial.id}`, pathLanguage ?? language)}`;
  const viewCount = useRecordedView(tutorial.id, tutorial.viewCount);

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <LocalizedLink
        to="/tutorials"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <Icon name="arrow-left" aria-hidden="true" className="h-4 w-4" />
        {t("detail.back")}
      </LocalizedLink>

      <article lang={tutorial.language} className="mt-6">
        <header>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <TutorialBadges tutorial={tutorial} />
            </div>
            <ShareButton title={tutorial.title} description={tutorial.summary} url={shareUrl} variant="dropdown" />
          </div>
          <h1 className="mt-5 font-display text-4xl font-semibold leading-tight sm:text-5xl">{tutorial.title}</h1>
          {tutorial.summary ? <p className="mt-4 text-xl text-muted-foreground">{tutorial.summary}</p> : null}
          <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <time dateTime={tutorial.createdAt}>
              {t("detail.published", { date: formatPostDate(tutorial.createdAt, language) })}
            </time>
            <TutorialFacts tutorial={tutorial} viewCount={viewCount} />
          </p>
        </header>

        {tutorial.videoEmbedUrl ? (
          <div className="mt-8 aspect-video overflow-hidden rounded-xl bg-black">
            <iframe
              src={tutorial.videoEmbedUrl}
              title={t("detail.videoTitle", { title: tutorial.title })}
              className="h-full w-full"
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
            />
          </div>
        ) : tutorial.featuredImage ? (
          <img
            src={tutorial.featuredImage}
            alt=""
            width={1200}
            height={675}
            className="mt-8 aspect-[16/9] w-full rounded-xl object-cover"
          />
        ) : null}

        {tutorial.locked ? (
          <PremiumNotice
            texts={{ title: t("detail.premiumTitle"), text: t("detail.premiumText"), login: t("detail.premiumLogin") }}
          />
        ) : tutorial.content.trim() !== "" ? (
          <TutorialContent content={tutorial.content} language={tutorial.language} />
        ) : (
          <p className="mt-10 text-lg italic text-muted-foreground">{t("detail.contentPlaceholder")}</p>
        )}

        {tutorial.tags.length > 0 ? (
          <section aria-labelledby="tutorial-tags" className="mt-10 border-t border-border pt-6">
            <h2 id="tutorial-tags" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              {t("detail.tags")}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {tutorial.tags.map((tag) => (
                <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-muted px-3 py-1 text-sm">
                  <Icon name="tag" aria-hidden="true" className="h-3 w-3" />
                  {tag}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentNotFound error={error} keys="tutorials:detail" listPath="/tutorials" />;
}
