import { displayName } from "../../core/auth/rules.ts";
import type { CurrentUser } from "../../core/auth/schema.ts";
import { useTranslation } from "../i18n/react.tsx";

/** The name shown for the signed-in user: first name, else the e-mail's local part, else "User". */
export function useUserName(user: CurrentUser | null): string {
  const { t } = useTranslation();
  return displayName(user) ?? t("nav.defaultUser");
}
