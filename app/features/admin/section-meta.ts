/** A staff section's head: its title, and no indexing. */
export function sectionMeta({ loaderData }: { loaderData?: { title: string } }) {
  return loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
}
