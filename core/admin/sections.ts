// The staff dashboard's sections, in the order its navigation lists them. Each is a page of its own at
// /admin/<section> (the Overview at /admin itself), so that a link to a section works, the back button goes
// to the section before, and opening one reads only its own rows.

export const ADMIN_SECTIONS = [
  "overview",
  "posts",
  "media",
  "tutorials",
  "classes",
  "reviews",
  "moderation",
  "deals",
  "promos",
  "orders",
  "subscriptions",
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export function isAdminSection(value: string | null | undefined): value is AdminSection {
  return (ADMIN_SECTIONS as readonly string[]).includes(value ?? "");
}

/** A section's address below the dashboard's: the Overview is the dashboard itself. */
export function adminSectionPath(section: AdminSection): string {
  return section === "overview" ? "/admin" : `/admin/${section}`;
}
