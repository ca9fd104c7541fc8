import type { Role } from "./schema.ts";

/** Staff pages and APIs are open to staff and admins. */
export function isStaff(role: Role | null | undefined): boolean {
  return role === "staff" || role === "admin";
}

/** First name, else the part of the e-mail before @, else null (the caller shows its default label). */
export function displayName(user: { firstName?: string | null; email?: string | null } | null): string | null {
  if (!user) return null;
  const first = user.firstName?.trim();
  if (first) return first;
  const local = user.email?.split("@")[0]?.trim();
  return local ? local : null;
}

/** Two letters for an avatar without a picture. */
export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const letters = [user.firstName?.trim()[0], user.lastName?.trim()[0]].filter(Boolean).join("");
  return (letters || user.email?.[0] || "?").toUpperCase();
}
