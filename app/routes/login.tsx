import { useTranslation } from "../i18n/react.tsx";
import { useSearchParams } from "react-router";
import { Field, Input } from "../components/ui/field.tsx";
import { AuthLayout, FormNotice, replacePage, useSignInDestination } from "../features/auth/auth-form.tsx";
import { FormError } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { api } from "../lib/api.ts";
import { Form, useForm } from "../lib/form.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { sendSignedInOn } from "../lib/page-guard.server.ts";
import { useRootData } from "../root-data.ts";
import type { Route } from "./+types/login";
import { Icon } from "../components/ui/icon.tsx";

export function loader(args: Route.LoaderArgs) {
  sendSignedInOn(args.request, args.params, args.context);
  return { meta: pageMeta(args, { title: "auth:login.title", description: "auth:login.description" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** Messages of the single sign-on failures /api/callback reports with ?error=. */
const SSO_ERRORS: Record<string, string> = {
  sso: "errors.ssoFailed",
  sso_email_in_use: "errors.ssoEmailInUse",
  sso_no_email: "errors.ssoNoEmail",
};

export default function Login() {
  const { t } = useTranslation("auth");
  const oidcEnabled = useRootData()?.config.oidcEnabled ?? false;
  const { returnTo, destination, query } = useSignInDestination();
  const [searchParams] = useSearchParams();
  const errorCode = searchParams.get("error");
  const form = useForm({
    schema: () => import("../../core/auth/schema.ts").then((module) => module.loginSchema),
    submit: ({ value }) => api("/api/auth/login", { json: value }),
    onSuccess: () => replacePage(destination),
    initialError: errorCode && SSO_ERRORS[errorCode] ? t(SSO_ERRORS[errorCode]) : null,
  });
  const ssoHref = `/api/login?sso=1${returnTo === "/" ? "" : `&returnTo=${encodeURIComponent(returnTo)}`}`;

  return (
    <AuthLayout
      title={t("login.title")}
      intro={t("login.intro")}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <LocalizedLink
            to={`/register${query}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t("login.registerLink")}
          </LocalizedLink>
        </>
      }
    >
      {oidcEnabled ? (
        <>
          <a
            href={ssoHref}
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full border border-border bg-white px-6 py-2.5 text-center text-base font-medium leading-snug text-foreground transition-colors hover:bg-muted"
          >
            <Icon name="key-round" size={18} aria-hidden="true" className="shrink-0" />
            {t("login.sso")}
          </a>
          <div className="my-6 flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            {t("login.or")}
            <span className="h-px flex-1 bg-border" />
          </div>
        </>
      ) : null}
      <Form form={form} method="post" className="space-y-5" aria-label={t("login.title")}>
        <FormNotice message={searchParams.get("reset") === "1" && !form.formError ? t("login.resetNotice") : null} />
        <FormError form={form} />
        <Field label={t("login.identifier")} field={form.field("identifier")}>
          {(props) => (
            <Input
              {...props}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-required="true"
            />
          )}
        </Field>
        <Field label={t("login.password")} field={form.field("password")}>
          {(props) => <Input {...props} type="password" autoComplete="current-password" aria-required="true" />}
        </Field>
        <p className="-mt-2 text-right text-sm">
          <LocalizedLink to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("login.forgot")}
          </LocalizedLink>
        </p>
        <SubmitButton
          form={form}
          size="lg"
          className="w-full text-base"
          label={t("login.submit")}
          busyLabel={t("login.busy")}
        />
      </Form>
    </AuthLayout>
  );
}
