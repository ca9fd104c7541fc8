/** What a page's loader returns for its <title> and description. */
export interface PageMeta {
  title: string;
  description?: string;
}

/** The `meta` tags of a page whose loader returned `{ meta: pageMeta(...) }`. */
export function metaTags(meta: PageMeta | undefined) {
  if (!meta) return [];
  return [
    { title: meta.title },
    ...(meta.description ? [{ name: "description", content: meta.description }] : []),
    { property: "og:title", content: meta.title },
    ...(meta.description ? [{ property: "og:description", content: meta.description }] : []),
  ];
}

/** The `meta` tags of an article (a post, a tutorial): its title under the company's name, its summary, og:type article. */
export function articleMetaTags(article: { title: string; summary: string }, companyName: string) {
  return [
    { title: `${article.title} | ${companyName}` },
    { name: "description", content: article.summary },
    { property: "og:title", content: article.title },
    { property: "og:description", content: article.summary },
    { property: "og:type", content: "article" },
  ];
}
