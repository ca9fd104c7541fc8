import { useState } from "react";
import { redirect } from "react-router";
import { isLanguage, localizedPath } from "../../core/i18n/language.ts";
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
import type { Route } from "./+types/account-password";

export function loader(args: Route.LoaderArgs) {
  const { request, params, context } = args;
  // Only for someone signed in; anyone else signs in first and comes back here.
  if (!context.user) {
    const url = new URL(request.url);
    throw redirect(
      `${localizedPath("/login", isLanguage(params.lang) ? params.lang : null)}?returnTo=${encodeURIComponent(url.pathname)}`,
    );
  }
  return { meta: pageMeta(args, { title: "auth:password.title", description: "auth:password.description" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** A signed-in user changes their password; their other devices are signed out. */
export default function AccountPassword() {
  const { t } = useTranslation("auth");
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    schema: () => import("../../core/auth/schema.ts").then((module) => module.passwordChangeSchema),
    submit: ({ value }) => api<{ message?: string } | null>("/api/auth/password", { json: value }),
    onSuccess: (body, element) => {
      element.reset();
      setDone(body?.message ?? t("password.done"));
    },
  });

  return (
    <AuthLayout
      title={t("password.title")}
      intro={t("password.intro")}
      footer={
        <LocalizedLink to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("password.forgot")}
        </LocalizedLink>
      }
    >
      <Form form={form} method="post" className="space-y-5" aria-label={t("password.title")}>
        <FormNotice message={form.formError ? null : done} />
        <FormError form={form} />
        <Field label={t("password.current")} field={form.field("currentPassword")}>
          {(props) => <Input {...props} type="password" autoComplete="current-password" aria-required="true" />}
        </Field>
        <Field label={t("password.new")} hint={t("password.hint")} field={form.field("password")}>
          {(props) => <Input {...props} type="password" autoComplete="new-password" aria-required="true" />}
        </Field>
        <SubmitButton
          form={form}
          size="lg"
          className="w-full text-base"
          label={t("password.submit")}
          busyLabel={t("password.busy")}
        />
      </Form>
    </AuthLayout>
  );
}
