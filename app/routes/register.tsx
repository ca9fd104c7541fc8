import { useState } from "react";
import { useTranslation } from "../i18n/react.tsx";
import { Field, Input } from "../components/ui/field.tsx";
import { AuthLayout, FormNotice, useSignInDestination } from "../features/auth/auth-form.tsx";
import { FormError } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { api } from "../lib/api.ts";
import { Form, useForm } from "../lib/form.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { sendSignedInOn } from "../lib/page-guard.server.ts";
import type { Route } from "./+types/register";

export function loader(args: Route.LoaderArgs) {
  sendSignedInOn(args.request, args.params, args.context);
  return { meta: pageMeta(args, { title: "auth:register.title", description: "auth:register.description" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/**
 * Sign-up. The account is created when the person follows the e-mailed link (/register/confirm), so the
 * page answers the same whether or not the address already has an account.
 */
export default function Register() {
  const { t } = useTranslation("auth");
  const { returnTo, query } = useSignInDestination();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    schema: () => import("../../core/auth/schema.ts").then((module) => module.registerSchema),
    submit: ({ value }) => api<{ message?: string } | null>("/api/auth/register", { json: value }),
    onSuccess: (body, formElement) => {
      setSent(body?.message ?? null);
      // The password is not kept in the page once it has been sent.
      const password = formElement.elements.namedItem("password");
      if (password instanceof HTMLInputElement) password.value = "";
    },
  });
  const optional = (label: string) => (
    <>
      {label} <span className="font-normal text-muted-foreground">{t("register.optional")}</span>
    </>
  );

  return (
    <AuthLayout
      title={t("register.title")}
      intro={t("register.intro")}
      footer={
        <>
          {t("register.haveAccount")}{" "}
          <LocalizedLink to={`/login${query}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {t("register.loginLink")}
          </LocalizedLink>
        </>
      }
    >
      <Form form={form} method="post" className="space-y-5" aria-label={t("register.title")}>
        {/* The focus stays on the button: the notice is announced from its live region. */}
        <FormNotice message={sent} />
        <FormError form={form} />
        {returnTo !== "/" && <input type="hidden" name="returnTo" value={returnTo} />}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={optional(t("register.firstName"))} field={form.field("firstName")}>
            {(props) => <Input {...props} type="text" autoComplete="given-name" maxLength={100} />}
          </Field>
          <Field label={optional(t("register.lastName"))} field={form.field("lastName")}>
            {(props) => <Input {...props} type="text" autoComplete="family-name" maxLength={100} />}
          </Field>
        </div>
        <Field label={t("register.username")} hint={t("register.usernameHint")} field={form.field("username")}>
          {(props) => (
            <Input
              {...props}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={50}
              aria-required="true"
            />
          )}
        </Field>
        <Field label={t("register.email")} field={form.field("email")}>
          {(props) => <Input {...props} type="email" autoComplete="email" spellCheck={false} aria-required="true" />}
        </Field>
        <Field label={t("register.password")} hint={t("register.passwordHint")} field={form.field("password")}>
          {(props) => <Input {...props} type="password" autoComplete="new-password" aria-required="true" />}
        </Field>
        <SubmitButton
          form={form}
          size="lg"
          className="w-full text-base"
          label={t("register.submit")}
          busyLabel={t("register.busy")}
        />
      </Form>
    </AuthLayout>
  );
}
