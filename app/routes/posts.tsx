import { useTranslation } from "../i18n/react.tsx";
import { useNavigation } from "react-router";
import { hasActiveFilters, normalizeFilters } from "../../core/blog/rules.ts";
import { localizedPath } from "../../core/i18n/language.ts";
import { translator } from "../../server/i18n.server.ts";
import { PostCard } from "../features/blog/post-card.tsx";
import { PostFilters } from "../features/blog/post-filters.tsx";
import { pageLanguage } from "../features/i18n/page-language.server.ts";
import { usePathLanguage } from "../features/i18n/localized-link.tsx";
import type { Route } from "./+types/posts";
import { Icon } from "../components/ui/icon.tsx";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const url = new URL(request.url);
  const filters = normalizeFilters({ q: url.searchParams.get("q"), category: url.searchParams.get("category") });
  const posts = await context.services.blog.listPublishedPosts({ language, q: filters.q, category: filters.category });
  const t = translator(language);
  return {
    posts,
    filters,
    language,
    siteUrl: context.publicConfig.siteUrl,
    meta: { title: `${t("blog:meta.listTitle")} | ${context.publicConfig.companyName}`, description: t("blog:meta.listDescription") },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }];
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { posts, filters, language, siteUrl } = loaderData;
  const { t } = useTranslation("blog");
  const pathLanguage = usePathLanguage();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/posts");
  const filtered = hasActiveFilters(filters);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="mb-8 space-y-3">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{t("list.heading")}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{t("list.intro")}</p>
      </header>

      <PostFilters filters={filters} />

      <p role="status" className="mt-6 text-sm text-muted-foreground">
        {t("list.results", { count: posts.length })}
      </p>

      <section aria-label={t("list.postsLabel")} aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
        {posts.length === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <Icon name="newspaper" aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
            <h2 className="mt-4 font-display text-2xl font-semibold">{t("list.emptyTitle")}</h2>
            <p className="mt-2 text-muted-foreground">{filtered ? t("list.emptyFiltered") : t("list.emptyAll")}</p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <li key={post.id} className="flex">
                <PostCard post={post} language={language} first={index === 0} shareUrl={`${siteUrl}${localizedPath(`/posts/${post.id}`, pathLanguage ?? language)}`} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
