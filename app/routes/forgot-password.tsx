import { useState } from "react";
import { useTranslation } from "../i18n/react.tsx";
import { Field, Input } from "../components/ui/field.tsx";
import { AuthLayout, FormNotice } from "../features/auth/auth-form.tsx";
import { FormError } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { api } from "../lib/api.ts";
import { Form, useForm } from "../lib/form.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/forgot-password";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "auth:forgot.title", description: "auth:forgot.description" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** "Forgot password?": asks for the account's e-mail address; the answer never says whether it has one. */
export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState<string | null>(null);

  const form = useForm({
    schema: () => import("../../core/auth/schema.ts").then((module) => module.passwordResetRequestSchema),
    submit: ({ value }) => api<{ message?: string } | null>("/api/auth/password-reset/request", { json: value }),
    onSuccess: (body) => setSent(body?.message ?? t("forgot.sent")),
  });

  return (
    <AuthLayout
      title={t("forgot.title")}
      intro={t("forgot.intro")}
      footer={
        <LocalizedLink to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("forgot.back")}
        </LocalizedLink>
      }
    >
      <Form form={form} method="post" className="space-y-5" aria-label={t("forgot.title")}>
        {/* The focus stays on the button: the notice is announced from its live region. */}
        <FormNotice message={sent} />
        <FormError form={form} />
        <Field label={t("forgot.email")} field={form.field("email")}>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              aria-required="true"
            />
          )}
        </Field>
        <SubmitButton
          form={form}
          size="lg"
          className="w-full text-base"
          label={t("forgot.submit")}
          busyLabel={t("forgot.busy")}
        />
      </Form>
    </AuthLayout>
  );
}
