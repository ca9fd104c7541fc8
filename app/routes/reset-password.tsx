import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { Field, Input } from "../components/ui/field.tsx";
import { AuthLayout, replacePage } from "../features/auth/auth-form.tsx";
import { FormAlert, FormError } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { api } from "../lib/api.ts";
import { Form, useForm } from "../lib/form.tsx";
import { LocalizedLink, useLocalizedPath } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/reset-password";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "auth:reset.title", description: "auth:reset.description" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/**
 * The page an e-mailed reset link opens. Opening it uses nothing up (mail scanners follow links); the
 * token is spent only when the person submits a new password.
 */
export default function ResetPassword() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const localize = useLocalizedPath();
  const token = searchParams.get("token") ?? "";
  const form = useForm({
    schema: () => import("../../core/auth/schema.ts").then((module) => module.passwordResetSchema),
    submit: ({ value }) => api("/api/auth/password-reset", { json: value }),
    onSuccess: () => replacePage(`${localize("/login")}?reset=1`),
  });
  const requestNew = (
    <LocalizedLink to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
      {t("reset.requestNew")}
    </LocalizedLink>
  );

  return (
    <AuthLayout
      title={t("reset.title")}
      intro={t("reset.intro")}
      footer={
        <>
          {requestNew}
          {" · "}
          <LocalizedLink to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("reset.back")}
          </LocalizedLink>
        </>
      }
    >
      {token ? (
        <Form form={form} method="post" className="space-y-5" aria-label={t("reset.title")}>
          <FormError form={form} />
          <input type="hidden" name="token" value={token} />
          <Field label={t("reset.password")} hint={t("reset.passwordHint")} field={form.field("password")}>
            {(props) => <Input {...props} type="password" autoComplete="new-password" aria-required="true" />}
          </Field>
          <SubmitButton
            form={form}
            size="lg"
            className="w-full text-base"
            label={t("reset.submit")}
            busyLabel={t("reset.busy")}
          />
        </Form>
      ) : (
        <FormAlert message={t("reset.missing")} />
      )}
    </AuthLayout>
  );
}
