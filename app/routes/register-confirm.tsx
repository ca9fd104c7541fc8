import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { AuthLayout, SubmitButton, useAuthForm, useSignInDestination } from "../features/auth/auth-form.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { LocalizedLink } from "../features/i18n/localized-link.tsx";
import { metaTags } from "../features/layout/page-meta.ts";
import { pageMeta } from "../features/layout/page-meta.server.ts";
import type { Route } from "./+types/register-confirm";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "auth:registerConfirm.title", description: "auth:registerConfirm.description" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/**
 * The page an e-mailed sign-up link opens. Opening it creates nothing (mail scanners follow links); the
 * account is created, and the browser signed in, when the person presses the button.
 */
export default function RegisterConfirm() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const { destination } = useSignInDestination();
  const token = searchParams.get("token") ?? "";
  const form = useAuthForm({
    loadSchema: () => import("../../core/auth/schema.ts").then((module) => module.signUpConfirmSchema),
    endpoint: "/api/auth/register/confirm",
    destination,
  });
  const link = "font-medium text-primary underline-offset-4 hover:underline";

  return (
    <AuthLayout
      title={t("registerConfirm.title")}
      intro={t("registerConfirm.intro")}
      footer={
        <>
          <LocalizedLink to="/register" className={link}>
            {t("registerConfirm.signUpAgain")}
          </LocalizedLink>
          {" · "}
          <LocalizedLink to="/login" className={link}>
            {t("registerConfirm.loginLink")}
          </LocalizedLink>
        </>
      }
    >
      {token ? (
        <form ref={form.formRef} method="post" noValidate onSubmit={form.onSubmit} className="space-y-5" aria-label={t("registerConfirm.title")}>
          <FormAlert message={form.formError ?? form.fieldErrors.token ?? null} />
          <input type="hidden" name="token" value={token} />
          <SubmitButton busy={form.busy} hydrated={form.hydrated} label={t("registerConfirm.submit")} busyLabel={t("registerConfirm.busy")} />
        </form>
      ) : (
        <FormAlert message={t("registerConfirm.missing")} />
      )}
    </AuthLayout>
  );
}
